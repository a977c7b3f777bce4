import { useEffect } from 'react';
import { wallet } from '../bridge';
import { useSettleStore } from '../stores/settle-store';
import { announceSettled } from '../stores/settled-events';
import { settleRoundSchedule } from './settle-round-schedule';
import { usePolling } from './use-polling';

/**
 * The app-wide settle round: mounted with the signed-in shell, so it runs on every screen and stops (no
 * timer left) when the session locks or ends; it runs only while some move's outcome is unknown. What a
 * round settles reaches the money stores showing it at once (main's money.settled event).
 */
export function useSettleRound(): void {
  const remaining = useSettleStore((state) => state.remaining);
  useEffect(() => wallet.on('money.settled', ({ settled }) => announceSettled(settled)), []);
  usePolling(() => useSettleStore.getState().round(), settleRoundSchedule(remaining));
}
