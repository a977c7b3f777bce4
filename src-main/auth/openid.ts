import type * as OpenId from 'openid-client';

export type OpenIdModule = typeof OpenId;

let loading: Promise<OpenIdModule> | null = null;
let loaded: OpenIdModule | null = null;

/**
 * openid-client loads on first use (discovery), not when the main process starts: the window should not
 * wait for a library it needs only after it has asked for the session.
 */
export function loadOpenId(): Promise<OpenIdModule> {
  loading ??= import('openid-client').then((module) => (loaded = module));
  return loading;
}

/** The library if something has loaded it already; an error can only be one of its classes if so. */
export function openIdIfLoaded(): OpenIdModule | null {
  return loaded;
}
