import type { Configuration, CustomFetch } from 'openid-client';
import { t } from '../i18n/main-text';
import { AppError } from '../app-error';
import { libraryFetch, type LibraryFetchOptions } from '../service/http-call';
import { isAllowedServiceUrl, isPlainLoopback } from '../settings/environments';
import { loadOpenId } from './openid';

/** What the app asks for (spec 5.1) plus offline_access for a refresh token. */
export const SIGN_IN_SCOPES = 'openid offline_access svc:wallet svc:merchant transaction:read transaction:write';

export interface IssuerSettings {
  readonly issuer: string;
  readonly clientId: string;
}

/**
 * Discovers the issuer for a public native client (RFC 8252): no client secret exists anywhere, the
 * token endpoint is called with client authentication "none". Plain http is allowed only for a
 * loopback issuer (the local sandbox and tests, security 15); any other http issuer is refused here,
 * before a single request is made.
 */
export async function discoverIssuer(
  settings: IssuerSettings,
  options: {
    timeoutSeconds?: number;
    /** Sees the Date header of the discovery answer: the first reading of the provider's clock. */
    onServiceDate?: (header: string | null) => void;
    /** How the discovery answer is fetched and bounded (the settings check reads a smaller one). */
    wire?: Omit<LibraryFetchOptions, 'onAnswer'>;
  } = {},
): Promise<Configuration> {
  let issuer: URL;
  try {
    issuer = new URL(settings.issuer);
  } catch {
    throw new AppError('not_configured', t('mainAuth.config.notUrl'));
  }
  if (!isAllowedServiceUrl(issuer)) throw new AppError('not_configured', t('mainAuth.config.notHttps'));
  const insecureLoopback = isPlainLoopback(issuer);
  const oidc = await loadOpenId();
  let config: Configuration;
  try {
    config = await oidc.discovery(issuer, settings.clientId, { token_endpoint_auth_method: 'none' }, oidc.None(), {
      timeout: options.timeoutSeconds ?? 15,
      ...(insecureLoopback ? { execute: [oidc.allowInsecureRequests] } : {}),
      [oidc.customFetch]: wireFetch(options.onServiceDate, options.wire),
    });
  } catch (error) {
    if (isNetworkFailure(error)) {
      throw new AppError('network', t('mainAuth.unreachable'), {
        cause: error,
      });
    }
    throw new AppError('sign_in_failed', t('mainAuth.config.discoveryFailed'), {
      cause: error,
    });
  }
  requireSecureEndpoints(config, insecureLoopback);
  return config;
}

/** openid-client's requests on the one HTTP path (http-call.ts), each answer's Date header seen when asked. */
function wireFetch(
  onServiceDate: ((header: string | null) => void) | undefined,
  wire: Omit<LibraryFetchOptions, 'onAnswer'> = {},
): CustomFetch {
  const fetchOnce = libraryFetch({
    ...wire,
    ...(onServiceDate ? { onAnswer: (response: Response) => onServiceDate(response.headers.get('date')) } : {}),
  });
  // openid-client's options are what it hands to fetch; its body type is spelled apart from the DOM's.
  return (url, options) => fetchOnce(url, options as RequestInit);
}

/**
 * The discovered configuration with openid-client told how far the process clock is off the provider's
 * (`clockSkew`, seconds added to the process clock): it checks an ID token's exp against that clock, and a
 * computer clock ahead by more than the token's lifetime would otherwise refuse every sign-in
 * (security.md 37). The tolerance stays the library's. `onServiceDate` sees the Date header of each answer.
 */
export async function withClockSkew(
  config: Configuration,
  skewSeconds: number,
  onServiceDate?: (header: string | null) => void,
): Promise<Configuration> {
  const oidc = await loadOpenId();
  const server = config.serverMetadata();
  const client = config.clientMetadata();
  const skewed = new oidc.Configuration(
    server,
    client.client_id,
    { ...client, [oidc.clockSkew]: Math.round(skewSeconds) },
    oidc.None(),
  );
  skewed.timeout = config.timeout;
  if (isPlainLoopback(new URL(server.issuer))) oidc.allowInsecureRequests(skewed);
  skewed[oidc.customFetch] = wireFetch(onServiceDate);
  return skewed;
}

/**
 * allowInsecureRequests covers every request of the configuration, not only the loopback issuer's: a
 * document naming a plain-http endpoint elsewhere would send the code, the PKCE verifier and the tokens
 * across the network in clear. Settings checked the document when it was saved; sign-in fetches it anew,
 * so it is checked anew (an endpoint the document leaves out is not called).
 */
function requireSecureEndpoints(config: Configuration, insecureLoopback: boolean): void {
  const metadata = config.serverMetadata();
  for (const endpoint of [metadata.authorization_endpoint, metadata.token_endpoint, metadata.jwks_uri]) {
    if (endpoint === undefined) continue;
    let url: URL | null;
    try {
      url = new URL(endpoint);
    } catch {
      url = null;
    }
    const allowed = url !== null && isAllowedServiceUrl(url, { plainLoopback: insecureLoopback });
    if (!allowed)
      throw new AppError(
        'sign_in_failed',
        t('mainAuth.config.endpointNotHttps', { origin: url?.origin ?? t('mainAuth.config.unreadableAddress') }),
      );
  }
}

export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  return error.cause !== undefined && error.cause !== error && isNetworkFailure(error.cause);
}
