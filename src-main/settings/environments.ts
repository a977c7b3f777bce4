import type { EnvironmentId } from '../../src-preload/contract/app';
import type { Endpoints } from './endpoints';

export const LOCAL_SANDBOX_PORT = 4477;

// The schema is settings.json's (endpoints.ts): the core's import, which needs only the type, builds none of it.
export type { Endpoints } from './endpoints';

/**
 * Only the local sandbox has built-in endpoints. The service's own hosts are not part of its public
 * contract, so the service sandbox, production and custom profiles are configured in settings.json.
 */
export function builtInEndpoints(id: EnvironmentId, localSandboxPort = LOCAL_SANDBOX_PORT): Endpoints | null {
  if (id !== 'local-sandbox') return null;
  const origin = `http://127.0.0.1:${localSandboxPort}`;
  return { issuer: `${origin}/oidc`, clientId: 'wallet-desk', baseUrl: origin, apiUrl: origin };
}

/**
 * The merchant API (Interface B) addresses the vendor's SDKs use by default (the JavaScript SDK's production and
 * sandbox base URLs; the Python SDK's are the same hosts): public, so those environments start prefilled.
 * The sign-in server and client id of each have no public value: they come from the user's provider.
 */
const vendorMerchantApiUrls: Partial<Record<EnvironmentId, string>> = {
  production: 'https://gateway.paybin.io',
  'service-sandbox': 'https://sandbox.paybin.io',
};

/** The public default merchant API address of an environment, or null where none is published. */
export function publicMerchantApiUrl(id: EnvironmentId): string | null {
  return vendorMerchantApiUrls[id] ?? null;
}

/**
 * Plain http is allowed only to these IP literals, never to the name `localhost`: a hosts file or resolver
 * can point a name anywhere (RFC 8252 section 8.3).
 */
export function isLoopbackUrl(url: string): boolean {
  try {
    const { hostname } = new URL(url);
    return hostname === '127.0.0.1' || hostname === '[::1]';
  } catch {
    return false;
  }
}

/** Plain http to a loopback IP literal: the sandbox's and the tests' (security.md 15). */
export function isPlainLoopback(url: URL): boolean {
  return url.protocol === 'http:' && isLoopbackUrl(url.href);
}

/**
 * The one rule for an address the app talks to or opens for sign-in: https, or plain http only to a
 * loopback IP literal on this computer. `plainLoopback: false` where even that is refused: a real
 * environment's merchant API, or the endpoints of an issuer that is not itself on loopback.
 */
export function isAllowedServiceUrl(
  url: URL,
  { plainLoopback = true }: { readonly plainLoopback?: boolean } = {},
): boolean {
  return url.protocol === 'https:' || (plainLoopback && isPlainLoopback(url));
}
