import type { NotificationSettingsView } from '../../../src-preload/contract/notifications';
import { AppError } from '../../app-error';
import type { EmitEvent, Handlers } from '../../dispatch';
import type { Logger } from '../../logging/logger';
import type { SettingsStore } from '../../settings/settings-store';
import { rowKeyOf, toHistoryItem } from '../history';
import type { SessionService } from '../session';
import type { TransactionsResult } from '../../service/interface-a-schemas';
import { createDepositNotifier } from './deposit-notifier';
import type { DesktopNotifier } from './desktop-notifier';
import { savingSettings } from '../../settings/storage-failure';
import { t } from '../../i18n/main-text';

/** Enough of the latest history to see every deposit between two balance polls. */
const LOOK_RECORDS = 50;

export interface NotificationsFeatureDeps {
  readonly session: SessionService;
  readonly settings: SettingsStore;
  readonly notifier: DesktopNotifier;
  readonly logger: Logger;
  readonly emit: EmitEvent;
  /** The computer's clock (ms since the epoch); tests pass their own. */
  readonly now?: () => number;
  /** The locale the window shows amounts in (app.getLocale() in the app); notices write amounts in it. */
  readonly locale?: () => string;
}

/**
 * Whether an answer can stand as the account's latest history: page 1 (what was asked for), and not an
 * empty page from a service that counts records it did not send (a flaky answer, which would otherwise read
 * as "no deposits yet"). An answer that fails this is dropped like a failed request.
 */
function isLatestPage(result: TransactionsResult): boolean {
  return result.page === 1 && (result.items.length > 0 || result.totalRecords === 0);
}

type NotificationsHandlers = Pick<
  Handlers,
  'notifications.get' | 'notifications.setDeposits' | 'notifications.markSeen' | 'notifications.watch'
>;

/** Each of the user's accounts with whether its deposits are announced, and how many notices are unseen. */
function settingsView(
  deps: Pick<NotificationsFeatureDeps, 'session' | 'settings'>,
  unseen: number,
): NotificationSettingsView {
  const byAccount = deps.settings.get().notifications.depositsByAccount;
  return {
    accounts: deps.session.view().accounts.map((account) => ({
      guid: account.guid,
      name: account.name,
      depositNotifications: byAccount[account.guid] === true,
    })),
    unseen,
  };
}

async function saveDepositChoice(settings: SettingsStore, accountGuid: string, enabled: boolean): Promise<void> {
  await savingSettings('notification-choice', () =>
    settings.update((current) => ({
      ...current,
      notifications: {
        depositsByAccount: { ...current.notifications.depositsByAccount, [accountGuid]: enabled },
      },
    })),
  );
}

/**
 * Deposit notifications. Main has no timer here (the polling rule, src-renderer/src/hooks/use-polling.ts,
 * rule 5): it looks at the latest history when the window asks, through the app-wide watch
 * (notifications.watch, on every screen, backing off while the window is hidden) and when Home's balance
 * polling answers (afterBalances). Both go through one look per account at a time and one record of what
 * was seen, so a deposit both see is announced once. It asks the service only for accounts whose
 * notifications are on.
 */
export function createNotificationsFeature(deps: NotificationsFeatureDeps) {
  const { session, settings } = deps;
  const deposits = createDepositNotifier({
    settings,
    notifier: deps.notifier,
    logger: deps.logger,
    signedIn: () => session.view().status === 'signed-in',
    publish: (unseen) => deps.emit('notifications.changed', { unseen }),
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.locale ? { locale: deps.locale } : {}),
  });
  const looking = new Map<string, Promise<void>>();
  // Bumped when the session ends or locks: a look that started before answers into nothing, so what one
  // session saw never becomes the next one's record (another user, or deposits made while locked).
  let generation = 0;
  const stopWatching = session.onChange((view) => {
    if (view.status === 'signed-in') return;
    generation += 1;
    looking.clear();
    deposits.reset();
  });

  function enabledFor(accountGuid: string): boolean {
    return settings.get().notifications.depositsByAccount[accountGuid] === true;
  }

  function accountName(accountGuid: string): string {
    return session.view().accounts.find((account) => account.guid === accountGuid)?.name ?? 'your account';
  }

  /**
   * Page 1 of the account's history, newest first, asked for explicitly rather than trusting defaults. The
   * account is named in the request (X-Account-Guid), so what comes back is that account's whichever one
   * is active, and it is recorded under that account only.
   */
  function look(accountGuid: string): Promise<void> {
    const running = looking.get(accountGuid);
    if (running) return running;
    const started = generation;
    deposits.begin(accountGuid);
    const run = Promise.resolve()
      .then(() =>
        session
          .interfaceAFor(accountGuid)
          .getTransactions({ page: 1, recordsPerPage: LOOK_RECORDS, orderBy: 'date', sortOrder: 'desc' }),
      )
      .then((result) => {
        // Switched off meanwhile: what it saw must not stand as the record when it is switched on again.
        if (started !== generation || !enabledFor(accountGuid)) return;
        if (!isLatestPage(result)) {
          deps.logger.warn('a history look answered no usable first page', {
            page: result.page,
            items: result.items.length,
            totalRecords: result.totalRecords,
          });
          return;
        }
        deposits.observe(
          accountGuid,
          accountName(accountGuid),
          result.items.map((item) => toHistoryItem(item, rowKeyOf(item), '')),
        );
      })
      .finally(() => {
        if (looking.get(accountGuid) === run) looking.delete(accountGuid);
      });
    looking.set(accountGuid, run);
    return run;
  }

  function lookLogged(accountGuid: string, what: string): Promise<void> {
    return look(accountGuid).catch((error: unknown) => {
      deps.logger.warn(what, { error: error instanceof AppError ? error.code : 'unknown' });
    });
  }

  const view = (): NotificationSettingsView => settingsView(deps, deposits.unseen());

  const handlers: NotificationsHandlers = {
    'notifications.get': () => view(),
    'notifications.setDeposits': async ({ accountGuid, enabled }) => {
      if (!session.view().accounts.some((account) => account.guid === accountGuid)) {
        throw new AppError('forbidden', t('notices.notYourAccount'), { field: 'accountGuid' });
      }
      await saveDepositChoice(settings, accountGuid, enabled);
      if (!enabled) deposits.forget(accountGuid);
      // What is in the history now is not news: it is recorded before the first poll could announce it.
      if (enabled && !deposits.hasLooked(accountGuid)) {
        await lookLogged(accountGuid, 'could not read the history to start deposit notifications');
      }
      return view();
    },
    'notifications.markSeen': () => ({ unseen: deposits.markSeen() }),
    'notifications.watch': async () => {
      const current = session.view();
      if (current.status !== 'signed-in') throw new AppError('not_signed_in', t('notices.signInFirst'));
      const watched = current.accounts.filter((account) => enabledFor(account.guid));
      await Promise.all(watched.map((account) => lookLogged(account.guid, 'could not look for new deposits')));
      return { unseen: deposits.unseen() };
    },
  };

  return {
    handlers,
    /** Privacy mode was set: when on, notices already shown (which may name amounts) are withdrawn. */
    privacyModeChanged(on: boolean): void {
      if (on) deposits.withdrawShown();
    },
    /** The window's balance polling answered for this account. */
    afterBalances(accountGuid: string): void {
      if (!enabledFor(accountGuid)) return;
      void lookLogged(accountGuid, 'could not look for new deposits');
    },
    dispose(): void {
      stopWatching();
    },
  };
}
