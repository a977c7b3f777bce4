import type { HistoryQuery } from '../../../src-preload/contract/history';
import type { TransactionsRequest } from '../../service/interface-a-schemas';

/** POST /transactions body: optional fields only when they narrow something, so the service sees its defaults. */
export function transactionsRequest(query: HistoryQuery, page: number, recordsPerPage: number): TransactionsRequest {
  const filter = query.filter?.trim() ?? '';
  return {
    page,
    recordsPerPage,
    ...(filter === '' ? {} : { filter }),
    ...(query.orderBy === undefined ? {} : { orderBy: query.orderBy }),
    ...(query.sortOrder === undefined ? {} : { sortOrder: query.sortOrder }),
    ...(query.symbols && query.symbols.length > 0 ? { symbols: [...query.symbols] } : {}),
    ...(query.withdrawTypes && query.withdrawTypes.length > 0 ? { withdrawTypes: [...query.withdrawTypes] } : {}),
    ...(query.hideLowAmounts ? { hideLowAmounts: true } : {}),
  };
}
