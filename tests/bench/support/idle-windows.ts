import { DEPOSIT_WATCH_VISIBLE_MS } from '../../../src-renderer/src/hooks/deposit-watch-schedule';
import { SETTLE_ROUND_VISIBLE_MS } from '../../../src-renderer/src/hooks/settle-round-schedule';
import { HIDDEN_MIN_PERIOD_MS } from '../../../src-renderer/src/hooks/use-polling';

/**
 * Home's refresh period, REFRESH_INTERVAL_MS in src-renderer/src/stores/portfolio-store.ts: that module
 * reaches for the preload bridge when loaded, so it cannot be imported here; a unit test keeps the two equal.
 */
export const HOME_REFRESH_MS = 30_000;

/** The longest period of the app's polls while visible and while hidden (use-polling.ts, the schedules). */
export const VISIBLE_PERIOD_MS = Math.max(HOME_REFRESH_MS, SETTLE_ROUND_VISIBLE_MS, DEPOSIT_WATCH_VISIBLE_MS);
export const HIDDEN_PERIOD_MS = HIDDEN_MIN_PERIOD_MS;

/** Room past a full period for a poll that was just rescheduled when the window opened. */
const MARGIN_S = 10;

export interface WindowPlan {
  readonly rounds: number;
  readonly floorSeconds: number;
  readonly visibleSeconds: number;
  readonly hiddenSeconds: number;
  /** True when each app window holds a full period of every poll: only then is periodic work required. */
  readonly holdsPeriods: boolean;
}

/**
 * A full run's app windows each hold a whole period of every poll (visible 30 s, hidden 60 s) plus a margin,
 * so the figure contains the app's periodic work. A quick run keeps the bench short and cannot: its windows
 * check the bench itself, and the periodic-work verdict comes only from a full run (README, Benchmarks).
 */
export function windowPlan(quick: boolean): WindowPlan {
  if (quick) return { rounds: 2, floorSeconds: 10, visibleSeconds: 10, hiddenSeconds: 10, holdsPeriods: false };
  const visibleSeconds = VISIBLE_PERIOD_MS / 1000 + MARGIN_S;
  const hiddenSeconds = HIDDEN_PERIOD_MS / 1000 + MARGIN_S;
  return { rounds: 3, floorSeconds: 30, visibleSeconds, hiddenSeconds, holdsPeriods: true };
}

/** CPU seconds spent in one idle window: the page's main-thread tasks and the whole bench process. */
export interface IdleWindow {
  readonly seconds: number;
  readonly renderer: number;
  readonly process: number;
  /** What the bench process's servers (harness and sandbox) answered meanwhile, by path: what woke them. */
  readonly served: Readonly<Record<string, number>>;
}

export interface TimerWakeup {
  readonly kind: string;
  readonly delay: number;
  readonly at: number;
  readonly hidden: boolean;
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function mergeServed(windows: readonly IdleWindow[]): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const window of windows)
    for (const [path, count] of Object.entries(window.served)) merged[path] = (merged[path] ?? 0) + count;
  return merged;
}

export function servedTotal(window: IdleWindow): number {
  return sum(Object.values(window.served));
}

/** Per minute of the windows, most frequent first. */
export function perMinute(counts: Readonly<Record<string, number>>, seconds: number): Record<string, number> {
  if (seconds <= 0) return {};
  return Object.fromEntries(
    Object.entries(counts)
      .sort(([, a], [, b]) => b - a)
      .map(([path, count]) => [path, Number(((count / seconds) * 60).toFixed(1))]),
  );
}

export interface Shares {
  readonly renderer: number;
  readonly main: number;
  readonly rendererFloor: number;
  readonly processFloor: number;
}

/**
 * The app's CPU rate over the floor's, as a share of one core (per cent). Rates, not sums: the app's windows
 * and the floor's need not be equally long, and each side is divided by its own total seconds.
 */
export function shares(app: readonly IdleWindow[], floor: readonly IdleWindow[]): Shares {
  const rate = (windows: readonly IdleWindow[], pick: (window: IdleWindow) => number): number => {
    const seconds = sum(windows.map((window) => window.seconds));
    if (seconds <= 0) throw new Error('no idle window was measured');
    return (sum(windows.map(pick)) / seconds) * 100;
  };
  const rendererFloor = rate(floor, (window) => window.renderer);
  const processFloor = rate(floor, (window) => window.process);
  return {
    renderer: rate(app, (window) => window.renderer) - rendererFloor,
    main: rate(app, (window) => window.process) - processFloor,
    rendererFloor,
    processFloor,
  };
}

/** The wakeups that ran while hidden, from the moment the page was hidden on. */
export function hiddenWakeups(fired: readonly TimerWakeup[], hiddenFrom: number): TimerWakeup[] {
  return fired.filter((entry) => entry.hidden && entry.at >= hiddenFrom);
}

export interface LaunchWindows {
  readonly visible: IdleWindow;
  readonly hidden: IdleWindow;
  readonly hiddenWakeups: readonly TimerWakeup[];
}

/**
 * What a launch's windows lacked of the app's periodic work, when they were long enough to hold it: the
 * visible window must have served requests (Home's refresh every 30 s at least) and the hidden one must
 * have run at least one timer (a hidden poll's next run is at most a minute away when the page hides, so a
 * window longer than a minute holds one). An empty list when nothing was missing or when the
 * windows were too short to judge.
 */
export function missingPeriodicWork(launch: LaunchWindows, plan: WindowPlan): string[] {
  if (!plan.holdsPeriods) return [];
  const missing: string[] = [];
  if (servedTotal(launch.visible) === 0)
    missing.push(
      `the ${launch.visible.seconds} s visible window served no request, though Home refreshes every ${HOME_REFRESH_MS / 1000} s`,
    );
  if (launch.hiddenWakeups.length === 0)
    missing.push(
      `the ${launch.hidden.seconds} s hidden window ran no timer, though the hidden polls run every ${HIDDEN_PERIOD_MS / 1000} s`,
    );
  return missing;
}
