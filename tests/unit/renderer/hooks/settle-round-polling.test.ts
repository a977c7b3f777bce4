import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SETTLE_ROUND_BACKOFF_CAP_MS,
  SETTLE_ROUND_VISIBLE_MS,
  settleRoundSchedule,
} from '../../../../src-renderer/src/hooks/settle-round-schedule';
import { backedOffPeriod, HIDDEN_MIN_PERIOD_MS, startPolling } from '../../../../src-renderer/src/hooks/use-polling';

/** A page whose visibility the test sets, on the fake clock of vitest. */
function stubPage() {
  const page = { state: 'visible' as 'visible' | 'hidden', listeners: new Set<() => void>() };
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('document', {
    get visibilityState() {
      return page.state;
    },
    addEventListener: (_: string, listener: () => void) => page.listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => page.listeners.delete(listener),
  });
  return {
    show(state: 'visible' | 'hidden') {
      page.state = state;
      for (const listener of page.listeners) listener();
    },
  };
}

/** A round whose answers the test gives: each call records when it ran and waits for `answer`. */
function scriptedRound() {
  const runs: number[] = [];
  let pending: ((ok: boolean) => void) | null = null;
  return {
    runs,
    task: () => {
      runs.push(Date.now());
      return new Promise<boolean>((resolve) => (pending = resolve));
    },
    async answer(ok: boolean) {
      const resolve = pending;
      pending = null;
      resolve?.(ok);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the settle round follows the polling rule, backing off after failures', () => {
  it('runs at once, then every 30 s visible and every 60 s hidden, only while a move is unknown', () => {
    expect(settleRoundSchedule(null)).toMatchObject({
      visibleMs: SETTLE_ROUND_VISIBLE_MS,
      hiddenMs: HIDDEN_MIN_PERIOD_MS,
      immediately: true,
      enabled: true,
    });
    expect(SETTLE_ROUND_VISIBLE_MS).toBe(30_000);
    expect(settleRoundSchedule(null).backoffCapMs).toBe(SETTLE_ROUND_BACKOFF_CAP_MS);
    expect(settleRoundSchedule(2).enabled).toBe(true);
    expect(settleRoundSchedule(0).enabled).toBe(false);
  });

  it('doubles the period after each failure in a row, up to the cap, and never below the period', () => {
    expect([0, 1, 2, 3].map((failures) => backedOffPeriod(30_000, failures, 600_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(backedOffPeriod(30_000, 5, 600_000)).toBe(600_000);
    expect(backedOffPeriod(30_000, 500, 600_000)).toBe(600_000);
    expect(backedOffPeriod(60_000, 0, 10_000)).toBe(60_000);
  });

  it('waits longer after each failed round and is back to 30 s after a success; rounds never overlap', async () => {
    stubPage();
    const round = scriptedRound();
    const stop = startPolling(round.task, settleRoundSchedule(null));
    expect(round.runs).toEqual([0]);
    // Still on its way at 30 s: no second round beside it.
    await vi.advanceTimersByTimeAsync(45_000);
    expect(round.runs).toEqual([0]);
    await round.answer(false);
    // Failed once: the next round 60 s after the last one started.
    await vi.advanceTimersByTimeAsync(14_999);
    expect(round.runs).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(round.runs).toEqual([0, 60_000]);
    await round.answer(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(round.runs).toEqual([0, 60_000, 180_000]);
    await round.answer(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(round.runs).toEqual([0, 60_000, 180_000, 210_000]);
    stop();
    await round.answer(true);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(round.runs).toHaveLength(4);
  });

  it('hidden, it runs once a minute and backs off from there; showing the window runs a round that is due', async () => {
    const page = stubPage();
    const round = scriptedRound();
    const stop = startPolling(round.task, settleRoundSchedule(null));
    await round.answer(true);
    page.show('hidden');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(round.runs).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(round.runs).toEqual([0, 60_000]);
    await round.answer(false);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(round.runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(round.runs).toEqual([0, 60_000, 180_000]);
    await round.answer(true);
    await vi.advanceTimersByTimeAsync(31_000);
    page.show('visible');
    expect(round.runs).toEqual([0, 60_000, 180_000, 211_000]);
    stop();
  });
});
