import type { SessionAccount } from '../../../src-preload/contract/session';
import type { BridgeError } from '../../../src-preload/result';
import { AppError } from '../../app-error';
import type { TransactionItem } from '../../service/interface-a-schemas';
import { findInHistory } from '../money/find-in-history';
import type { MerchantSession } from '../merchant';

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
    throw new AppError('service_error', 'The account history could not be read, so the status is still unknown.', {
      cause: firstError,
    });
  }
  return { item: null, foundIn: null, searched, failed };
}

/** The row a merchant withdrawal leaves in an account's history: its merchant transaction id on a withdrawal. */
export function isWithdrawalRow(merchantTransactionId: string, row: TransactionItem): boolean {
  return row.merchantTransactionId === merchantTransactionId && row.type === 'Withdraw';
}

function names(accounts: readonly SessionAccount[]): string {
  const quoted = accounts.map((account) => `"${account.name}"`);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/** Why a withdrawal stays unknown after a look-up that found nothing, naming where the app looked. */
export function notFoundIn(search: AccountSearch): BridgeError {
  const unread = search.failed.length > 0 ? ` The history of ${names(search.failed)} could not be read.` : '';
  return {
    code: 'outcome_unknown',
    message: `Not found in the history of ${names(search.searched)} yet. It may still go through, so its outcome stays unknown; nothing was sent. Check again later before starting a new withdrawal.${unread}`,
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
  const where = foundIn ? ` in the history of "${foundIn.name}"` : '';
  const tx = item.txId ? ` (transaction id ${item.txId})` : '';
  const message =
    item.status === 'Pending'
      ? `Found${where}, pending at the service${tx}: it has not completed yet and may still go through or fail. Its outcome stays unknown; nothing was sent. Check again later.`
      : item.status === 'Failed'
        ? `Found${where}: the service marks this withdrawal as Failed${tx}. That does not prove that no money moved, so its outcome stays unknown and nothing will be sent again. Ask the service before starting a new withdrawal.`
        : `Found${where} with a status the app does not know ("${item.status}")${tx}. Its outcome stays unknown; nothing was sent.`;
  return { code: 'outcome_unknown', message };
}
