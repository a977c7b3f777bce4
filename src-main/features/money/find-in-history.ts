import type { InterfaceAClient } from '../../service/interface-a';
import type { TransactionItem } from '../../service/interface-a-schemas';

const RECENT_RECORDS = 100;

/**
 * Finds a history item by an exact predicate: first with the service's text search (which covers
 * reference ids), then in the newest page, in case the search does not index the field. Only an exact
 * match counts; a look-up never sends anything.
 */
export async function findInHistory(
  client: InterfaceAClient,
  search: string,
  matches: (item: TransactionItem) => boolean,
): Promise<TransactionItem | null> {
  const searched = await client.getTransactions({ page: 1, recordsPerPage: 50, filter: search, sortOrder: 'desc' });
  const hit = searched.items.find(matches);
  if (hit) return hit;
  const recent = await client.getTransactions({ page: 1, recordsPerPage: RECENT_RECORDS, sortOrder: 'desc' });
  return recent.items.find(matches) ?? null;
}
