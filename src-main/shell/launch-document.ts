import { LAUNCH_PAINT_WAIT_MS } from '../../src-renderer/src/launch-paint-rule';
import type { LaunchView } from './launch-view';

/** Where the built index.html (src-renderer/index.html) holds the app: the launch view goes inside. */
const ROOT = '<div id="root"></div>';
const HTML_LANG = /<html lang="[^"]*">/;
/** A BCP 47 tag, letters, digits and hyphens: nothing to escape. */
const LANGUAGE_TAG = /^[A-Za-z0-9-]{1,35}$/;

/**
 * index.html as the window gets it: with the last known balances already in `#root` (marked
 * data-launch="cached", which src-renderer/src/launch-paint.ts adopts as painted) when main may show them,
 * else as built. Main waits for the view at most `waitMs` (the launch paint's own bound): it reads the
 * balances with the keychain's key (security.md 31), and a keychain that hangs must not hold the window back.
 * Both servers of the page use it: main's app:// handler (app-protocol.ts) and the test harness.
 */
export async function servedIndex(
  indexHtml: string,
  launchView: () => Promise<LaunchView | null>,
  waitMs: number = LAUNCH_PAINT_WAIT_MS,
): Promise<string> {
  if (!indexHtml.includes(ROOT)) return indexHtml;
  let timer: NodeJS.Timeout | undefined;
  const view = await Promise.race([
    launchView().catch(() => null),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    }),
  ]).finally(() => clearTimeout(timer));
  if (!view) return indexHtml;
  // Replacer functions, not strings: a replacement string would read `$'` or `$&` in a wallet's name as patterns.
  return indexHtml
    .replace(HTML_LANG, (tag) => (LANGUAGE_TAG.test(view.lang) ? `<html lang="${view.lang}">` : tag))
    .replace(ROOT, () => `<div id="root" data-launch="cached">${view.markup}</div>`);
}
