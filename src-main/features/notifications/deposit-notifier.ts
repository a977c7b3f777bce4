import { formatCryptoAmount } from '../../../src-preload/contract/crypto-amount-format';
import type { HistoryItem } from '../../../src-preload/contract/history';
import type { Logger } from '../../logging/logger';
import type { SettingsStore } from '../../settings/settings-store';
import { createDepositRecord, type DepositRecord } from './deposit-record';
import type { DesktopNotifier } from './desktop-notifier';
import { serviceDateMs } from '../../service/service-date';
import { t } from '../../i18n/main-text';

export interface DepositNotifierDeps {
  readonly settings: SettingsStore;
  readonly notifier: DesktopNotifier;
  readonly logger: Logger;
  /** Whether the window may learn of it now: only while signed in and unlocked. */
  readonly signedIn: () => boolean;
  /** Tells the window how many deposits it has not shown yet. */
  readonly publish: (unseen: number) => void;
  /** The computer's clock (ms since the epoch); tests pass their own. */
  readonly now?: () => number;
  /**
   * The locale the window shows amounts in (Electron's app.getLocale(), which the page's navigator.language
   * follows), read when a notice is written; en-US without it.
   */
  readonly locale?: () => string;
}

/** A locale Intl accepts, else en-US: a notice is never lost to an odd locale tag. */
function usableLocale(tag: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0 ? tag : 'en-US';
  } catch {
    return 'en-US';
  }
}

/** Clock difference between the app and the service that a history date may show (as find-swap allows). */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * One account's watch. `listed` says what the answers so far have shown: none yet, only empty ones, or
 * deposits. The first answer that lists deposits is all history, whatever its dates (the computer's clock
 * may be wrong), and is only recorded. An empty answer proves little (a flaky service may answer an empty
 * page once), so it is never taken as "this account has no deposits". After that, a deposit not seen
 * before is news only if it is dated since the watch started (less clock skew), whether the first answers
 * were empty or not: a service that ignores sortOrder, or answers another or a stale page, lists deposits
 * the record has not seen that are years old, and those are history however new to the record.
 */
interface AccountWatch {
  readonly sinceMs: number;
  listed: 'nothing-yet' | 'empty' | 'deposits';
  readonly record: DepositRecord;
}

/**
 * Dated since the watch started, less clock skew. A date that cannot be read (serviceDateMs: not ISO 8601,
 * or no real day) is not news: it cannot show the deposit is not years old, and a missed notice leaves the
 * deposit in the balance and the history, while an old one announced as received can be taken as payment.
 */
function datedSince(item: HistoryItem, sinceMs: number): boolean {
  const at = serviceDateMs(item.date);
  return at !== null && at >= sinceMs - CLOCK_SKEW_MS;
}

function newDeposits(watch: AccountWatch, deposits: readonly HistoryItem[]): HistoryItem[] {
  if (deposits.length === 0) {
    if (watch.listed === 'nothing-yet') watch.listed = 'empty';
    return [];
  }
  const fresh = watch.record.takeNew(deposits);
  const before = watch.listed;
  watch.listed = 'deposits';
  if (before === 'nothing-yet') return [];
  return fresh.filter((item) => datedSince(item, watch.sinceMs));
}

function isDeposit(item: HistoryItem): boolean {
  return item.type.toLowerCase() === 'deposit';
}

/**
 * Deposits that arrive while the app is open, as seen in the history that balances polling or the History
 * screen fetched. What the first answers show is history, not news (AccountWatch says how an empty one is
 * read); later looks notify each deposit not seen before, if the user switched notifications on for that
 * account. Notices never carry an amount while privacy mode is on. The badge counts deposits not yet looked
 * at, until the user opens Home or History.
 */
export function createDepositNotifier(deps: DepositNotifierDeps) {
  const known = new Map<string, AccountWatch>();
  const now = deps.now ?? Date.now;
  let unseen = 0;

  function begin(accountGuid: string): AccountWatch {
    let watch = known.get(accountGuid);
    if (!watch) {
      watch = { sinceMs: now(), listed: 'nothing-yet', record: createDepositRecord() };
      known.set(accountGuid, watch);
    }
    return watch;
  }

  function enabledFor(accountGuid: string): boolean {
    return deps.settings.get().notifications.depositsByAccount[accountGuid] === true;
  }

  function setUnseen(count: number): void {
    if (count === unseen) return;
    unseen = count;
    deps.notifier.setBadgeCount(count);
    deps.publish(count);
  }

  function noticeFor(item: HistoryItem, accountName: string): { title: string; body: string } {
    const asset = item.network ? `${item.displayName} (${item.network})` : item.displayName;
    if (deps.settings.get().preferences.privacyMode) {
      return {
        title: t('notices.deposit.title'),
        body: t('notices.deposit.hiddenBody', { asset, account: accountName }),
      };
    }
    const amount = formatCryptoAmount(item.amount, item.symbol, usableLocale(deps.locale?.() ?? 'en-US'));
    return {
      title: t('notices.deposit.title'),
      body: t('notices.deposit.body', { amount, symbol: item.symbol, account: accountName }),
    };
  }

  return {
    /**
     * One look at an account's latest history. Returns how many deposits were new. A look at an account
     * whose notifications are off still records what it saw, so switching them on later announces nothing old.
     */
    observe(accountGuid: string, accountName: string, items: readonly HistoryItem[]): number {
      const deposits = items.filter(isDeposit);
      const fresh = newDeposits(begin(accountGuid), deposits);
      if (fresh.length === 0 || !enabledFor(accountGuid) || !deps.signedIn()) return 0;
      for (const item of fresh) deps.notifier.show(noticeFor(item, accountName));
      deps.logger.info('deposit notifications shown', { count: fresh.length });
      setUnseen(unseen + fresh.length);
      return fresh.length;
    },
    /**
     * A look at the account is about to ask the service: its watch starts now, if it has not started, so a
     * deposit made while the first answers are on their way or fail is dated after the start.
     */
    begin(accountGuid: string): void {
      begin(accountGuid);
    },
    hasLooked(accountGuid: string): boolean {
      return known.has(accountGuid);
    },
    /**
     * The account's switch went off: what was seen is dropped, so switching it on again starts from the
     * history as it is then and never announces what arrived while it was off.
     */
    forget(accountGuid: string): void {
      known.delete(accountGuid);
    },
    unseen: () => unseen,
    /** The user looked at Home or History. */
    markSeen(): number {
      setUnseen(0);
      return unseen;
    },
    /**
     * Sign-out or lock: nothing of this session lingers in the dock, the task bar or the notification
     * centre (a notice shown before the lock names an amount to whoever sits down next).
     */
    reset(): void {
      known.clear();
      setUnseen(0);
      deps.notifier.withdrawAll();
    },
    /** Privacy mode went on: notices shown before it may name amounts. */
    withdrawShown(): void {
      deps.notifier.withdrawAll();
    },
  };
}

export type DepositNotifier = ReturnType<typeof createDepositNotifier>;
