import type { WithdrawLookupResult, WithdrawStatus } from '../../../src-preload/contract/withdraw';
import type { BridgeError } from '../../../src-preload/result';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import { UnknownWithdrawalError } from '../../service/interface-b-errors';
import type { WithdrawResult } from '../../service/interface-b-schemas';
import type { RefusedTrace } from '../money/intent-machine';
import type { HistoryPage } from '../money/settle-source';
import type { MerchantActor, MerchantSession } from '../merchant';
import type { WithdrawAudience } from './withdraw-audience';
import type { Withdrawal, WithdrawMachine } from './withdraw-ledger';
import { foundNotCompleted, isWithdrawalRow, notFoundIn, searchAccounts } from './account-search';
import { lookupOf, statusOf } from './withdraw-views';
import { t } from '../../i18n/main-text';

export interface WithdrawLookupDeps {
  readonly machine: WithdrawMachine;
  readonly audience: WithdrawAudience;
  /** The signed-in user's accounts, in whose Interface A history withdrawals are looked up. */
  readonly session: Pick<MerchantSession, 'interfaceAFor' | 'view'>;
  readonly logger: Logger;
}

/** What the history found: only a Completed row is a success (security.md 27). */
const completed = (txId: string | undefined | null): WithdrawResult => ({
  txId: txId ?? '',
  explorerUrl: '',
  success: true,
});

/**
 * Looks one withdrawal up and records what was found: settled on a Completed row, otherwise still unknown in
 * words that say where the app looked and what it saw (`unknownWords` first, when an answer said more).
 */
async function lookUp(
  deps: WithdrawLookupDeps,
  intent: Withdrawal,
  unknownWords?: BridgeError,
): Promise<{ lookup: WithdrawLookupResult; settled: Withdrawal }> {
  const mti = intent.referenceId;
  const search = await searchAccounts(deps.session, mti);
  const notCompletedYet = foundNotCompleted(search);
  const found = search.item && notCompletedYet === null ? completed(search.item.txId) : null;
  const why = notCompletedYet ?? notFoundIn(search);
  const note = unknownWords ? { code: why.code, message: `${unknownWords.message} ${why.message}` } : why;
  const settled = await deps.machine.reconcile(intent.id, found, note);
  deps.logger.info('withdrawal looked up', {
    merchantTransactionId: mti,
    found: search.item !== null,
    status: search.item?.status ?? null,
    accounts: search.searched.length,
    failed: search.failed.length,
  });
  return { lookup: lookupOf(search.item?.status ?? null, found !== null), settled };
}

/**
 * Look-ups of withdrawals by their MerchantTransactionId in the history of every account of the signed-in
 * user (Interface B has no withdrawal look-up, and the merchant's linked account need not be the active one).
 * They read only and never send (security.md 29). A Completed row settles a withdrawal; a Pending or Failed
 * row, or none, keeps it unknown, since neither absence nor a row that has not completed proves anything
 * (security.md 27).
 */
export function createWithdrawLookups(deps: WithdrawLookupDeps) {
  const { machine, audience, logger } = deps;
  /** Withdrawals whose status is being looked up now: a second "Check status" waits for the first. */
  const checking = new Set<string>();

  /** Runs a look-up of one withdrawal while marking it as being checked. */
  async function whileChecking<T>(intentId: string, run: () => Promise<T>): Promise<T> {
    checking.add(intentId);
    try {
      return await run();
    } finally {
      checking.delete(intentId);
    }
  }

  return {
    /**
     * What an unknown answer's code says should follow (docs/z-codes.md): a fact about an earlier withdrawal
     * under this merchant transaction id (Z501, Z519) is looked up at once and settles it when found; Z509
     * marks it as waiting for e-mail approval, for a later look-up to settle. Returns the outcome only when
     * the look-up settled it.
     */
    async followUp(intentId: string, reason: AppError): Promise<WithdrawResult | null> {
      if (!(reason instanceof UnknownWithdrawalError)) return null;
      switch (reason.reading) {
        case 'awaiting-approval':
          await machine.noteAwaitingApproval(intentId);
          return null;
        case 'earlier-withdrawal':
          // A look-up that cannot be made leaves it unknown with the answer's words; Check status can try again.
          return whileChecking(intentId, async () => {
            const { settled } = await lookUp(deps, machine.get(intentId), reason.toBridgeError());
            return settled.state === 'succeeded' ? settled.outcome : null;
          }).catch(() => null);
        case 'unknown':
          return null;
      }
    },

    /**
     * Before a refused withdrawal goes again: its merchant transaction id in the history of every account of
     * the user (security.md 39). A Completed row settles it as moved; any other row is a trace; an account
     * whose history cannot be read may hold it, so the look-up then refuses the resend instead of guessing.
     */
    async traceReference(merchantTransactionId: string): Promise<RefusedTrace<WithdrawResult>> {
      const search = await searchAccounts(deps.session, merchantTransactionId);
      logger.info('refused withdrawal looked up before sending again', {
        merchantTransactionId,
        found: search.item !== null,
        status: search.item?.status ?? null,
        failed: search.failed.length,
      });
      if (search.item) {
        const notYet = foundNotCompleted(search);
        return notYet === null
          ? { kind: 'moved', outcome: completed(search.item.txId) }
          : { kind: 'seen', note: notYet };
      }
      if (search.failed.length > 0) {
        throw new AppError('service_error', notFoundIn(search).message);
      }
      return { kind: 'none' };
    },

    /** "Check status": a look-up of an unknown (or closed) withdrawal this user may see. */
    async reconcile(
      actor: MerchantActor,
      intentId: string,
    ): Promise<{ lookup: WithdrawLookupResult; status: WithdrawStatus }> {
      const intent = audience.requireVisible(intentId, actor.userGuid);
      // A closed one is looked up too: found, it went through after all and the alarm is raised (security.md 36).
      if (intent.state !== 'unknown' && intent.state !== 'closed') {
        return { lookup: 'settled', status: statusOf(machine, intent) };
      }
      if (checking.has(intentId)) {
        throw new AppError('in_flight', t('mainWithdraw.statusInFlight'));
      }
      const { lookup, settled } = await whileChecking(intentId, () => lookUp(deps, intent));
      return { lookup, status: statusOf(machine, settled) };
    },

    /**
     * A settle round's look: reconcile's rule over one account's page the round read. Only a Completed row
     * settles; anything else leaves the withdrawal and its words as they were.
     */
    async settleFrom(actor: MerchantActor, intentId: string, page: HistoryPage): Promise<boolean> {
      const intent = machine.get(intentId);
      const lookable = intent.state === 'unknown' || intent.state === 'closed';
      if (!lookable || !audience.visibleTo(intent, actor.userGuid) || checking.has(intentId)) return false;
      const item = page.items.find((candidate) => isWithdrawalRow(intent.referenceId, candidate));
      if (item?.status !== 'Completed') return false;
      const settled = await machine.reconcile(intentId, completed(item.txId), null);
      logger.info('withdrawal looked up', {
        merchantTransactionId: intent.referenceId,
        found: true,
        status: item.status,
      });
      return settled.state === 'succeeded';
    },
  };
}

export type WithdrawLookups = ReturnType<typeof createWithdrawLookups>;
