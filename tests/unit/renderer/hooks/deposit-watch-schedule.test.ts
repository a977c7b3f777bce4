import { describe, expect, it } from 'vitest';
import type { NotificationSettingsView } from '../../../../src-preload/contract/notifications';
import { depositWatchSchedule } from '../../../../src-renderer/src/hooks/deposit-watch-schedule';
import { HIDDEN_MIN_PERIOD_MS } from '../../../../src-renderer/src/hooks/use-polling';

function view(...switches: boolean[]): NotificationSettingsView {
  return {
    accounts: switches.map((on, index) => ({
      guid: `account-${index}`,
      name: `Account ${index}`,
      depositNotifications: on,
    })),
    unseen: 0,
  };
}

describe('the app-wide deposit watch follows the polling rule', () => {
  it('runs only while some account has its notifications on', () => {
    expect(depositWatchSchedule(null).enabled).toBe(false);
    expect(depositWatchSchedule(view()).enabled).toBe(false);
    expect(depositWatchSchedule(view(false, false)).enabled).toBe(false);
    expect(depositWatchSchedule(view(false, true)).enabled).toBe(true);
  });

  it('looks every 30 to 60 s while visible, at most once a minute while hidden, and keeps looking while hidden', () => {
    const schedule = depositWatchSchedule(view(true));
    expect(schedule.visibleMs).toBeGreaterThanOrEqual(30_000);
    expect(schedule.visibleMs).toBeLessThanOrEqual(60_000);
    expect(schedule.hiddenMs).not.toBeNull();
    expect(schedule.hiddenMs!).toBeGreaterThanOrEqual(HIDDEN_MIN_PERIOD_MS);
    // The first look records what is already there, so it is not announced later.
    expect(schedule.immediately).toBe(true);
  });
});
