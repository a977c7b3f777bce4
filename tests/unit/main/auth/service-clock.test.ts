import { describe, expect, it, vi } from 'vitest';
import { createServiceClock, noticeSeconds } from '../../../../src-main/auth/service-clock';

describe('the service clock (security.md 37)', () => {
  it('measures the service’s time less the app’s, from a stated time or a Date header', () => {
    const clock = createServiceClock();
    expect(clock.offsetMs()).toBeNull();
    clock.observe(1_000_000, 1_600_000);
    expect(clock.offsetMs()).toBe(-600_000);
    clock.observeDateHeader('Thu, 26 Nov 2026 04:00:00 GMT', Date.UTC(2026, 10, 26, 3, 50, 0));
    expect(clock.offsetMs()).toBe(600_000);
  });

  it('ignores a Date header that is missing or no date, keeping what it knew', () => {
    const clock = createServiceClock();
    clock.observe(5_000, 0);
    clock.observeDateHeader(null, 0);
    clock.observeDateHeader('yesterday-ish', 0);
    clock.observe(Number.NaN, 0);
    expect(clock.offsetMs()).toBe(5_000);
  });

  it('tells its listeners only when the notice would change, and forgets on reset', () => {
    const clock = createServiceClock();
    const listener = vi.fn();
    clock.onChange(listener);
    clock.observe(30_000, 0);
    expect(listener).not.toHaveBeenCalled();
    clock.observe(0, 600_000);
    expect(listener).toHaveBeenCalledTimes(1);
    clock.observe(0, 600_200);
    expect(listener).toHaveBeenCalledTimes(1);
    clock.reset();
    expect(clock.offsetMs()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it.each([
    [null, undefined],
    [0, undefined],
    [60_000, undefined],
    [-60_400, undefined],
    [61_000, 61],
    [-90_000, -90],
    [600_000, 600],
  ])('an offset of %s ms is told as %s seconds (only beyond a minute)', (offset, seconds) => {
    expect(noticeSeconds(offset)).toBe(seconds);
  });
});
