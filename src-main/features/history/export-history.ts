import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ExportFormat, HistoryQuery } from '../../../src-preload/contract/history';
import type { FiatCurrency } from '../../../src-preload/contract/receive';
import type {
  TransactionItem,
  TransactionsHead,
  TransactionsRequest,
  TransactionsResult,
} from '../../service/interface-a-schemas';
import { completeExportWords, csvHeader, csvLine, csvRow } from './csv';
import { dateRangeFilterOf } from './date-range';
import { exportRecordOf, type ExportRecordContext } from './export-record';
import { presetHeader, presets, type LeftOutReason } from './export-presets';
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

/** One account's history in an export: its name (the Account column) and how its pages are read. */
export interface ExportSource {
  readonly account: string;
  readonly streamPage: StreamPage;
  /** The user's own label of a record in this account ('' when none). */
  readonly userLabelOf?: (item: TransactionItem) => string;
}

export interface ExportHistoryOptions {
  /** Every account to export, one after the other into one file; when absent, the one of streamPage/fetchPage. */
  readonly sources?: readonly ExportSource[];
  /** How pages are read: streamed (the app), or fetched whole (`fetchPage`); it is retried here, not there. */
  readonly streamPage?: StreamPage;
  /** One POST /transactions fetched whole (e.g. `(r) => client.getTransactions(r)`), when there is no `streamPage`. */
  readonly fetchPage?: (request: TransactionsRequest) => Promise<TransactionsResult>;
  /** The Account column when there are no `sources`. */
  readonly account?: string;
  /** The file to create; it only appears once every page is written. */
  readonly path: string;
  readonly filters: HistoryQuery;
  /** The complete CSV unless told otherwise. */
  readonly format?: ExportFormat;
  /** The fiat currency of the value at the time (USD unless told otherwise). */
  readonly currency?: FiatCurrency;
  /** The user's own label of a record ('' when none) when there are no `sources`. */
  readonly userLabelOf?: (item: TransactionItem) => string;
  readonly recordsPerPage?: number;
  readonly signal?: AbortSignal;
  readonly retry?: RetryPolicy;
  readonly onPage?: (progress: ExportPageProgress) => void;
  readonly onRetry?: (notice: RetryNotice, progress: ExportPageProgress) => void;
}

export type LeftOut = Readonly<Record<LeftOutReason, number>>;

export interface ExportResult {
  readonly written: number;
  readonly total: number;
  readonly pages: number;
  /** Records a preset does not take (the complete export and JSON leave nothing out). */
  readonly leftOut: LeftOut;
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
  if (!fetchPage) throw new TypeError('exportHistoryCsv needs sources, streamPage or fetchPage');
  return async (request, onItems) => {
    const { items, ...head } = await fetchPage(request);
    await onItems(items);
    return head;
  };
}

function sourcesOf(options: ExportHistoryOptions): readonly ExportSource[] {
  if (options.sources) return options.sources;
  return [
    {
      account: options.account ?? '',
      streamPage: pageReader(options),
      ...(options.userLabelOf === undefined ? {} : { userLabelOf: options.userLabelOf }),
    },
  ];
}

/** How each format starts, writes a record (or says why it leaves it out) and ends. */
interface RecordWriter {
  readonly open: string;
  line(
    item: TransactionItem,
    userLabel: string,
    context: ExportRecordContext,
    first: boolean,
  ): string | { readonly leftOut: LeftOutReason };
  close(wroteAny: boolean): string;
}

function writerFor(format: ExportFormat): RecordWriter {
  switch (format) {
    case 'csv': {
      const words = completeExportWords();
      return {
        open: csvHeader(),
        line: (item, label, context) => csvLine(exportRecordOf(item, label, context), words),
        close: () => '',
      };
    }
    case 'json':
      return {
        open: jsonArray.open(),
        line: (item, label, context, first) => jsonArray.record(item, label, context.account, first),
        close: jsonArray.close,
      };
    case 'koinly':
    case 'cointracking':
    case 'xero':
    case 'quickbooks': {
      const preset = presets[format];
      return {
        open: presetHeader(format),
        line: (item, label, context) => {
          const cells = preset.cells(exportRecordOf(item, label, context));
          return typeof cells === 'string' ? { leftOut: cells } : csvRow(cells);
        },
        close: () => '',
      };
    }
  }
}

/**
 * Exports the whole filtered history of one account or several (one after the other, each row naming its
 * account) as the complete CSV (RFC 4180, UTF-8, header row), a preset of another tool, or a JSON array, with
 * the date range applied to each page as it streams past (POST /transactions has no date fields). Pages are
 * read one at a time as they arrive and their rows written at once to a temporary file in slices of at most
 * FLUSH_CHARS, each write awaited before more of the answer is read: memory holds a slice of one page
 * whatever the history's size. A page that fails is retried (429 back-off, a few tries on server errors) from
 * its first byte in the file, so rows of a failed attempt are overwritten, never kept twice. On success the
 * temporary file is cut to what was written and renamed to `path`; on cancel or failure it is removed, so no
 * partial file is ever left. No Electron here: the benchmark calls this directly.
 */
export async function exportHistoryCsv(options: ExportHistoryOptions): Promise<ExportResult> {
  const pageSize = options.recordsPerPage ?? EXPORT_PAGE_SIZE;
  const sources = sourcesOf(options);
  const writer = writerFor(options.format ?? 'csv');
  const currency = options.currency ?? 'USD';
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
  const leftOut: Record<LeftOutReason, number> = { 'not-completed': 0, 'no-date': 0, 'no-price': 0 };
  // Totals of the accounts already exported; the current account's are added as its pages come.
  let doneTotal = 0;
  let donePages = 0;
  let total = 0;
  let totalPages = 1;
  let page = 1;
  const progress = (): ExportPageProgress => ({
    written,
    total: doneTotal + total,
    page: donePages + page,
    totalPages: donePages + totalPages,
  });
  try {
    buffer = writer.open;
    await flush();
    for (const source of sources) {
      const userLabelOf = source.userLabelOf ?? (() => '');
      const context: ExportRecordContext = { account: source.account, currency };
      // A retried page is seen twice, which reads as out of order: the scan then just goes on to the end.
      const range = dateRangeFilterOf(options.filters);
      // Only the previous page's keys are kept, so memory stays one page deep.
      let previousKeys = new Set<string>();
      total = 0;
      totalPages = 1;
      for (page = 1; page <= totalPages; page += 1) {
        const pageStart = position;
        let keys = new Set<string>();
        let lines = 0;
        let received = 0;
        let pageLeftOut: Record<LeftOutReason, number> = { 'not-completed': 0, 'no-date': 0, 'no-price': 0 };
        const head = await fetchWithRetry(
          () => {
            // Every attempt starts the page over at its first byte.
            position = pageStart;
            buffer = '';
            keys = new Set();
            lines = 0;
            received = 0;
            pageLeftOut = { 'not-completed': 0, 'no-date': 0, 'no-price': 0 };
            return source
              .streamPage(transactionsRequest(options.filters, page, pageSize), async (items) => {
                options.signal?.throwIfAborted();
                for (const item of items) {
                  const key = recordKey(item);
                  keys.add(key);
                  received += 1;
                  const inRange = range?.admits(item) ?? true;
                  // A record that arrived at the top while exporting pushes the last row of a page onto the next one.
                  if (previousKeys.has(key)) continue;
                  if (!inRange) continue;
                  const line = writer.line(item, userLabelOf(item), context, written + lines === 0);
                  if (typeof line === 'string') {
                    buffer += line;
                    lines += 1;
                  } else {
                    pageLeftOut[line.leftOut] += 1;
                  }
                }
                if (buffer.length >= FLUSH_CHARS) await flush();
              })
              .then(async (result) => {
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
        for (const reason of Object.keys(pageLeftOut) as LeftOutReason[]) leftOut[reason] += pageLeftOut[reason];
        options.onPage?.(progress());
        // A short page means the end, even if the service's totals disagree.
        if (received < pageSize || range?.canStop()) break;
      }
      doneTotal += total;
      donePages += Math.min(page, totalPages);
      total = 0;
      totalPages = 0;
      page = 0;
    }
    buffer = writer.close(written > 0);
    await flush();
    // A retried page may have been shorter than its failed attempt: nothing past the last row stays.
    await file.truncate(position);
    // On disk before it takes the real name, so a crash never leaves an empty or torn file there.
    await file.datasync();
    await file.close();
    await rename(temporary, options.path);
    return { written, total: doneTotal, pages: donePages, leftOut };
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw options.signal?.aborted ? options.signal.reason : error;
  }
}
