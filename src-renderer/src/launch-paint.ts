import type { Preferences } from '../../src-preload/contract/app';
import type { PortfolioView } from '../../src-preload/contract/portfolio';
import type { SessionView } from '../../src-preload/contract/session';
import type { Result } from '../../src-preload/result';
import { wallet } from './bridge';
import { applyLaunchLanguage } from './i18n/launch-text';
import {
  LAUNCH_FRESH_ACCOUNT_ATTRIBUTE,
  LAUNCH_FRESH_SELECTOR,
  LAUNCH_MARK_ATTRIBUTE,
  LAUNCH_MARKS,
} from './launch-marks';
import { LAUNCH_BASIS_ATTRIBUTE, launchFreshBasis, launchViewBasis } from './launch-paint-basis';
import {
  freshPaintAllowed,
  LAUNCH_PAINT_WAIT_MS,
  launchPaintAllowed,
  privacyKnownOff,
  sessionShowsCached,
} from './launch-paint-rule';
import { launchBalancesView, launchFreshView } from './launch-paint-view';
import { peekStartupAnswer } from './startup-requests';

export { freshPaintAllowed, launchPaintAllowed };

/** Resolves once the frame showing what was just put in the DOM has been painted. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    }),
  );
}

const nothingToRelease = (): void => undefined;

/** The launch's answers the paint looks at, as they stand now (change events update them). */
interface LaunchState {
  session: Result<SessionView>;
  readonly cached: Result<PortfolioView | null>;
  preferences: Result<Preferences>;
  /** This run's balances once answered: null while on their way, or when they are not for the page. */
  readonly fresh: { current: Result<PortfolioView> | null };
  /** Settles once they have answered (or failed to). */
  readonly freshAnswered: Promise<void>;
}

/** Whether the paint may show anything now: this run's balances, or the last known ones. */
function mayPaint(state: LaunchState): boolean {
  const { session, cached, preferences } = state;
  if (freshPaintAllowed(session, state.fresh.current, preferences)) return true;
  return session.ok && launchPaintAllowed(session, cached, preferences);
}

/** What the paint shows now: this run's balances when they may be shown, else the last known ones, or nothing. */
function launchView(state: LaunchState): HTMLElement | null {
  const { session, cached, preferences } = state;
  const fresh = state.fresh.current;
  if (freshPaintAllowed(session, fresh, preferences)) return launchFreshView(document, fresh.value);
  if (session.ok && launchPaintAllowed(session, cached, preferences))
    return launchBalancesView(document, cached.value, session.value);
  return null;
}

/**
 * The launch's answers, once the session, the last known balances and the preferences are in (this run's
 * balances join when they come); null when the page has no launch script or main is slower than
 * LAUNCH_PAINT_WAIT_MS.
 */
async function launchAnswers(): Promise<LaunchState | null> {
  const session = peekStartupAnswer('session');
  const cached = peekStartupAnswer('cachedBalances');
  const preferences = peekStartupAnswer('preferences');
  if (!session || !cached || !preferences) return null;
  // Noted as soon as it comes, even while the others are awaited: the first paint then shows it if it is in.
  const fresh: LaunchState['fresh'] = { current: null };
  const freshAnswered = (peekStartupAnswer('freshBalances') ?? Promise.resolve(null)).then(
    (answer) => {
      fresh.current = answer;
    },
    () => undefined,
  );
  const answers = await Promise.race([
    Promise.all([session, cached, preferences]),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), LAUNCH_PAINT_WAIT_MS)),
  ]);
  if (!answers) return null;
  return { session: answers[0], cached: answers[1], preferences: answers[2], fresh, freshAnswered };
}

/** What launchView draws from (the last known balances never change once answered). */
function paintInputs(state: LaunchState): readonly unknown[] {
  return [state.session, state.preferences, state.fresh.current];
}

/**
 * Keeps the painted view true until released: a restored session is said so at once (the paint never says
 * "Restoring" of a restored one), this run's balances replace the last known ones when they come, and a
 * lock, a sign-out or privacy mode switched on takes the balances off the screen for good.
 */
function followChanges(container: HTMLElement, first: Element, state: LaunchState): () => void {
  let painted = first;
  let paintedFrom = paintInputs(state);
  let following = true;
  const stopListening = [
    wallet.on('session.changed', (view) => {
      state.session = { ok: true, value: view };
      follow();
    }),
    wallet.on('preferences.changed', (value) => {
      state.preferences = { ok: true, value };
      follow();
    }),
  ];
  const release = (): void => {
    following = false;
    stopListening.forEach((stop) => stop());
  };
  function follow(): void {
    if (!following) return;
    // The same answers draw the same view: putting it in again would only make the frame style new rows.
    const inputs = paintInputs(state);
    if (inputs.every((input, index) => input === paintedFrom[index])) return;
    const stillPainted = painted.parentNode === container;
    const next = launchView(state);
    if (next) {
      if (!stillPainted) return;
      painted = next;
      paintedFrom = inputs;
      container.replaceChildren(painted);
      return;
    }
    release();
    if (stillPainted) container.replaceChildren();
  }
  void state.freshAnswered.then(follow);
  return release;
}

/**
 * Keeps the view main served while the launch's answers are late (session.get waits for the silent restore):
 * main decided it by the page's own rule, and taking it off would only blank the window until the app draws
 * the same last known balances again. Until released (the app's first frame replaces it, render-app.tsx), an
 * answer or a change that may not show them takes it off at once: privacy mode not known to be off, a lock, a
 * sign-out that is not a failed restore, another account; while the balances are unknown only a session still
 * being restored keeps it. This run's balances (`freshAccount`, main's fresh view) stay only while the session
 * is signed in to their account, the rule they were drawn by (freshPaintAllowed).
 */
function keepServedView(container: HTMLElement, freshAccount?: string): () => void {
  let session: Result<SessionView> | null = null;
  let cached: Result<PortfolioView | null> | null = null;
  let preferences: Result<Preferences> | null = null;
  let following = true;
  const mayStay = (): boolean => {
    if (preferences && !privacyKnownOff(preferences)) return false;
    if (!session) return true;
    // This run's balances (main's fresh view) only while signed in to their account, as freshPaintAllowed says.
    if (freshAccount !== undefined) {
      return session.ok && session.value.status === 'signed-in' && session.value.activeAccountGuid === freshAccount;
    }
    if (cached) return sessionShowsCached(session, cached);
    return session.ok && session.value.status === 'signing-in';
  };
  const check = (): void => {
    if (!following || mayStay()) return;
    release();
    container.replaceChildren();
  };
  const stopListening = [
    wallet.on('session.changed', (view) => {
      session = { ok: true, value: view };
      check();
    }),
    wallet.on('preferences.changed', (value) => {
      preferences = { ok: true, value };
      check();
    }),
  ];
  function release(): void {
    following = false;
    stopListening.forEach((stop) => stop());
  }
  // An answer is what was true when it came (with the changes before it): a change after it replaces it.
  const failed: Result<never> = { ok: false, error: { code: 'internal', message: '' } };
  const note = <T>(answer: Promise<Result<T>> | undefined, take: (result: Result<T>) => void): void => {
    void answer?.then(take, () => take(failed)).then(check);
  };
  note(peekStartupAnswer('session'), (answer) => (session = answer));
  note(peekStartupAnswer('cachedBalances'), (answer) => (cached = answer));
  note(peekStartupAnswer('preferences'), (answer) => (preferences = answer));
  return release;
}

/**
 * The view main served, when the answers say it is the one launchView would build now (the last known
 * balances, drawn from the same basis, launch-paint-basis.ts): building it again would cost the page ICU's
 * first use, the build, a layout and a frame before this run's balances are even read. Else null.
 */
function servedViewToKeep(served: Element | null, state: LaunchState, lang: string | null): Element | null {
  const basis = served?.getAttribute(LAUNCH_BASIS_ATTRIBUTE);
  const { session, cached, preferences } = state;
  if (!served || !basis || lang === null || freshPaintAllowed(session, state.fresh.current, preferences)) return null;
  if (!session.ok || !launchPaintAllowed(session, cached, preferences)) return null;
  return launchViewBasis(session.value, cached.value, lang) === basis ? served : null;
}

/** The fresh part main ended the page with, after the launch script (src-main/shell/launch-document.ts). */
function servedFreshPart(doc: Document): Element | null {
  return doc.querySelector(LAUNCH_FRESH_SELECTOR);
}

/** Takes main's fresh part off the page: the paint drew its own view, or may show none. */
export function dropServedFresh(doc: Document): void {
  servedFreshPart(doc)?.remove();
}

/**
 * The view inside main's fresh part, when the answers say it is the one launchView would build now (this run's
 * balances, drawn from the same answer and words, launch-paint-basis.ts): adopting it costs no build and shows
 * nothing new. Else null.
 */
function servedFreshToAdopt(part: Element | null, state: LaunchState, lang: string | null): Element | null {
  const view = part?.firstElementChild;
  const basis = view?.getAttribute(LAUNCH_BASIS_ATTRIBUTE);
  const fresh = state.fresh.current;
  if (!view || !basis || lang === null || !freshPaintAllowed(state.session, fresh, state.preferences)) return null;
  return launchFreshBasis(fresh.value, lang) === basis ? view : null;
}

/**
 * Paints the balances into `container` from the launch's answers (public/launch-requests.js), without React:
 * this run's when they are in (as Home draws them), else the last known ones; resolves once they are on
 * screen, or at once when there is nothing it may paint. It only looks at the answers: the stores still take
 * them when the app starts. Until the app calls the function it resolves with (as it draws its first frame),
 * the paint follows the answers' changes (followChanges).
 *
 * Main may have served index.html with the last known balances already in `container`, marked
 * data-launch="cached" (src-main/shell/launch-document.ts, by the same rule and builder): they were the page's
 * first frame, and from here on they are this paint's to keep true: kept as they are when the answers give
 * what main drew them from, else drawn again. Answers that may not be painted (a lock, privacy mode, another
 * account) take them off at once; when they do not come within the wait, the served view stays until one
 * that may not show it comes (keepServedView).
 *
 * Main may also have served this run's balances (the same builder again, marked data-launch="fresh"): in
 * `container` when it had them in time, else in an element of their own after the launch script, which the
 * stylesheet shows in place of the cached rows, without a script. When this paint's answers give what main drew
 * them from, that view is kept as it is (moved into `container`); otherwise it is taken off and the paint draws
 * its own. When the answers do not come within the wait, it is kept as the cached rows are (keepServedView).
 */
export async function paintLaunchBalances(container: HTMLElement): Promise<() => void> {
  const doc = document;
  const mark = container.getAttribute(LAUNCH_MARK_ATTRIBUTE);
  const served = mark === LAUNCH_MARKS.cached || mark === LAUNCH_MARKS.fresh;
  // With main's fresh part in the page the stylesheet hides the cached rows only while #root is marked: they go
  // before the mark does, so the two are never on screen together.
  const endPart = servedFreshPart(doc);
  if (mark === LAUNCH_MARKS.cached && endPart) container.replaceChildren();
  const servedView = mark === LAUNCH_MARKS.cached && !endPart ? container.firstElementChild : null;
  // Where this run's balances main served are, looked up again before they are adopted: the launch script takes
  // them off at a lock, a sign-out or another account.
  const freshServed = (): Element | null => (mark === LAUNCH_MARKS.fresh ? container : servedFreshPart(doc));
  // The marks stay while this paint waits for its answers: the launch script takes the served rows off by them
  // at a lock, a sign-out or another account. They go only where the paint decides what stays.
  const unmark = (): void => {
    container.removeAttribute(LAUNCH_MARK_ATTRIBUTE);
    container.removeAttribute(LAUNCH_FRESH_ACCOUNT_ATTRIBUTE);
  };
  const nothingPainted = (): (() => void) => {
    unmark();
    if (served) container.replaceChildren();
    dropServedFresh(doc);
    return nothingToRelease;
  };
  const state = await launchAnswers();
  // Only asked whether it may paint: the view is built once, in the user's language (a view built before it
  // would make Intl's formatters for a locale the paint then does not show).
  if (!state && servedView && peekStartupAnswer('session')) {
    unmark();
    return keepServedView(container);
  }
  // Main's fresh view likewise: it was decided by the same rule, so it stays until an answer or change forbids it.
  const freshPart = freshServed();
  const freshAccount = freshPart?.getAttribute(LAUNCH_FRESH_ACCOUNT_ATTRIBUTE);
  if (!state && freshPart?.firstElementChild && freshAccount && peekStartupAnswer('session')) {
    const view = freshPart.firstElementChild;
    unmark();
    if (freshPart !== container) container.replaceChildren(view);
    dropServedFresh(doc);
    return keepServedView(container, freshAccount);
  }
  if (!state) return nothingPainted();
  // Main served the answer the page's own portfolio.wallets gets: it is on its way, and the page adopts the
  // part rather than drawing the last known balances over it.
  if (state.fresh.current === null && freshServed()?.firstElementChild) {
    let waited: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      state.freshAnswered,
      new Promise((resolve) => {
        waited = setTimeout(resolve, LAUNCH_PAINT_WAIT_MS);
      }),
    ]).finally(() => clearTimeout(waited));
  }
  if (!mayPaint(state)) return nothingPainted();
  // In the user's language from the first frame: every language's launch messages are in the first script.
  const lang = state.preferences.ok ? applyLaunchLanguage(state.preferences.value.language) : null;
  if (lang !== null) document.documentElement.lang = lang;
  // What the session and preferences say is looked at again just before painting: each was read when it
  // answered, and a lock or privacy mode switched on while the other answers (or a catalogue) were awaited
  // must not be painted over. Answers in hand, so this takes microtasks, not a round trip.
  [state.session, state.preferences] = await Promise.all([
    peekStartupAnswer('session') ?? state.session,
    peekStartupAnswer('preferences') ?? state.preferences,
  ]);
  const adopted = servedFreshToAdopt(freshServed(), state, lang);
  const kept = adopted ?? servedViewToKeep(servedView, state, lang);
  const view = kept ?? launchView(state);
  if (!view) return nothingPainted();
  unmark();
  if (adopted && adopted.parentNode !== container) container.replaceChildren(adopted);
  dropServedFresh(doc);
  if (kept) kept.removeAttribute(LAUNCH_BASIS_ATTRIBUTE);
  else container.replaceChildren(view);
  const release = followChanges(container, view, state);
  await afterNextPaint();
  return release;
}
