import type { EnvironmentId } from '../../../src-preload/contract/app';
import { environmentNames } from '../../../src-preload/contract/environment-names';
import type { AssetForm } from '../../../src-preload/contract/merchant';
import type { SessionAccount } from '../../../src-preload/contract/session';
import { AppError } from '../../app-error';
import type { SecretStore } from '../../keychain/secret-store';
import type { Logger } from '../../logging/logger';
import { DEFAULT_ASSET_FORM } from '../../service/interface-b-symbols';
import { builtInEndpoints, publicMerchantApiUrl } from '../../settings/environments';
import type { SettingsStore } from '../../settings/settings-store';
import { savingSettings } from '../../settings/storage-failure';
import type { MerchantKeyBinding, MerchantSettings } from './merchant-settings';
import { roleWords } from '../../i18n/service-words';
import { t } from '../../i18n/main-text';

/**
 * Where each user's merchant keys are written down and which environment and API address they belong to:
 * the settings' bindings, the keychain entry names, and the words for keys that cannot be used now.
 */

export const merchantEnvironments: readonly EnvironmentId[] = [
  'service-sandbox',
  'production',
  'local-sandbox',
  'custom',
];

export interface MerchantKeysDeps {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly logger: Logger;
  readonly localSandboxPort?: number;
  readonly fetch?: typeof fetch;
  /** How long a merchant API call may take before its outcome counts as unanswered (tests shorten it). */
  readonly requestTimeoutMs?: number;
  /**
   * The active account: keys belong to the one active when they were saved (security.md 30), and only a
   * role that may move money there may save them.
   */
  readonly session: { activeAccount(): Pick<SessionAccount, 'guid' | 'name' | 'role' | 'canMoveMoney'> };
}

export type UserBindings = MerchantSettings['keysByUser'][string];

/**
 * The keychain entry of one merchant secret: bound by name to the user who saved it, its environment and
 * its public key (security.md 30). Another user's lookup names another entry, so it can never find it.
 */
export function secretAccount(userGuid: string, environment: EnvironmentId, publicKey: string): string {
  return `merchant-secret:${userGuid}:${environment}:${publicKey}`;
}

/**
 * The keychain entry of one merchant's request-signing private key: named like the secret key, so it has
 * the same owner, environment and merchant, and goes when they go.
 */
export function signingAccount(userGuid: string, environment: EnvironmentId, publicKey: string): string {
  return `merchant-signing:${userGuid}:${environment}:${publicKey}`;
}

/** The entry name of versions before keys had owners; only ever used to delete such an entry. */
export function ownerlessSecretAccount(environment: EnvironmentId, publicKey: string): string {
  return `merchant-secret:${environment}:${publicKey}`;
}

export function merchantOf(deps: MerchantKeysDeps): MerchantSettings {
  return deps.settings.get().merchant;
}

/** Every binding the user saved, in any account: only for replacing or deleting them. */
export function allBindingsOf(deps: MerchantKeysDeps, userGuid: string): UserBindings {
  return merchantOf(deps).keysByUser[userGuid] ?? {};
}

/**
 * The user's keys that may be shown and used now: those saved while the active account was active
 * (so the money-moving role checked is that account's). In another account of the same user they do not exist.
 */
export function bindingsOf(deps: MerchantKeysDeps, userGuid: string): UserBindings {
  const accountGuid = deps.session.activeAccount().guid;
  return Object.fromEntries(
    Object.entries(allBindingsOf(deps, userGuid)).filter(([, binding]) => binding.accountGuid === accountGuid),
  );
}

export function apiUrlOf(deps: MerchantKeysDeps, environment: EnvironmentId): string | null {
  const own = merchantOf(deps).apiUrls[environment];
  if (own) return own;
  const configured = deps.settings.get().environments[environment]?.apiUrl;
  if (configured) return configured;
  return builtInEndpoints(environment, deps.localSandboxPort)?.apiUrl ?? publicMerchantApiUrl(environment);
}

export function assetFormOf(deps: MerchantKeysDeps, environment: EnvironmentId): AssetForm {
  return merchantOf(deps).assetForms[environment] ?? DEFAULT_ASSET_FORM;
}

export async function updateMerchant(
  deps: MerchantKeysDeps,
  change: (current: MerchantSettings) => MerchantSettings,
): Promise<void> {
  await savingSettings('merchant-settings', () =>
    deps.settings.update((settings) => ({ ...settings, merchant: change(settings.merchant) })),
  );
}

/** Why the user's keys cannot be used now, and (a separate sentence) what the user can do about it. */
export function bindingProblem(
  deps: MerchantKeysDeps,
  userGuid: string,
  environment: EnvironmentId,
): { what: string; remedy: string } | null {
  const binding = bindingsOf(deps, userGuid)[environment];
  if (!binding) return null;
  const url = apiUrlOf(deps, environment);
  if (url === null) {
    return {
      what: t('mainMerchant.noApiAddress', { environment: t(environmentNames[environment]) }),
      remedy: t('mainMerchant.setUnderKeys'),
    };
  }
  const origin = new URL(url).origin;
  if (origin !== binding.boundOrigin) {
    return {
      what: t('mainMerchant.boundElsewhere', {
        bound: binding.boundOrigin,
        environment: t(environmentNames[environment]),
        origin,
      }),
      remedy: t('mainMerchant.enterSecretAgain'),
    };
  }
  return null;
}

/**
 * Why no merchant call can be made, then what to do: the keys form's remedy for a role that may save keys,
 * and for any other role (which has no keys form, security.md 30) whom to ask instead.
 */
export function keysMissingWords(deps: MerchantKeysDeps, what: string, remedy: string): string {
  const account = deps.session.activeAccount();
  return account.canMoveMoney
    ? `${what} ${remedy}`
    : `${what} ${t('mainMerchant.roleCannotSaveKeys', { role: roleWords(account.role), account: account.name })}`;
}

/** The user's binding in the active account, or a clear refusal: signing keys belong to saved keys. */
export function ownBinding(deps: MerchantKeysDeps, userGuid: string, environment: EnvironmentId): MerchantKeyBinding {
  const binding = bindingsOf(deps, userGuid)[environment];
  if (!binding)
    throw new AppError(
      'not_configured',
      t('mainMerchant.saveKeysFirst', { environment: t(environmentNames[environment]) }),
    );
  return binding;
}
