import { minorToDecimal, searchText, type HistoryRow } from './history';
import type { RowCore, SeededHistory } from './seeded-history';

/** A seeded row's effect on its wallet: exact amount, direction and whether it completed. */
export type SeededMove = Pick<HistoryRow, 'dateMs' | 'symbol' | 'status' | 'type' | 'amount'>;

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

/** The fields of a row the orderings and the cheap filters read: a seeded row's core, or a whole added row. */
type Keys = Pick<RowCore, 'symbol' | 'amountNum' | 'valueNum' | 'status' | 'type' | 'dateMs' | 'withdrawType'>;

/** Rows in ascending order of one field, as references (below): position k holds the k-th smallest. */
interface Sequence {
  readonly length: number;
  at(position: number): number;
}

const keyOf: Record<Exclude<OrderByField, 'date'>, (k: Keys) => number | string> = {
  amount: (k) => k.amountNum,
  value: (k) => k.valueNum,
  symbol: (k) => k.symbol,
  status: (k) => k.status,
  type: (k) => k.type,
};

function compareKeys(field: OrderByField, a: Keys, b: Keys): number {
  if (field !== 'date') {
    const x = keyOf[field](a);
    const y = keyOf[field](b);
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return a.dateMs - b.dateMs;
}

function arraySequence(refs: Int32Array): Sequence {
  return { length: refs.length, at: (position) => refs[position]! };
}

/**
 * One account's history: the seeded rows (computed on demand, never stored) plus the rows added while the
 * sandbox runs (sends, swaps, deposits, withdrawals). Rows are named by reference: 0..count-1 is seeded row
 * i (0 = newest), count + j the j-th added row. An ordering is a sequence of references, built once per field
 * and kept (the seeded part never changes); unfiltered date order needs none at all, so the newest page and
 * the last page of a million rows cost the same. A filtered query remembers its matches until the next one.
 */
export class HistoryBook {
  readonly #seeded: () => SeededHistory;
  #source: SeededHistory | undefined;
  /** Added rows, in the order they were added. */
  #added: HistoryRow[] = [];
  /** Seeded rows sorted ascending per field (date needs none: its order is the reverse of the index). */
  #seededAscending = new Map<Exclude<OrderByField, 'date'>, Int32Array>();
  /** Seeded and added rows merged, per field; dropped when a row is added. */
  #merged = new Map<OrderByField, Int32Array>();
  #lastFilter: { readonly key: string; readonly refs: Int32Array } | undefined;

  /** `seeded` runs on first use: an account nobody reads costs nothing. */
  constructor(seeded: () => SeededHistory) {
    this.#seeded = seeded;
  }

  get #rows(): SeededHistory {
    this.#source ??= this.#seeded();
    return this.#source;
  }

  /** Seeded plus added rows. */
  get size(): number {
    return this.#rows.count + this.#added.length;
  }

  /** Rows `start` (inclusive) to `end` (exclusive) newest first, as the unfiltered date-descending pages show them. */
  slice(start: number, end: number): HistoryRow[] {
    const order = this.#ascending('date');
    const rows: HistoryRow[] = [];
    for (let p = Math.max(start, 0); p < Math.min(end, order.length); p += 1) {
      rows.push(this.#row(order.at(order.length - 1 - p)));
    }
    return rows;
  }

  /**
   * What each seeded row moved, newest first (the sandbox's books before it ran, wallet-book.ts): drawn
   * from the rows' cores, so no id or label is built.
   */
  *seededMovesNewestFirst(): Generator<SeededMove> {
    for (let index = 0; index < this.#rows.count; index += 1) {
      const core = this.#rows.core(index);
      yield {
        dateMs: core.dateMs,
        symbol: core.symbol,
        status: core.status,
        type: core.type,
        amount: minorToDecimal(core.minor, core.asset.decimals),
      };
    }
  }

  append(row: HistoryRow): void {
    this.#added.push(row);
    this.#merged.clear();
    this.#lastFilter = undefined;
  }

  #row(ref: number): HistoryRow {
    const count = this.#rows.count;
    return ref < count ? this.#rows.row(ref) : this.#added[ref - count]!;
  }

  #keys(ref: number): Keys {
    const count = this.#rows.count;
    return ref < count ? this.#rows.core(ref) : this.#added[ref - count]!;
  }

  #sortedSeeded(field: Exclude<OrderByField, 'date'>): Int32Array {
    let sorted = this.#seededAscending.get(field);
    if (!sorted) {
      const count = this.#rows.count;
      const raw: Array<number | string> = new Array<number | string>(count);
      for (let i = 0; i < count; i += 1) raw[i] = keyOf[field](this.#rows.core(i));
      // Text keys (symbol, status, type) have a handful of values: sort their ranks as numbers.
      const texts = [...new Set(raw.filter((value) => typeof value === 'string'))].sort();
      const ranks = new Map(texts.map((value, rank) => [value, rank]));
      const keys = Float64Array.from(raw, (value) => (typeof value === 'number' ? value : ranks.get(value)!));
      // Ties keep date order; a higher index is an older (or equally old) row.
      sorted = new Int32Array(count).map((_, k) => count - 1 - k);
      sorted.sort((a, b) => keys[a]! - keys[b]! || b - a);
      this.#seededAscending.set(field, sorted);
    }
    return sorted;
  }

  /** All rows ascending by `field` (ties by date). */
  #ascending(field: OrderByField): Sequence {
    const count = this.#rows.count;
    const seeded: Sequence =
      field === 'date'
        ? { length: count, at: (position) => count - 1 - position }
        : arraySequence(this.#sortedSeeded(field));
    if (this.#added.length === 0) return seeded;
    let merged = this.#merged.get(field);
    if (!merged) {
      const added = this.#added.map((_, j) => count + j);
      added.sort((a, b) => compareKeys(field, this.#keys(a), this.#keys(b)) || a - b);
      merged = new Int32Array(count + added.length);
      // Each added row goes before the first seeded row that sorts after it: a binary search per added row,
      // so adding a row to a million reads a few dozen seeded rows, not all of them.
      let from = 0;
      let k = 0;
      for (const ref of added) {
        const keys = this.#keys(ref);
        let low = from;
        let high = count;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (compareKeys(field, keys, this.#keys(seeded.at(middle))) < 0) high = middle;
          else low = middle + 1;
        }
        for (; from < low; from += 1) merged[k++] = seeded.at(from);
        merged[k++] = ref;
      }
      for (; from < count; from += 1) merged[k++] = seeded.at(from);
      this.#merged.set(field, merged);
    }
    return arraySequence(merged);
  }

  #matching(q: HistoryQuery): Sequence {
    const ordered = this.#ascending(q.orderBy);
    const needle = q.filter?.trim().toLowerCase() ?? '';
    const symbols = q.symbols && q.symbols.length > 0 ? new Set(q.symbols.map((s) => s.toUpperCase())) : undefined;
    const types = q.withdrawTypes && q.withdrawTypes.length > 0 ? new Set(q.withdrawTypes) : undefined;
    if (needle === '' && !symbols && !types && !q.hideLowAmounts) return ordered;
    const key = JSON.stringify([q.orderBy, needle, [...(symbols ?? [])], [...(types ?? [])], q.hideLowAmounts]);
    if (this.#lastFilter?.key === key) return arraySequence(this.#lastFilter.refs);
    // Cheap field tests first; the row's text is only built for rows that pass them.
    const keep = (ref: number): boolean => {
      const k = this.#keys(ref);
      return (
        (!symbols || symbols.has(k.symbol)) &&
        (!types || types.has(k.withdrawType)) &&
        (!q.hideLowAmounts || k.valueNum >= LOW_AMOUNT_USD) &&
        (needle === '' || searchText(this.#row(ref)).includes(needle))
      );
    };
    let refs = new Int32Array(1024);
    let length = 0;
    for (let position = 0; position < ordered.length; position += 1) {
      const ref = ordered.at(position);
      if (!keep(ref)) continue;
      if (length === refs.length) {
        const grown = new Int32Array(refs.length * 2);
        grown.set(refs);
        refs = grown;
      }
      refs[length++] = ref;
    }
    this.#lastFilter = { key, refs: refs.slice(0, length) };
    return arraySequence(this.#lastFilter.refs);
  }

  query(q: HistoryQuery): HistoryPage {
    const matching = this.#matching(q);
    const total = matching.length;
    const start = (q.page - 1) * q.recordsPerPage;
    const items: HistoryRow[] = [];
    for (let offset = start; offset < Math.min(start + q.recordsPerPage, total); offset += 1) {
      items.push(this.#row(matching.at(q.sortOrder === 'asc' ? offset : total - 1 - offset)));
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
