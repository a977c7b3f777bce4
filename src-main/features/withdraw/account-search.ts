import type { SessionAccount } from '../../../src-preload/contract/session';
import type { BridgeError } from '../../../src-preload/result';
import { AppError } from '../../app-error';
import type { TransactionItem } from '../../service/interface-a-schemas';
import { findInHistory } from '../money/find-in-history';
import type { MerchantSession } from '../merchant';
import { t, textLocale } from '../../i18n/main-text';

export interface AccountSearch {
  /** The withdrawal's history row, from the first account that shows it. */
  readonly item: TransactionItem | null;
  /** The account whose history shows it (when `item` is set). */
  readonly foundIn: SessionAccount | null;
  /** Accounts whose history was read (and did not show it, unless `item` is set). */
  readonly searched: readonly SessionAccount[];
  /** Accounts whose history could not be read. */
  readonly failed: readonly SessionAccount[];
}

/**
 * Looks a merchant withdrawal up by its MerchantTransactionId in the history of every account of the
 * signed-in user, active one first. A withdrawal shows in the merchant's linked account, which the app cannot
 * tell from the keys and which need not be the active one, so one account's silence proves nothing
 * (security.md 27). Reads only; never sends (security.md 29). Throws when no history could be read at all.
 */
export async function searchAccounts(
  session: Pick<MerchantSession, 'interfaceAFor' | 'view'>,
  merchantTransactionId: string,
): Promise<AccountSearch> {
  const { accounts, activeAccountGuid } = session.view();
  const ordered = [...accounts].sort(
    (a, b) => Number(b.guid === activeAccountGuid) - Number(a.guid === activeAccountGuid),
  );
  const searched: SessionAccount[] = [];
  const failed: SessionAccount[] = [];
  let firstError: unknown = null;
  for (const account of ordered) {
    try {
      const item = await findInHistory(session.interfaceAFor(account.guid), merchantTransactionId, (candidate) =>
        isWithdrawalRow(merchantTransactionId, candidate),
      );
      searched.push(account);
      if (item) return { item, foundIn: account, searched, failed };
    } catch (error) {
      failed.push(account);
      firstError ??= error;
    }
  }
  if (searched.length === 0) {
    if (firstError instanceof AppError) throw firstError;
    throw new AppError('service_error', t('mainWithdraw.historyUnread'), {
      cause: firstError,
    });
  }
  return { item: null, foundIn: null, searched, failed };
}

/** The row a merchant withdrawal leaves in an account's history: its merchant transaction id on a withdrawal. */
export function isWithdrawalRow(merchantTransactionId: string, row: TransactionItem): boolean {
  return row.merchantTransactionId === merchantTransactionId && row.type === 'Withdraw';
}

/** Account names quoted and joined as the user's language lists them ("A", "B" and "C"). */
function names(accounts: readonly SessionAccount[]): string {
  const quoted = accounts.map((account) => t('mainWithdraw.accountName', { name: account.name }));
  return new Intl.ListFormat(textLocale(), { type: 'conjunction' }).format(quoted);
}

/** Why a withdrawal stays unknown after a look-up that found nothing, naming where the app looked. */
export function notFoundIn(search: AccountSearch): BridgeError {
  const accounts = names(search.searched);
  return {
    code: 'outcome_unknown',
    message:
      search.failed.length > 0
        ? t('mainWithdraw.notFoundUnread', { accounts, unread: names(search.failed) })
        : t('mainWithdraw.notFound', { accounts }),
  };
}

/**
 * Why a withdrawal the history shows stays unknown. Only a `Completed`
 * row settles it: a `Pending` one may still complete or fail, and a `Failed` one does not say whether
 * anything left the merchant balance (no field of the row proves that), so neither allows anything that
 * could pay twice (security.md 27). Null for a Completed row.
 */
export function foundNotCompleted(search: AccountSearch): BridgeError | null {
  const { item, foundIn } = search;
  if (!item || item.status === 'Completed') return null;
  const values = {
    inHistory: foundIn ? 'yes' : 'no',
    account: foundIn?.name ?? '',
    hasTx: item.txId ? 'yes' : 'no',
    txId: item.txId ?? '',
    status: item.status,
  };
  const message =
    item.status === 'Pending'
      ? t('mainWithdraw.foundPending', values)
      : item.status === 'Failed'
        ? t('mainWithdraw.foundFailed', values)
        : t('mainWithdraw.foundOther', values);
  return { code: 'outcome_unknown', message };
}
