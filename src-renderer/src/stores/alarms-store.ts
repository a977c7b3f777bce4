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

export const useAlarmsStore = create<AlarmsState>()((set) => ({
  alarms: [],
  async load() {
    const result = await wallet.alarms.list();
    if (result.ok) set({ alarms: result.value });
  },
  async dismiss(id) {
    const result = await wallet.alarms.dismiss({ id });
    if (result.ok) set({ alarms: result.value });
  },
}));

// Main says only that they changed; the list itself is read through the gated operation.
wallet.on('alarms.changed', () => void useAlarmsStore.getState().load());
registerSessionReset(() => useAlarmsStore.setState({ alarms: [] }));
