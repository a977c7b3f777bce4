import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HIDDEN_PERIOD_MS,
  HOME_REFRESH_MS,
  VISIBLE_PERIOD_MS,
  hiddenWakeups,
  mergeServed,
  missingPeriodicWork,
  perMinute,
  shares,
  windowPlan,
  type IdleWindow,
  type LaunchWindows,
} from '../../../bench/support/idle-windows';

function window(seconds: number, renderer: number, process: number, served: Record<string, number> = {}): IdleWindow {
  return { seconds, renderer, process, served };
}

describe('the idle windows are long enough to hold the app’s periodic work', () => {
  it('keeps Home’s refresh period equal to the one the portfolio store uses', () => {
    // The store cannot be imported outside the renderer (it reaches for the bridge), so its source is read.
    const source = readFileSync(join(__dirname, '../../../../src-renderer/src/stores/portfolio-store.ts'), 'utf8');
    const declared = /export const REFRESH_INTERVAL_MS = ([\d_]+);/.exec(source)?.[1];
    expect(Number(declared?.replaceAll('_', ''))).toBe(HOME_REFRESH_MS);
  });

  it('gives a full run visible and hidden windows longer than every poll’s period', () => {
    const plan = windowPlan(false);
    expect(plan.holdsPeriods).toBe(true);
    expect(plan.visibleSeconds * 1000).toBeGreaterThan(VISIBLE_PERIOD_MS);
    expect(plan.hiddenSeconds * 1000).toBeGreaterThan(HIDDEN_PERIOD_MS);
    expect(HIDDEN_PERIOD_MS).toBeGreaterThanOrEqual(60_000);
  });

  it('says a quick run cannot judge the periodic work, as its windows are shorter than a period', () => {
    const plan = windowPlan(true);
    expect(plan.visibleSeconds * 1000).toBeLessThan(VISIBLE_PERIOD_MS);
    expect(plan.holdsPeriods).toBe(false);
  });
});

describe('the app’s CPU over the floor', () => {
  it('compares rates, so windows of different lengths are judged alike', () => {
    // App: 0.4 s of renderer and 0.8 s of process over 40 s (1 % and 2 %); floor: 0.1 s and 0.3 s over 30 s.
    const result = shares([window(40, 0.4, 0.8)], [window(10, 0.05, 0.1), window(20, 0.05, 0.2)]);
    expect(result.rendererFloor).toBeCloseTo((0.1 / 30) * 100, 10);
    expect(result.processFloor).toBeCloseTo(1, 10);
    expect(result.renderer).toBeCloseTo(1 - (0.1 / 30) * 100, 10);
    expect(result.main).toBeCloseTo(1, 10);
  });

  it('sums over every window of the side, not the first', () => {
    const result = shares([window(10, 0.1, 0), window(10, 0.3, 0)], [window(10, 0, 0)]);
    expect(result.renderer).toBeCloseTo(2, 10);
  });

  it('refuses a side with no seconds measured', () => {
    expect(() => shares([window(10, 0.1, 0.1)], [])).toThrow(/no idle window/);
  });
});

describe('the requests served in the app’s windows', () => {
  it('merges paths over windows and gives them per minute, most frequent first', () => {
    const merged = mergeServed([
      window(30, 0, 0, { '/wallets': 1, '/settle': 1 }),
      window(30, 0, 0, { '/wallets': 2 }),
    ]);
    expect(merged).toEqual({ '/wallets': 3, '/settle': 1 });
    expect(Object.entries(perMinute(merged, 60))).toEqual([
      ['/wallets', 3],
      ['/settle', 1],
    ]);
  });
});

describe('a full run fails loudly when a window saw none of the periodic work', () => {
  const full = windowPlan(false);
  const wakeup = { kind: 'timeout', delay: 41_000, at: 5_000, hidden: true };
  const launch = (served: Record<string, number>, wakeups: LaunchWindows['hiddenWakeups']): LaunchWindows => ({
    visible: window(full.visibleSeconds, 0.1, 0.1, served),
    hidden: window(full.hiddenSeconds, 0.1, 0.1),
    hiddenWakeups: wakeups,
  });

  it('passes windows that served a refresh and ran a hidden poll', () => {
    expect(missingPeriodicWork(launch({ '/wallets': 2 }, [wakeup]), full)).toEqual([]);
  });

  it('names a visible window that served nothing and a hidden one that ran no timer', () => {
    const missing = missingPeriodicWork(launch({}, []), full);
    expect(missing).toHaveLength(2);
    expect(missing[0]).toMatch(/visible window served no request/);
    expect(missing[1]).toMatch(/hidden window ran no timer/);
  });

  it('does not judge quick windows, too short to hold a period', () => {
    expect(missingPeriodicWork(launch({}, []), windowPlan(true))).toEqual([]);
  });

  it('counts as hidden wakeups only those run while hidden, from the moment the page hid', () => {
    const fired = [
      { kind: 'timeout', delay: 30_000, at: 900, hidden: false },
      { kind: 'timeout', delay: 1_000, at: 950, hidden: true },
      wakeup,
    ];
    expect(hiddenWakeups(fired, 1_000)).toEqual([wakeup]);
  });
});
