import type { Preferences } from '../../src-preload/contract/app';
import type { PortfolioView } from '../../src-preload/contract/portfolio';
import type { SessionView } from '../../src-preload/contract/session';
import { applyLaunchLanguage } from '../../src-renderer/src/i18n/launch-text';
import {
  LAUNCH_FRESH_ACCOUNT_ATTRIBUTE,
  LAUNCH_MARK_ATTRIBUTE,
  LAUNCH_MARKS,
} from '../../src-renderer/src/launch-marks';
import { LAUNCH_BASIS_ATTRIBUTE, launchFreshBasis, launchViewBasis } from '../../src-renderer/src/launch-paint-basis';
import { freshPaintAllowed, launchPaintAllowed } from '../../src-renderer/src/launch-paint-rule';
import { launchBalancesView, launchFreshView } from '../../src-renderer/src/launch-paint-view';
import type { SessionService } from '../features/session';
import { markupMaker } from './launch-markup';

/** What main decides the served launch view from: its own state, as the bridge would answer it now. */
export interface LaunchViewSource {
  readonly session: Pick<SessionService, 'view' | 'ready' | 'restoreState' | 'onChange'>;
  /** portfolio.cached's answer: the last known balances main may hand out now (none in privacy mode). */
  cached(): Promise<PortfolioView | null>;
  preferences(): Preferences;
  /** The system's locales, as the window's navigator.languages has them (the core's `locale`). */
  readonly systemLocales: readonly string[];
  /** Aborted when the view is no longer wanted (index.html went without it): nothing more is read or built. */
  readonly unwanted?: AbortSignal;
}

/** The launch view as markup, and the `lang` of the words it is written in. */
export interface LaunchView {
  readonly markup: string;
  readonly lang: string;
  /**
   * The attributes, as escaped markup, of the element it is served in (#root or the fresh part), when the view
   * sets them itself: this run's balances mark it fresh and name their account.
   */
  readonly marks?: string;
}

/**
 * The session as the launch paint would see it. At launch the restore first reads the keychain for a stored
 * session, and only then says "signing in": until it has, whether anyone is signed in is unknown, so this
 * waits for that first change (or the restore's end), never longer (the caller's bound).
 */
async function knownSession(session: LaunchViewSource['session']): Promise<SessionView> {
  const now = session.view();
  if (session.restoreState() !== 'restoring' || now.status !== 'signed-out') return now;
  let stop: () => void = () => undefined;
  await Promise.race([
    session.ready(),
    new Promise<void>((resolve) => {
      stop = session.onChange(() => resolve());
    }),
  ]).finally(() => stop());
  return session.view();
}

/**
 * The last known balances as the window's launch paint draws them (src-renderer/src/launch-paint-view.ts,
 * the same builder, writing markup), or null when the paint would not draw them: the same rule
 * (launchPaintAllowed) from main's state when the document is asked for. Never for a locked app, a signed-out
 * user, another account's record or privacy mode; the session and preferences are read again after the
 * balances answered, so a lock or privacy mode switched on while they were read is not written over.
 */
export async function launchViewOf(source: LaunchViewSource): Promise<LaunchView | null> {
  const cached = { ok: true as const, value: await source.cached() };
  const session = await knownSession(source.session);
  if (source.unwanted?.aborted) return null;
  const preferences = source.preferences();
  if (!launchPaintAllowed({ ok: true, value: session }, cached, { ok: true, value: preferences })) return null;
  const lang = applyLaunchLanguage(preferences.language, source.systemLocales);
  const view = launchBalancesView(markupMaker, cached.value, session);
  // What it was drawn from, so the page keeps it rather than drawing it again when its answers say the same.
  view.setAttribute(LAUNCH_BASIS_ATTRIBUTE, launchViewBasis(session, cached.value, lang));
  const markup = view.outerHTML;
  // Built in the task it was decided in: nothing can have changed in between.
  return { markup, lang };
}

/** What main decides the served fresh part from: this run's balances, and its state as the bridge would answer. */
export interface FreshViewSource extends Omit<LaunchViewSource, 'cached' | 'session'> {
  readonly session: Pick<SessionService, 'view'>;
  /** The portfolio's launch answer (PortfolioFeature.launchBalances): the page's own first answer, or null. */
  fresh(): Promise<PortfolioView | null>;
}

/**
 * This run's balances as the window's launch paint draws them (launchFreshView, the same builder, writing
 * markup), for #root or the element index.html ends with (src-main/shell/launch-document.ts), whose marks it
 * gives: data-launch="fresh" for the stylesheet, which then hides the cached rows, and for the page, which
 * adopts or removes it, and the account it is of for the launch script (public/launch-requests.js), which takes
 * it off when the session moves to another. Null when the paint would not draw them (freshPaintAllowed): the session
 * and preferences are read once the answer is in, and the markup built in that same task, where servedIndex also
 * writes it (into #root, or as the page's end), so a lock, a sign-out, privacy mode or another account chosen
 * before it is written is never written over; one after it is the launch script's to follow.
 */
export async function launchFreshViewOf(source: FreshViewSource): Promise<LaunchView | null> {
  const fresh = await source.fresh();
  if (fresh === null || source.unwanted?.aborted) return null;
  const session = source.session.view();
  const preferences = source.preferences();
  const allowed = freshPaintAllowed(
    { ok: true, value: session },
    { ok: true, value: fresh },
    { ok: true, value: preferences },
  );
  if (!allowed) return null;
  const lang = applyLaunchLanguage(preferences.language, source.systemLocales);
  const view = launchFreshView(markupMaker, fresh);
  view.setAttribute(LAUNCH_BASIS_ATTRIBUTE, launchFreshBasis(fresh, lang));
  const frame = markupMaker.createElement('div');
  frame.setAttribute(LAUNCH_MARK_ATTRIBUTE, LAUNCH_MARKS.fresh);
  frame.setAttribute(LAUNCH_FRESH_ACCOUNT_ATTRIBUTE, fresh.accountGuid);
  return { markup: view.outerHTML, lang, marks: frame.attributesMarkup };
}
