import { z } from 'zod';
import { EnvironmentId } from '../../../src-preload/contract/app';

/**
 * The merchant part of settings.json: non-secret only. Secret keys live in the keychain under
 * `merchant-secret:<environment>:<publicKey>`; tests search this file for them.
 */
export const MerchantKeyBinding = z.object({
  publicKey: z.string().min(1).max(200),
  /**
   * The API origin the keys were entered for. Keys are only ever sent to this origin, so production keys
   * cannot reach a sandbox host (or the reverse) by a later change of the environment's URL.
   */
  boundOrigin: z.string().min(1),
});
export type MerchantKeyBinding = z.infer<typeof MerchantKeyBinding>;

/** A verification the service has started (it sent a small amount); survives a restart until confirmed. */
export const PendingVerification = z.object({
  id: z.string().min(1),
  environment: EnvironmentId,
  publicKey: z.string(),
  referenceId: z.string(),
  code: z.string(),
  networkId: z.number().int(),
  address: z.string(),
  label: z.string(),
  startedAt: z.string(),
  wrongAttempts: z.number().int().min(0),
});
export type PendingVerification = z.infer<typeof PendingVerification>;

export const MerchantSettings = z.object({
  environment: EnvironmentId,
  /** Interface B host per environment, where the user set one (custom always, the others optionally). */
  apiUrls: z.partialRecord(EnvironmentId, z.string()),
  keys: z.partialRecord(EnvironmentId, MerchantKeyBinding),
  pendingVerifications: z.array(PendingVerification),
  /** Off by default: withdrawals go only to addresses the service lists as verified. */
  allowUnverified: z.boolean(),
  /** Last reference id the verified list was shown for, so the screens open where the user left them. */
  lastReferenceId: z.string().max(200),
});
export type MerchantSettings = z.infer<typeof MerchantSettings>;

export function defaultMerchantSettings(): MerchantSettings {
  return {
    environment: 'local-sandbox',
    apiUrls: {},
    keys: {},
    pendingVerifications: [],
    allowUnverified: false,
    lastReferenceId: '',
  };
}
