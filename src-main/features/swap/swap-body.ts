import { z } from 'zod';
import { SwapRequest } from '../../service/interface-a-schemas';

/**
 * The swap frozen when the user confirms, with the quote's amounts. A schema, because a swap whose
 * outcome is unknown is kept in settings.json until reconciled.
 */
export const SwapBody = z.object({
  accountGuid: z.string().min(1),
  request: SwapRequest,
  cryptoAmount: z.string(),
  toAmount: z.string(),
  expiresAtMs: z.number(),
  /** When the user confirmed, to name this swap in words if its outcome stays unknown (security.md 27). */
  confirmedAtMs: z.number().optional(),
  /**
   * Ids of the history rows that looked like this swap (same source, same amount) before it was sent, so
   * a look-up never takes an identical earlier swap for this one. Absent in journals of older versions.
   */
  priorRows: z.array(z.string()).max(100).optional(),
});
export type SwapBody = Readonly<z.infer<typeof SwapBody>>;
