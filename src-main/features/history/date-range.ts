import type { HistoryQuery } from '../../../src-preload/contract/history';
import type { TransactionItem } from '../../service/interface-a-schemas';
import { serviceDateMs } from '../../service/service-date';

/**
 * POST /transactions has no date fields (spec 4.1 #12), so a date range is applied here, to the service's
 * answers: from `sinceMs` inclusive to `untilMs` exclusive. A record whose date cannot be read is outside
 * every range, since nothing proves it is inside.
 */
export interface DateRange {
  readonly sinceMs: number | null;
  readonly untilMs: number | null;
}

export function dateRangeOf(query: HistoryQuery): DateRange | null {
  if (!query.since && !query.until) return null;
  return {
    sinceMs: query.since ? Date.parse(query.since) : null,
    untilMs: query.until ? Date.parse(query.until) : null,
  };
}

export function inDateRange(item: TransactionItem, range: DateRange): boolean {
  const ms = serviceDateMs(item.date);
  if (ms === null) return false;
  return (range.sinceMs === null || ms >= range.sinceMs) && (range.untilMs === null || ms < range.untilMs);
}

/**
 * Decides when a scan through the pages may stop before the last one. Only when the query orders by date, and
 * only while every record seen so far really came in that order: the spec does not promise that orderBy is
 * honoured, so a service that ignores it is scanned to the end rather than trusted. Checked per page, so one
 * out-of-order record anywhere on the page keeps the scan going.
 */
export class DateScanStop {
  readonly #direction: 'asc' | 'desc' | null;
  readonly #range: DateRange;
  #previousMs: number | null = null;
  #inOrder = true;
  #pastRange = false;

  constructor(query: HistoryQuery, range: DateRange) {
    this.#direction = query.orderBy === 'date' ? (query.sortOrder ?? 'desc') : null;
    this.#range = range;
  }

  /** Call for every record of a page, in the order the service sent them. */
  see(item: TransactionItem): void {
    if (this.#direction === null || !this.#inOrder) return;
    const ms = serviceDateMs(item.date);
    if (ms === null) {
      this.#inOrder = false;
      return;
    }
    if (this.#previousMs !== null && (this.#direction === 'desc' ? ms > this.#previousMs : ms < this.#previousMs)) {
      this.#inOrder = false;
      return;
    }
    this.#previousMs = ms;
    const { sinceMs, untilMs } = this.#range;
    if (this.#direction === 'desc' ? sinceMs !== null && ms < sinceMs : untilMs !== null && ms >= untilMs) {
      this.#pastRange = true;
    }
  }

  /** True after a page when the rest of the history cannot hold a record inside the range. */
  canStop(): boolean {
    return this.#direction !== null && this.#inOrder && this.#pastRange;
  }

  /** What it has seen so far, to go back to when a page is read again from its start. */
  mark(): () => void {
    const previousMs = this.#previousMs;
    const inOrder = this.#inOrder;
    const pastRange = this.#pastRange;
    return () => {
      this.#previousMs = previousMs;
      this.#inOrder = inOrder;
      this.#pastRange = pastRange;
    };
  }
}

/**
 * A query's date range applied to records as they stream past in the service's order: which to keep, and
 * when the rest of the history cannot hold one. The one filter both the ranged pages and the export use.
 */
export class DateRangeFilter {
  readonly #range: DateRange;
  readonly #stop: DateScanStop;

  constructor(query: HistoryQuery, range: DateRange) {
    this.#range = range;
    this.#stop = new DateScanStop(query, range);
  }

  /** Call for every record, in the order the service sent it (also those skipped for other reasons). */
  admits(item: TransactionItem): boolean {
    this.#stop.see(item);
    return inDateRange(item, this.#range);
  }

  /** True after a page when the rest of the history cannot hold a record inside the range. */
  canStop(): boolean {
    return this.#stop.canStop();
  }

  /** Returns a function that forgets every record seen after this call (a page read again). */
  mark(): () => void {
    return this.#stop.mark();
  }
}

/** The query's date filter, or null when it has no date range (every record is kept). */
export function dateRangeFilterOf(query: HistoryQuery): DateRangeFilter | null {
  const range = dateRangeOf(query);
  return range ? new DateRangeFilter(query, range) : null;
}
