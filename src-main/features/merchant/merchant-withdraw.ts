import Decimal from 'decimal.js';
import type {
  ClosedWithdrawal,
  UnresolvedWithdrawal,
  WithdrawLookupResult,
  WithdrawOutcome,
  WithdrawReview,
  WithdrawStatus,
} from '../../../src-preload/contract/withdraw';
import type { BridgeError } from '../../../src-preload/result';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import { UnknownWithdrawalError } from '../../service/interface-b-errors';
import type { WithdrawResult } from '../../service/interface-b-schemas';
import { checkAddress } from '../addresses/validate-address';
import type { Intent } from '../money/at-most-once';
import type { IntentJournal } from '../money/intent-journal';
import { createIntentMachine, type IntentAudience, type RefusedTrace } from '../money/intent-machine';
import { toServiceNumber } from '../../service/wire-amount';
import { closureOf, closureView, type ClosedMoveAlarm } from '../money/closed-moves';
import { assetByCode, networkNameById, networkOf, requireAmountPrecision } from './asset-lookup';
import type { MerchantActor, MerchantSession } from './merchant-access';
import { balanceOf } from './merchant-balances';
import type { MerchantConnection, MerchantKeys } from './merchant-keys';
import { matchesVerified } from './verified-match';
import { foundNotCompleted, isWithdrawalRow, notFoundIn, searchAccounts } from './withdraw-lookup';
import type { HistoryPage, SettleCandidate } from '../money/settle-source';
import { createFormConfirmations } from '../money/form-confirmations';
import type { WithdrawBody } from './withdraw-body';

export interface WithdrawInput {
  /** The form's own id: one form, one withdrawal (security.md 38). */
  readonly formId: string;
  /** The member reference the address is verified under, sent as ReferenceId. */
  readonly referenceId: string;
  /** The merchant's own transaction id, when the user typed one; otherwise one is made at confirm. */
  readonly merchantTransactionId?: string | undefined;
  readonly code: string;
  readonly address: string;
  readonly amount: string;
  readonly label: string;
  readonly email: string;
  /** Unknown withdrawals the user was shown and chose to go ahead beside (security.md 27). */
  readonly acknowledgedIntentIds?: readonly string[] | undefined;
}

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

type Withdrawal = Intent<WithdrawBody, WithdrawResult>;

/**
 * Merchant withdrawals (spec 4.2 call 1) on the same intent machine as send and swap (security.md 21-29):
 *
 * - The ledger's reference id is the MerchantTransactionId, the withdrawal's at-most-once identity: typed
 *   by the user (refused when the ledger already knows it) or made when the user confirms, reused for a
 *   deliberate retry after a definite refusal, new only for a new withdrawal. ReferenceId is the member
 *   reference the address was verified under, as the service's SDKs send it; it identifies the
 *   member, not the withdrawal, so nothing de-duplicates or looks up by it.
 * - Refusals are failed results. Only the Z-codes that prove nothing moved make a refusal
 *   (interface-b-errors.ts); anything else leaves the outcome unknown, and nothing is ever re-sent then.
 * - A 200 answer with `success: false` says the service did not complete it, not that nothing moved: the
 *   outcome is unknown (security.md 28).
 * - "Check status" is a look-up only: the MerchantTransactionId in the history of every account of the
 *   signed-in user (Interface B has no withdrawal look-up, and the merchant's linked account need not be
 *   the active one). A Completed row settles it; a Pending or Failed row, or none, keeps it unknown, since
 *   neither absence nor a row that has not completed proves anything (security.md 27, 29).
 * - A new withdrawal beside an unsettled one (unknown, or still in flight: a lock or a reload hides the
 *   pending request) needs the user's acknowledgement of each by id, and the unsettled list shows both.
 *   It is checked at confirm and again right before the request leaves (submit and retry), since another
 *   withdrawal may have become unknown in between.
 * - Before a two-factor code is asked for, the merchant balance of that asset on that network must cover
 *   the amount, so no code is spent on a request that cannot succeed.
 */
export function createMerchantWithdraw(deps: MerchantWithdrawDeps) {
  const { keys } = deps;
  const now = deps.now ?? Date.now;
  // A withdrawal's view is derived from its body: there is no separate review to keep.
  const machine = createIntentMachine<WithdrawBody, WithdrawResult, null>({
    journal: deps.journal,
    reviews: { get: () => null, set: () => {} },
    confirmedAtMs: (body) => body.startedAtMs,
    onFoundAfterClose: (intent) => {
      deps.logger.warn('a withdrawal closed as not gone through was found', {
        merchantTransactionId: intent.referenceId,
      });
      if (intent.closure === null) return;
      deps.onClosedFound?.({
        kind: 'withdraw',
        referenceId: intent.referenceId,
        amount: intent.body.amount,
        asset: intent.body.code,
        destination: intent.body.address,
        closure: intent.closure,
        merchantKey: { environment: intent.body.environment, publicKey: intent.body.publicKey },
      });
    },
  });
  const checking = new Set<string>();
  /**
   * One form, one withdrawal (security.md 38): the confirmation of each form (by user and form id), under
   * way or done. A repeated or racing confirmation of the same form joins it and gets the same intent; the
   * same form with other values is refused, since the user saw a review of the first. Withdrawals have no
   * precheck or quote to key them as send and swap do, so the form carries its own id, new for each form:
   * a second identical withdrawal is made on purpose by starting a new form.
   */
  const forms = createFormConfirmations<{ readonly intentId: string }>();
  /**
   * Withdrawals confirmed in this session and not yet settled. Locking, signing out or switching account
   * empties it: a confirmation belongs to the session that made it (security.md 30). Unknown outcomes stay
   * in the ledger and its journal; they are safety records, not session data.
   */
  const confirmedThisSession = new Set<string>();
  let sessionAccount: string | null = null;
  deps.session.onChange((view) => {
    const account = view.status === 'signed-in' ? view.activeAccountGuid : null;
    if (account === null || account !== sessionAccount) {
      confirmedThisSession.clear();
      forms.clear();
    }
    sessionAccount = account;
  });

  /** What the user approves, derived from the frozen body: there is no separate review to keep. */
  function review(intent: Withdrawal): WithdrawReview {
    return {
      intentId: intent.id,
      merchantTransactionId: intent.referenceId,
      memberReferenceId: intent.body.memberReferenceId ?? intent.referenceId,
      environment: intent.body.environment,
      code: intent.body.code,
      networkName: networkNameById(intent.body.networkId),
      address: intent.body.address,
      amount: intent.body.amount,
      label: intent.body.label,
      email: intent.body.email,
      verified: intent.body.verified,
      startedAt: intent.body.startedAtMs === null ? null : new Date(intent.body.startedAtMs).toISOString(),
    };
  }

  /**
   * The machine's status; it carries why an unknown one is still unknown, in the words of its answer or
   * look-up. A refused withdrawal is sent again by execute, with the same merchant transaction id.
   */
  function status(intent: Withdrawal): WithdrawStatus {
    return machine.status(intent, true);
  }

  /**
   * Who may see a withdrawal: the user who confirmed it, any user holding keys of the same merchant (they
   * could otherwise pay it again), and everyone for one an earlier version left without an owner.
   */
  function visibleTo(intent: Withdrawal, userGuid: string): boolean {
    const { body } = intent;
    if (body.userGuid === null || body.userGuid === userGuid) return true;
    return keys.current().keysByUser[userGuid]?.[body.environment]?.publicKey === body.publicKey;
  }

  function requireVisible(intentId: string, userGuid: string): Withdrawal {
    const intent = machine.get(intentId);
    if (!visibleTo(intent, userGuid)) {
      throw new AppError('not_found', 'This withdrawal is no longer known. Start again from the form.');
    }
    return intent;
  }

  /**
   * Whose unknown and in-flight withdrawals a user must be warned about: those they may see (either may have
   * moved money the user cannot see yet, security.md 27).
   */
  function audienceOf(userGuid: string): IntentAudience<WithdrawBody, WithdrawResult> {
    return { includes: (intent) => visibleTo(intent, userGuid), describe };
  }

  function describe(intent: Withdrawal): string {
    const still = intent.state === 'in-flight' ? ', still being sent' : '';
    return `${intent.body.amount} ${intent.body.code} to ${intent.body.address} (merchant transaction id ${intent.referenceId}${still})`;
  }

  /** The keys in use now must be the user's own, the ones the withdrawal was confirmed with. */
  async function connectionFor(userGuid: string, body: WithdrawBody): Promise<MerchantConnection> {
    if (body.userGuid !== userGuid) {
      throw new AppError('forbidden', 'This withdrawal was confirmed by another user, with their keys.');
    }
    const connection = await keys.connect(userGuid);
    if (
      connection.environment !== body.environment ||
      connection.publicKey !== body.publicKey ||
      connection.origin !== body.origin
    ) {
      throw new AppError(
        'stale_precheck',
        'The merchant environment or keys changed after this withdrawal was confirmed. Switch back, or start a new withdrawal.',
      );
    }
    return connection;
  }

  /** Refused before any code is asked for when the merchant balance cannot cover the amount, so no code is spent on a withdrawal that cannot leave. */
  async function requireBalance(connection: MerchantConnection, code: WithdrawBody['code'], amount: string) {
    const entry = assetByCode(code);
    const available = balanceOf(await connection.client.balances(), entry.code);
    if (available === null) {
      throw new AppError(
        'invalid_symbol',
        `The merchant API lists no balance of ${entry.asset} on ${networkOf(entry).name}, so the app cannot check it. Nothing was sent and no two-factor code is needed.`,
        { field: 'code' },
      );
    }
    if (new Decimal(amount).greaterThan(available)) {
      throw new AppError(
        'insufficient_balance',
        `The merchant balance of ${entry.code} on ${networkOf(entry).name} is ${available}, less than ${amount}. Nothing was sent and no two-factor code is needed.`,
        { field: 'amount' },
      );
    }
  }

  /**
   * Looks the withdrawal up by its MerchantTransactionId in the history of every account of the signed-in
   * user, and settles it only on a Completed row (security.md 27). Reads only; never sends.
   */
  async function lookUp(
    intent: Withdrawal,
    unknownWords?: BridgeError,
  ): Promise<{ lookup: WithdrawLookupResult; settled: Withdrawal }> {
    const mti = intent.referenceId;
    const search = await searchAccounts(deps.session, mti);
    // Only a Completed row is a success; a Pending or Failed one keeps the outcome unknown (security.md 27).
    const notCompletedYet = foundNotCompleted(search);
    const found: WithdrawResult | null =
      search.item && notCompletedYet === null ? { txId: search.item.txId ?? '', explorerUrl: '', success: true } : null;
    const why = notCompletedYet ?? notFoundIn(search);
    const note = unknownWords ? { code: why.code, message: `${unknownWords.message} ${why.message}` } : why;
    const settled = await machine.reconcile(intent.id, found, note);
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
   * What an unknown answer's code says should follow (docs/z-codes.md): a fact about an earlier withdrawal
   * under this merchant transaction id (Z501, Z519) is looked up at once and settles it when found; Z509
   * marks it as waiting for e-mail approval, for a later look-up to settle. Returns the outcome only when
   * the look-up settled it.
   */
  async function followUp(intentId: string, reason: AppError): Promise<WithdrawResult | null> {
    if (!(reason instanceof UnknownWithdrawalError)) return null;
    switch (reason.reading) {
      case 'awaiting-approval':
        await machine.noteAwaitingApproval(intentId);
        return null;
      case 'earlier-withdrawal': {
        // A look-up that cannot be made leaves it unknown with the answer's words; Check status can try again.
        checking.add(intentId);
        try {
          const { settled } = await lookUp(machine.get(intentId), reason.toBridgeError());
          return settled.state === 'succeeded' ? settled.outcome : null;
        } catch {
          return null;
        } finally {
          checking.delete(intentId);
        }
      }
      case 'unknown':
        return null;
    }
  }

  /**
   * Before a refused withdrawal goes again: its merchant transaction id in the history of every account of
   * the user (security.md 39). A Completed row settles it as moved; any other row is a trace; an account
   * whose history cannot be read may hold it, so the look-up then refuses the resend instead of guessing.
   */
  async function traceOf(intent: Withdrawal): Promise<RefusedTrace<WithdrawResult>> {
    return traceReference(intent.referenceId);
  }

  async function traceReference(merchantTransactionId: string): Promise<RefusedTrace<WithdrawResult>> {
    const search = await searchAccounts(deps.session, merchantTransactionId);
    deps.logger.info('refused withdrawal looked up before sending again', {
      merchantTransactionId,
      found: search.item !== null,
      status: search.item?.status ?? null,
      failed: search.failed.length,
    });
    if (search.item) {
      const notYet = foundNotCompleted(search);
      return notYet === null
        ? { kind: 'moved', outcome: { txId: search.item.txId ?? '', explorerUrl: '', success: true } }
        : { kind: 'seen', note: notYet };
    }
    if (search.failed.length > 0) {
      throw new AppError('service_error', notFoundIn(search).message);
    }
    return { kind: 'none' };
  }

  async function confirmNew(actor: MerchantActor, input: WithdrawInput): Promise<{ readonly intentId: string }> {
    const entry = assetByCode(input.code);
    const network = networkOf(entry);
    const checked = await checkAddress(entry.network, input.address);
    if (!checked.ok) throw new AppError('invalid_address', checked.reason, { field: 'address' });
    const amount = requireAmountPrecision(entry, input.amount);
    toServiceNumber(amount);
    // A new withdrawal beside one whose outcome is unknown, or still on its way, may pay twice (security.md 27).
    const audience = audienceOf(actor.userGuid);
    machine.requireAcknowledged(audience, input.acknowledgedIntentIds);
    const connection = await keys.connect(actor.userGuid);
    const listed = await connection.client.withdrawableAssets(input.referenceId);
    const verified = listed.some((asset) => matchesVerified(asset, entry, checked.address));
    if (!verified && !keys.current().allowUnverified) {
      throw new AppError(
        'forbidden',
        `This address is not verified for ${entry.code} under reference ${input.referenceId}. Verify it first (Verified addresses), or turn on "Allow unverified addresses" at your own risk.`,
        { field: 'address' },
      );
    }
    await requireBalance(connection, entry.code, amount);
    const intent = machine.confirm(
      {
        environment: connection.environment,
        publicKey: connection.publicKey,
        origin: connection.origin,
        code: entry.code,
        networkId: network.id,
        address: checked.address,
        amount,
        label: input.label,
        email: input.email,
        verified,
        memberReferenceId: input.referenceId,
        userGuid: actor.userGuid,
        startedAtMs: now(),
      },
      {
        audience,
        acknowledged: input.acknowledgedIntentIds,
        chosenReferenceId: input.merchantTransactionId,
      },
    );
    confirmedThisSession.add(intent.id);
    deps.logger.info('withdrawal confirmed', { merchantTransactionId: intent.referenceId, asset: entry.code });
    return { intentId: intent.id };
  }

  return {
    /** Whether a withdrawal this app knows has this merchant transaction id (an unsettled or earlier one). */
    knows: (merchantTransactionId: string): boolean => machine.knows(merchantTransactionId),

    /**
     * What the history holds under a merchant transaction id no withdrawal of this run knows (a payout row a
     * restart left without its answer): the look-up a refused withdrawal gets before it goes again.
     */
    traceReference,

    /** The status of a withdrawal this user may see, or null when this run does not know it. */
    statusIfKnown(actor: MerchantActor, intentId: string): WithdrawStatus | null {
      try {
        return status(requireVisible(intentId, actor.userGuid));
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      }
    },

    async confirm(actor: MerchantActor, input: WithdrawInput): Promise<WithdrawReview> {
      const settled = await forms.confirm(actor.userGuid, input.formId, formContent(input), () =>
        confirmNew(actor, input),
      );
      // What the form made then, as it stands now (it may have been sent or settled since).
      return review(requireVisible(settled.intentId, actor.userGuid));
    },

    /** Sends the frozen withdrawal once; refusals and unknown outcomes are failed results. */
    async submit(
      actor: MerchantActor,
      intentId: string,
      tfaCode: string,
      acknowledgedIntentIds?: readonly string[],
    ): Promise<WithdrawOutcome> {
      const intent = requireVisible(intentId, actor.userGuid);
      if (intent.state === 'succeeded' && intent.outcome) return intent.outcome;
      if ((intent.state === 'confirmed' || intent.state === 'refused') && !confirmedThisSession.has(intentId)) {
        throw new AppError(
          'stale_precheck',
          'This withdrawal was confirmed before Wallet Desk locked or the account changed. Review it again from the form.',
        );
      }
      const connection = await connectionFor(actor.userGuid, intent.body);
      const answer: { error: AppError | null } = { error: null };
      let outcome: WithdrawResult;
      try {
        // The machine checks, in the same turn as the request leaves, that every other unsettled withdrawal
        // this user can see was acknowledged for this one (security.md 27).
        outcome = await machine.submit(
          intentId,
          { audience: audienceOf(actor.userGuid), acknowledged: acknowledgedIntentIds, lookUp: traceOf },
          async (body, referenceId, attempt) => {
            deps.logger.info('withdrawal submitted', { merchantTransactionId: referenceId, attempt });
            let result: WithdrawResult;
            try {
              result = await connection.client.withdraw(
                {
                  // A withdrawal an earlier version kept sent its merchant transaction id as both; a retry
                  // must send exactly what the first attempt did.
                  ReferenceId: body.memberReferenceId ?? referenceId,
                  Amount: body.amount,
                  Symbol: body.code,
                  NetworkId: body.networkId,
                  Address: body.address,
                  Label: body.label,
                  MerchantTransactionId: referenceId,
                  Email: body.email,
                },
                tfaCode,
              );
            } catch (error) {
              answer.error = error instanceof AppError ? error : null;
              throw error;
            }
            if (result.success !== true) {
              // Not completed is not "nothing moved": the service may still carry it out (security.md 28).
              answer.error = notCompleted(result);
              throw answer.error;
            }
            return result;
          },
        );
      } catch (error) {
        const settled = machine.get(intentId);
        const reason = answer.error;
        if (settled.state === 'unknown' && reason?.code === 'outcome_unknown') {
          // Keep the words of the answer (e.g. "awaiting e-mail approval"), not the ledger's generic ones.
          machine.noteUnknown(intentId, reason.toBridgeError());
          deps.logger.warn('withdrawal outcome unknown', { merchantTransactionId: settled.referenceId });
          const followed = await followUp(intentId, reason);
          if (followed) {
            confirmedThisSession.delete(intentId);
            return followed;
          }
          throw reason;
        }
        throw error;
      }
      confirmedThisSession.delete(intentId);
      return outcome;
    },

    /**
     * Looks the withdrawal up by its MerchantTransactionId in the history of every account of the signed-in
     * user. Never sends anything (security.md 29). A Completed row in any settles it; a Pending or Failed
     * row, or none, keeps it unknown, in words that say which (security.md 27).
     */
    async reconcile(
      actor: MerchantActor,
      intentId: string,
    ): Promise<{ lookup: WithdrawLookupResult; status: WithdrawStatus }> {
      const intent = requireVisible(intentId, actor.userGuid);
      // A closed one is looked up too: found, it went through after all and the alarm is raised (security.md 36).
      if (intent.state !== 'unknown' && intent.state !== 'closed') return { lookup: 'settled', status: status(intent) };
      if (checking.has(intentId)) {
        throw new AppError('in_flight', 'The status is already being checked. Wait for its result.');
      }
      checking.add(intentId);
      try {
        const { lookup, settled } = await lookUp(intent);
        return { lookup, status: status(settled) };
      } finally {
        checking.delete(intentId);
      }
    },

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
      const closed = await machine.close(input.intentIds, { audience: audienceOf(actor.userGuid), closure });
      deps.logger.info('withdrawals closed as not gone through', { count: closed.length });
      return this.closed(actor);
    },

    /** Withdrawals this user may see that a person closed, oldest first, with their closing. */
    closed(actor: MerchantActor): ClosedWithdrawal[] {
      return machine.closed(audienceOf(actor.userGuid)).flatMap((intent) =>
        intent.closure === null
          ? []
          : [
              {
                review: review(intent),
                status: status(intent),
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
      const audience = audienceOf(actor.userGuid);
      return [...machine.unsettled(audience), ...machine.closed(audience)]
        .filter((intent) => intent.state === 'unknown' || intent.state === 'closed')
        .map((intent) => ({ intentId: intent.id, accountGuid: null, needsRowsSinceMs: null }));
    },

    /**
     * A settle round's look: reconcile's rule over one account's page the round read. Only a Completed row
     * settles; anything else leaves the withdrawal and its words as they were.
     */
    async settleFrom(actor: MerchantActor, intentId: string, page: HistoryPage): Promise<boolean> {
      const intent = machine.get(intentId);
      const lookable = intent.state === 'unknown' || intent.state === 'closed';
      if (!lookable || !visibleTo(intent, actor.userGuid) || checking.has(intentId)) return false;
      const item = page.items.find((candidate) => isWithdrawalRow(intent.referenceId, candidate));
      if (item?.status !== 'Completed') return false;
      const found: WithdrawResult = { txId: item.txId ?? '', explorerUrl: '', success: true };
      const settled = await machine.reconcile(intentId, found, null);
      deps.logger.info('withdrawal looked up', {
        merchantTransactionId: intent.referenceId,
        found: true,
        status: item.status,
      });
      return settled.state === 'succeeded';
    },

    status(actor: MerchantActor, intentId: string): WithdrawStatus {
      return status(requireVisible(intentId, actor.userGuid));
    },

    /**
     * Withdrawals this user may see whose outcome is unknown (also those a previous run left) or that are
     * still on their way. They belong to merchant keys, not to an account, so no account is named.
     */
    unresolved(actor: MerchantActor): UnresolvedWithdrawal[] {
      return machine
        .unsettled(audienceOf(actor.userGuid))
        .map((intent) => ({ review: review(intent), status: status(intent), accountName: null }));
    },
  };
}

/** What a look-up of the history found: a Completed row settles; a Pending, Failed or unknown one does not. */
function lookupOf(rowStatus: string | null, settled: boolean): WithdrawLookupResult {
  if (settled) return 'found';
  if (rowStatus === null) return 'not_found';
  return rowStatus === 'Pending' ? 'pending' : 'failed';
}

/** A 200 answer that says the withdrawal did not succeed: the service's txId is kept for the user's records. */
function notCompleted(result: WithdrawResult): AppError {
  return new AppError(
    'outcome_unknown',
    `The service answered that the withdrawal was not completed (success: false, transaction id ${result.txId}), which does not prove that nothing moved: the money may or may not have moved. Nothing will be sent again automatically.`,
  );
}

/** What the user filled in, the form's content a repeated confirmation must match (acknowledgements aside). */
function formContent(input: WithdrawInput): string {
  return JSON.stringify([
    input.referenceId,
    input.merchantTransactionId ?? null,
    input.code,
    input.address,
    input.amount,
    input.label,
    input.email,
  ]);
}
