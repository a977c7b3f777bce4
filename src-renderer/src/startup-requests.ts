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
  /** Home's fresh balances, asked for once the session answered signed in with an account; else null. */
  readonly freshBalances: Promise<Result<PortfolioView> | null>;
}

declare global {
  interface Window {
    readonly walletLaunch?: LaunchAnswers;
  }
}

/** Taken off the page once: a later look (a reload of a store, a test) asks main anew. */
function takeLaunchAnswers(): Partial<LaunchAnswers> {
  const answers = window.walletLaunch;
  if (!answers) return {};
  delete (window as { walletLaunch?: LaunchAnswers }).walletLaunch;
  return { ...answers };
}

const pending: Partial<LaunchAnswers> = takeLaunchAnswers();

/** The launch's answer to one question, the first time it is asked for; undefined after (or without the script). */
export function takeStartupAnswer<K extends keyof LaunchAnswers>(key: K): LaunchAnswers[K] | undefined {
  const answer = pending[key];
  delete pending[key];
  return answer;
}
