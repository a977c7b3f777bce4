import type { NotificationSettingsView } from '../../../src-preload/contract/notifications';
import { HIDDEN_MIN_PERIOD_MS, type PollingOptions } from './use-polling';

/** As often as Home refreshes balances: a deposit is announced within about the time Home would show it. */
export const DEPOSIT_WATCH_VISIBLE_MS = 30_000;

/**
 * When the app-wide deposit watch runs, by the polling rule (use-polling.ts): every
 * DEPOSIT_WATCH_VISIBLE_MS while the window is visible, once a minute while hidden (a deposit must still
 * reach the user then), and not at all until some account's notifications are on. It starts with a look, so
 * what is already in the history at sign-in is recorded, not announced.
 */
export function depositWatchSchedule(view: NotificationSettingsView | null): PollingOptions {
  return {
    visibleMs: DEPOSIT_WATCH_VISIBLE_MS,
    hiddenMs: HIDDEN_MIN_PERIOD_MS,
    immediately: true,
    enabled: view?.accounts.some((account) => account.depositNotifications) ?? false,
  };
}
