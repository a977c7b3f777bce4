import { z } from 'zod';
import { EnvironmentId } from '../../../src-preload/contract/app';
import { AssetForm } from '../../../src-preload/contract/merchant';

/**
 * The merchant part of settings.json: non-secret only. Secret keys live in the keychain under
 * `merchant-secret:<userGuid>:<environment>:<publicKey>`; tests search this file for them.
 */
export const MerchantKeyBinding = z.object({
  publicKey: z.string().min(1).max(200),
  /**
   * The API origin the keys were entered for. Keys are only ever sent to this origin, so production keys
   * cannot reach a sandbox host (or the reverse) by a later change of the environment's URL.
   */
  boundOrigin: z.string().min(1),
  /**
   * The account that was active when the keys were saved: they are shown and used only while it is active,
   * so the money-moving role that counts is the one in that account, not in whichever account is active later.
   * Null for bindings saved before this was recorded: nobody's, migrated away like ownerless keys.
   */
  accountGuid: z.string().min(1).nullable().default(null),
  /**
   * Whether requests carry an X-Signature (request-signing.ts). The private key is in the keychain under
   * `merchant-signing:<userGuid>:<environment>:<publicKey>`, never here.
   */
  signRequests: z.boolean().default(false),
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
  /** The user who started it, with their keys; null in files from before keys had owners (dropped). */
  ownerUserGuid: z.string().min(1).nullable().default(null),
});
export type PendingVerification = z.infer<typeof PendingVerification>;

export const MerchantSettings = z.object({
  environment: EnvironmentId,
  /** Interface B host per environment, where the user set one (custom always, the others optionally). */
  apiUrls: z.partialRecord(EnvironmentId, z.string()),
  /**
   * Keys saved before keys had owners. Nobody's (security.md 30): never used or shown; their keychain
   * entries are deleted and the section emptied on first use, and the user enters the secret again.
   */
  keys: z.partialRecord(EnvironmentId, MerchantKeyBinding),
  /** Keys per user GUID, per environment: only the user who saved them can use or see them. */
  keysByUser: z.record(z.string().min(1), z.partialRecord(EnvironmentId, MerchantKeyBinding)).default({}),
  pendingVerifications: z.array(PendingVerification),
  /** Off by default: withdrawals go only to addresses the service lists as verified. */
  allowUnverified: z.boolean(),
  /** Per user GUID, the last reference id the verified list was shown for, so the screens open where they left them. */
  lastReferenceIdByUser: z.record(z.string().min(1), z.string().max(200)).default({}),
  /** How each environment's requests name multi-network assets; absent: the service SDKs' form. */
  assetForms: z.partialRecord(EnvironmentId, AssetForm).default({}),
});
export type MerchantSettings = z.infer<typeof MerchantSettings>;

export function defaultMerchantSettings(): MerchantSettings {
  return {
    environment: 'local-sandbox',
    apiUrls: {},
    keys: {},
    keysByUser: {},
    pendingVerifications: [],
    allowUnverified: false,
    lastReferenceIdByUser: {},
    assetForms: {},
  };
}
