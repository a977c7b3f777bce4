import type { MoneyAlarm } from '../../../src-preload/contract/alarms';
import { wallet } from '../bridge';
import { createSessionStore } from './session-reset';

interface AlarmsState {
  /** Moves closed as "did not go through" that the service showed later, until dismissed (security.md 36). */
  readonly alarms: MoneyAlarm[];
  load(): Promise<void>;
  dismiss(id: string): Promise<void>;
}

export const useAlarmsStore = createSessionStore<AlarmsState>(
  (set, _get, _store, generation) => ({
    alarms: [],
    async load() {
      const asked = generation.current();
      const result = await wallet.alarms.list();
      if (result.ok && generation.isCurrent(asked)) set({ alarms: result.value });
    },
    async dismiss(id) {
      const asked = generation.current();
      const result = await wallet.alarms.dismiss({ id });
      if (result.ok && generation.isCurrent(asked)) set({ alarms: result.value });
    },
  }),
  // Alarms are the user's, not the account's: an account switch empties every store, and these are read again
  // at once (main refuses while locked or signed out), or an alarm not dismissed would vanish (security.md 36).
  { afterReset: () => void useAlarmsStore.getState().load() },
);

// Main says only that they changed; the list itself is read through the gated operation.
wallet.on('alarms.changed', () => void useAlarmsStore.getState().load());
