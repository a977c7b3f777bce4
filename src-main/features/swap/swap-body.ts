import { z } from 'zod';
import { SwapRequest } from '../../service/interface-a-schemas';

/** How many claimed rows the journal keeps (the newest); older ones are long out of any look-up's reach. */
export const MAX_CLAIMED_ROWS = 500;

/**
 * The swap frozen when the user confirms, with the quote's amounts. A schema, because a swap whose
 * outcome is unknown is kept in the money journal until reconciled.
 */
export const SwapBody = z.object({
  accountGuid: z.string().min(1),
  /**
   * The user who confirmed this swap: only they may read or send it (security.md 40). Absent in journals
   * of older versions; such a swap belongs to whoever holds its account (intent-owner.ts).
   */
  userGuid: z.string().min(1).optional(),
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
  /**
   * Not part of what was confirmed: the journal's copy of the history rows that settled swaps claimed,
   * written with every save of the unresolved set, so after a restart no look-up can hand a row another
   * swap already owns to this one (security.md 27). Absent in journals of older versions.
   */
  claimedRows: z.array(z.string()).max(MAX_CLAIMED_ROWS).optional(),
});
export type SwapBody = Readonly<z.infer<typeof SwapBody>>;
