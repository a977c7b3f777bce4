import { z } from 'zod';
import { DecimalString, IntentId } from './money';

/*
 * The swap as the user approved it, apart from swap.ts: the money journal keeps it (src-main/settings/
 * unresolved-intents.ts) and reads it at every start, which needs these schemas and none of the swap
 * operations' own (swap.ts re-exports them).
 */

/** An opaque id main hands out; the renderer can only echo it back. */
const Id = z.uuid();

export const SwapQuote = z.object({
  quoteId: Id,
  fromSymbol: z.string(),
  fromNetwork: z.string(),
  toSymbol: z.string(),
  toNetwork: z.string(),
  amount: DecimalString,
  isUsdInput: z.boolean(),
  /** What is sent, in fromSymbol units. */
  cryptoAmount: DecimalString,
  /** What is received, in toSymbol units. */
  toAmount: DecimalString,
  /** toSymbol received per one fromSymbol. */
  rate: DecimalString,
  /** ISO 8601: a quote older than this cannot be executed and is fetched again. */
  expiresAt: z.string(),
  validForSeconds: z.number().int().positive(),
});
export type SwapQuote = z.infer<typeof SwapQuote>;

export const SwapReview = SwapQuote.extend({
  intentId: IntentId,
  referenceId: z.string(),
});
export type SwapReview = z.infer<typeof SwapReview>;
