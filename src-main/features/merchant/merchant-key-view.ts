import type { EnvironmentId } from '../../../src-preload/contract/app';
import type { MerchantEnvironmentView, MerchantOverview } from '../../../src-preload/contract/merchant';
import { publicKeyOf } from '../../service/request-signing';
import {
  apiUrlOf,
  assetFormOf,
  bindingProblem,
  bindingsOf,
  keysMissingWords,
  merchantEnvironments,
  merchantOf,
  secretAccount,
  signingAccount,
  type MerchantKeysDeps,
} from './merchant-key-bindings';

/** What the keys form shows of one environment: never a secret, only whether it is set. */
async function environmentView(
  deps: MerchantKeysDeps,
  userGuid: string,
  environment: EnvironmentId,
): Promise<MerchantEnvironmentView> {
  const binding = bindingsOf(deps, userGuid)[environment];
  const secret = binding ? await deps.secrets.get(secretAccount(userGuid, environment, binding.publicKey)) : null;
  if (secret) deps.logger.registerSecret?.(secret);
  const signingKey = binding ? await deps.secrets.get(signingAccount(userGuid, environment, binding.publicKey)) : null;
  if (signingKey) deps.logger.registerSecret?.(signingKey);
  const problem = bindingProblem(deps, userGuid, environment);
  return {
    id: environment,
    apiUrl: apiUrlOf(deps, environment),
    apiUrlEditable: environment !== 'local-sandbox',
    publicKey: binding?.publicKey ?? null,
    secretKey: secret ? 'set' : 'missing',
    boundOrigin: binding?.boundOrigin ?? null,
    problem: problem ? keysMissingWords(deps, problem.what, problem.remedy) : null,
    signing: {
      enabled: binding?.signRequests ?? false,
      publicKeyPem: signingKey ? publicKeyOf(signingKey) : null,
    },
    assetForm: assetFormOf(deps, environment),
  };
}

export async function merchantOverview(deps: MerchantKeysDeps, userGuid: string): Promise<MerchantOverview> {
  const current = merchantOf(deps);
  return {
    environment: current.environment,
    environments: await Promise.all(
      merchantEnvironments.map((environment) => environmentView(deps, userGuid, environment)),
    ),
    allowUnverified: current.allowUnverified,
    keychain: deps.secrets.kind === 'keychain' ? 'available' : 'unavailable',
    lastReferenceId: current.lastReferenceIdByUser[userGuid] ?? '',
  };
}
