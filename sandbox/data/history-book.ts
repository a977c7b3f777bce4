import { searchText, type HistoryRow } from './history';

/** Fields POST /transactions may order by (README). */
export const ORDER_BY_FIELDS = ['date', 'amount', 'value', 'symbol', 'status', 'type'] as const;
export type OrderByField = (typeof ORDER_BY_FIELDS)[number];

/** hideLowAmounts hides rows whose USD value is below this (README). */
export const LOW_AMOUNT_USD = 1;

export interface HistoryQuery {
  page: number;
  recordsPerPage: number;
  filter?: string | undefined;
  orderBy: OrderByField;
  sortOrder: 'asc' | 'desc';
  symbols?: readonly string[] | undefined;
  withdrawTypes?: readonly number[] | undefined;
  hideLowAmounts?: boolean | undefined;
}

export interface HistoryPage {
  totalRecords: number;
  totalPages: number;
  page: number;
  recordsPerPage: number;
  items: HistoryRow[];
}

const compare: Record<OrderByField, (a: HistoryRow, b: HistoryRow) => number> = {
  date: (a, b) => a.dateMs - b.dateMs,
  amount: (a, b) => a.amountNum - b.amountNum || a.dateMs - b.dateMs,
  value: (a, b) => a.valueNum - b.valueNum || a.dateMs - b.dateMs,
  symbol: (a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : a.dateMs - b.dateMs),
  status: (a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : a.dateMs - b.dateMs),
  type: (a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : a.dateMs - b.dateMs),
};

/**
 * One account's history. Orderings are sorted once and cached until the next append, so a page request on
 * 20,000 rows is a filter pass plus a slice rather than a sort.
 */
export class HistoryBook {
  #rows: HistoryRow[] | undefined;
  readonly #load: () => HistoryRow[];
  #ascending = new Map<OrderByField, HistoryRow[]>();

  /** `load` runs on first use: the big account's rows are only generated when someone reads them. */
  constructor(load: () => HistoryRow[]) {
    this.#load = load;
  }

  get rows(): readonly HistoryRow[] {
    this.#rows ??= this.#load();
    return this.#rows;
  }

  append(row: HistoryRow): void {
    this.#rows = [row, ...this.rows];
    this.#ascending.clear();
  }

  #sortedAscending(field: OrderByField): HistoryRow[] {
    let sorted = this.#ascending.get(field);
    if (!sorted) {
      sorted = [...this.rows].sort(compare[field]);
      this.#ascending.set(field, sorted);
    }
    return sorted;
  }

  query(q: HistoryQuery): HistoryPage {
    const sorted = this.#sortedAscending(q.orderBy);
    const needle = q.filter?.trim().toLowerCase() ?? '';
    const symbols = q.symbols && q.symbols.length > 0 ? new Set(q.symbols.map((s) => s.toUpperCase())) : undefined;
    const types = q.withdrawTypes && q.withdrawTypes.length > 0 ? new Set(q.withdrawTypes) : undefined;
    // Cheap field tests first; the text search only runs on rows that pass them.
    const keep = (r: HistoryRow): boolean =>
      (!symbols || symbols.has(r.symbol)) &&
      (!types || types.has(r.withdrawType)) &&
      (!q.hideLowAmounts || r.valueNum >= LOW_AMOUNT_USD) &&
      (needle === '' || searchText(r).includes(needle));
    const unfiltered = needle === '' && !symbols && !types && !q.hideLowAmounts;
    const matching = unfiltered ? sorted : sorted.filter(keep);
    const total = matching.length;
    const start = (q.page - 1) * q.recordsPerPage;
    let items: HistoryRow[];
    if (q.sortOrder === 'asc') {
      items = matching.slice(start, start + q.recordsPerPage);
    } else {
      const end = Math.max(total - start, 0);
      items = matching.slice(Math.max(end - q.recordsPerPage, 0), end).reverse();
    }
    return {
      totalRecords: total,
      totalPages: Math.ceil(total / q.recordsPerPage),
      page: q.page,
      recordsPerPage: q.recordsPerPage,
      items,
    };
  }
}
