import type { EnvironmentId } from '../../../src-preload/contract/app';
import type { MerchantEnvironmentView, MerchantOverview } from '../../../src-preload/contract/merchant';
import { AppError } from '../../app-error';
import type { SecretStore } from '../../keychain/secret-store';
import type { Logger } from '../../logging/logger';
import {
  builtInEndpoints,
  environmentLabels,
  isPlainLoopback,
  publicMerchantApiUrl,
} from '../../settings/environments';
import type { SettingsStore } from '../../settings/settings-store';
import { createInterfaceBClient, type InterfaceBClient } from '../../service/interface-b';
import {
  generateSigningKeyPair,
  importSigningKey,
  publicKeyOf,
  type SigningKeyPair,
} from '../../service/request-signing';
import { DEFAULT_ASSET_FORM } from '../../service/interface-b-symbols';
import type { AssetForm } from '../../../src-preload/contract/merchant';
import type { SessionAccount } from '../../../src-preload/contract/session';
import { roleRefusalWords } from '../money/roles';
import type { MerchantKeyBinding, MerchantSettings } from './merchant-settings';
import { savingSettings } from '../../settings/storage-failure';

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
function ownerlessSecretAccount(environment: EnvironmentId, publicKey: string): string {
  return `merchant-secret:${environment}:${publicKey}`;
}

/** What a client needs, all read from main-side state: the renderer never names a URL or a key. */
export interface MerchantConnection {
  readonly userGuid: string;
  readonly environment: EnvironmentId;
  readonly publicKey: string;
  readonly origin: string;
  readonly client: InterfaceBClient;
}

/**
 * Merchant API environments and each user's keys. Keys belong to the user who saved them (settings keep
 * the binding under their user GUID, the keychain entry carries it in its name): a different user, or
 * nobody, can neither use nor see them (security.md 30). They are also bound to the environment they were
 * entered for and to the API origin it had then: a request only ever goes out with the active
 * environment's own keys, to the origin those keys were entered for, so production keys never reach a
 * sandbox URL, nor sandbox keys production, even if a URL is edited later. Every function takes the
 * user explicitly; the caller has checked the session (merchant-access.ts).
 */
export function createMerchantKeys(deps: MerchantKeysDeps) {
  const merchant = (): MerchantSettings => deps.settings.get().merchant;
  /** Every binding the user saved, in any account: only for replacing or deleting them. */
  const allBindingsOf = (userGuid: string) => merchant().keysByUser[userGuid] ?? {};
  /**
   * The user's keys that may be shown and used now: those saved while the active account was active
   * (so the money-moving role checked is that account's). In another account of the same user they do not exist.
   */
  const bindingsOf = (userGuid: string): MerchantSettings['keysByUser'][string] => {
    const accountGuid = deps.session.activeAccount().guid;
    return Object.fromEntries(
      Object.entries(allBindingsOf(userGuid)).filter(([, binding]) => binding.accountGuid === accountGuid),
    );
  };
  let migration: Promise<void> | null = null;

  function apiUrlOf(environment: EnvironmentId): string | null {
    const own = merchant().apiUrls[environment];
    if (own) return own;
    const configured = deps.settings.get().environments[environment]?.apiUrl;
    if (configured) return configured;
    return builtInEndpoints(environment, deps.localSandboxPort)?.apiUrl ?? publicMerchantApiUrl(environment);
  }

  function assetFormOf(environment: EnvironmentId): AssetForm {
    return merchant().assetForms[environment] ?? DEFAULT_ASSET_FORM;
  }

  /** Why the user's keys cannot be used now, and (a separate sentence) what the user can do about it. */
  function bindingProblem(userGuid: string, environment: EnvironmentId): { what: string; remedy: string } | null {
    const binding = bindingsOf(userGuid)[environment];
    if (!binding) return null;
    const url = apiUrlOf(environment);
    if (url === null) {
      return {
        what: `No merchant API address is set for ${environmentLabels[environment]}.`,
        remedy: 'Set it under API keys.',
      };
    }
    const origin = new URL(url).origin;
    if (origin !== binding.boundOrigin) {
      return {
        what: `These keys were entered for ${binding.boundOrigin}, but the ${environmentLabels[environment]} API address is now ${origin}. To protect them they are not sent to the new address.`,
        remedy: 'Enter the secret key again.',
      };
    }
    return null;
  }

  /**
   * Why no merchant call can be made, then what to do: the keys form's remedy for a role that may save keys,
   * and for any other role (which has no keys form, security.md 30) whom to ask instead.
   */
  function keysMissingWords(what: string, remedy: string): string {
    const account = deps.session.activeAccount();
    return account.canMoveMoney
      ? `${what} ${remedy}`
      : `${what} ${roleRefusalWords(account, 'cannot save merchant keys')}`;
  }

  function problemWords(problem: { what: string; remedy: string } | null): string | null {
    return problem ? keysMissingWords(problem.what, problem.remedy) : null;
  }

  async function view(userGuid: string, environment: EnvironmentId): Promise<MerchantEnvironmentView> {
    const binding = bindingsOf(userGuid)[environment];
    const secret = binding ? await deps.secrets.get(secretAccount(userGuid, environment, binding.publicKey)) : null;
    if (secret) deps.logger.registerSecret?.(secret);
    const signingKey = binding
      ? await deps.secrets.get(signingAccount(userGuid, environment, binding.publicKey))
      : null;
    if (signingKey) deps.logger.registerSecret?.(signingKey);
    return {
      id: environment,
      label: environmentLabels[environment],
      apiUrl: apiUrlOf(environment),
      apiUrlEditable: environment !== 'local-sandbox',
      publicKey: binding?.publicKey ?? null,
      secretKey: secret ? 'set' : 'missing',
      boundOrigin: binding?.boundOrigin ?? null,
      problem: problemWords(bindingProblem(userGuid, environment)),
      signing: {
        enabled: binding?.signRequests ?? false,
        publicKeyPem: signingKey ? publicKeyOf(signingKey) : null,
      },
      assetForm: assetFormOf(environment),
    };
  }

  async function overview(userGuid: string): Promise<MerchantOverview> {
    const current = merchant();
    return {
      environment: current.environment,
      environments: await Promise.all(merchantEnvironments.map((environment) => view(userGuid, environment))),
      allowUnverified: current.allowUnverified,
      keychain: deps.secrets.kind === 'keychain' ? 'available' : 'unavailable',
      lastReferenceId: current.lastReferenceIdByUser[userGuid] ?? '',
    };
  }

  async function updateMerchant(change: (current: MerchantSettings) => MerchantSettings): Promise<void> {
    await savingSettings('merchant-settings', () =>
      deps.settings.update((settings) => ({ ...settings, merchant: change(settings.merchant) })),
    );
  }

  async function deleteSecret(userGuid: string, environment: EnvironmentId): Promise<void> {
    const binding = allBindingsOf(userGuid)[environment];
    if (binding) await deps.secrets.delete(secretAccount(userGuid, environment, binding.publicKey));
  }

  /** The user's binding in the active account, or a clear refusal: signing keys belong to saved keys. */
  function ownBinding(userGuid: string, environment: EnvironmentId): MerchantKeyBinding {
    const binding = bindingsOf(userGuid)[environment];
    if (!binding)
      throw new AppError(
        'not_configured',
        `Save the merchant keys for ${environmentLabels[environment]} first: a signing key belongs to them.`,
      );
    return binding;
  }

  async function setSigning(userGuid: string, environment: EnvironmentId, signRequests: boolean): Promise<void> {
    await updateMerchant((current) => {
      const binding = current.keysByUser[userGuid]?.[environment];
      if (!binding) return current;
      return {
        ...current,
        keysByUser: {
          ...current.keysByUser,
          [userGuid]: { ...current.keysByUser[userGuid], [environment]: { ...binding, signRequests } },
        },
      };
    });
  }

  async function storeSigningKey(userGuid: string, environment: EnvironmentId, pair: SigningKeyPair) {
    const binding = ownBinding(userGuid, environment);
    deps.logger.registerSecret?.(pair.privateKeyPem);
    await deps.secrets.set(signingAccount(userGuid, environment, binding.publicKey), pair.privateKeyPem);
    // A new key is not registered with the service yet: requests go unsigned until the user turns it on.
    await setSigning(userGuid, environment, false);
  }

  /**
   * Keys and pending verifications from before keys had owners belong to nobody: whoever signs in next
   * must not inherit them (the finding: a Viewer withdrew with an administrator's keys). Their keychain
   * entries are deleted and the settings forget them; the user who owns the merchant enters the secret
   * again. A keychain that fails here is logged: the binding is gone either way, so the entry is never used.
   */
  async function migrateOwnerless(): Promise<void> {
    const current = merchant();
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
    await updateMerchant((settings) => ({
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

  return {
    current: merchant,
    apiUrlOf,
    overview,
    updateMerchant,

    /** Runs the ownerless-keys migration once per run; every merchant operation awaits it first. */
    migrated(): Promise<void> {
      migration ??= migrateOwnerless().catch((error: unknown) => {
        migration = null;
        throw error;
      });
      return migration;
    },

    /** Per environment: one service may read asset names, another network codes. */
    async setAssetForm(userGuid: string, environment: EnvironmentId, assetForm: AssetForm): Promise<MerchantOverview> {
      await updateMerchant((current) => ({
        ...current,
        assetForms: { ...current.assetForms, [environment]: assetForm },
      }));
      deps.logger.info('merchant asset form changed', { environment, assetForm });
      return overview(userGuid);
    },

    async setEnvironment(userGuid: string, environment: EnvironmentId): Promise<MerchantOverview> {
      await updateMerchant((current) => ({ ...current, environment }));
      return overview(userGuid);
    },

    async setApiUrl(userGuid: string, environment: EnvironmentId, text: string): Promise<MerchantOverview> {
      if (environment === 'local-sandbox')
        throw new AppError('bad_input', 'The local sandbox address is built in.', { field: 'apiUrl' });
      const url = requireApiUrl(environment, text);
      // Production and the sandboxes never share a host: otherwise keys of one could reach the other.
      const origin = new URL(url).origin;
      const clash = merchantEnvironments.find((other) => {
        if (other === environment || (other !== 'production' && environment !== 'production')) return false;
        const otherUrl = apiUrlOf(other);
        return otherUrl !== null && new URL(otherUrl).origin === origin;
      });
      if (clash) {
        throw new AppError(
          'bad_input',
          `${origin} is already the ${environmentLabels[clash]} address. Production and sandbox environments must use different addresses, so their keys can never be mixed up.`,
          { field: 'apiUrl' },
        );
      }
      await updateMerchant((current) => ({ ...current, apiUrls: { ...current.apiUrls, [environment]: url } }));
      return overview(userGuid);
    },

    async save(
      userGuid: string,
      environment: EnvironmentId,
      publicKey: string,
      secretKey: string,
    ): Promise<MerchantOverview> {
      const url = apiUrlOf(environment);
      if (url === null) {
        throw new AppError(
          'not_configured',
          `Set the ${environmentLabels[environment]} merchant API address first: the keys are bound to it.`,
          { field: 'apiUrl' },
        );
      }
      const accountGuid = deps.session.activeAccount().guid;
      deps.logger.registerSecret?.(secretKey);
      // A new public key replaces the old pair whole: the old secret must not linger under the old name,
      // nor the old merchant's signing key.
      const previous = allBindingsOf(userGuid)[environment];
      await deleteSecret(userGuid, environment);
      const keepSigning = previous?.publicKey === publicKey && previous.accountGuid === accountGuid;
      if (previous && !keepSigning)
        await deps.secrets.delete(signingAccount(userGuid, environment, previous.publicKey));
      await deps.secrets.set(secretAccount(userGuid, environment, publicKey), secretKey);
      await updateMerchant((current) => ({
        ...current,
        keysByUser: {
          ...current.keysByUser,
          [userGuid]: {
            ...current.keysByUser[userGuid],
            // One pair per user and environment: saving in another account replaces the pair of the first.
            [environment]: {
              publicKey,
              boundOrigin: new URL(url).origin,
              accountGuid,
              signRequests: keepSigning ? previous.signRequests : false,
            },
          },
        },
      }));
      deps.logger.info('merchant keys saved', { environment, secretStore: deps.secrets.kind });
      return overview(userGuid);
    },

    async remove(userGuid: string, environment: EnvironmentId): Promise<MerchantOverview> {
      // Only the keys of the active account, the ones the user can see, can be deleted from here.
      const binding = bindingsOf(userGuid)[environment];
      if (!binding) return overview(userGuid);
      await deleteSecret(userGuid, environment);
      await deps.secrets.delete(signingAccount(userGuid, environment, binding.publicKey));
      await updateMerchant((current) => {
        const own = { ...current.keysByUser[userGuid] };
        delete own[environment];
        return { ...current, keysByUser: { ...current.keysByUser, [userGuid]: own } };
      });
      deps.logger.info('merchant keys deleted', { environment });
      return overview(userGuid);
    },

    /** A fresh RSA key pair for request signing; only the public half is ever shown. */
    async generateSigningKey(userGuid: string, environment: EnvironmentId): Promise<MerchantOverview> {
      ownBinding(userGuid, environment);
      await storeSigningKey(userGuid, environment, await generateSigningKeyPair());
      deps.logger.info('merchant signing key generated', { environment, secretStore: deps.secrets.kind });
      return overview(userGuid);
    },

    /** A pasted private key, validated first (request-signing.ts): a bad one changes nothing. */
    async importSigningKey(userGuid: string, environment: EnvironmentId, pem: string): Promise<MerchantOverview> {
      ownBinding(userGuid, environment);
      await storeSigningKey(userGuid, environment, importSigningKey(pem));
      deps.logger.info('merchant signing key imported', { environment, secretStore: deps.secrets.kind });
      return overview(userGuid);
    },

    async setSigningEnabled(userGuid: string, environment: EnvironmentId, enabled: boolean): Promise<MerchantOverview> {
      const binding = ownBinding(userGuid, environment);
      if (enabled && !(await deps.secrets.get(signingAccount(userGuid, environment, binding.publicKey))))
        throw new AppError('not_configured', 'Generate or import a signing key first.');
      await setSigning(userGuid, environment, enabled);
      deps.logger.info('merchant request signing changed', { environment, enabled });
      return overview(userGuid);
    },

    async removeSigningKey(userGuid: string, environment: EnvironmentId): Promise<MerchantOverview> {
      const binding = bindingsOf(userGuid)[environment];
      if (!binding) return overview(userGuid);
      await deps.secrets.delete(signingAccount(userGuid, environment, binding.publicKey));
      await setSigning(userGuid, environment, false);
      deps.logger.info('merchant signing key deleted', { environment });
      return overview(userGuid);
    },

    async rememberReferenceId(userGuid: string, referenceId: string): Promise<void> {
      if (merchant().lastReferenceIdByUser[userGuid] === referenceId) return;
      await updateMerchant((current) => ({
        ...current,
        lastReferenceIdByUser: { ...current.lastReferenceIdByUser, [userGuid]: referenceId },
      }));
    },

    /**
     * A client for the user's keys in the active environment, or a clear reason why there is none. Nothing
     * is sent here.
     */
    async connect(userGuid: string): Promise<MerchantConnection> {
      const environment = merchant().environment;
      const label = environmentLabels[environment];
      const binding = bindingsOf(userGuid)[environment];
      if (!binding) {
        throw new AppError(
          'not_configured',
          keysMissingWords(`You have no merchant keys for ${label}.`, 'Add them under API keys.'),
        );
      }
      const problem = bindingProblem(userGuid, environment);
      if (problem) throw new AppError('not_configured', keysMissingWords(problem.what, problem.remedy));
      const secretKey = await deps.secrets.get(secretAccount(userGuid, environment, binding.publicKey));
      if (!secretKey) {
        throw new AppError(
          'not_configured',
          keysMissingWords(
            `The secret key for ${label} is not in the keychain (it may have been removed).`,
            'Enter it again.',
          ),
        );
      }
      const signingKey = binding.signRequests
        ? await deps.secrets.get(signingAccount(userGuid, environment, binding.publicKey))
        : null;
      if (binding.signRequests && !signingKey) {
        throw new AppError(
          'not_configured',
          `Request signing is on for ${label}, but its private key is not in the keychain (it may have been removed). Import it again or turn signing off.`,
        );
      }
      if (signingKey) deps.logger.registerSecret?.(signingKey);
      const apiUrl = apiUrlOf(environment) as string;
      return {
        userGuid,
        environment,
        publicKey: binding.publicKey,
        origin: binding.boundOrigin,
        client: createInterfaceBClient({
          apiUrl,
          publicKey: binding.publicKey,
          secretKey,
          ...(signingKey ? { signingKey } : {}),
          assetForm: assetFormOf(environment),
          logger: deps.logger,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
          ...(deps.requestTimeoutMs === undefined ? {} : { timeoutMs: deps.requestTimeoutMs }),
        }),
      };
    },

    /** The user's stored secret of the active environment, for checking callback signatures in main. */
    async activeSecret(userGuid: string): Promise<string> {
      const environment = merchant().environment;
      const binding = bindingsOf(userGuid)[environment];
      const secret = binding ? await deps.secrets.get(secretAccount(userGuid, environment, binding.publicKey)) : null;
      if (!secret)
        throw new AppError('not_configured', `You have no secret key stored for ${environmentLabels[environment]}.`);
      deps.logger.registerSecret?.(secret);
      return secret;
    },
  };
}

export type MerchantKeys = ReturnType<typeof createMerchantKeys>;

/**
 * Production and the service's sandbox are reached over https only; a custom address may be plain http
 * on this machine (a local stand-in), never across the network, where the key header would travel in clear.
 */
export function requireApiUrl(environment: EnvironmentId, text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new AppError('bad_input', 'Enter the API address as a full URL, such as https://api.example.com.', {
      field: 'apiUrl',
    });
  }
  if (url.username || url.password)
    throw new AppError('bad_input', 'The API address must not contain a user name or password.', { field: 'apiUrl' });
  const https = url.protocol === 'https:';
  const localHttp = isPlainLoopback(url);
  if (!https && !(environment === 'custom' && localHttp)) {
    throw new AppError(
      'bad_input',
      'The merchant API address must start with https:// (plain http is allowed only for a custom address on this computer).',
      {
        field: 'apiUrl',
      },
    );
  }
  return url.href.replace(/\/+$/, '');
}
