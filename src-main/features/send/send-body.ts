import { z } from 'zod';
import { ServiceSymbol } from '../../../src-preload/contract/assets';
import { FeeRate } from '../../../src-preload/contract/send-review';

/**
 * The send frozen when the user confirms (security.md 22): nothing here can change afterwards. A schema,
 * because a send whose outcome is unknown is kept in the money journal until reconciled.
 */
export const SendBody = z.object({
  accountGuid: z.string().min(1),
  /**
   * The user who confirmed this send: only they may read or send it (security.md 40). Absent in journals
   * of older versions; such a send belongs to whoever holds its account (intent-owner.ts).
   */
  userGuid: z.string().min(1).optional(),
  code: ServiceSymbol,
  address: z.string().min(1),
  amount: z.string().min(1),
  feeRate: FeeRate,
  description: z.string().nullable(),
  /** The fees shown were checked until then; a new attempt after it needs a new precheck. */
  expiresAtMs: z.number(),
  /** When the user confirmed, to name this send in words if its outcome stays unknown (security.md 27). */
  confirmedAtMs: z.number().optional(),
});
export type SendBody = Readonly<z.infer<typeof SendBody>>;
