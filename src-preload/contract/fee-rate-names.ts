// Plain data, no zod: the Send screen imports it, and the renderer must not build validators it does not use.
import type { MessageId } from '../../resources/locales/catalogues';
import type { FeeRate } from './send';

/**
 * Each fee level's name in the catalogues. The answer carries only the rate (spec 2.2 FeeRate), so the
 * screen and main's refusals name the level in the user's language rather than passing English through.
 */
export const feeRateNames = {
  0: 'send.fee.low',
  1: 'send.fee.standard',
  2: 'send.fee.high',
} as const satisfies Record<FeeRate, MessageId>;
