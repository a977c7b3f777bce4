import type { WithdrawOutcome } from '../../../src-preload/contract/withdraw';
import { AppError } from '../../app-error';
import type { Logger } from '../../logging/logger';
import type { WithdrawResult } from '../../service/interface-b-schemas';
import type { MerchantActor, MerchantConnection, MerchantKeys } from '../merchant';
import type { WithdrawAudience } from './withdraw-audience';
import type { WithdrawBody } from './withdraw-body';
import type { WithdrawMachine } from './withdraw-ledger';
import type { WithdrawLookups } from './withdraw-lookups';
import { t } from '../../i18n/main-text';

export interface WithdrawSubmitDeps {
  readonly keys: MerchantKeys;
  readonly machine: WithdrawMachine;
  readonly audience: WithdrawAudience;
  readonly lookups: WithdrawLookups;
  /** Withdrawals confirmed in this session and not yet settled (withdraw-session.ts). */
  readonly confirmed: Set<string>;
  readonly logger: Logger;
}

/**
 * Sends a frozen withdrawal once (spec 4.2 call 1); refusals and unknown outcomes are failed results. Only
 * the Z-codes that prove nothing moved make a refusal (interface-b-errors.ts); anything else leaves the
 * outcome unknown, and nothing is ever re-sent then. A 200 answer with `success: false` says the service did
 * not complete it, not that nothing moved: the outcome is unknown (security.md 28).
 */
export async function submitWithdrawal(
  deps: WithdrawSubmitDeps,
  actor: MerchantActor,
  request: { readonly intentId: string; readonly tfaCode: string; readonly acknowledged?: readonly string[] },
): Promise<WithdrawOutcome> {
  const { machine } = deps;
  const { intentId } = request;
  const intent = deps.audience.requireVisible(intentId, actor.userGuid);
  if (intent.state === 'succeeded' && intent.outcome) return intent.outcome;
  if ((intent.state === 'confirmed' || intent.state === 'refused') && !deps.confirmed.has(intentId)) {
    throw new AppError('stale_precheck', t('mainWithdraw.confirmedBeforeLock'));
  }
  const connection = await connectionFor(deps.keys, actor.userGuid, intent.body);
  const answer: { error: AppError | null } = { error: null };
  let outcome: WithdrawResult;
  try {
    // The machine checks, in the same turn as the request leaves, that every other unsettled withdrawal
    // this user can see was acknowledged for this one (security.md 27).
    outcome = await machine.submit(
      intentId,
      {
        audience: deps.audience.of(actor.userGuid),
        acknowledged: request.acknowledged,
        lookUp: (refused) => deps.lookups.traceReference(refused.referenceId),
      },
      async (body, referenceId, attempt) => {
        deps.logger.info('withdrawal submitted', { merchantTransactionId: referenceId, attempt });
        return sendOnce(connection, body, referenceId, request.tfaCode, answer);
      },
    );
  } catch (error) {
    const settled = machine.get(intentId);
    const reason = answer.error;
    if (settled.state === 'unknown' && reason?.code === 'outcome_unknown') {
      // Keep the words of the answer (e.g. "awaiting e-mail approval"), not the ledger's generic ones.
      machine.noteUnknown(intentId, reason.toBridgeError());
      deps.logger.warn('withdrawal outcome unknown', { merchantTransactionId: settled.referenceId });
      const followed = await deps.lookups.followUp(intentId, reason);
      if (followed) {
        deps.confirmed.delete(intentId);
        return followed;
      }
      throw reason;
    }
    throw error;
  }
  deps.confirmed.delete(intentId);
  return outcome;
}

/**
 * The one request that moves money. What the service answered is kept in `answer`, so an unknown outcome is
 * explained in its words.
 */
async function sendOnce(
  connection: MerchantConnection,
  body: WithdrawBody,
  referenceId: string,
  tfaCode: string,
  answer: { error: AppError | null },
): Promise<WithdrawResult> {
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
}

/** The keys in use now must be the user's own, the ones the withdrawal was confirmed with. */
async function connectionFor(keys: MerchantKeys, userGuid: string, body: WithdrawBody): Promise<MerchantConnection> {
  if (body.userGuid !== userGuid) {
    throw new AppError('forbidden', t('mainWithdraw.otherUser'));
  }
  const connection = await keys.connect(userGuid);
  if (
    connection.environment !== body.environment ||
    connection.publicKey !== body.publicKey ||
    connection.origin !== body.origin
  ) {
    throw new AppError('stale_precheck', t('mainWithdraw.keysChanged'));
  }
  return connection;
}

/** A 200 answer that says the withdrawal did not succeed: the service's txId is kept for the user's records. */
function notCompleted(result: WithdrawResult): AppError {
  return new AppError('outcome_unknown', t('mainWithdraw.notCompleted', { txId: result.txId }));
}
