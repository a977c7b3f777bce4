import { z } from 'zod';

/**
 * Amounts cross the bridge as exact decimal text ("0.3", "-12.05"), never as binary floats: main
 * converts the service's JSON numbers with decimal.js, the renderer formats the text as it is.
 */
export const DecimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number such as 0.25');
export type DecimalString = z.infer<typeof DecimalString>;

/** A user-typed amount: positive, plain decimal notation, at most 18 fraction digits. */
export const AmountInput = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,18})?$/, 'Enter an amount such as 0.25')
  .refine((text) => /[1-9]/.test(text), 'The amount must be more than zero');

/** A six-digit two-factor code (RFC 6238). Checked in main too; never stored or logged. */
export const TwoFactorCode = z.string().regex(/^\d{6}$/, 'The two-factor code is six digits');

/**
 * Ids of money moves with an unknown outcome that the user was warned about and chose to go past when
 * starting a new one (security.md 27). Opaque ids main handed out; a short list.
 */
export const AcknowledgedIntentIds = z.array(z.uuid()).max(100);
