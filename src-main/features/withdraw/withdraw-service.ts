import type {
  ClosedWithdrawal,
  UnresolvedWithdrawal,
  WithdrawReview,
  WithdrawStatus,
} from '../../../src-preload/contract/withdraw';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import type { ClosedMoveAlarm } from '../money/closed-moves';
import { closureOf, closureView } from '../money/closed-moves';
import type { IntentJournal } from '../money/intent-journal';
import type { SettleCandidate } from '../money/settle-source';
import type { MerchantActor, MerchantKeys, MerchantSession } from '../merchant';
import { createWithdrawAudience } from './withdraw-audience';
import type { WithdrawBody } from './withdraw-body';
import { confirmNewWithdrawal, formContent, type WithdrawInput } from './withdraw-confirm';
import { createWithdrawLedger } from './withdraw-ledger';
import { createWithdrawLookups } from './withdraw-lookups';
import { createWithdrawSession } from './withdraw-session';
import { submitWithdrawal } from './withdraw-submit';
import { reviewOf, statusOf } from './withdraw-views';

export type { WithdrawInput } from './withdraw-confirm';

export interface MerchantWithdrawDeps {
  readonly keys: MerchantKeys;
  /** The signed-in user's accounts, in whose Interface A history withdrawals are looked up; session changes. */
  readonly session: Pick<MerchantSession, 'interfaceAFor' | 'view' | 'onChange'>;
  readonly logger: Logger;
  readonly journal?: IntentJournal<WithdrawBody, null> | undefined;
  /** The clock that dates a confirmed withdrawal; Date.now unless a test sets it. */
  readonly now?: (() => number) | undefined;
  /** Raised at once when a look-up finds a withdrawal a person had closed (security.md 36). */
  readonly onClosedFound?: ClosedMoveAlarm | undefined;
}

/**
 * Merchant withdrawals (spec 4.2 call 1) on the same intent machine as send and swap (security.md 21-29):
 *
 * - The ledger's reference id is the MerchantTransactionId, the withdrawal's at-most-once identity: typed
 *   by the user (refused when the ledger already knows it) or made when the user confirms, reused for a
 *   deliberate retry after a definite refusal, new only for a new withdrawal. ReferenceId is the member
 *   reference the address was verified under, as the service's SDKs send it; it identifies the
 *   member, not the withdrawal, so nothing de-duplicates or looks up by it.
 * - Confirming checks everything that can refuse without a code (withdraw-confirm.ts); sending goes once
 *   (withdraw-submit.ts); "Check status" is a look-up only (withdraw-lookups.ts).
 * - A new withdrawal beside an unsettled one (unknown, or still in flight: a lock or a reload hides the
 *   pending request) needs the user's acknowledgement of each by id, and the unsettled list shows both.
 *   It is checked at confirm and again right before the request leaves (submit and retry), since another
 *   withdrawal may have become unknown in between.
 */
export function createMerchantWithdraw(deps: MerchantWithdrawDeps) {
  const { keys, logger } = deps;
  const now = deps.now ?? Date.now;
  const machine = createWithdrawLedger(deps);
  const audience = createWithdrawAudience(machine, keys);
  const { forms, confirmed } = createWithdrawSession(deps.session);
  const lookups = createWithdrawLookups({ machine, audience, session: deps.session, logger });
  const status = (intentId: string, actor: MerchantActor): WithdrawStatus =>
    statusOf(machine, audience.requireVisible(intentId, actor.userGuid));

  return {
    /** Whether a withdrawal this app knows has this merchant transaction id (an unsettled or earlier one). */
    knows: (merchantTransactionId: string): boolean => machine.knows(merchantTransactionId),

    /**
     * What the history holds under a merchant transaction id no withdrawal of this run knows (a payout row a
     * restart left without its answer): the look-up a refused withdrawal gets before it goes again.
     */
    traceReference: lookups.traceReference,

    /** The status of a withdrawal this user may see, or null when this run does not know it. */
    statusIfKnown(actor: MerchantActor, intentId: string): WithdrawStatus | null {
      try {
        return status(intentId, actor);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      }
    },

    async confirm(actor: MerchantActor, input: WithdrawInput): Promise<WithdrawReview> {
      const made = await forms.confirm(actor.userGuid, input.formId, formContent(input), async () => {
        const fresh = await confirmNewWithdrawal({ keys, machine, audience, logger, now }, actor, input);
        confirmed.add(fresh.intentId);
        return fresh;
      });
      // What the form made then, as it stands now (it may have been sent or settled since).
      return reviewOf(audience.requireVisible(made.intentId, actor.userGuid));
    },

    /** Sends the frozen withdrawal once; refusals and unknown outcomes are failed results. */
    submit: (actor: MerchantActor, intentId: string, tfaCode: string, acknowledged?: readonly string[]) =>
      submitWithdrawal({ keys, machine, audience, lookups, confirmed, logger }, actor, {
        intentId,
        tfaCode,
        ...(acknowledged === undefined ? {} : { acknowledged }),
      }),

    /** "Check status": never sends anything (security.md 29). */
    reconcile: lookups.reconcile,

    /**
     * Closes unknown withdrawals this user may see as "did not go through", all or none, recorded with who,
     * when and the warning they confirmed (security.md 36). Answers the closed list.
     */
    async close(
      actor: MerchantActor,
      by: { readonly name: string },
      input: { readonly intentIds: readonly string[]; readonly warning: string },
    ): Promise<ClosedWithdrawal[]> {
      const closure = closureOf({ userGuid: actor.userGuid, name: by.name }, input.warning, now());
      const closed = await machine.close(input.intentIds, { audience: audience.of(actor.userGuid), closure });
      logger.info('withdrawals closed as not gone through', { count: closed.length });
      return this.closed(actor);
    },

    /** Withdrawals this user may see that a person closed, oldest first, with their closing. */
    closed(actor: MerchantActor): ClosedWithdrawal[] {
      return machine.closed(audience.of(actor.userGuid)).flatMap((intent) =>
        intent.closure === null
          ? []
          : [
              {
                review: reviewOf(intent),
                status: statusOf(machine, intent),
                accountName: null,
                closure: closureView(intent.closure),
              },
            ],
      );
    },

    /**
     * Unknown and closed withdrawals this user may see, for a settle round: each may show in any of their
     * accounts, and a closed one found raises the alarm (security.md 36).
     */
    settleCandidates(actor: MerchantActor): SettleCandidate[] {
      const seen = audience.of(actor.userGuid);
      return [...machine.unsettled(seen), ...machine.closed(seen)]
        .filter((intent) => intent.state === 'unknown' || intent.state === 'closed')
        .map((intent) => ({ intentId: intent.id, accountGuid: null, needsRowsSinceMs: null }));
    },

    settleFrom: lookups.settleFrom,

    status: (actor: MerchantActor, intentId: string): WithdrawStatus => status(intentId, actor),

    /**
     * Withdrawals this user may see whose outcome is unknown (also those a previous run left) or that are
     * still on their way. They belong to merchant keys, not to an account, so no account is named.
     */
    unresolved(actor: MerchantActor): UnresolvedWithdrawal[] {
      return machine
        .unsettled(audience.of(actor.userGuid))
        .map((intent) => ({ review: reviewOf(intent), status: statusOf(machine, intent), accountName: null }));
    },
  };
}

export type MerchantWithdraw = ReturnType<typeof createMerchantWithdraw>;
