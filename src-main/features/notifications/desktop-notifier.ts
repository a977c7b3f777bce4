/**
 * The operating system's notifications and app badge, behind a port: Electron's Notification and
 * app.setBadgeCount in the app (src-main/shell/electron-notifier.ts), a recording fake in the harness.
 */
export interface DesktopNotice {
  readonly title: string;
  readonly body: string;
}

export interface DesktopNotifier {
  show(notice: DesktopNotice): void;
  /** 0 removes the badge. */
  setBadgeCount(count: number): void;
  /**
   * Takes every notice this run has shown off the screen and out of the system's notification centre, where
   * they would otherwise stay, amounts and all, after a lock or sign-out or once privacy mode is on.
   */
  withdrawAll(): void;
}

/** For a shell without notifications: nothing is shown. */
export const silentNotifier: DesktopNotifier = {
  show: () => undefined,
  setBadgeCount: () => undefined,
  withdrawAll: () => undefined,
};
