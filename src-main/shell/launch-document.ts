import type { Theme } from '../../src-preload/contract/app';
import type { LaunchView } from './launch-view';

/** Where the built index.html (src-renderer/index.html) holds the app: the launch view goes inside. */
const ROOT_OPEN = '<div id="root"';
const ROOT_REST = '></div>';
const HTML_LANG = /<html lang="([^"]*)">/;
/** A BCP 47 tag, letters, digits and hyphens: nothing to escape. */
const LANGUAGE_TAG = /^[A-Za-z0-9-]{1,35}$/;

/**
 * How long, counted from the request, index.html's body may wait for the core and its launch view. The head
 * (scripts, stylesheet) is sent at once, so this holds only what follows `<div id="root"`, the rows and the
 * module script's run. window-first (tests/bench/window-first.ts) has the core answering its first bridge call
 * 65-100 ms after the window on a quiet machine and up to about twice that beside the bench's load; the view
 * then needs one read of the balances. 250 ms lets a loaded normal launch serve its rows, while a hung keychain
 * (security.md 31) or a core that is far too slow costs a quarter second, not the launch.
 */
export const LAUNCH_BODY_BOUND_MS = 250;

/**
 * What index.html's `<html>` says from the first byte, known without the core (settings): the language, and
 * the chosen theme (light or dark pin the palette, src-renderer/src/styles.css; system, which no rule there
 * matches, leaves it to prefers-color-scheme as src-renderer/src/theme.ts's missing attribute does), so the first
 * paint, the last known balances included, is in it before any script runs. System is written too, not left
 * out: the launch script applies the renderer's copy of the choice only to a page main wrote no theme on, and a
 * stale light or dark copy must not win over settings' system.
 */
export interface PageHead {
  readonly lang: string;
  readonly theme?: Theme;
}

/** What index.html is written with: the core's launch view and the page's head, known without the core. */
export interface LaunchDocument {
  /** `unwanted` aborts once the bound has passed: the view is then not built, main's launch has other work. */
  readonly launchView: (unwanted: AbortSignal) => Promise<LaunchView | null>;
  readonly lang: () => string;
  readonly theme: () => Theme;
  /**
   * Settings' privacy mode, which main knows without the core. Unless it is known off no view may be served,
   * so the rest of the page need not wait for the core to say so.
   */
  readonly privacyMode: () => boolean | undefined;
}

/** index.html in two parts: the head, to be sent at once, and the rest, once main has decided on the view. */
export interface ServedIndex {
  readonly head: string;
  /** Never rejects: a view that fails, comes too late or is in another language gives the page as built. */
  readonly rest: Promise<string>;
}

/**
 * The `<html>` tag in `lang` (a plain tag, or the built one) and `theme`, which is checked against what it may
 * be, never escaped: a theme other than system, light or dark writes none.
 */
function htmlTag(lang: string, theme: Theme | undefined): string {
  const themed = theme === 'system' || theme === 'light' || theme === 'dark' ? ` data-theme="${theme}"` : '';
  return `<html lang="${lang}"${themed}>`;
}

/**
 * index.html as the window gets it, for both servers of the page (main's app:// handler, app-protocol.ts, and
 * the test harness): the head up to and including `<div id="root"`'s opening at once, in `page`'s language and
 * theme (what main knows without the core: settings), then the rest, which holds the page's classic script
 * (public/launch-requests.js, after #root) and the end of the page, with the last known balances in `#root`
 * (marked data-launch="cached", which src-renderer/src/launch-paint.ts adopts as painted) when main may show
 * them, or as built once `boundMs` from the call has passed without them.
 */
export function servedIndex(
  indexHtml: string,
  page: PageHead,
  launchView: (unwanted: AbortSignal) => Promise<LaunchView | null>,
  boundMs: number = LAUNCH_BODY_BOUND_MS,
): ServedIndex {
  const at = indexHtml.indexOf(ROOT_OPEN + ROOT_REST);
  if (at < 0) return { head: indexHtml, rest: Promise.resolve('') };
  const split = at + ROOT_OPEN.length;
  const pageLang = LANGUAGE_TAG.test(page.lang) ? page.lang : null;
  // A replacer function, not a string: nothing in the page's head is read as a pattern.
  const head = indexHtml
    .slice(0, split)
    .replace(HTML_LANG, (_tag, builtLang: string) => htmlTag(pageLang ?? builtLang, page.theme));
  const built = indexHtml.slice(split);
  const after = built.slice(ROOT_REST.length);
  let timer: NodeJS.Timeout | undefined;
  const unwanted = new AbortController();
  const rest = Promise.race([
    launchView(unwanted.signal).catch(() => null),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        unwanted.abort();
        resolve(null);
      }, boundMs);
    }),
  ])
    .finally(() => clearTimeout(timer))
    // The head has said the page's language: a view in another one (settings changed meanwhile) is not served.
    .then((view) => (view && view.lang === pageLang ? ` data-launch="cached">${view.markup}</div>${after}` : built));
  return { head, rest };
}

/**
 * index.html as both servers of the page write it from what main knows: with privacy mode not known off the
 * rest is the page as built at once (a privacy-mode launch would otherwise hold its body, and with it the
 * module script's run, until the core has started only to hear "no view"); else `servedIndex`.
 */
export function servedIndexFor(indexHtml: string, launch: LaunchDocument): ServedIndex {
  const launchView = launch.privacyMode() === false ? launch.launchView : async (): Promise<null> => null;
  return servedIndex(indexHtml, { lang: launch.lang(), theme: launch.theme() }, launchView);
}

/**
 * The two parts as one body, the head readable at once (a Response's body for protocol.handle). The window may
 * go (closed, reloaded, the request aborted) while the rest is awaited: the body is then cancelled, and the rest
 * must not be written into it, which would throw from a callback nobody awaits (an unhandled rejection in main).
 */
export function streamedIndex(served: ServedIndex): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(served.head));
      void served.rest.then((rest) => {
        if (cancelled) return;
        if (rest) controller.enqueue(encoder.encode(rest));
        controller.close();
      });
    },
    cancel() {
      cancelled = true;
    },
  });
}
