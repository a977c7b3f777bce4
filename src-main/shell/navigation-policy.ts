import type { AppOrigin } from './app-origin';

/**
 * The page may only ever show the app itself. Anything else (a link without target, a redirect, a
 * script setting location) is refused; external pages are opened on purpose through `links.open`.
 */
export function isNavigationAllowed(url: string, app: Pick<AppOrigin, 'isAppUrl'>): boolean {
  return app.isAppUrl(url);
}

export type WindowOpenDecision =
  | { readonly action: 'deny'; readonly openExternally: false }
  | { readonly action: 'deny'; readonly openExternally: true; readonly url: string };

/**
 * `window.open` and `target=_blank` never create an Electron window. When the link passes the external
 * allowlist (https to a known host) it goes to the system browser instead, as the parsed, re-serialised
 * URL the allowlist returned (security 34); file:, javascript: and custom schemes never reach
 * shell.openExternal because the allowlist accepts https only.
 */
export function decideWindowOpen(url: string, toAllowedExternal: (url: string) => string | null): WindowOpenDecision {
  const allowed = toAllowedExternal(url);
  if (allowed !== null) return { action: 'deny', openExternally: true, url: allowed };
  return { action: 'deny', openExternally: false };
}
