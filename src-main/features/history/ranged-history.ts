import type { HistoryQuery } from '../../../src-preload/contract/history';
import { AppError } from '../../app-error';
import type { TransactionItem, TransactionsRequest, TransactionsResult } from '../../service/interface-a-schemas';
import { DateScanStop, inDateRange, type DateRange } from './date-range';
import { fetchWithRetry, type RetryPolicy } from './fetch-with-retry';
import { transactionsRequest } from './transactions-request';

/** Records a date-ranged view may hold; a wider range is refused in words (export has no such limit). */
export const MAX_RANGE_MATCHES = 20_000;
/** Rows per request while scanning: the most the app asks for at once. */
export const SCAN_PAGE_SIZE = 500;
/** A scanned range answers page changes from memory this long, then asks the service again. */
export const RANGE_CACHE_MS = 60_000;

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
  /** One page of the records inside the range, in the service's order; `scope` names whose history it is. */
  page(scope: string, query: HistoryQuery, range: DateRange, page: number, recordsPerPage: number): Promise<RangedPage>;
  /** Forgets the scanned records (sign-out, lock, account switch). */
  clear(): void;
}

/**
 * The service pages the whole filtered history; a date range needs its own pages. The matching records are
 * found by scanning the service's pages (stopping early when the order allows, DateScanStop) and kept for a
 * minute, so paging through a range does not scan again. One range is kept at a time.
 */
export function createRangedHistory(deps: RangedHistoryDeps): RangedHistory {
  const now = deps.now ?? Date.now;
  let cached: { readonly key: string; readonly at: number; readonly items: readonly TransactionItem[] } | null = null;
  let scanning: { readonly key: string; readonly done: Promise<readonly TransactionItem[]> } | null = null;
  // Bumped by clear(): a scan that was running for an ended session never answers.
  let epoch = 0;

  async function scan(query: HistoryQuery, range: DateRange): Promise<readonly TransactionItem[]> {
    const matches: TransactionItem[] = [];
    const stop = new DateScanStop(query, range);
    for (let page = 1; ; page += 1) {
      const result = await fetchWithRetry(
        () => deps.fetchPage(transactionsRequest(query, page, SCAN_PAGE_SIZE)),
        deps.retry === undefined ? {} : { policy: deps.retry },
      );
      for (const item of result.items) {
        stop.see(item);
        if (!inDateRange(item, range)) continue;
        if (matches.length >= MAX_RANGE_MATCHES) {
          throw new AppError(
            'bad_input',
            `More than ${MAX_RANGE_MATCHES.toLocaleString('en-US')} transactions fall in this date range. Choose a shorter range, or export it.`,
            { field: 'since' },
          );
        }
        matches.push(item);
      }
      if (stop.canStop() || result.items.length < SCAN_PAGE_SIZE || page >= result.totalPages) return matches;
    }
  }

  return {
    async page(scope, query, range, page, recordsPerPage) {
      const key = JSON.stringify([scope, query]);
      let items: readonly TransactionItem[];
      if (cached?.key === key && now() - cached.at < RANGE_CACHE_MS) {
        items = cached.items;
      } else {
        // Two quick page changes while a scan runs share it rather than starting a second one.
        let current = scanning;
        if (current?.key !== key) {
          const done = scan(query, range);
          current = { key, done };
          scanning = current;
          done.then(
            (found) => {
              if (scanning?.done === done) {
                cached = { key, at: now(), items: found };
                scanning = null;
              }
            },
            () => {
              if (scanning?.done === done) scanning = null;
            },
          );
        }
        const started = epoch;
        items = await current.done;
        if (started !== epoch) throw new AppError('cancelled', 'The session changed while the history was loading.');
      }
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
      cached = null;
      scanning = null;
    },
  };
}
