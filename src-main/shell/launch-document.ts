import type { Theme } from '../../src-preload/contract/app';
import { LAUNCH_FRESH_ID, LAUNCH_MARK_ATTRIBUTE, LAUNCH_MARKS } from '../../src-renderer/src/launch-marks';
import type { LaunchView } from './launch-view';

/** Where the built index.html (src-renderer/index.html) holds the app: the launch view goes inside. */
const ROOT_OPEN = '<div id="root"';
const ROOT_REST = '></div>';
/** Where the fresh part goes: after the classic script, before the body ends. */
const BODY_END = '</body>';
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

/**
 * How long, counted from the request, index.html's end may wait for this run's balances (the fresh part, after
 * the rest): the module script runs only once the document has ended, so this is what a slow service may cost
 * the app's start, and only beyond the rest's own time. The core asks the service for them the moment the session
 * is restored (features/portfolio, the prefetch). In balances-paint (tests/bench/balances-paint.ts) main has the
 * fresh view 1-35 ms after the request on a quiet machine and 1-19 ms beside two CPU burners, mostly before the
 * rest is written, when it goes into #root instead. In window-first (tests/bench/window-first.ts), the app's own
 * launch, the restore and its GET /wallets run beside the window's start: the rest leaves 40-70 ms after the
 * request and the fresh view comes about 100 ms after it, so a 100 ms bound held the whole page, and the app's
 * script, some 45 ms longer (body sent 199 → 254 ms) for no fresh part. 50 ms covers the bench's slowest seen
 * and ends within the rest's usual time: a slow service then costs the app's script nothing on a normal launch,
 * at most 50 ms from the request on a quick one, and the page's own launch paint shows the balances when they come.
 */
export const LAUNCH_FRESH_BOUND_MS = 50;

/** What index.html is written with: the core's launch views and the page's head, known without the core. */
export interface LaunchDocument {
  /** `unwanted` aborts once the bound has passed: the view is then not built, main's launch has other work. */
  readonly launchView: (unwanted: AbortSignal) => Promise<LaunchView | null>;
  /**
   * This run's balances as the fresh part (src-main/shell/launch-view.ts, launchFreshViewOf), from the answer
   * the page's own portfolio.wallets gets; `unwanted` aborts at LAUNCH_FRESH_BOUND_MS or when the window goes.
   */
  readonly freshView?: (unwanted: AbortSignal) => Promise<LaunchView | null>;
  readonly lang: () => string;
  readonly theme: () => Theme;
  /**
   * Settings' privacy mode, which main knows without the core. Unless it is known off no view may be served,
   * so the rest of the page need not wait for the core to say so.
   */
  readonly privacyMode: () => boolean | undefined;
}

/**
 * index.html in three parts: the head, to be sent at once; the rest, once main has decided on the last known
 * balances; the end, once it has decided on this run's.
 */
export interface ServedIndex {
  readonly head: string;
  /** Never rejects: a view that fails, comes too late or is in another language gives the page as built. */
  readonly rest: Promise<string>;
  /**
   * What follows the rest: the fresh part when there is one, then `</body>` and the page's end. Never rejects,
   * settles after `rest`.
   */
  readonly end: Promise<string>;
  /** The window went (request aborted, body cancelled): neither view is read further or built. */
  abandon(): void;
}

/** Where a launch view is asked for, and how long, from the request, it may take. */
export interface LaunchPart {
  readonly view: (unwanted: AbortSignal) => Promise<LaunchView | null>;
  readonly boundMs: number;
}

/**
 * The `<html>` tag in `lang` (a plain tag, or the built one) and `theme`, which is checked against what it may
 * be, never escaped: a theme other than system, light or dark writes none.
 */
function htmlTag(lang: string, theme: Theme | undefined): string {
  const themed = theme === 'system' || theme === 'light' || theme === 'dark' ? ` data-theme="${theme}"` : '';
  return `<html lang="${lang}"${themed}>`;
}

/** How #root is marked when it holds the last known balances: the stylesheet hides them once a fresh part is in. */
const CACHED_MARKS = ` ${LAUNCH_MARK_ATTRIBUTE}="${LAUNCH_MARKS.cached}"`;

/**
 * The fresh part as index.html ends with it, after the classic script (see servedIndex), by its id: one element
 * of its kind in the page, which the page's readers find by it (src-renderer/src/launch-marks.ts).
 */
function freshPart(view: LaunchView): string {
  return `<div id="${LAUNCH_FRESH_ID}"${view.marks ?? ''}>${view.markup}</div>`;
}

/**
 * The view `part` gives within its bound, counted from now, else null; `unwanted` aborts at the bound, or when
 * the returned abandon is called, so nothing is built for a page that went without it.
 */
function boundedView(part: LaunchPart, unwanted: AbortController): Promise<LaunchView | null> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    part.view(unwanted.signal).catch(() => null),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        unwanted.abort();
        resolve(null);
      }, part.boundMs);
      unwanted.signal.addEventListener('abort', () => resolve(null), { once: true });
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * index.html as the window gets it, for both servers of the page (main's app:// handler, app-protocol.ts, and
 * the test harness), in three parts:
 * 1. the head up to and including `<div id="root"`'s opening at once, in `page`'s language and theme (what main
 *    knows without the core: settings);
 * 2. the rest up to `</body>`, which holds the page's classic script (public/launch-requests.js, after #root),
 *    with the last known balances in `#root` (marked data-launch="cached", which src-renderer/src/launch-paint.ts
 *    adopts as painted) when main may show them, or as built once the bound has passed without them; when main
 *    has this run's balances before it has decided on those, they go into `#root` instead, at once (marked
 *    data-launch="fresh");
 * 3. the end: this run's balances when they come later, within their own bound (`fresh`, counted from the call
 *    as well), in an element of their own after the classic script (#launch-fresh, marked data-launch="fresh"
 *    by launch-view.ts: parsed once that script's listeners follow the session; the stylesheet then hides the
 *    cached rows), then `</body>` and the rest of the page. Only once the document has ended does the module
 *    script run, so the fresh part's bound is what a slow service costs the app's start.
 * Either view in another language than the head's is not served (settings changed meanwhile).
 */
export function servedIndex(
  indexHtml: string,
  page: PageHead,
  launchView: (unwanted: AbortSignal) => Promise<LaunchView | null>,
  fresh?: LaunchPart,
  boundMs: number = LAUNCH_BODY_BOUND_MS,
): ServedIndex {
  const at = indexHtml.indexOf(ROOT_OPEN + ROOT_REST);
  if (at < 0) return { head: indexHtml, rest: Promise.resolve(''), end: Promise.resolve(''), abandon: () => undefined };
  const split = at + ROOT_OPEN.length;
  const pageLang = LANGUAGE_TAG.test(page.lang) ? page.lang : null;
  // A replacer function, not a string: nothing in the page's head is read as a pattern.
  const head = indexHtml
    .slice(0, split)
    .replace(HTML_LANG, (_tag, builtLang: string) => htmlTag(pageLang ?? builtLang, page.theme));
  const built = indexHtml.slice(split);
  const bodyEnd = built.lastIndexOf(BODY_END);
  const beforeEnd = bodyEnd < 0 ? built : built.slice(0, bodyEnd);
  const pageEnd = bodyEnd < 0 ? '' : built.slice(bodyEnd);
  const after = beforeEnd.slice(ROOT_REST.length);
  const cachedWanted = new AbortController();
  const freshWanted = new AbortController();
  // Both asked for now, so the bounds count from the request: this run's balances travel while the rest waits.
  const freshView = fresh && pageEnd ? boundedView(fresh, freshWanted) : Promise.resolve(null);
  const inPageLang = (view: LaunchView | null): view is LaunchView => view !== null && view.lang === pageLang;
  // This run's balances, when main has them before the last known ones are decided (the restore usually ends
  // before the window asks for its page), go into #root in their place: parsed before the classic script, not
  // after it, and nothing to swap. Whichever usable view comes first is written, in the task it was decided in
  // (launch-view.ts reads the session and preferences there), so a lock, a sign-out, privacy mode or another
  // account between that decision and the other view's answer is never written over; the other is then not
  // waited for. A slow service costs the cached rows nothing: the rest never waits for the fresh view.
  let freshInRoot = false;
  const rest = new Promise<string>((write) => {
    let written = false;
    const writeRoot = (inRoot: LaunchView | null): boolean => {
      if (written) return false;
      written = true;
      write(inRoot ? `${inRoot.marks ?? ''}>${inRoot.markup}</div>${after}` : beforeEnd);
      return true;
    };
    void freshView.then((view) => {
      if (!inPageLang(view) || !writeRoot(view)) return;
      freshInRoot = true;
      cachedWanted.abort();
    });
    void boundedView({ view: launchView, boundMs }, cachedWanted).then((cached) =>
      writeRoot(inPageLang(cached) ? { ...cached, marks: CACHED_MARKS } : null),
    );
  });
  const end = rest.then(async () => {
    const view = await freshView;
    return inPageLang(view) && !freshInRoot ? freshPart(view) + pageEnd : pageEnd;
  });
  return {
    head,
    rest,
    end,
    abandon: () => {
      cachedWanted.abort();
      freshWanted.abort();
    },
  };
}

/**
 * index.html as both servers of the page write it from what main knows: with privacy mode not known off the
 * rest and the end are the page as built at once (a privacy-mode launch would otherwise hold its body, and with
 * it the module script's run, until the core has started only to hear "no view"); else `servedIndex`.
 */
export function servedIndexFor(indexHtml: string, launch: LaunchDocument): ServedIndex {
  const page = { lang: launch.lang(), theme: launch.theme() };
  if (launch.privacyMode() !== false) return servedIndex(indexHtml, page, async () => null);
  const fresh = launch.freshView ? { view: launch.freshView, boundMs: LAUNCH_FRESH_BOUND_MS } : undefined;
  return servedIndex(indexHtml, page, launch.launchView, fresh);
}

/**
 * The three parts as one body, the head readable at once (a Response's body for protocol.handle). The window may
 * go (closed, reloaded, the request aborted) while the rest or the end is awaited: the body is then cancelled,
 * nothing more is built (abandon), and nothing is written into it, which would throw from a callback nobody
 * awaits (an unhandled rejection in main).
 */
export function streamedIndex(served: ServedIndex): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(served.head));
      const write = (part: string): void => {
        if (!cancelled && part) controller.enqueue(encoder.encode(part));
      };
      void served.rest
        .then((rest) => {
          write(rest);
          return served.end;
        })
        .then((end) => {
          write(end);
          if (!cancelled) controller.close();
        });
    },
    cancel() {
      cancelled = true;
      served.abandon();
    },
  });
}
