import { z } from 'zod';
import { EnvironmentId } from '../../../src-preload/contract/app';

/**
 * What the user confirmed, frozen in main; the two-factor code is never part of it. A schema, because a
 * withdrawal whose outcome is unknown is kept in the money journal until reconciled.
 */
export const WithdrawBody = z.object({
  environment: EnvironmentId,
  publicKey: z.string().min(1),
  origin: z.string().min(1),
  code: z.string().min(1),
  networkId: z.number().int(),
  address: z.string().min(1),
  amount: z.string().min(1),
  label: z.string(),
  email: z.string(),
  verified: z.boolean(),
  /**
   * The member reference sent as ReferenceId: the reference the address was verified under, as the
   * service's SDKs send it, beside the merchant's own transaction id. Null for a withdrawal an
   * earlier version kept, which sent its merchant transaction id as both.
   */
  memberReferenceId: z.string().min(1).nullable().default(null),
  /**
   * The user who confirmed it with their keys (security.md 30). Null for a withdrawal an earlier version
   * left unresolved: it is shown to every signed-in user until reconciled, since hiding a payout that may
   * have gone through is what lets someone pay it twice (security.md 27).
   */
  userGuid: z.string().min(1).nullable().default(null),
  /**
   * When the user confirmed it (ms since the epoch), so the unsettled list can say when it was started.
   * Null for a withdrawal an earlier version kept without it.
   */
  startedAtMs: z.number().nullable().default(null),
});
export type WithdrawBody = Readonly<z.infer<typeof WithdrawBody>>;
