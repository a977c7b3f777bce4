import { z } from 'zod';

/**
 * The spec's deposit callback (spec 6) read strictly where the Signature reaches and leniently where it does
 * not (security.md 41). The Signature covers only the Hash, so a harmless difference elsewhere — Price keys in
 * another case, a currency missing from Price, Amount or OrderId written as text — cannot make a genuine
 * delivery look forged, and refusing it would tell a merchant that a real callback is not one. What is read
 * leniently is never vouched for: the verdict names it as not covered.
 */

/** A decimal written as a JSON number or as text ("0.5"); kept as the text it reads as. */
const DecimalText = z.union([
  z.number().transform((value) => String(value)),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/),
]);

const OrderIdText = z.union([z.number().transform((value) => String(value)), z.string().trim().min(1)]);

/** Price's keys compared without case; any currency may be missing, and unknown ones are kept as sent. */
const PriceEntries = z
  .record(z.string(), DecimalText)
  .transform((price) => Object.entries(price).map(([currency, amount]) => ({ currency, amount })));

export const LenientSpecCallback = z.object({
  Address: z.string().trim().min(1),
  UniqueId: z.string().trim().min(1),
  Amount: DecimalText,
  Symbol: z.string().trim().min(1),
  ReferenceId: z.string(),
  Price: PriceEntries,
  Signature: z.string().trim().min(1),
  OrderId: OrderIdText,
  Hash: z.string().min(1),
});
export type LenientSpecCallback = z.infer<typeof LenientSpecCallback>;

/** The one field the spec's Signature covers (spec 6, rule 1). */
export const SPEC_COVERED_FIELDS: readonly string[] = ['Hash'];

/** Whether a matching Signature vouches for this field; null for the Signature itself. */
export function specCovers(name: string): boolean | null {
  return name === 'Signature' ? null : SPEC_COVERED_FIELDS.includes(name);
}

/** How Price reads in the verdict: each currency as sent, upper-cased for the eye only. */
export function priceText(price: LenientSpecCallback['Price']): string {
  return price.map(({ currency, amount }) => `${currency.toUpperCase()} ${amount}`).join(', ');
}
