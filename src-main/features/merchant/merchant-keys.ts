import type { EnvironmentId } from '../../../src-preload/contract/app';
import type { AssetForm, MerchantOverview } from '../../../src-preload/contract/merchant';
import { activeSecret, connectMerchant, type MerchantConnection } from './merchant-connection';
import { apiUrlOf, merchantOf, updateMerchant, type MerchantKeysDeps } from './merchant-key-bindings';
import { removeKeys, saveKeys, setApiUrl } from './merchant-key-changes';
import { migrateOwnerless } from './merchant-key-migration';
import { merchantOverview } from './merchant-key-view';
import type { MerchantSettings } from './merchant-settings';
import {
  generateSigningKey,
  importPastedSigningKey,
  removeSigningKey,
  setSigningEnabled,
} from './merchant-signing-keys';

export { merchantEnvironments, secretAccount, signingAccount, type MerchantKeysDeps } from './merchant-key-bindings';
export { requireApiUrl } from './merchant-key-changes';
export type { MerchantConnection } from './merchant-connection';

/**
 * Merchant API environments and each user's keys. Keys belong to the user who saved them (settings keep
 * the binding under their user GUID, the keychain entry carries it in its name): a different user, or
 * nobody, can neither use nor see them (security.md 30). They are also bound to the environment they were
 * entered for and to the API origin it had then: a request only ever goes out with the active
 * environment's own keys, to the origin those keys were entered for, so production keys never reach a
 * sandbox URL, nor sandbox keys production, even if a URL is edited later. Every function takes the
 * user explicitly; the caller has checked the session (merchant-access.ts). The parts live in
 * merchant-key-bindings.ts (where keys are written down), merchant-key-changes.ts (saving, deleting, the
 * API address), merchant-signing-keys.ts, merchant-key-migration.ts and merchant-connection.ts.
 */
export function createMerchantKeys(deps: MerchantKeysDeps) {
  let migration: Promise<void> | null = null;
  const overview = (userGuid: string): Promise<MerchantOverview> => merchantOverview(deps, userGuid);
  /** Each change answers the overview the keys form shows next. */
  const thenOverview =
    <Args extends unknown[]>(change: (deps: MerchantKeysDeps, userGuid: string, ...args: Args) => Promise<void>) =>
    async (userGuid: string, ...args: Args): Promise<MerchantOverview> => {
      await change(deps, userGuid, ...args);
      return overview(userGuid);
    };

  return {
    current: (): MerchantSettings => merchantOf(deps),
    apiUrlOf: (environment: EnvironmentId): string | null => apiUrlOf(deps, environment),
    overview,
    updateMerchant: (change: (current: MerchantSettings) => MerchantSettings): Promise<void> =>
      updateMerchant(deps, change),

    /** Runs the ownerless-keys migration once per run; every merchant operation awaits it first. */
    migrated(): Promise<void> {
      migration ??= migrateOwnerless(deps).catch((error: unknown) => {
        migration = null;
        throw error;
      });
      return migration;
    },

    /** Per environment: one service may read asset names, another network codes. */
    setAssetForm: thenOverview(async (_deps, _userGuid, environment: EnvironmentId, assetForm: AssetForm) => {
      await updateMerchant(deps, (current) => ({
        ...current,
        assetForms: { ...current.assetForms, [environment]: assetForm },
      }));
      deps.logger.info('merchant asset form changed', { environment, assetForm });
    }),
    setEnvironment: thenOverview(async (_deps, _userGuid, environment: EnvironmentId) => {
      await updateMerchant(deps, (current) => ({ ...current, environment }));
    }),
    setApiUrl: thenOverview((_deps, _userGuid, environment: EnvironmentId, text: string) =>
      setApiUrl(deps, environment, text),
    ),
    save: thenOverview(saveKeys),
    remove: thenOverview(removeKeys),
    generateSigningKey: thenOverview(generateSigningKey),
    importSigningKey: thenOverview(importPastedSigningKey),
    setSigningEnabled: thenOverview(setSigningEnabled),
    removeSigningKey: thenOverview(removeSigningKey),

    async rememberReferenceId(userGuid: string, referenceId: string): Promise<void> {
      if (merchantOf(deps).lastReferenceIdByUser[userGuid] === referenceId) return;
      await updateMerchant(deps, (current) => ({
        ...current,
        lastReferenceIdByUser: { ...current.lastReferenceIdByUser, [userGuid]: referenceId },
      }));
    },

    connect: (userGuid: string): Promise<MerchantConnection> => connectMerchant(deps, userGuid),
    activeSecret: (userGuid: string): Promise<string> => activeSecret(deps, userGuid),
  };
}

export type MerchantKeys = ReturnType<typeof createMerchantKeys>;
