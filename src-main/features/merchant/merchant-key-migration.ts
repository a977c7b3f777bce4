import type { EnvironmentId } from '../../../src-preload/contract/app';
import {
  merchantOf,
  ownerlessSecretAccount,
  secretAccount,
  updateMerchant,
  type MerchantKeysDeps,
} from './merchant-key-bindings';
import type { MerchantKeyBinding } from './merchant-settings';

/**
 * Keys and pending verifications from before keys had owners belong to nobody: whoever signs in next
 * must not inherit them (the finding: a Viewer withdrew with an administrator's keys). Their keychain
 * entries are deleted and the settings forget them; the user who owns the merchant enters the secret
 * again. A keychain that fails here is logged: the binding is gone either way, so the entry is never used.
 */
export async function migrateOwnerless(deps: MerchantKeysDeps): Promise<void> {
  const current = merchantOf(deps);
  const ownerless = Object.entries(current.keys) as [EnvironmentId, { publicKey: string }][];
  const orphanedVerifications = current.pendingVerifications.filter((pending) => pending.ownerUserGuid === null);
  // Per-user bindings from before the account was recorded: no account is theirs, so no account may use them.
  const accountless = Object.entries(current.keysByUser).flatMap(([userGuid, bindings]) =>
    (Object.entries(bindings) as [EnvironmentId, MerchantKeyBinding][])
      .filter(([, binding]) => binding.accountGuid === null)
      .map(([environment, binding]) => ({ userGuid, environment, publicKey: binding.publicKey })),
  );
  for (const { userGuid, environment, publicKey } of accountless) {
    await deps.secrets.delete(secretAccount(userGuid, environment, publicKey)).catch((error: unknown) => {
      deps.logger.warn('could not delete a merchant secret saved without an account', {
        environment,
        error: error instanceof Error ? error.name : 'unknown',
      });
    });
  }
  if (ownerless.length === 0 && orphanedVerifications.length === 0 && accountless.length === 0) return;
  for (const [environment, binding] of ownerless) {
    await deps.secrets.delete(ownerlessSecretAccount(environment, binding.publicKey)).catch((error: unknown) => {
      deps.logger.warn('could not delete an ownerless merchant secret', {
        environment,
        error: error instanceof Error ? error.name : 'unknown',
      });
    });
  }
  await updateMerchant(deps, (settings) => ({
    ...settings,
    keys: {},
    keysByUser: Object.fromEntries(
      Object.entries(settings.keysByUser).map(([userGuid, bindings]) => [
        userGuid,
        Object.fromEntries(Object.entries(bindings).filter(([, binding]) => binding.accountGuid !== null)),
      ]),
    ),
    pendingVerifications: settings.pendingVerifications.filter((pending) => pending.ownerUserGuid !== null),
  }));
  deps.logger.info('merchant keys without an owner removed; they must be entered again', {
    environments: ownerless.map(([environment]) => environment),
    verifications: orphanedVerifications.length,
    withoutAccount: accountless.length,
  });
}
