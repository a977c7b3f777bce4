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
});
export type SwapBody = Readonly<z.infer<typeof SwapBody>>;
