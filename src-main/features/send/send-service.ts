import type {
  ClosedSend,
  SendExecuteInput,
  SendOutcome,
  SendPrecheck,
  SendReview,
  SendStatus,
} from '../../../src-preload/contract/send';
import { AppError } from '../../app-error';
import { closedWithReviews, closureOf } from '../money/closed-moves';
import { userAccounts } from '../money/money-session';
import type { HistoryPage } from '../money/settle-source';
import { unsettledWithReviews } from '../money/unsettled-list';
import { confirmSend } from './send-confirm';
import {
  createSendContext,
  ownSend,
  sendAudience,
  sendStatusOf,
  type SendConfirmInput,
  type SendContext,
  type SendServiceDeps,
} from './send-context';
import { sendAssets, sendPrecheck, type SendPrecheckInput } from './send-precheck';
import { reconcileSend, sendSettleCandidates, settleSendFrom } from './send-settle';
import { submitSend, traceSendReference } from './send-submit';

export { describeSend, type SendConfirmInput, type SendServiceDeps } from './send-context';

/** Sends of any of the user's accounts a person closed, oldest first, with their closing. */
function closedSends(context: SendContext): ClosedSend[] {
  const user = userAccounts(context.deps.session);
  return closedWithReviews(context.machine, context.reviews, user, sendAudience(user), (intent) =>
    sendStatusOf(context, intent),
  );
}

/**
 * Closes unknown sends of the user's accounts as "did not go through", all or none, recorded with who,
 * when and the warning they confirmed (security.md 36). Answers the closed list.
 */
async function closeSends(
  context: SendContext,
  input: { intentIds: readonly string[]; warning: string },
): Promise<ClosedSend[]> {
  const { deps } = context;
  const user = userAccounts(deps.session);
  const closure = closureOf(deps.session.activeUser(), input.warning, context.now());
  const closed = await context.machine.close(input.intentIds, { audience: sendAudience(user), closure });
  deps.logger.info('sends closed as not gone through', { count: closed.length });
  return closedSends(context);
}

/**
 * Sends of any of the user's accounts whose outcome is unknown or that are still being sent, so a
 * reload, a lock or an account switch cannot hide them; accountName marks those of other accounts.
 */
function unresolvedSends(
  context: SendContext,
): { review: SendReview; status: SendStatus; accountName: string | null }[] {
  const user = userAccounts(context.deps.session);
  return unsettledWithReviews(context.machine, context.reviews, user, sendAudience(user), (intent) =>
    sendStatusOf(context, intent),
  );
}

/** The status of one of the signed-in user's sends, or null when this run does not know it. */
function statusIfKnown(context: SendContext, intentId: string): SendStatus | null {
  try {
    return sendStatusOf(context, ownSend(context, intentId));
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

/**
 * Send (spec 4.1 #7, #8) with the money rules of security.md 21-26: the address is checked before any
 * call, the precheck is kept in main and is the only thing that can be confirmed, the confirmed body is
 * frozen in the IntentLedger with its reference id, and a send is submitted at most once. Each step lives
 * in its own module over one shared context (send-context.ts).
 */
export function createSendService(deps: SendServiceDeps) {
  const context = createSendContext(deps);
  deps.session.onChange((view) => {
    if (view.status !== 'signed-in') context.knownAddresses.clear();
  });

  return {
    assets: () => sendAssets(context),
    precheck: (input: SendPrecheckInput): Promise<SendPrecheck> => sendPrecheck(context, input),
    confirm: (input: SendConfirmInput): Promise<SendReview> => confirmSend(context, input),
    execute: (input: SendExecuteInput): Promise<SendOutcome> =>
      submitSend(context, input.intentId, input.tfaCode, input.acknowledgedIntentIds),
    /** Whether a history row's reference is one of the app's own sends (a swap look-up must skip it). */
    isOwnReference: (referenceId: string): boolean => referenceId !== '' && context.ownReferences.has(referenceId),
    /** Whether any send this run knows, in any state, has this reference (a new one may not take it). */
    knowsReference: (referenceId: string): boolean =>
      context.machine.knows(referenceId) || context.ownReferences.has(referenceId),
    statusIfKnown: (intentId: string) => statusIfKnown(context, intentId),
    /**
     * What the account's history holds under a reference no send of this run knows (a payout row a restart
     * left without its answer): the look-up a refused send gets before it goes again (security.md 39).
     */
    traceReference: (accountGuid: string, referenceId: string) => traceSendReference(context, accountGuid, referenceId),
    status: (intentId: string): SendStatus => sendStatusOf(context, ownSend(context, intentId)),
    review: (intentId: string): SendReview | undefined => context.reviews.get(intentId),
    unresolved: () => unresolvedSends(context),
    close: (input: { intentIds: readonly string[]; warning: string }) => closeSends(context, input),
    closed: () => closedSends(context),
    reconcile: (intentId: string) => reconcileSend(context, intentId),
    settleCandidates: () => sendSettleCandidates(context),
    settleFrom: (intentId: string, page: HistoryPage) => settleSendFrom(context, intentId, page),
  };
}
export type SendService = ReturnType<typeof createSendService>;
