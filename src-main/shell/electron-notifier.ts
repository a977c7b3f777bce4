import type { DesktopNotifier } from '../features/notifications';

/** The parts of Electron's Notification class and app the notifier uses, so tests can hand in fakes. */
export interface ElectronNotificationApi {
  readonly Notification: {
    isSupported(): boolean;
    new (options: { title: string; body: string; silent?: boolean }): { show(): void };
  };
  readonly app: { setBadgeCount(count?: number): boolean };
}

/**
 * Deposit notices and the unseen count as the operating system shows them: a Notification per notice (where
 * the desktop supports them) and the dock or task-bar badge (macOS, and Linux desktops that support Unity's
 * launcher API; elsewhere setBadgeCount answers false and nothing shows).
 */
export function createElectronNotifier(electron: ElectronNotificationApi): DesktopNotifier {
  return {
    show(notice) {
      if (!electron.Notification.isSupported()) return;
      new electron.Notification({ title: notice.title, body: notice.body }).show();
    },
    setBadgeCount(count) {
      electron.app.setBadgeCount(count);
    },
  };
}
