import type { EnvironmentId } from '../../../src-preload/contract/app';
import { AppError } from '../../app-error';
import { createInterfaceBClient, type InterfaceBClient } from '../../service/interface-b';
import { environmentNames } from '../../../src-preload/contract/environment-names';
import {
  apiUrlOf,
  assetFormOf,
  bindingProblem,
  bindingsOf,
  keysMissingWords,
  merchantOf,
  secretAccount,
  signingAccount,
  type MerchantKeysDeps,
} from './merchant-key-bindings';
import type { MerchantKeyBinding } from './merchant-settings';
import { t } from '../../i18n/main-text';

/** What a client needs, all read from main-side state: the renderer never names a URL or a key. */
export interface MerchantConnection {
  readonly userGuid: string;
  readonly environment: EnvironmentId;
  readonly publicKey: string;
  readonly origin: string;
  readonly client: InterfaceBClient;
}

/** The signing key when signing is on, or a refusal when it is on but the key is gone. */
async function signingKeyOf(
  deps: MerchantKeysDeps,
  userGuid: string,
  environment: EnvironmentId,
  binding: MerchantKeyBinding,
): Promise<string | null> {
  const signingKey = binding.signRequests
    ? await deps.secrets.get(signingAccount(userGuid, environment, binding.publicKey))
    : null;
  if (binding.signRequests && !signingKey) {
    throw new AppError(
      'not_configured',
      t('mainMerchant.signingKeyMissing', { environment: t(environmentNames[environment]) }),
    );
  }
  if (signingKey) deps.logger.registerSecret?.(signingKey);
  return signingKey;
}

/**
 * A client for the user's keys in the active environment, or a clear reason why there is none. Nothing
 * is sent here.
 */
export async function connectMerchant(deps: MerchantKeysDeps, userGuid: string): Promise<MerchantConnection> {
  const environment = merchantOf(deps).environment;
  const label = t(environmentNames[environment]);
  const binding = bindingsOf(deps, userGuid)[environment];
  if (!binding) {
    throw new AppError(
      'not_configured',
      keysMissingWords(deps, t('mainMerchant.noKeys', { environment: label }), t('mainMerchant.addKeys')),
    );
  }
  const problem = bindingProblem(deps, userGuid, environment);
  if (problem) throw new AppError('not_configured', keysMissingWords(deps, problem.what, problem.remedy));
  const secretKey = await deps.secrets.get(secretAccount(userGuid, environment, binding.publicKey));
  if (!secretKey) {
    throw new AppError(
      'not_configured',
      keysMissingWords(deps, t('mainMerchant.secretMissing', { environment: label }), t('mainMerchant.enterAgain')),
    );
  }
  const signingKey = await signingKeyOf(deps, userGuid, environment, binding);
  const apiUrl = apiUrlOf(deps, environment) as string;
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
      assetForm: assetFormOf(deps, environment),
      logger: deps.logger,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.requestTimeoutMs === undefined ? {} : { timeoutMs: deps.requestTimeoutMs }),
    }),
  };
}

/** The user's stored secret of the active environment, for checking callback signatures in main. */
export async function activeSecret(deps: MerchantKeysDeps, userGuid: string): Promise<string> {
  const environment = merchantOf(deps).environment;
  const binding = bindingsOf(deps, userGuid)[environment];
  const secret = binding ? await deps.secrets.get(secretAccount(userGuid, environment, binding.publicKey)) : null;
  if (!secret)
    throw new AppError(
      'not_configured',
      t('mainMerchant.noSecretStored', { environment: t(environmentNames[environment]) }),
    );
  deps.logger.registerSecret?.(secret);
  return secret;
}
