import { z } from 'zod';
import { ServiceSymbol } from './assets';
import { DecimalString, IntentId } from './money';

/*
 * The send as the user approved it, apart from send.ts: the money journal keeps it (src-main/settings/
 * unresolved-intents.ts) and reads it at every start, which needs these schemas and none of the send
 * operations' own (send.ts re-exports them).
 */

/** Spec 2.2 FeeRate: 0 = Low, 1 = Standard, 2 = High. */
export const FeeRate = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type FeeRate = z.infer<typeof FeeRate>;

/**
 * The destination looks like, but is not, an address the user has dealt with before: the classic
 * address-poisoning lure (a look-alike sent to the victim's history hoping it gets copied).
 */
export const PoisoningWarning = z.object({
  /** The known address it imitates. */
  lookalike: z.string(),
  source: z.enum(['history', 'verified', 'address-book']),
  message: z.string(),
});
export type PoisoningWarning = z.infer<typeof PoisoningWarning>;

/** What the user approves with their code: exactly what main will send. */
export const SendReview = z.object({
  intentId: IntentId,
  referenceId: z.string(),
  code: ServiceSymbol,
  network: z.string(),
  destination: z.string(),
  // Reviews kept from before the app sent outside its table were all of networks it checks.
  addressChecked: z.boolean().default(true),
  amount: DecimalString,
  amountUsd: DecimalString,
  feeRate: FeeRate,
  fee: DecimalString,
  feeSymbol: z.string(),
  feeUsd: DecimalString,
  totalUsd: DecimalString,
  arrivalEstimation: z.string(),
  description: z.string().nullable(),
  poisoningWarning: PoisoningWarning.nullable(),
});
export type SendReview = z.infer<typeof SendReview>;
