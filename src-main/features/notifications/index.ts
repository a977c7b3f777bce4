export { createNotificationsFeature, type NotificationsFeatureDeps } from './notifications-feature';
export { createDepositNotifier, type DepositNotifier } from './deposit-notifier';
export { silentNotifier, type DesktopNotice, type DesktopNotifier } from './desktop-notifier';
