import type { EnvironmentId } from '../../../src-preload/contract/app';
import { AppError } from '../../app-error';
import { generateSigningKeyPair, importSigningKey, type SigningKeyPair } from '../../service/request-signing';
import { bindingsOf, ownBinding, signingAccount, updateMerchant, type MerchantKeysDeps } from './merchant-key-bindings';
import { t } from '../../i18n/main-text';

/** A merchant's request-signing key: kept in the keychain beside its secret key, used only once turned on. */

async function setSigning(
  deps: MerchantKeysDeps,
  userGuid: string,
  environment: EnvironmentId,
  signRequests: boolean,
): Promise<void> {
  await updateMerchant(deps, (current) => {
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

async function storeSigningKey(
  deps: MerchantKeysDeps,
  userGuid: string,
  environment: EnvironmentId,
  pair: SigningKeyPair,
): Promise<void> {
  const binding = ownBinding(deps, userGuid, environment);
  deps.logger.registerSecret?.(pair.privateKeyPem);
  await deps.secrets.set(signingAccount(userGuid, environment, binding.publicKey), pair.privateKeyPem);
  // A new key is not registered with the service yet: requests go unsigned until the user turns it on.
  await setSigning(deps, userGuid, environment, false);
}

/** A fresh RSA key pair for request signing; only the public half is ever shown. */
export async function generateSigningKey(deps: MerchantKeysDeps, userGuid: string, environment: EnvironmentId) {
  ownBinding(deps, userGuid, environment);
  await storeSigningKey(deps, userGuid, environment, await generateSigningKeyPair());
  deps.logger.info('merchant signing key generated', { environment, secretStore: deps.secrets.kind });
}

/** A pasted private key, validated first (request-signing.ts): a bad one changes nothing. */
export async function importPastedSigningKey(
  deps: MerchantKeysDeps,
  userGuid: string,
  environment: EnvironmentId,
  pem: string,
): Promise<void> {
  ownBinding(deps, userGuid, environment);
  await storeSigningKey(deps, userGuid, environment, importSigningKey(pem));
  deps.logger.info('merchant signing key imported', { environment, secretStore: deps.secrets.kind });
}

export async function setSigningEnabled(
  deps: MerchantKeysDeps,
  userGuid: string,
  environment: EnvironmentId,
  enabled: boolean,
): Promise<void> {
  const binding = ownBinding(deps, userGuid, environment);
  if (enabled && !(await deps.secrets.get(signingAccount(userGuid, environment, binding.publicKey))))
    throw new AppError('not_configured', t('mainMerchant.signingKeyFirst'));
  await setSigning(deps, userGuid, environment, enabled);
  deps.logger.info('merchant request signing changed', { environment, enabled });
}

export async function removeSigningKey(
  deps: MerchantKeysDeps,
  userGuid: string,
  environment: EnvironmentId,
): Promise<void> {
  const binding = bindingsOf(deps, userGuid)[environment];
  if (!binding) return;
  await deps.secrets.delete(signingAccount(userGuid, environment, binding.publicKey));
  await setSigning(deps, userGuid, environment, false);
  deps.logger.info('merchant signing key deleted', { environment });
}
