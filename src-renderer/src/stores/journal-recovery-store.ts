import type { JournalRecoveryView } from '../../../src-preload/contract/journal';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { createSessionStore } from './session-reset';

interface JournalRecoveryState {
  /** What main recovered from a damaged record of payments and the user has not yet seen, or null. */
  readonly recovery: JournalRecoveryView | null;
  readonly error: BridgeError | null;
  readonly busy: boolean;
  load(): Promise<void>;
  acknowledge(): Promise<void>;
}

/** The recovery of a damaged money journal (security.md 35): shown until the user says they have seen it. */
export const useJournalRecoveryStore = createSessionStore<JournalRecoveryState>((set, get) => ({
  recovery: null,
  error: null,
  busy: false,
  async load() {
    const result = await wallet.journal.recovery();
    if (result.ok) set({ recovery: result.value, error: null });
    else set({ error: result.error });
  },
  async acknowledge() {
    if (get().busy) return;
    set({ busy: true, error: null });
    const result = await wallet.journal.acknowledgeRecovery();
    if (result.ok) set({ recovery: null, busy: false });
    else set({ error: result.error, busy: false });
  },
}));
