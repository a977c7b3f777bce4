import { AppError } from '../../app-error';
import { discoverIssuer, withClockSkew } from '../../auth/oidc-config';
import { createSignInFlow } from '../../auth/sign-in';
import { createOidcTokenEndpoint, type TokenEndpoint } from '../../auth/token-endpoint';
import { createTokenManager, type TokenManager } from '../../auth/token-manager';
import type { TokenSet } from '../../auth/token-set';
import { createInterfaceAClient, type InterfaceAClient } from '../../service/interface-a';
import type { Endpoints } from '../../settings/environments';
import {
  changed,
  observeServiceDate,
  observeTokens,
  openIdSkewSeconds,
  resetToSignedOut,
  type Machinery,
  type SessionContext,
} from './session-context';
import { t } from '../../i18n/main-text';

/** Discovery of the issuer, made once and tried again after a failure, with the service's clock applied. */
function configurationOf(context: SessionContext, endpoints: Endpoints) {
  const onServiceDate = (header: string | null) => observeServiceDate(context, header);
  let configuration: ReturnType<typeof discoverIssuer> | null = null;
  const discovered = () => {
    configuration ??= discoverIssuer(endpoints, { onServiceDate }).catch((error: unknown) => {
      configuration = null; // try discovery again next time
      throw error;
    });
    return configuration;
  };
  return async () => withClockSkew(await discovered(), openIdSkewSeconds(context), onServiceDate);
}

/** The token manager of one environment, which signs the session out when the issuer or keychain ends it. */
function tokensOf(context: SessionContext, account: string, endpoint: TokenEndpoint): TokenManager {
  const { deps } = context;
  const tokens = createTokenManager({
    store: deps.secrets,
    account,
    endpoint,
    logger: deps.logger,
    now: context.now,
    ...(deps.refreshLeewaySeconds === undefined ? {} : { refreshLeewaySeconds: deps.refreshLeewaySeconds }),
  });
  tokens.onSignedOut((reason) => {
    if (context.state.machinery?.tokens !== tokens) return;
    deps.logger.info('session ended by the issuer or the keychain', { reason });
    resetToSignedOut(
      context,
      reason === 'storage_failed' ? t('mainSession.keychainSaveFailed') : t('mainSession.ended'),
    );
    changed(context);
  });
  return tokens;
}

/** One token manager and sign-in flow per environment (its keychain entry is per environment too). */
export function currentMachinery(context: SessionContext): Machinery {
  const { deps, state } = context;
  const endpoints = deps.endpoints();
  const environment = deps.environment();
  const key = JSON.stringify([environment, endpoints.issuer, endpoints.clientId, endpoints.baseUrl]);
  if (state.machinery?.key === key) return state.machinery;
  if (state.machinery) {
    state.machinery.flow.cancel();
    if (state.status !== 'signed-out') {
      resetToSignedOut(context, t('mainSession.environmentChanged'));
      changed(context);
    }
  }
  context.serviceClock.reset();
  const getConfiguration = configurationOf(context, endpoints);
  const oidcEndpoint = createOidcTokenEndpoint(getConfiguration);
  const tokenEndpoint: TokenEndpoint = {
    refresh: async (refreshToken) => observeTokens(context, await oidcEndpoint.refresh(refreshToken)),
    revoke: (token, hint) => oidcEndpoint.revoke(token, hint),
  };
  const account = `refresh-token:${environment}`;
  const tokens = tokensOf(context, account, tokenEndpoint);
  const flow = createSignInFlow({
    getConfiguration,
    openExternal: deps.openExternal,
    logger: deps.logger,
    ...(deps.signInTimeoutMs === undefined ? {} : { callbackTimeoutMs: deps.signInTimeoutMs }),
  });
  state.machinery = { key, endpoints, account, tokens, tokenEndpoint, flow };
  return state.machinery;
}

export function sessionClient(
  context: SessionContext,
  m: Machinery,
  accountGuid: string | null,
  auth: Pick<TokenManager, 'getAccessToken' | 'refreshAfter401'> = m.tokens,
): InterfaceAClient {
  const { deps } = context;
  return createInterfaceAClient({
    baseUrl: m.endpoints.baseUrl,
    auth,
    accountGuid,
    logger: deps.logger,
    ...(deps.requestTimeoutMs === undefined ? {} : { timeoutMs: deps.requestTimeoutMs }),
  });
}

/** A client that uses exactly these tokens and never refreshes: for checking who just signed in. */
export function oneShotClient(context: SessionContext, m: Machinery, tokens: TokenSet): InterfaceAClient {
  return sessionClient(context, m, null, {
    getAccessToken: async () => tokens.accessToken,
    refreshAfter401: async () => {
      throw new AppError('sign_in_failed', t('mainSession.newSignInRefused'));
    },
  });
}
