import type { LaunchAnswers as AskedAtLaunch, LaunchAsks } from '../../src-preload/launch-asks';
import type { Result } from '../../src-preload/result';

/** The launch's answers that the stores take, each once. */
type LaunchAnswers = Omit<AskedAtLaunch, 'sessionNow' | 'preferencesNow'>;

declare global {
  interface Window {
    /** Exposed by the preload (src-preload/launch-asks.ts) on the app's page only. */
    readonly walletLaunch?: LaunchAsks;
  }
}

/** Taken from the preload once: its later takes, and a later look at each answer here, ask main anew. */
function takeLaunch(): Partial<AskedAtLaunch> {
  return window.walletLaunch?.take() ?? {};
}

const pending: Partial<AskedAtLaunch> = { ...takeLaunch() };

/** What follows the answer's later changes, for the two answers that have change events. */
function followerOf(key: keyof LaunchAnswers): AskedAtLaunch['sessionNow' | 'preferencesNow'] | undefined {
  return key === 'session' ? pending.sessionNow : key === 'preferences' ? pending.preferencesNow : undefined;
}

/** The answer, resolved to what `now` says is true when it has come (a later change), or itself. */
function atItsLatest<K extends keyof LaunchAnswers>(
  answer: LaunchAnswers[K],
  now: () => Result<unknown> | null,
): LaunchAnswers[K] {
  return (answer as Promise<Result<unknown>>).then((result) => now() ?? result) as LaunchAnswers[K];
}

/**
 * The launch's answer to one question, the first time it is asked for; undefined after (or on a page the
 * preload asked nothing for). The session and the preferences resolve to what is true when they are taken,
 * which their stores do once their change listeners are in place: a change sent while the bundle loaded is
 * not lost behind the earlier answer.
 */
export function takeStartupAnswer<K extends keyof LaunchAnswers>(key: K): LaunchAnswers[K] | undefined {
  const answer = pending[key] as LaunchAnswers[K] | undefined;
  delete pending[key];
  if (!answer) return undefined;
  const follower = followerOf(key);
  return follower ? atItsLatest(answer, follower.take) : answer;
}

/**
 * The launch's answer to one question, left for the store that takes it (the launch paint only looks). The
 * session and the preferences resolve, like takeStartupAnswer's, to what is true when they answer.
 */
export function peekStartupAnswer<K extends keyof LaunchAnswers>(key: K): LaunchAnswers[K] | undefined {
  const answer = pending[key] as LaunchAnswers[K] | undefined;
  if (!answer) return undefined;
  const follower = followerOf(key);
  return follower ? atItsLatest(answer, follower.peek) : answer;
}
