import type { NotificationSettingsView } from '../../../src-preload/contract/notifications';
import { AppError } from '../../app-error';
import type { EmitEvent, Handlers } from '../../dispatch';
import type { Logger } from '../../logging/logger';
import type { SettingsStore } from '../../settings/settings-store';
import { toHistoryItem } from '../history/history-item';
import { rowKeyOf } from '../history/row-key';
import type { SessionService } from '../session';
import { createDepositNotifier } from './deposit-notifier';
import type { DesktopNotifier } from './desktop-notifier';

/** Enough of the latest history to see every deposit between two balance polls. */
const LOOK_RECORDS = 50;

export interface NotificationsFeatureDeps {
  readonly session: SessionService;
  readonly settings: SettingsStore;
  readonly notifier: DesktopNotifier;
  readonly logger: Logger;
  readonly emit: EmitEvent;
}

type NotificationsHandlers = Pick<
  Handlers,
  'notifications.get' | 'notifications.setDeposits' | 'notifications.markSeen'
>;

/**
 * Deposit notifications. No timer of its own: it looks at the latest history when the window's balance
 * polling answers (afterBalances), so it wakes no more often than that polling, which backs off while the
 * window is hidden. It asks the service for history only for accounts whose notifications are on.
 */
export function createNotificationsFeature(deps: NotificationsFeatureDeps) {
  const { session, settings } = deps;
  const deposits = createDepositNotifier({
    settings,
    notifier: deps.notifier,
    logger: deps.logger,
    signedIn: () => session.view().status === 'signed-in',
    publish: (unseen) => deps.emit('notifications.changed', { unseen }),
  });
  // Locked or signed out: the badge goes and what was seen is forgotten with the session.
  const stopWatching = session.onChange((view) => {
    if (view.status !== 'signed-in') deposits.reset();
  });
  const looking = new Map<string, Promise<void>>();

  function enabledFor(accountGuid: string): boolean {
    return settings.get().notifications.depositsByAccount[accountGuid] === true;
  }

  function accountName(accountGuid: string): string {
    return session.view().accounts.find((account) => account.guid === accountGuid)?.name ?? 'your account';
  }

  /** Page 1 of the account's history, newest first, asked for explicitly rather than trusting defaults. */
  function look(accountGuid: string): Promise<void> {
    const running = looking.get(accountGuid);
    if (running) return running;
    const run = session
      .interfaceAFor(accountGuid)
      .getTransactions({ page: 1, recordsPerPage: LOOK_RECORDS, orderBy: 'date', sortOrder: 'desc' })
      .then((result) => {
        deposits.observe(
          accountGuid,
          accountName(accountGuid),
          result.items.map((item) => toHistoryItem(item, rowKeyOf(item), '')),
        );
      })
      .finally(() => looking.delete(accountGuid));
    looking.set(accountGuid, run);
    return run;
  }

  function view(): NotificationSettingsView {
    const byAccount = settings.get().notifications.depositsByAccount;
    return {
      accounts: session.view().accounts.map((account) => ({
        guid: account.guid,
        name: account.name,
        depositNotifications: byAccount[account.guid] === true,
      })),
      unseen: deposits.unseen(),
    };
  }

  const handlers: NotificationsHandlers = {
    'notifications.get': () => view(),
    'notifications.setDeposits': async ({ accountGuid, enabled }) => {
      if (!session.view().accounts.some((account) => account.guid === accountGuid)) {
        throw new AppError('forbidden', 'That account is not one of yours.', { field: 'accountGuid' });
      }
      await settings.update((current) => ({
        ...current,
        notifications: {
          depositsByAccount: { ...current.notifications.depositsByAccount, [accountGuid]: enabled },
        },
      }));
      // What is in the history now is not news: it is recorded before the first poll could announce it.
      if (enabled && !deposits.hasLooked(accountGuid)) {
        await look(accountGuid).catch((error: unknown) => {
          deps.logger.warn('could not read the history to start deposit notifications', {
            error: error instanceof AppError ? error.code : 'unknown',
          });
        });
      }
      return view();
    },
    'notifications.markSeen': () => ({ unseen: deposits.markSeen() }),
  };

  return {
    handlers,
    /** The window's balance polling answered for this account. */
    afterBalances(accountGuid: string): void {
      if (!enabledFor(accountGuid)) return;
      look(accountGuid).catch((error: unknown) => {
        deps.logger.warn('could not look for new deposits', {
          error: error instanceof AppError ? error.code : 'unknown',
        });
      });
    },
    dispose(): void {
      stopWatching();
    },
  };
}
