import { useEffect } from 'react';
import { useNotificationsStore } from '../stores/notifications-store';
import { depositWatchSchedule } from './deposit-watch-schedule';
import { usePolling } from './use-polling';

/**
 * The app-wide deposit watch: mounted with the signed-in shell, so it runs on every screen and stops (no
 * timer left) when the session locks or ends; it runs only while some account's notifications are on.
 */
export function useDepositWatch(): void {
  const view = useNotificationsStore((state) => state.view);
  const missing = view === null;
  // The switches come back after sign-in and after an account switch empties the stores.
  useEffect(() => {
    if (missing) void useNotificationsStore.getState().load();
  }, [missing]);
  usePolling(() => void useNotificationsStore.getState().watch(), depositWatchSchedule(view));
}
