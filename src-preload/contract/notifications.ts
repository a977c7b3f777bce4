import { z } from 'zod';
import { PlainText } from './text';
import { operation } from './define';

/** Deposit notifications: off by default, switched on per account in Settings. */
export const NotificationSettingsView = z.object({
  accounts: z.array(z.object({ guid: z.string(), name: z.string(), depositNotifications: z.boolean() })),
  /** Deposits notified that the user has not looked at yet (the app badge). */
  unseen: z.number().int().min(0),
});
export type NotificationSettingsView = z.infer<typeof NotificationSettingsView>;

export const UnseenDeposits = z.object({ unseen: z.number().int().min(0) });

export const notificationsOperations = {
  'notifications.get': operation(z.void(), NotificationSettingsView),
  'notifications.setDeposits': operation(
    z.object({ accountGuid: PlainText().min(1).max(100), enabled: z.boolean() }).strict(),
    NotificationSettingsView,
  ),
  /**
   * The app-wide watch (src-renderer/src/hooks/use-deposit-watch.ts): look for new deposits in every account
   * whose notifications are on. Answers the badge count after the look.
   */
  'notifications.watch': operation(z.void(), UnseenDeposits),
  /** The user looked at Home or History: the badge goes. */
  'notifications.markSeen': operation(z.void(), UnseenDeposits),
} as const;

export const notificationsEvents = {
  'notifications.changed': UnseenDeposits,
} as const;
