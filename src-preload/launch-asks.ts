import type { AppInfo, Preferences } from './contract/app';
import type { PortfolioView } from './contract/portfolio';
import type { SessionView } from './contract/session';
import type { Result } from './result';
import type { WalletApi } from './wallet-api';

/**
 * What is true now, once the answer has come: the answer, or a change event that came after it. `take`
 * stops following (the store's own listener follows from then on); `peek` only looks. Two functions, not a
 * function with a property: contextBridge carries functions across without their properties.
 */
export interface LaunchFollower<T> {
  readonly take: () => Result<T> | null;
  readonly peek: () => Result<T> | null;
}

/** The launch's questions, asked as the preload runs, and their answers on their way. */
export interface LaunchAnswers {
  readonly session: Promise<Result<SessionView>>;
  readonly sessionNow: LaunchFollower<SessionView>;
  readonly cachedBalances: Promise<Result<PortfolioView | null>>;
  readonly info: Promise<Result<AppInfo>>;
  readonly preferences: Promise<Result<Preferences>>;
  readonly preferencesNow: LaunchFollower<Preferences>;
  /** Home's fresh balances, asked beside the session; null unless it answered signed in with an account. */
  readonly freshBalances: Promise<Result<PortfolioView> | null>;
}

/**
 * What the page gets as `window.walletLaunch`. contextBridge leaves an exposed property neither writable nor
 * deletable, so the answers are handed over by a call: the first `take` gets them, every later one null, and
 * a later look at any of them asks main anew.
 */
export interface LaunchAsks {
  readonly take: () => LaunchAnswers | null;
}

/**
 * Follows an answer's change event from now on: the stores listen only once the bundle has run, and an event
 * nobody listens for is lost, so a lock or privacy mode switched on while the bundle loads must not leave the
 * earlier answer on screen.
 */
function followChanges<T>(
  wallet: WalletApi,
  answer: Promise<Result<T>>,
  changeEvent: 'session.changed' | 'preferences.changed',
): LaunchFollower<T> {
  let latest: Result<T> | null = null;
  const stop = wallet.on(changeEvent, (value) => {
    latest = { ok: true, value: value as T };
  });
  // A change that came before the answer is older than it.
  void answer.then((result) => {
    latest = result;
  });
  return Object.freeze({
    take: () => {
      stop();
      return latest;
    },
    peek: () => latest,
  });
}

/** Whether the session answered signed in with an account; the preload does not validate what main sends. */
function forAnAccount(answer: Result<SessionView>): boolean {
  const view: Partial<SessionView> | null = answer.ok ? answer.value : null;
  return view?.status === 'signed-in' && Boolean(view.activeAccountGuid);
}

/**
 * Asks main the launch's questions at once, as the preload runs: the page's bundle takes tens of
 * milliseconds to arrive and be evaluated, and the answers travel meanwhile. Only the contract's own
 * operations, none added. The launch paint's three first: the page's connections are few in the harness.
 */
export function askLaunchQuestions(wallet: WalletApi): LaunchAsks {
  const session = wallet.session.get();
  const cachedBalances = wallet.portfolio.cached();
  const preferences = wallet.preferences.get();
  const info = wallet.app.info();
  // Beside the session, not after its answer: main answers it once the silent restore has settled, and
  // refuses it without asking the service when no one is signed in.
  const wallets = wallet.portfolio.wallets();
  let answers: LaunchAnswers | null = Object.freeze({
    session,
    sessionNow: followChanges(wallet, session, 'session.changed'),
    cachedBalances,
    info,
    preferences,
    preferencesNow: followChanges(wallet, preferences, 'preferences.changed'),
    freshBalances: Promise.all([session, wallets]).then(([view, fresh]) => (forAnAccount(view) ? fresh : null)),
  });
  return Object.freeze({
    take: () => {
      const taken = answers;
      answers = null;
      return taken;
    },
  });
}
