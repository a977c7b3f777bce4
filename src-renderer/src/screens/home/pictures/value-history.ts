import type { HistoryPage, HistoryPageRequest } from '../../../../../src-preload/contract/history';
import { MAX_RECORDS_PER_PAGE } from '../../../../../src-preload/contract/history-limits';
import type { BridgeError, Result } from '../../../../../src-preload/result';
import { datedRecord, type DatedRecord } from './value-over-time';

/**
 * Pages read at most: 30,000 records, a year of the busiest seeded account three times over. A busier
 * history is drawn as far back as it was read and the rest is named as not read, not read for minutes.
 */
export const MAX_VALUE_PAGES = 60;

/** Records read, newest first, each ready for the walk (a record without a readable date is left out). */
export type HistoryReading =
  | { readonly state: 'complete'; readonly records: readonly DatedRecord[] }
  | {
      readonly state: 'partial';
      readonly records: readonly DatedRecord[];
      /** The oldest instant every later record is known from. */
      readonly completeFromMs: number;
      readonly why: 'capped' | 'failed' | 'out-of-order';
      readonly error: BridgeError | null;
    };

export type FetchPage = (request: HistoryPageRequest) => Promise<Result<HistoryPage>>;

/**
 * The records from `sinceMs` to now, newest first, page by page until one reaches past `sinceMs`. The
 * walk back from today needs every record after a day to rebuild it, so what was read is a prefix in time;
 * a page that fails, the page limit, or a service that does not keep to the date order it was asked for,
 * ends the prefix there and the days before it are not rebuilt. Once `signal` is aborted no further page is
 * asked for and the reading rejects with its reason.
 */
export async function readHistorySince(
  fetchPage: FetchPage,
  sinceMs: number,
  signal?: AbortSignal,
): Promise<HistoryReading> {
  const records: DatedRecord[] = [];
  let oldestMs = Number.POSITIVE_INFINITY;
  const partial = (
    why: 'capped' | 'failed' | 'out-of-order',
    error: BridgeError | null,
    // Records dated the same instant as the oldest read may continue on the next page.
    completeFromMs = oldestMs + 1,
  ): HistoryReading => ({ state: 'partial', records, completeFromMs, why, error });
  for (let page = 1; page <= MAX_VALUE_PAGES; page += 1) {
    // A reading nobody waits for (Home left, another account or range) would hold up what the user went to.
    signal?.throwIfAborted();
    const result = await fetchPage({
      page,
      recordsPerPage: MAX_RECORDS_PER_PAGE,
      orderBy: 'date',
      sortOrder: 'desc',
    });
    if (!result.ok) return partial('failed', result.error);
    for (const item of result.value.items) {
      const at = Date.parse(item.date);
      // A record without a readable date cannot be placed on a day; it neither proves nor breaks the order.
      if (!Number.isFinite(at)) continue;
      // A record newer than one already read: the pages are not in date order, so a later page may
      // still hold records of any day; nothing read so far proves a day complete.
      if (at > oldestMs) return partial('out-of-order', null, Number.POSITIVE_INFINITY);
      oldestMs = at;
      records.push(datedRecord(item, at));
    }
    if (oldestMs < sinceMs || page >= result.value.totalPages || result.value.items.length === 0) {
      return { state: 'complete', records };
    }
  }
  return partial('capped', null);
}
