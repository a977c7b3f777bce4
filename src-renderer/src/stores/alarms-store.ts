import { create } from 'zustand';
import type { MoneyAlarm } from '../../../src-preload/contract/alarms';
import { wallet } from '../bridge';
import { registerSessionReset } from './session-reset';

interface AlarmsState {
  /** Moves closed as "did not go through" that the service showed later, until dismissed (security.md 36). */
  readonly alarms: MoneyAlarm[];
  load(): Promise<void>;
  dismiss(id: string): Promise<void>;
}

/** Counts session resets: an answer asked for before the latest one belongs to a session that is gone. */
let generation = 0;

export const useAlarmsStore = create<AlarmsState>()((set) => ({
  alarms: [],
  async load() {
    const asked = generation;
    const result = await wallet.alarms.list();
    if (result.ok && asked === generation) set({ alarms: result.value });
  },
  async dismiss(id) {
    const asked = generation;
    const result = await wallet.alarms.dismiss({ id });
    if (result.ok && asked === generation) set({ alarms: result.value });
  },
}));

// Main says only that they changed; the list itself is read through the gated operation.
wallet.on('alarms.changed', () => void useAlarmsStore.getState().load());
// Alarms are the user's, not the account's: an account switch empties every store, and these are read again
// at once (main refuses while locked or signed out), or an alarm not dismissed would vanish (security.md 36).
registerSessionReset(() => {
  generation += 1;
  useAlarmsStore.setState({ alarms: [] });
  void useAlarmsStore.getState().load();
});
