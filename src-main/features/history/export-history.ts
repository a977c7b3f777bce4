import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ExportFormat, HistoryQuery } from '../../../src-preload/contract/history';
import type {
  TransactionItem,
  TransactionsHead,
  TransactionsRequest,
  TransactionsResult,
} from '../../service/interface-a-schemas';
import { csvHeader, csvLine } from './csv';
import { dateRangeFilterOf } from './date-range';
import { jsonArray } from './json-export';
import { fetchWithRetry, type RetryNotice, type RetryPolicy } from './fetch-with-retry';
import { transactionsRequest } from './transactions-request';

/** Rows per request while exporting: the most the service serves, so 20,000 records take 40 requests. */
export const EXPORT_PAGE_SIZE = 500;

export interface ExportPageProgress {
  readonly written: number;
  readonly total: number;
  readonly page: number;
  readonly totalPages: number;
}

/**
 * One POST /transactions read as it arrives (e.g. `(r, onItems) => client.streamTransactions(r, onItems)`):
 * hands each stretch of items to `onItems`, awaiting it before reading on, and resolves with the totals.
 */
export type StreamPage = (
  request: TransactionsRequest,
  onItems: (items: readonly TransactionItem[]) => Promise<void>,
) => Promise<TransactionsHead>;

export interface ExportHistoryOptions {
  /** How pages are read: streamed (the app), or fetched whole (`fetchPage`); it is retried here, not there. */
  readonly streamPage?: StreamPage;
  /** One POST /transactions fetched whole (e.g. `(r) => client.getTransactions(r)`), when there is no `streamPage`. */
  readonly fetchPage?: (request: TransactionsRequest) => Promise<TransactionsResult>;
  /** The file to create; it only appears once every page is written. */
  readonly path: string;
  readonly filters: HistoryQuery;
  /** CSV unless told otherwise. */
  readonly format?: ExportFormat;
  /** The user's own label of a record ('' when none), written beside the service's fields. */
  readonly userLabelOf?: (item: TransactionItem) => string;
  readonly recordsPerPage?: number;
  readonly signal?: AbortSignal;
  readonly retry?: RetryPolicy;
  readonly onPage?: (progress: ExportPageProgress) => void;
  readonly onRetry?: (notice: RetryNotice, progress: ExportPageProgress) => void;
}

export interface ExportResult {
  readonly written: number;
  readonly total: number;
  readonly pages: number;
}

/** Where the rows go while the export runs: beside the target, so the final rename stays on one file system. */
export function temporaryPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.part`);
}

/** What tells two records apart when a page boundary shifts under a running export. */
function recordKey(item: TransactionItem): string {
  return [item.referenceId, item.txId ?? '', item.date, item.symbol, item.type, String(item.amount)].join('\u0000');
}

/** CSV text gathered before it is written: the only buffer that grows with the rows, and it stays this small. */
const FLUSH_CHARS = 64 * 1024;

function pageReader(options: ExportHistoryOptions): StreamPage {
  if (options.streamPage) return options.streamPage;
  const { fetchPage } = options;
  if (!fetchPage) throw new TypeError('exportHistoryCsv needs streamPage or fetchPage');
  return async (request, onItems) => {
    const { items, ...head } = await fetchPage(request);
    await onItems(items);
    return head;
  };
}

/** How each format starts, writes a record and ends. */
interface RecordWriter {
  readonly open: string;
  line(item: TransactionItem, userLabel: string, first: boolean): string;
  close(wroteAny: boolean): string;
}

function writerFor(format: ExportFormat): RecordWriter {
  switch (format) {
    case 'csv':
      return { open: csvHeader(), line: (item, label) => csvLine(item, label), close: () => '' };
    case 'json':
      return { open: jsonArray.open(), line: jsonArray.record, close: jsonArray.close };
  }
}

/**
 * Exports the whole filtered history as CSV (RFC 4180, UTF-8, header row) or as a JSON array, with the date
 * range applied to each page as it streams past (POST /transactions has no date fields). Pages are read one at a time as
 * they arrive and their rows written at once to a temporary file in slices of at most FLUSH_CHARS, each write
 * awaited before more of the answer is read: memory holds a slice of one page whatever the history's size.
 * A page that fails is retried (429 back-off, a few tries on server errors) from its first byte in the file,
 * so rows of a failed attempt are overwritten, never kept twice. On success the temporary file is cut to
 * what was written and renamed to `path`; on cancel or failure it is removed, so no partial file is ever
 * left. No Electron here: the benchmark calls this directly.
 */
export async function exportHistoryCsv(options: ExportHistoryOptions): Promise<ExportResult> {
  const pageSize = options.recordsPerPage ?? EXPORT_PAGE_SIZE;
  const readPage = pageReader(options);
  const writer = writerFor(options.format ?? 'csv');
  const userLabelOf = options.userLabelOf ?? (() => '');
  // A retried page is seen twice, which reads as out of order: the scan then just goes on to the end.
  const range = dateRangeFilterOf(options.filters);
  const temporary = temporaryPathFor(options.path);
  // 'wx': never follow or clobber something already at the temporary name.
  const file = await open(temporary, 'wx', 0o600);
  let position = 0;
  let buffer = '';
  const flush = async (): Promise<void> => {
    if (buffer === '') return;
    const text = buffer;
    buffer = '';
    position += (await file.write(text, position, 'utf8')).bytesWritten;
  };
  let written = 0;
  // Only the previous page's keys are kept, so memory stays one page deep.
  let previousKeys = new Set<string>();
  let total = 0;
  let totalPages = 1;
  let page = 1;
  const progress = (): ExportPageProgress => ({ written, total, page, totalPages });
  try {
    buffer = writer.open;
    await flush();
    for (; page <= totalPages; page += 1) {
      const pageStart = position;
      let keys = new Set<string>();
      let lines = 0;
      let received = 0;
      const head = await fetchWithRetry(
        () => {
          // Every attempt starts the page over at its first byte.
          position = pageStart;
          buffer = '';
          keys = new Set();
          lines = 0;
          received = 0;
          return readPage(transactionsRequest(options.filters, page, pageSize), async (items) => {
            options.signal?.throwIfAborted();
            for (const item of items) {
              const key = recordKey(item);
              keys.add(key);
              received += 1;
              const inRange = range?.admits(item) ?? true;
              // A record that arrived at the top while exporting pushes the last row of a page onto the next one.
              if (previousKeys.has(key)) continue;
              if (!inRange) continue;
              buffer += writer.line(item, userLabelOf(item), written + lines === 0);
              lines += 1;
            }
            if (buffer.length >= FLUSH_CHARS) await flush();
          }).then(async (result) => {
            await flush();
            return result;
          });
        },
        {
          ...(options.retry === undefined ? {} : { policy: options.retry }),
          ...(options.signal === undefined ? {} : { signal: options.signal }),
          onRetry: (notice) => options.onRetry?.(notice, progress()),
        },
      );
      options.signal?.throwIfAborted();
      total = head.totalRecords;
      totalPages = head.totalPages;
      previousKeys = keys;
      written += lines;
      options.onPage?.(progress());
      // A short page means the end, even if the service's totals disagree.
      if (received < pageSize || range?.canStop()) break;
    }
    buffer = writer.close(written > 0);
    await flush();
    // A retried page may have been shorter than its failed attempt: nothing past the last row stays.
    await file.truncate(position);
    // On disk before it takes the real name, so a crash never leaves an empty or torn file there.
    await file.datasync();
    await file.close();
    await rename(temporary, options.path);
    return { written, total, pages: Math.min(page, totalPages) };
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw options.signal?.aborted ? options.signal.reason : error;
  }
}
