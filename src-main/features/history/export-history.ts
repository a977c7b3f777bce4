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
import type { ArrivedPage, TransactionItemsOptions } from '../../service/interface-a-transactions';
import { completeExportWords, csvHeader, csvLine, csvRow } from './csv';
import { dateRangeFilterOf, type DateRangeFilter } from './date-range';
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
 * What the export tells a page's reader besides where its items go, every part of it given: when the answer is a
 * page, a page's own stop (the reading) and the export's own stop (the request too).
 */
export type PageReading = Required<TransactionItemsOptions>;

/**
 * One POST /transactions (e.g. `(r, onItems, reading) => client.streamTransactions(r, onItems, reading)`):
 * awaits `reading.onArrived` once the whole answer is here and is a page, then hands each stretch of items to
 * `onItems`, awaiting it before the next, and resolves with the totals. One that never calls `onArrived` still
 * works: the export then waits for the page's turn at its first items, and asks for no page ahead of it.
 */
export type StreamPage = (
  request: TransactionsRequest,
  onItems: (items: readonly TransactionItem[]) => Promise<void>,
  reading?: PageReading,
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
  return async (request, onItems, reading) => {
    const { items, ...head } = await fetchPage(request);
    await reading?.onArrived({ items: items.length, totalPages: head.totalPages });
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

/** A promise's outcome held as a value, so a page asked for ahead never rejects unobserved. */
type Settled<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

function settled<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

const noneLeftOut = (): Record<LeftOutReason, number> => ({ 'not-completed': 0, 'no-date': 0, 'no-price': 0 });

/** What one page added to the file, counted once it is read to its end. */
interface PageOutcome {
  readonly head: TransactionsHead;
  /** Items the service sent, written or not. */
  readonly count: number;
  readonly lines: number;
  readonly records: PageRecords;
  readonly leftOut: Readonly<Record<LeftOutReason, number>>;
}

/** A page asked for: read whole, then written when its turn comes (every page before it written). */
interface PageRead {
  /** Settles once its rows are written, or once it failed for good. */
  readonly done: Promise<Settled<PageOutcome>>;
  /** Its turn to write. */
  readonly start: () => void;
  /**
   * Stops it and the page it asked for ahead, and waits until both have: at once while one waits (a back-off, a
   * turn), else once its request is answered.
   */
  readonly stop: (reason: unknown) => Promise<void>;
  /**
   * Hands over the page it asked for when its answer arrived, if any, and forgets it: a page that kept the one
   * after it would keep every page after it, each with its records, for as long as anything held the first.
   */
  readonly takeNext: () => PageRead | null;
}

/** Resolves when `turn` does, or rejects once `signal` is aborted. */
function untilTurn(turn: Promise<void>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const aborted = (): void => reject(signal.reason);
    signal.addEventListener('abort', aborted, { once: true });
    void turn.then(() => {
      signal.removeEventListener('abort', aborted);
      resolve();
    });
  });
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

/** Gives the finished temporary file its real name, cut to `length` (its text) and on disk first. */
async function keepFile(file: FileHandle, length: number, temporary: string, path: string): Promise<void> {
  // A page read again may have ended shorter than its first attempt, whose bytes are still past the end.
  await file.truncate(length);
  // On disk before it takes the real name, so a crash never leaves an empty or torn file there.
  await file.datasync();
  await file.close();
  await rename(temporary, path);
}

/** What every page of one account's export shares. */
interface AccountPages {
  readonly source: ExportSource;
  readonly filters: HistoryQuery;
  readonly pageSize: number;
  readonly writer: RecordWriter;
  readonly userLabelOf: (item: TransactionItem) => string;
  readonly context: ExportRecordContext;
  readonly range: DateRangeFilter | null;
  readonly out: TextAppender;
  /** Aborted when the export stops (a cancel, a failure): every page's reading and waiting stops with it. */
  readonly signal: AbortSignal;
  /** Every page asked for and not yet settled. */
  readonly reading: Set<Promise<unknown>>;
  readonly retry: RetryPolicy | undefined;
  readonly onRetry: (notice: RetryNotice, pageNumber: number) => void;
  /** Rows written before this page, every account's (the JSON array's first record has no comma before it). */
  readonly writtenBefore: () => number;
  /** The records of the page before this one. */
  readonly previousRecords: () => PageRecords;
  /** Empty records for an answer of this page about to be written. */
  readonly freshRecords: () => PageRecords;
}

/** What the answer of a page being written has added so far. */
interface AnswerWriting {
  count: number;
  lines: number;
  readonly records: PageRecords;
  readonly left: Record<LeftOutReason, number>;
  /** Read once the turn has come: the page before is written by then. */
  readonly previous: PageRecords;
  readonly writtenBefore: number;
}

/** Writes the rows of one stretch of a page's items, in the service's order, and counts them into `page`. */
async function writeItems(items: readonly TransactionItem[], page: AnswerWriting, pages: AccountPages): Promise<void> {
  const { out, range } = pages;
  for (const item of items) {
    page.count += 1;
    const hash = page.records.add(item);
    // The range sees every record in the service's order, written or not.
    const admitted = range?.admits(item) ?? true;
    // A record that arrived at the top while exporting pushes the last row of a page onto the next one.
    if (!admitted || page.previous.has(item, hash)) continue;
    const line = pages.writer.line(item, pages.userLabelOf(item), pages.context, page.writtenBefore + page.lines === 0);
    if (typeof line === 'string') {
      if (!out.add(line)) await out.append(line);
      page.lines += 1;
    } else {
      page.left[line.leftOut] += 1;
    }
  }
}

/**
 * Asks for page `pageNumber` and writes its rows once its turn comes (start()). Once its answer is whole and a
 * page, full and not the last by its own totals, and the page before it has begun to be written (its turn,
 * `previousTurn`), it asks for the next page (takeNext()); a reader that hands items on as they come has more to
 * read, and whether the date range is passed is known only once the page is read.
 */
function readPageOf(
  pageNumber: number,
  pages: AccountPages,
  previousTurn: Promise<void> = Promise.resolve(),
): PageRead {
  const { out, range, pageSize } = pages;
  const stopper = new AbortController();
  const signal = AbortSignal.any([pages.signal, stopper.signal]);
  let openTurn = (): void => undefined;
  const turn = new Promise<void>((resolve) => (openTurn = resolve));
  let next: PageRead | null = null;
  // The file's length and the range's state when the page's turn first came: a page read again starts there.
  let startedAt: { readonly length: number; readonly range: (() => void) | null } | null = null;

  /** Stops the page asked for by an earlier answer of this one, and waits until it has. */
  const dropNext = async (why: string): Promise<void> => {
    const asked = next;
    next = null;
    if (asked) await asked.stop(new Error(why));
  };

  const attempt = async (): Promise<PageOutcome> => {
    // A page read again asks again for the one after it, never while that one's request is out.
    await dropNext('the page before it is read again');
    // What the answer being written has added; set afresh whenever an answer starts to be written.
    let now: AnswerWriting | null = null;
    const begin = async (arrived: ArrivedPage | null): Promise<void> => {
      const asksNext = arrived !== null && arrived.items >= pageSize && pageNumber < arrived.totalPages;
      // The service answers the next page while this one and the one before it are written, so neither waits
      // for the other; asked for at this page's turn, the service's answer and the writing of rows would take
      // turns. Never before the page before this one is being written: then at most two answers wait whole.
      // Under a date range only at this page's turn: the page that passes the range's start is known once it is
      // written, and a page asked for beyond it is a request spent for nothing.
      await untilTurn(asksNext && range === null ? previousTurn : turn, signal);
      await dropNext('an answer of the page before it is written again');
      // A page stopped meanwhile asks for nothing: its request would only be waited for.
      signal.throwIfAborted();
      if (asksNext) next = readPageOf(pageNumber + 1, pages, turn);
      await untilTurn(turn, signal);
      if (startedAt === null) startedAt = { length: out.length, range: range?.mark() ?? null };
      else {
        out.rewind(startedAt.length);
        startedAt.range?.();
      }
      now = {
        count: 0,
        lines: 0,
        records: pages.freshRecords(),
        left: noneLeftOut(),
        previous: pages.previousRecords(),
        writtenBefore: pages.writtenBefore(),
      };
    };
    const head = await pages.source.streamPage(
      transactionsRequest(pages.filters, pageNumber, pageSize),
      async (slice) => {
        if (now === null) await begin(null);
        signal.throwIfAborted();
        await writeItems(slice, now!, pages);
      },
      { onArrived: (arrived) => begin(arrived), signal, cancel: pages.signal },
    );
    if (now === null) await begin(null);
    await out.flush();
    const { count, lines, records, left } = now!;
    return { head, count, lines, records, leftOut: left };
  };

  const done = settled(
    fetchWithRetry(attempt, {
      ...(pages.retry === undefined ? {} : { policy: pages.retry }),
      signal,
      onRetry: (notice) => pages.onRetry(notice, pageNumber),
    }),
  );
  pages.reading.add(done);
  void done.then(() => pages.reading.delete(done));
  return {
    done,
    start: openTurn,
    stop: async (reason) => {
      stopper.abort(reason);
      await done;
      // The page it asked for ahead, if any, is stopped with it: nothing else holds it.
      await dropNext('the page before it was stopped');
    },
    takeNext: () => {
      const taken = next;
      next = null;
      return taken;
    },
  };
}

/**
 * Exports the whole filtered history of one account or several (one after the other, each row naming its
 * account) as the complete CSV (RFC 4180, UTF-8, header row), a preset of another tool, or a JSON array, with
 * the date range applied to each record as it goes past (POST /transactions has no date fields). Each page is
 * read whole; once its answer is known to be a page (PageReading.onArrived) and the page before it is being
 * written, the next page is asked for, and this one's records are parsed and written a stretch at a time to a
 * temporary file (TextAppender, at most 64 KiB held) while the service answers, yet only one request is ever in
 * flight (the rate limit) and at most two answers wait whole. Parsed records are written and dropped as they
 * come, never held a page at a time. A short page, or one its totals call the last, asks for nothing after it;
 * one that turns out to be the last because the date range is passed stops the page it asked for, which costs
 * that one request. A page that fails (429 back-off, a few tries on server errors and answers the app cannot
 * read) stops the pages asked for ahead of it before it is read again whole and written again from its first row,
 * over what its failed attempt wrote; one asked for ahead that fails surfaces once the pages before it are written.
 * On success the temporary file is cut to its text, flushed to disk and renamed to `path`; on cancel or failure
 * it is removed, so no partial file is ever left. No Electron here: the benchmark calls this directly.
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
  const leftOut: Record<LeftOutReason, number> = noneLeftOut();
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
  // Every page asked for and not yet settled: awaited before the export returns or throws.
  const reading = new Set<Promise<unknown>>();
  // Stops every page's back-off, reading or wait at once when the export fails for another reason (a write, say).
  const stopAll = new AbortController();
  const readSignal = options.signal ? AbortSignal.any([options.signal, stopAll.signal]) : stopAll.signal;
  try {
    await out.append(writer.open);
    await out.flush();
    for (const source of sources) {
      const range = dateRangeFilterOf(options.filters);
      // Only the previous page's records are kept (and the arrays of the one before, to be reused), so memory
      // stays a page or two deep.
      let previousRecords = new PageRecords();
      // The records of the page before the previous one, which nothing reads any more: the next page's are written
      // into its arrays rather than into new ones for every page.
      let spareRecords: PageRecords | null = null;
      total = 0;
      totalPages = 1;

      const pages: AccountPages = {
        source,
        filters: options.filters,
        pageSize,
        writer,
        userLabelOf: source.userLabelOf ?? (() => ''),
        context: { account: source.account, currency },
        range,
        out,
        signal: readSignal,
        reading,
        retry: options.retry,
        onRetry: (notice, pageNumber) => options.onRetry?.(notice, { ...progress(), page: donePages + pageNumber }),
        writtenBefore: () => written,
        previousRecords: () => previousRecords,
        freshRecords: () => {
          const spare = spareRecords;
          spareRecords = null;
          if (spare === null) return new PageRecords();
          spare.clear();
          return spare;
        },
      };
      const readPage = (pageNumber: number): PageRead => readPageOf(pageNumber, pages);

      let current: PageRead | null = readPage(1);
      for (page = 1; current; page += 1) {
        current.start();
        const answer: Settled<PageOutcome> = await current.done;
        const following = current.takeNext();
        if (!answer.ok) {
          await following?.stop(answer.error);
          throw answer.error;
        }
        options.signal?.throwIfAborted();
        const outcome = answer.value;
        total = outcome.head.totalRecords;
        totalPages = outcome.head.totalPages;
        written += outcome.lines;
        for (const reason of Object.keys(leftOut) as LeftOutReason[]) leftOut[reason] += outcome.leftOut[reason];
        // The records before this page's were read by this page's answers alone, and this page is written.
        spareRecords = previousRecords;
        previousRecords = outcome.records;
        options.onPage?.(progress());
        // A short page means the end, even if the service's totals disagree.
        const last = outcome.count < pageSize || (range?.canStop() ?? false) || page >= totalPages;
        if (last) {
          await following?.stop(new Error('the page before it was the last'));
          break;
        }
        current = following ?? readPage(page + 1);
      }
      doneTotal += total;
      donePages += Math.min(page, totalPages);
      total = 0;
      totalPages = 0;
      page = 0;
    }
    await out.append(writer.close(written > 0));
    await out.flush();
    await keepFile(file, out.length, temporary, options.path);
    return { written, total: doneTotal, pages: donePages, leftOut };
  } catch (error) {
    // No request may outlive the export: a cancel or a failed write waits for every page asked for.
    stopAll.abort(error);
    await Promise.all(reading);
    await file.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw options.signal?.aborted ? options.signal.reason : error;
  }
}
