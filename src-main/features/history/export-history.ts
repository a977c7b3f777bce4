import { randomBytes } from 'node:crypto';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
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
import { PageRecords } from './page-records';
import { TextAppender } from './text-appender';
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

/** One page's answer, read to its last byte. */
interface ArrivedPage {
  readonly head: TransactionsHead;
  readonly items: readonly TransactionItem[];
}

type PageRetryOptions = NonNullable<Parameters<typeof fetchWithRetry>[1]>;

/** A promise's outcome held as a value, so a page asked for ahead never rejects unobserved. */
type Settled<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

function settled<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

/**
 * Reads one page to its last byte, retried as a whole (a failed attempt leaves nothing behind), so the next
 * request may leave while this page is written: memory holds at most two pages.
 */
async function readWholePage(
  streamPage: StreamPage,
  request: TransactionsRequest,
  retry: PageRetryOptions,
  signal: AbortSignal | undefined,
): Promise<ArrivedPage> {
  return fetchWithRetry(async () => {
    const items: TransactionItem[] = [];
    const head = await streamPage(request, async (slice) => {
      signal?.throwIfAborted();
      for (const item of slice) items.push(item);
    });
    return { head, items };
  }, retry);
}

/**
 * Asks for the next page and lets one turn of the event loop pass, so the request leaves before this page's
 * rows are formatted: fetch writes it to the socket only on a later turn, and formatting yields first at its
 * first flush, so the service used to start on the next page only part-way through writing this one.
 */
async function askedAhead<T>(ask: () => Promise<T>): Promise<{ readonly page: Promise<T> }> {
  const page = ask();
  await new Promise<void>((resolve) => setImmediate(resolve));
  return { page };
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
 * Gives the finished temporary file its real name. Nothing is cut: pages are retried whole before any row is
 * written, so the file only ever grows by what was written.
 */
async function keepFile(file: FileHandle, temporary: string, path: string): Promise<void> {
  // On disk before it takes the real name, so a crash never leaves an empty or torn file there.
  await file.datasync();
  await file.close();
  await rename(temporary, path);
}

/**
 * Exports the whole filtered history of one account or several (one after the other, each row naming its
 * account) as the complete CSV (RFC 4180, UTF-8, header row), a preset of another tool, or a JSON array, with
 * the date range applied to each page as it streams past (POST /transactions has no date fields). Each page is
 * read to its last byte, then the next one is asked for while its rows are written to a temporary file in slices
 * of at most 64 KiB (TextAppender): the service answers while this page is formatted and written, yet only one
 * request is ever in flight (the rate limit) and memory holds two pages whatever the history's size. A page that
 * fails is retried (429 back-off, a few tries on server errors) as a whole before any of its rows is written; one
 * asked for ahead that fails surfaces once the pages before it are written. On success the
 * temporary file is flushed to disk and renamed to `path`; on cancel or failure it is removed, so no
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
  const out = new TextAppender(file);
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
  // The page asked for while the one before it is written; always awaited before the export returns or throws.
  let ahead: Promise<Settled<ArrivedPage>> | null = null;
  // Stops that page's back-off or reading at once when the export fails for another reason (a write, say).
  const stopAhead = new AbortController();
  const readSignal = options.signal ? AbortSignal.any([options.signal, stopAhead.signal]) : stopAhead.signal;
  try {
    await out.append(writer.open);
    await out.flush();
    for (const source of sources) {
      const userLabelOf = source.userLabelOf ?? (() => '');
      const context: ExportRecordContext = { account: source.account, currency };
      const range = dateRangeFilterOf(options.filters);
      // Only the previous page's records are kept, so memory stays one page deep.
      let previousRecords = new PageRecords();
      total = 0;
      totalPages = 1;
      const retryOptions = (pageNumber: number): PageRetryOptions => ({
        ...(options.retry === undefined ? {} : { policy: options.retry }),
        signal: readSignal,
        onRetry: (notice) => options.onRetry?.(notice, { ...progress(), page: donePages + pageNumber }),
      });
      const ask = (pageNumber: number): Promise<Settled<ArrivedPage>> =>
        settled(
          readWholePage(
            source.streamPage,
            transactionsRequest(options.filters, pageNumber, pageSize),
            retryOptions(pageNumber),
            readSignal,
          ),
        );
      for (page = 1; page <= totalPages; page += 1) {
        // Page 1 is asked for here; every later page was asked for while the one before it was written.
        const answer = await (ahead ?? ask(page));
        ahead = null;
        if (!answer.ok) throw answer.error;
        options.signal?.throwIfAborted();
        const { head, items } = answer.value;
        // The range sees every record in the service's order before any is written, so whether a next page
        // is needed is known now and it is asked for while this one is written (one request in flight).
        const admitted = items.map((item) => range?.admits(item) ?? true);
        total = head.totalRecords;
        totalPages = head.totalPages;
        // A short page means the end, even if the service's totals disagree.
        const last = items.length < pageSize || (range?.canStop() ?? false) || page >= totalPages;
        if (!last) ahead = (await askedAhead(() => ask(page + 1))).page;
        const records = new PageRecords();
        let lines = 0;
        for (let index = 0; index < items.length; index += 1) {
          const item = items[index]!;
          records.add(item);
          // A record that arrived at the top while exporting pushes the last row of a page onto the next one.
          if (previousRecords.has(item) || admitted[index] !== true) continue;
          const line = writer.line(item, userLabelOf(item), context, written + lines === 0);
          if (typeof line === 'string') {
            // Written when the buffer is full, which also lets the page asked for ahead be read meanwhile.
            if (!out.add(line)) await out.append(line);
            lines += 1;
          } else {
            leftOut[line.leftOut] += 1;
          }
        }
        await out.flush();
        previousRecords = records;
        written += lines;
        options.onPage?.(progress());
        if (last) break;
      }
      doneTotal += total;
      donePages += Math.min(page, totalPages);
      total = 0;
      totalPages = 0;
      page = 0;
    }
    await out.append(writer.close(written > 0));
    await out.flush();
    await keepFile(file, temporary, options.path);
    return { written, total: doneTotal, pages: donePages, leftOut };
  } catch (error) {
    // No request may outlive the export: a cancel or a failed write waits for the page already asked for.
    stopAhead.abort(error);
    if (ahead) await ahead;
    await file.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw options.signal?.aborted ? options.signal.reason : error;
  }
}
