import type { HistoryQuery } from '../../../src-preload/contract/history';
import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';
import type { TransactionItem, TransactionsRequest, TransactionsResult } from '../../service/interface-a-schemas';
import { dateRangeFilterOf } from './date-range';
import { fetchWithRetry, type RetryPolicy } from './fetch-with-retry';
import { transactionsRequest } from './transactions-request';

/** Records a date-ranged view may hold; a wider range is refused in words (export has no such limit). */
export const MAX_RANGE_MATCHES = 20_000;
/** Rows per request while scanning: the most the app asks for at once. */
export const SCAN_PAGE_SIZE = 500;
/** A scanned range answers page changes from memory this long, then asks the service again. */
export const RANGE_CACHE_MS = 60_000;
/**
 * Ranges kept at once, most recently used first. Home's daily picture (last 30 days) and History's date
 * filter are read in turn; with one slot each pushed the other out and every Home visit scanned again.
 */
export const RANGE_CACHE_ENTRIES = 4;
/** Records kept over all ranges: the cache's memory stays that of two full ranges at most. */
export const RANGE_CACHE_RECORDS = 2 * MAX_RANGE_MATCHES;

export interface RangedPage {
  readonly items: readonly TransactionItem[];
  readonly totalRecords: number;
  readonly totalPages: number;
  readonly page: number;
  readonly recordsPerPage: number;
}

export interface RangedHistoryDeps {
  readonly fetchPage: (request: TransactionsRequest) => Promise<TransactionsResult>;
  readonly retry?: RetryPolicy;
  readonly now?: () => number;
}

export interface RangedHistory {
  /** One page of the records inside the query's date range, in the service's order; `scope` names whose history it is. */
  page(scope: string, query: HistoryQuery, page: number, recordsPerPage: number): Promise<RangedPage>;
  /** Forgets every scanned range (sign-out, lock, account switch). */
  clear(): void;
}

interface Scanned {
  readonly at: number;
  readonly items: readonly TransactionItem[];
}

/**
 * The service pages the whole filtered history; a date range needs its own pages. The matching records are
 * found by scanning the service's pages (stopping early when the order allows, DateRangeFilter) and kept for
 * a minute, so paging through a range does not scan again. A few ranges are kept, least recently used
 * dropped first (RANGE_CACHE_ENTRIES, RANGE_CACHE_RECORDS).
 */
export function createRangedHistory(deps: RangedHistoryDeps): RangedHistory {
  const now = deps.now ?? Date.now;
  // A Map keeps insertion order: re-inserting on use makes its first key the least recently used.
  const cached = new Map<string, Scanned>();
  const scanning = new Map<string, Promise<readonly TransactionItem[]>>();
  // Bumped by clear(): a scan that was running for an ended session never answers.
  let epoch = 0;

  async function scan(query: HistoryQuery): Promise<readonly TransactionItem[]> {
    const filter = dateRangeFilterOf(query);
    if (!filter) throw new TypeError('a ranged page needs a query with since or until');
    const matches: TransactionItem[] = [];
    for (let page = 1; ; page += 1) {
      const result = await fetchWithRetry(
        () => deps.fetchPage(transactionsRequest(query, page, SCAN_PAGE_SIZE)),
        deps.retry === undefined ? {} : { policy: deps.retry },
      );
      for (const item of result.items) {
        if (!filter.admits(item)) continue;
        if (matches.length >= MAX_RANGE_MATCHES) {
          throw new AppError('bad_input', t('mainHistory.range.tooMany', { max: MAX_RANGE_MATCHES }), {
            field: 'since',
          });
        }
        matches.push(item);
      }
      if (filter.canStop() || result.items.length < SCAN_PAGE_SIZE || page >= result.totalPages) return matches;
    }
  }

  function remember(key: string, items: readonly TransactionItem[]): void {
    cached.delete(key);
    cached.set(key, { at: now(), items });
    let records = 0;
    for (const entry of cached.values()) records += entry.items.length;
    for (const [oldest, entry] of cached) {
      if (cached.size <= RANGE_CACHE_ENTRIES && records <= RANGE_CACHE_RECORDS) break;
      if (oldest === key) break;
      cached.delete(oldest);
      records -= entry.items.length;
    }
  }

  function fresh(key: string): readonly TransactionItem[] | null {
    const entry = cached.get(key);
    if (!entry) return null;
    cached.delete(key);
    if (now() - entry.at >= RANGE_CACHE_MS) return null;
    cached.set(key, entry);
    return entry.items;
  }

  async function matchesOf(key: string, query: HistoryQuery): Promise<readonly TransactionItem[]> {
    const hit = fresh(key);
    if (hit) return hit;
    // Two quick page changes while a scan runs share it rather than starting a second one.
    let done = scanning.get(key);
    if (!done) {
      const started = scan(query);
      done = started;
      scanning.set(key, started);
      started.then(
        (found) => {
          if (scanning.get(key) !== started) return;
          scanning.delete(key);
          remember(key, found);
        },
        () => {
          if (scanning.get(key) === started) scanning.delete(key);
        },
      );
    }
    const startedIn = epoch;
    const items = await done;
    if (startedIn !== epoch) throw new AppError('cancelled', t('mainHistory.range.sessionChanged'));
    return items;
  }

  return {
    async page(scope, query, page, recordsPerPage) {
      const items = await matchesOf(JSON.stringify([scope, query]), query);
      const totalRecords = items.length;
      const start = (page - 1) * recordsPerPage;
      return {
        items: items.slice(start, start + recordsPerPage),
        totalRecords,
        totalPages: Math.ceil(totalRecords / recordsPerPage),
        page,
        recordsPerPage,
      };
    },
    clear() {
      epoch += 1;
      cached.clear();
      scanning.clear();
    },
  };
}
