import type { EnvironmentId } from '../../../src-preload/contract/app';
import type { MerchantEnvironmentView, MerchantOverview } from '../../../src-preload/contract/merchant';
import { AppError } from '../../app-error';
import type { SecretStore } from '../../keychain/secret-store';
import type { Logger } from '../../logging/logger';
import { builtInEndpoints, environmentLabels, isLoopbackUrl } from '../../settings/environments';
import type { SettingsStore } from '../../settings/settings-store';
import { createInterfaceBClient, type InterfaceBClient } from '../../service/interface-b';
import type { MerchantSettings } from './merchant-settings';

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
}

/** The keychain entry of one merchant secret: bound to its environment and public key by name. */
export function secretAccount(environment: EnvironmentId, publicKey: string): string {
  return `merchant-secret:${environment}:${publicKey}`;
}

/** What a client needs, all read from main-side state: the renderer never names a URL or a key. */
export interface MerchantConnection {
  readonly environment: EnvironmentId;
  readonly publicKey: string;
  readonly origin: string;
  readonly client: InterfaceBClient;
}

/**
 * Merchant API environments and their keys. Keys are bound to the environment they were entered for
 * (the keychain account name carries it) and to the API origin it had then (kept in settings): a request
 * only ever goes out with the active environment's own keys, to the origin those keys were entered for.
 * So production keys never reach a sandbox URL, nor sandbox keys production, even if a URL is edited later.
 */
export function createMerchantKeys(deps: MerchantKeysDeps) {
  const merchant = (): MerchantSettings => deps.settings.get().merchant;

  function apiUrlOf(environment: EnvironmentId): string | null {
    const own = merchant().apiUrls[environment];
    if (own) return own;
    const configured = deps.settings.get().environments[environment]?.apiUrl;
    if (configured) return configured;
    return builtInEndpoints(environment, deps.localSandboxPort)?.apiUrl ?? null;
  }

  function bindingProblem(environment: EnvironmentId): string | null {
    const binding = merchant().keys[environment];
    if (!binding) return null;
    const url = apiUrlOf(environment);
    if (url === null) return `No merchant API address is set for ${environmentLabels[environment]}.`;
    const origin = new URL(url).origin;
    if (origin !== binding.boundOrigin) {
      return `These keys were entered for ${binding.boundOrigin}, but the ${environmentLabels[environment]} API address is now ${origin}. To protect them they are not sent to the new address: enter the secret key again.`;
    }
    return null;
  }

  async function view(environment: EnvironmentId): Promise<MerchantEnvironmentView> {
    const binding = merchant().keys[environment];
    const secret = binding ? await deps.secrets.get(secretAccount(environment, binding.publicKey)) : null;
    if (secret) deps.logger.registerSecret?.(secret);
    return {
      id: environment,
      label: environmentLabels[environment],
      apiUrl: apiUrlOf(environment),
      apiUrlEditable: environment !== 'local-sandbox',
      publicKey: binding?.publicKey ?? null,
      secretKey: secret ? 'set' : 'missing',
      boundOrigin: binding?.boundOrigin ?? null,
      problem: bindingProblem(environment),
    };
  }

  async function overview(): Promise<MerchantOverview> {
    const current = merchant();
    return {
      environment: current.environment,
      environments: await Promise.all(merchantEnvironments.map(view)),
      allowUnverified: current.allowUnverified,
      keychain: deps.secrets.kind === 'keychain' ? 'available' : 'unavailable',
      lastReferenceId: current.lastReferenceId,
    };
  }

  async function updateMerchant(change: (current: MerchantSettings) => MerchantSettings): Promise<void> {
    await deps.settings.update((settings) => ({ ...settings, merchant: change(settings.merchant) }));
  }

  async function deleteSecret(environment: EnvironmentId): Promise<void> {
    const binding = merchant().keys[environment];
    if (binding) await deps.secrets.delete(secretAccount(environment, binding.publicKey));
  }

  return {
    current: merchant,
    apiUrlOf,
    overview,
    updateMerchant,

    async setEnvironment(environment: EnvironmentId): Promise<MerchantOverview> {
      await updateMerchant((current) => ({ ...current, environment }));
      return overview();
    },

    async setApiUrl(environment: EnvironmentId, text: string): Promise<MerchantOverview> {
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
      return overview();
    },

    async save(environment: EnvironmentId, publicKey: string, secretKey: string): Promise<MerchantOverview> {
      const url = apiUrlOf(environment);
      if (url === null) {
        throw new AppError(
          'not_configured',
          `Set the ${environmentLabels[environment]} merchant API address first: the keys are bound to it.`,
          { field: 'apiUrl' },
        );
      }
      deps.logger.registerSecret?.(secretKey);
      // A new public key replaces the old pair whole: the old secret must not linger under the old name.
      await deleteSecret(environment);
      await deps.secrets.set(secretAccount(environment, publicKey), secretKey);
      await updateMerchant((current) => ({
        ...current,
        keys: { ...current.keys, [environment]: { publicKey, boundOrigin: new URL(url).origin } },
      }));
      deps.logger.info('merchant keys saved', { environment, secretStore: deps.secrets.kind });
      return overview();
    },

    async remove(environment: EnvironmentId): Promise<MerchantOverview> {
      await deleteSecret(environment);
      await updateMerchant((current) => {
        const keys = { ...current.keys };
        delete keys[environment];
        return { ...current, keys };
      });
      deps.logger.info('merchant keys deleted', { environment });
      return overview();
    },

    /** A client for the active environment, or a clear reason why there is none. Nothing is sent here. */
    async connect(): Promise<MerchantConnection> {
      const environment = merchant().environment;
      const label = environmentLabels[environment];
      const binding = merchant().keys[environment];
      if (!binding)
        throw new AppError(
          'not_configured',
          `No merchant keys are set for ${label}. Add them under Merchant API keys.`,
        );
      const problem = bindingProblem(environment);
      if (problem) throw new AppError('not_configured', problem);
      const secretKey = await deps.secrets.get(secretAccount(environment, binding.publicKey));
      if (!secretKey) {
        throw new AppError(
          'not_configured',
          `The secret key for ${label} is not in the keychain (it may have been removed). Enter it again.`,
        );
      }
      const apiUrl = apiUrlOf(environment) as string;
      return {
        environment,
        publicKey: binding.publicKey,
        origin: binding.boundOrigin,
        client: createInterfaceBClient({
          apiUrl,
          publicKey: binding.publicKey,
          secretKey,
          logger: deps.logger,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
        }),
      };
    },

    /** The stored secret of the active environment, for checking callback signatures in main. */
    async activeSecret(): Promise<string> {
      const environment = merchant().environment;
      const binding = merchant().keys[environment];
      const secret = binding ? await deps.secrets.get(secretAccount(environment, binding.publicKey)) : null;
      if (!secret)
        throw new AppError('not_configured', `No secret key is stored for ${environmentLabels[environment]}.`);
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
  const localHttp = url.protocol === 'http:' && isLoopbackUrl(url.href);
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
