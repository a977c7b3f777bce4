import type { AppInfo, Preferences } from '../../src-preload/contract/app';
import type { PortfolioView } from '../../src-preload/contract/portfolio';
import type { SessionView } from '../../src-preload/contract/session';
import type { Result } from '../../src-preload/result';

/** What public/launch-requests.js asked main for, before this bundle was evaluated. */
interface LaunchAnswers {
  readonly session: Promise<Result<SessionView>>;
  readonly cachedBalances: Promise<Result<PortfolioView | null>>;
  readonly info: Promise<Result<AppInfo>>;
  readonly preferences: Promise<Result<Preferences>>;
  /** Home's fresh balances, asked for beside the session; null unless it answered signed in with an account. */
  readonly freshBalances: Promise<Result<PortfolioView> | null>;
}

/**
 * What is true now, once the answer has come: the answer, or a change event that came after it. Calling it
 * stops following (the store's listener takes over); `peek` only looks.
 */
interface Follower<T> {
  (): Result<T> | null;
  readonly peek?: () => Result<T> | null;
}

interface LaunchFollowers {
  readonly sessionNow: Follower<SessionView>;
  readonly preferencesNow: Follower<Preferences>;
}

declare global {
  interface Window {
    readonly walletLaunch?: LaunchAnswers & Partial<LaunchFollowers>;
  }
}

/** Taken off the page once: a later look (a reload of a store, a test) asks main anew. */
function takeLaunch(): Partial<LaunchAnswers & LaunchFollowers> {
  const launch = window.walletLaunch;
  if (!launch) return {};
  delete (window as { walletLaunch?: unknown }).walletLaunch;
  return { ...launch };
}

const pending: Partial<LaunchAnswers & LaunchFollowers> = takeLaunch();

/** What follows the answer's later changes, for the two answers that have change events. */
function followerOf(key: keyof LaunchAnswers): Follower<unknown> | undefined {
  return key === 'session' ? pending.sessionNow : key === 'preferences' ? pending.preferencesNow : undefined;
}

/**
 * The launch's answer to one question, the first time it is asked for; undefined after (or without the
 * script). The session and the preferences resolve to what is true when they are taken, which their stores
 * do once their change listeners are in place: a change sent while the bundle loaded is not lost behind the
 * earlier answer.
 */
export function takeStartupAnswer<K extends keyof LaunchAnswers>(key: K): LaunchAnswers[K] | undefined {
  const answer = pending[key];
  delete pending[key];
  if (!answer) return undefined;
  const now = followerOf(key);
  if (!now) return answer;
  return (answer as Promise<Result<unknown>>).then((result) => now() ?? result) as LaunchAnswers[K];
}

/**
 * The launch's answer to one question, left for the store that takes it (the launch paint only looks). The
 * session and the preferences resolve, like takeStartupAnswer's, to what is true when they answer.
 */
export function peekStartupAnswer<K extends keyof LaunchAnswers>(key: K): LaunchAnswers[K] | undefined {
  const answer = pending[key];
  if (!answer) return undefined;
  const peek = followerOf(key)?.peek;
  if (!peek) return answer;
  return (answer as Promise<Result<unknown>>).then((result) => peek() ?? result) as LaunchAnswers[K];
}
