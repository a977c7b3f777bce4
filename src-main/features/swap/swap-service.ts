import type {
  ClosedSwap,
  SwapExecuteInput,
  SwapOutcome,
  SwapQuote,
  SwapReview,
  SwapStatus,
} from '../../../src-preload/contract/swap';
import { closedWithReviews, closureOf } from '../money/closed-moves';
import { userAccounts } from '../money/money-session';
import type { HistoryPage } from '../money/settle-source';
import { unsettledWithReviews } from '../money/unsettled-list';
import { cancelSwap, confirmSwap } from './swap-confirm';
import {
  createSwapContext,
  ownSwap,
  swapAudience,
  swapStatusOf,
  type SwapConfirmInput,
  type SwapContext,
  type SwapServiceDeps,
} from './swap-context';
import { reconcileSwap, settleSwapFrom, swapSettleCandidates } from './swap-lookup';
import { swapQuote, swapSymbols, type SwapQuoteInput } from './swap-quote';
import { submitSwap } from './swap-submit';

export { DEFAULT_QUOTE_TTL_MS, describeSwap, type SwapConfirmInput, type SwapServiceDeps } from './swap-context';

/** Swaps of any of the user's accounts a person closed, oldest first, with their closing. */
function closedSwaps(context: SwapContext): ClosedSwap[] {
  const user = userAccounts(context.deps.session);
  return closedWithReviews(context.machine, context.reviews, user, swapAudience(user), (intent) =>
    swapStatusOf(context, intent),
  );
}

/**
 * Closes unknown swaps of the user's accounts as "did not go through", all or none, recorded with who,
 * when and the warning they confirmed (security.md 36). Answers the closed list.
 */
async function closeSwaps(
  context: SwapContext,
  input: { intentIds: readonly string[]; warning: string },
): Promise<ClosedSwap[]> {
  const { deps } = context;
  const user = userAccounts(deps.session);
  const closure = closureOf(deps.session.activeUser(), input.warning, context.now());
  const closed = await context.machine.close(input.intentIds, { audience: swapAudience(user), closure });
  deps.logger.info('swaps closed as not gone through', { count: closed.length });
  return closedSwaps(context);
}

/**
 * Swaps of any of the user's accounts whose outcome is unknown or that are still being sent, so a
 * reload, a lock or an account switch cannot hide them; accountName marks those of other accounts.
 */
function unresolvedSwaps(
  context: SwapContext,
): { review: SwapReview; status: SwapStatus; accountName: string | null }[] {
  const user = userAccounts(context.deps.session);
  return unsettledWithReviews(context.machine, context.reviews, user, swapAudience(user), (intent) =>
    swapStatusOf(context, intent),
  );
}

/**
 * Swap (spec 4.1 #9-#11). The quote (precheck) is kept in main with a short expiry; the confirmed quote
 * is frozen in the IntentLedger and executed at most once. POST /swap carries no reference id, so an
 * unknown outcome is reconciled by finding the swap's withdrawal in the history (find-swap.ts). Each step
 * lives in its own module over one shared context (swap-context.ts).
 */
export function createSwapService(deps: SwapServiceDeps) {
  const context = createSwapContext(deps);
  return {
    symbols: () => swapSymbols(context),
    quote: (input: SwapQuoteInput): Promise<SwapQuote> => swapQuote(context, input),
    confirm: (input: SwapConfirmInput): Promise<SwapReview> => confirmSwap(context, input),
    execute: (input: SwapExecuteInput): Promise<SwapOutcome> =>
      submitSwap(context, input.intentId, input.tfaCode, input.acknowledgedIntentIds),
    cancel: (intentId: string): SwapStatus => cancelSwap(context, intentId),
    status: (intentId: string): SwapStatus => swapStatusOf(context, ownSwap(context, intentId)),
    close: (input: { intentIds: readonly string[]; warning: string }) => closeSwaps(context, input),
    closed: () => closedSwaps(context),
    reconcile: (intentId: string) => reconcileSwap(context, intentId),
    settleCandidates: () => swapSettleCandidates(context),
    settleFrom: (intentId: string, page: HistoryPage) => settleSwapFrom(context, intentId, page),
    review: (intentId: string): SwapReview | undefined => context.reviews.get(intentId),
    unresolved: () => unresolvedSwaps(context),
  };
}
export type SwapService = ReturnType<typeof createSwapService>;
