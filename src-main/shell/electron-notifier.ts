import type { DesktopNotifier } from '../features/notifications';

/** The parts of Electron's Notification class and app the notifier uses, so tests can hand in fakes. */
export interface ElectronNotificationApi {
  readonly Notification: {
    isSupported(): boolean;
    new (options: { title: string; body: string; silent?: boolean }): { show(): void; close(): void };
  };
  readonly app: { setBadgeCount(count?: number): boolean };
}

/**
 * Deposit notices and the unseen count as the operating system shows them: a Notification per notice (where
 * the desktop supports them) and the dock or task-bar badge (macOS, and Linux desktops that support Unity's
 * launcher API; elsewhere setBadgeCount answers false and nothing shows).
 */
export function createElectronNotifier(electron: ElectronNotificationApi): DesktopNotifier {
  // Held so they can be closed (close() also removes them from the notification centre) at a lock or
  // sign-out; a run shows few, and each is let go once closed.
  const shown = new Set<{ close(): void }>();
  return {
    show(notice) {
      if (!electron.Notification.isSupported()) return;
      const notification = new electron.Notification({ title: notice.title, body: notice.body });
      shown.add(notification);
      notification.show();
    },
    setBadgeCount(count) {
      electron.app.setBadgeCount(count);
    },
    withdrawAll() {
      for (const notification of shown) notification.close();
      shown.clear();
    },
  };
}
