import type { NotificationSettingsView } from '../../../src-preload/contract/notifications';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { createSessionStore } from './session-reset';

interface NotificationsState {
  readonly view: NotificationSettingsView | null;
  /** Deposits notified that the user has not looked at (the app badge). */
  readonly unseen: number;
  readonly error: BridgeError | null;
  readonly busy: boolean;
  load(): Promise<void>;
  setDeposits(accountGuid: string, enabled: boolean): Promise<void>;
  markSeen(): Promise<void>;
  /** One look for new deposits in the accounts whose notifications are on (the app-wide watch). */
  watch(): Promise<void>;
}

export const useNotificationsStore = createSessionStore<NotificationsState>((set, get) => ({
  view: null,
  unseen: 0,
  error: null,
  busy: false,
  async load() {
    const result = await wallet.notifications.get();
    if (result.ok) set({ view: result.value, unseen: result.value.unseen, error: null });
    else set({ error: result.error });
  },
  async setDeposits(accountGuid, enabled) {
    const before = get().view;
    if (get().busy || !before) return;
    // The box reflects the click at once; main's answer confirms it or puts it back.
    set({
      busy: true,
      error: null,
      view: {
        ...before,
        accounts: before.accounts.map((account) =>
          account.guid === accountGuid ? { ...account, depositNotifications: enabled } : account,
        ),
      },
    });
    const result = await wallet.notifications.setDeposits({ accountGuid, enabled });
    set(result.ok ? { view: result.value, busy: false } : { view: before, error: result.error, busy: false });
  },
  async markSeen() {
    set({ unseen: 0 });
    const result = await wallet.notifications.markSeen();
    if (result.ok) set({ unseen: result.value.unseen });
  },
  async watch() {
    // A failed look is main's to log; the next poll tries again and nothing on screen is waiting for it.
    const result = await wallet.notifications.watch();
    if (result.ok) set({ unseen: result.value.unseen });
  },
}));

wallet.on('notifications.changed', ({ unseen }) => useNotificationsStore.setState({ unseen }));
