import type { EnvironmentId } from '../../../src-preload/contract/app';
import { environmentNames } from '../../../src-preload/contract/environment-names';
import { AppError } from '../../app-error';
import { isAllowedServiceUrl } from '../../settings/environments';
import {
  allBindingsOf,
  apiUrlOf,
  bindingsOf,
  merchantEnvironments,
  secretAccount,
  signingAccount,
  updateMerchant,
  type MerchantKeysDeps,
} from './merchant-key-bindings';
import { t } from '../../i18n/main-text';

/** Saving and deleting a user's keys, and the API address they are bound to. */

/**
 * Production and the service's sandbox are reached over https only; a custom address may be plain http
 * on this machine (a local stand-in), never across the network, where the key header would travel in clear.
 */
export function requireApiUrl(environment: EnvironmentId, text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new AppError('bad_input', t('mainMerchant.apiUrlForm'), {
      field: 'apiUrl',
    });
  }
  if (url.username || url.password)
    throw new AppError('bad_input', t('mainMerchant.apiUrlCredentials'), { field: 'apiUrl' });
  if (!isAllowedServiceUrl(url, { plainLoopback: environment === 'custom' })) {
    throw new AppError('bad_input', t('mainMerchant.apiUrlHttps'), {
      field: 'apiUrl',
    });
  }
  return url.href.replace(/\/+$/, '');
}

export async function setApiUrl(deps: MerchantKeysDeps, environment: EnvironmentId, text: string): Promise<void> {
  if (environment === 'local-sandbox')
    throw new AppError('bad_input', t('mainMerchant.sandboxBuiltIn'), { field: 'apiUrl' });
  const url = requireApiUrl(environment, text);
  // Production and the sandboxes never share a host: otherwise keys of one could reach the other.
  const origin = new URL(url).origin;
  const clash = merchantEnvironments.find((other) => {
    if (other === environment || (other !== 'production' && environment !== 'production')) return false;
    const otherUrl = apiUrlOf(deps, other);
    return otherUrl !== null && new URL(otherUrl).origin === origin;
  });
  if (clash) {
    throw new AppError(
      'bad_input',
      t('mainMerchant.addressClash', { origin, environment: t(environmentNames[clash]) }),
      {
        field: 'apiUrl',
      },
    );
  }
  await updateMerchant(deps, (current) => ({ ...current, apiUrls: { ...current.apiUrls, [environment]: url } }));
}

async function deleteSecret(deps: MerchantKeysDeps, userGuid: string, environment: EnvironmentId): Promise<void> {
  const binding = allBindingsOf(deps, userGuid)[environment];
  if (binding) await deps.secrets.delete(secretAccount(userGuid, environment, binding.publicKey));
}

export async function saveKeys(
  deps: MerchantKeysDeps,
  userGuid: string,
  environment: EnvironmentId,
  publicKey: string,
  secretKey: string,
): Promise<void> {
  const url = apiUrlOf(deps, environment);
  if (url === null) {
    throw new AppError(
      'not_configured',
      t('mainMerchant.setApiFirst', { environment: t(environmentNames[environment]) }),
      { field: 'apiUrl' },
    );
  }
  const accountGuid = deps.session.activeAccount().guid;
  deps.logger.registerSecret?.(secretKey);
  // A new public key replaces the old pair whole: the old secret must not linger under the old name,
  // nor the old merchant's signing key.
  const previous = allBindingsOf(deps, userGuid)[environment];
  await deleteSecret(deps, userGuid, environment);
  const keepSigning = previous?.publicKey === publicKey && previous.accountGuid === accountGuid;
  if (previous && !keepSigning) await deps.secrets.delete(signingAccount(userGuid, environment, previous.publicKey));
  await deps.secrets.set(secretAccount(userGuid, environment, publicKey), secretKey);
  await updateMerchant(deps, (current) => ({
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
}

export async function removeKeys(deps: MerchantKeysDeps, userGuid: string, environment: EnvironmentId): Promise<void> {
  // Only the keys of the active account, the ones the user can see, can be deleted from here.
  const binding = bindingsOf(deps, userGuid)[environment];
  if (!binding) return;
  await deleteSecret(deps, userGuid, environment);
  await deps.secrets.delete(signingAccount(userGuid, environment, binding.publicKey));
  await updateMerchant(deps, (current) => {
    const own = { ...current.keysByUser[userGuid] };
    delete own[environment];
    return { ...current, keysByUser: { ...current.keysByUser, [userGuid]: own } };
  });
  deps.logger.info('merchant keys deleted', { environment });
}
