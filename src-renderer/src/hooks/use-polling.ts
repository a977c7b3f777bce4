import { useEffect, useRef, useState } from 'react';

/**
 * THE polling rule. Every timer of the renderer that repeats goes through this module, and so should
 * any new one (deposit notifications included):
 *
 * 1. While the window is visible, a poll runs at its own period: service calls no more often than every
 *    5 s (rate limits), clocks only as often as what they show changes (a seconds counter once a second, a
 *    minutes one once a minute). Idle but visible costs that and nothing else.
 * 2. While the window is hidden (document.visibilityState 'hidden': minimised, behind other windows with
 *    Electron's background throttling, another workspace), nothing repeats more often than once a minute
 *    (HIDDEN_MIN_PERIOD_MS): clocks stop, and a poll either stops (`hiddenMs: null`, the default) or runs
 *    at `hiddenMs` ≥ 60 s, for what must reach the user while the window is away (deposit notifications).
 * 3. On becoming visible again, a poll whose last run is older than its visible period runs at once and
 *    clocks jump to now, so nothing shown is stale.
 * 4. The idle lock's single long timeout (hooks/use-idle-lock.ts) is the only other timer that may fire
 *    while hidden; one-shot timers (debounces, a rate limit's retry) are not polls.
 * 5. Main has no polling loop of its own: it answers the renderer's calls. One that must poll there follows
 *    the same periods, told by the renderer whether the window is visible.
 * 6. A poll that can fail (`backoffCapMs`) answers whether it succeeded; each failure in a row doubles its
 *    period, visible or hidden, up to the cap, and a success brings it back (backedOffPeriod).
 *
 * tests/bench/idle-cost.ts measures the result (README's idle rows): renderer and main CPU, against windows
 * without the app, over 40 s of visible idle (a whole 30 s visible period and a margin) and the 70 s hidden
 * right after it (a whole 60 s hidden period and a margin), and the timers that fire in the hidden window.
 */
export const HIDDEN_MIN_PERIOD_MS = 60_000;

function isVisible(): boolean {
  return document.visibilityState === 'visible';
}

export interface PollingOptions {
  /** Period while visible. */
  readonly visibleMs: number;
  /** Period while hidden (raised to at least HIDDEN_MIN_PERIOD_MS), or null: no runs while hidden. */
  readonly hiddenMs?: number | null;
  /** Run at once when the poll starts (and when its options change). Default true. */
  readonly immediately?: boolean;
  /** False: no poll at all (e.g. nothing to watch). Default true. */
  readonly enabled?: boolean;
  /**
   * Back off after failures (rule 6): the task answers true for success; each failure in a row doubles the
   * period up to this cap (never below the period itself). Null or absent: no back-off.
   */
  readonly backoffCapMs?: number | null;
}

/** The period after `failures` failures in a row: doubled for each, up to the cap (rule 6). */
export function backedOffPeriod(periodMs: number, failures: number, capMs: number): number {
  return Math.min(periodMs * 2 ** Math.min(failures, 30), Math.max(capMs, periodMs));
}

/**
 * Runs `task` by the rule above: one timer at a time, rescheduled on visibility changes. `task` may
 * change between renders without restarting the schedule.
 */
export function usePolling(task: () => void | Promise<boolean>, options: PollingOptions): void {
  const latest = useRef(task);
  useEffect(() => {
    latest.current = task;
  });
  const { visibleMs, hiddenMs = null, immediately = true, enabled = true, backoffCapMs = null } = options;

  useEffect(() => {
    if (!enabled) return;
    return startPolling(() => latest.current(), { visibleMs, hiddenMs, immediately, enabled, backoffCapMs });
  }, [visibleMs, hiddenMs, immediately, enabled, backoffCapMs]);
}

/** The schedule behind usePolling, outside React: starts it and answers how to stop it. */
export function startPolling(task: () => void | Promise<boolean>, options: PollingOptions): () => void {
  const { visibleMs, hiddenMs = null, immediately = true, enabled = true, backoffCapMs = null } = options;
  if (!enabled) return () => undefined;
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: number | undefined;
  let failures = 0;
  let stopped = false;
  /** A run that backs off is awaited: the next is scheduled from its answer, so runs never overlap. */
  let awaiting = false;
  const periodNow = (): number | null => {
    const base = isVisible() ? visibleMs : hiddenMs === null ? null : Math.max(hiddenMs, HIDDEN_MIN_PERIOD_MS);
    return base === null || backoffCapMs === null ? base : backedOffPeriod(base, failures, backoffCapMs);
  };
  const run = (): void => {
    lastRun = Date.now();
    const outcome = task();
    if (backoffCapMs === null || !(outcome instanceof Promise)) return;
    // The next run waits for the answer: longer after a failure, back to the period after a success.
    awaiting = true;
    const answered = (ok: boolean): void => {
      awaiting = false;
      failures = ok ? 0 : failures + 1;
      if (!stopped) schedule();
    };
    void outcome.then(answered, () => answered(false));
  };
  const schedule = (): void => {
    window.clearTimeout(timer);
    timer = undefined;
    const period = periodNow();
    if (period === null || awaiting) return;
    const wait = Math.max(0, lastRun + period - Date.now());
    timer = window.setTimeout(() => {
      run();
      schedule();
    }, wait);
  };
  const onVisibility = (): void => {
    const period = periodNow();
    if (isVisible() && period !== null && !awaiting && Date.now() - lastRun >= period) run();
    schedule();
  };
  if (immediately && (isVisible() || hiddenMs !== null)) run();
  else lastRun = Date.now();
  schedule();
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * Date.now(), refreshed every `periodMs` while the window is visible and not at all while it is hidden
 * (rule 2); it jumps to now when the window shows again. For countdowns and "N s ago" texts.
 */
export function useVisibleClock(periodMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  usePolling(() => setNow(Date.now()), { visibleMs: periodMs, immediately: false });
  // Also on becoming visible, even within the period: rule 3 (usePolling only runs a stale poll then).
  useEffect(() => {
    const onVisibility = (): void => {
      if (isVisible()) setNow(Date.now());
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  return now;
}
