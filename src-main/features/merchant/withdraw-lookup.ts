import type { SessionAccount } from '../../../src-preload/contract/session';
import type { BridgeError } from '../../../src-preload/result';
import { AppError } from '../../app-error';
import type { TransactionItem } from '../../service/interface-a-schemas';
import { findInHistory } from '../send/find-in-history';
import type { MerchantSession } from './merchant-access';

export interface AccountSearch {
  /** The withdrawal's history row, from the first account that shows it. */
  readonly item: TransactionItem | null;
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
      const item = await findInHistory(
        session.interfaceAFor(account.guid),
        merchantTransactionId,
        (candidate) => candidate.merchantTransactionId === merchantTransactionId && candidate.type === 'Withdraw',
      );
      searched.push(account);
      if (item) return { item, searched, failed };
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
  return { item: null, searched, failed };
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
