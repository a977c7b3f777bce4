import { z } from 'zod';
import { PlainText } from './text';
import { operation } from './define';
import {
  AcknowledgedIntentIds,
  AmountInput,
  closedEntry,
  IntentCloseInput,
  DecimalString,
  IntentExecuteInput,
  IntentRef,
  intentStatus,
  unresolvedEntry,
} from './money';
import { issueId } from '../input-issues';
import { SwapQuote, SwapReview } from './swap-review';

export { SwapQuote, SwapReview } from './swap-review';

const Id = z.uuid();
const SymbolText = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,20}$/, issueId('inputIssues.swap.chooseAsset'));
const NetworkText = PlainText().trim().min(1, issueId('inputIssues.swap.chooseNetwork')).max(80);

/** Spec 2.2 SwapSymbolInfo. */
export const SwapPair = z.object({
  baseSymbol: z.string(),
  quoteSymbols: z.array(z.string()),
  depositNetworks: z.array(z.string()),
  withdrawNetworks: z.array(z.string()),
});
export type SwapPair = z.infer<typeof SwapPair>;

export const SwapSymbolsView = z.object({
  pairs: z.array(SwapPair),
  /** Spec 2.2 SwapBalance per asset (btcBalance → BTC), exact decimal text: summed over networks. */
  balances: z.array(z.object({ asset: z.string(), amount: DecimalString })),
  /**
   * The wallet of each asset on each network (GET /wallets): a swap takes its amount from the wallet of
   * the chosen source network, so this is the balance the form shows.
   */
  wallets: z.array(z.object({ asset: z.string(), network: z.string(), code: z.string(), amount: DecimalString })),
});
export type SwapSymbolsView = z.infer<typeof SwapSymbolsView>;

export const SwapQuoteInput = z
  .object({
    fromSymbol: SymbolText,
    fromNetwork: NetworkText,
    toSymbol: SymbolText,
    toNetwork: NetworkText,
    amount: AmountInput,
    /** true: amount is a USD value; false: crypto units of fromSymbol (spec 4.1 #10). */
    isUsdInput: z.boolean(),
  })
  .strict();
export type SwapQuoteInput = z.input<typeof SwapQuoteInput>;

export const SwapOutcome = z.object({
  swapReferenceId: z.string(),
  /** The address the received funds went to. */
  address: z.string(),
  sendResult: z.object({ txId: z.string(), explorerUrl: z.string().nullable() }).nullable(),
});
export type SwapOutcome = z.infer<typeof SwapOutcome>;

export const SwapStatus = intentStatus(SwapOutcome);
export type SwapStatus = z.infer<typeof SwapStatus>;

/**
 * What "Check status" found: found (its rows, completed) settles the swap; pending (its rows, not completed),
 * failed (the service reports it failed, which does not prove nothing moved), not_found and ambiguous (a
 * new row that may or may not be it) keep it unknown, since absence or a guess is no proof (security.md 27);
 * settled: nothing to look up.
 */
export const SwapLookupResult = z.enum(['found', 'pending', 'failed', 'not_found', 'ambiguous', 'settled']);
export type SwapLookupResult = z.infer<typeof SwapLookupResult>;

export const SwapConfirmInput = z
  .object({
    quoteId: Id,
    /** Swaps of this account with an unknown outcome the user was warned about and chose to go past. */
    acknowledgedIntentIds: AcknowledgedIntentIds.optional(),
  })
  .strict();

/** Sends the frozen swap once (the shape every money move shares, contract/money.ts). */
const ExecuteInput = IntentExecuteInput;
export type SwapExecuteInput = z.infer<typeof ExecuteInput>;

/** An unsettled swap, with the name of its account when that is not the active one (null otherwise). */
export const UnresolvedSwap = unresolvedEntry(SwapReview, SwapStatus);
export type UnresolvedSwap = z.infer<typeof UnresolvedSwap>;

/** A swap a person closed as "did not go through", with the closing (security.md 36). */
export const ClosedSwap = closedEntry(SwapReview, SwapStatus);
export type ClosedSwap = z.infer<typeof ClosedSwap>;

export const swapOperations = {
  'swap.symbols': operation(z.void(), SwapSymbolsView),
  /** POST /swap/precheck; main keeps the quote with its expiry. */
  'swap.quote': operation(SwapQuoteInput, SwapQuote),
  /**
   * Fixes the reference id and freezes the quoted body, after checking the source network's wallet covers
   * it; refused with stale_precheck once expired, with unresolved_intent while an unknown swap is not
   * acknowledged.
   */
  'swap.confirm': operation(SwapConfirmInput, SwapReview),
  'swap.execute': operation(ExecuteInput, SwapOutcome),
  'swap.status': operation(IntentRef, SwapStatus),
  /** "Check status" after an unknown outcome: looks for the swap in the history. Never resubmits. */
  'swap.reconcile': operation(IntentRef, z.object({ lookup: SwapLookupResult, status: SwapStatus })),
  /**
   * Gives up a confirmed swap that was never sent or that the service refused (its quote was refreshed, or
   * the user left its review): it can never be sent afterwards. One that may have moved money is refused.
   */
  'swap.cancel': operation(IntentRef, SwapStatus),
  'swap.unresolved': operation(z.void(), z.array(UnresolvedSwap)),
  /**
   * Closes unknown swaps as "did not go through" after the user confirmed a warning that they may still
   * have moved money (security.md 36): never sent again, no longer to acknowledge, listed by swap.closed.
   */
  'swap.close': operation(IntentCloseInput, z.array(ClosedSwap)),
  /** Closed swaps this user may see, oldest first; still looked up by "Check status". */
  'swap.closed': operation(z.void(), z.array(ClosedSwap)),
} as const;
