/**
 * Where the app's own page lives. The built renderer is served from a privileged custom scheme
 * (`app://wallet-desk/`) rather than file://, so it has a real origin of its own: file:// pages
 * share one origin with every other file on disk.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'wallet-desk';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * The scheme-plus-authority of a URL, or null when it has none. WHATWG `URL.origin` is "null" for
 * non-special schemes such as `app:`, so the origin is rebuilt from its parts. Comparing whole parsed
 * origins (never prefixes or substrings) is what makes `https://app.example.com.attacker.com` and
 * `app://wallet-desk@attacker/` fail.
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host === '') return null;
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

export interface AppOrigin {
  /** `app://wallet-desk` in the packaged app, the dev server's origin under `electron-vite dev`. */
  readonly origin: string;
  /** The URL the main window loads. */
  readonly entryUrl: string;
  isAppUrl(url: string): boolean;
}

/** The app's origin: the dev server's when electron-vite runs one, otherwise the custom scheme's. */
export function resolveAppOrigin(devServerUrl: string | undefined): AppOrigin {
  const entryUrl = devServerUrl && devServerUrl.length > 0 ? devServerUrl : APP_ENTRY_URL;
  const origin = originOf(entryUrl);
  if (origin === null) throw new Error(`The renderer URL has no origin: ${entryUrl}`);
  return {
    origin,
    entryUrl,
    isAppUrl: (url) => originOf(url) === origin,
  };
}

/** What Electron tells us about the frame an IPC message came from (a subset of WebFrameMain). */
export interface SenderFrame {
  readonly url: string;
  readonly parent: unknown;
}

/**
 * Only the app's own top-level page may call the bridge: not an iframe (even one of ours), and not a
 * page that got loaded from elsewhere. A destroyed or navigated-away frame is reported as null.
 */
export function isTrustedSenderFrame(frame: SenderFrame | null | undefined, app: Pick<AppOrigin, 'isAppUrl'>): boolean {
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return app.isAppUrl(frame.url);
}
