import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { once } from 'node:events';
import type { HistoryQuery } from '../../../src-preload/contract/history';
import type { TransactionItem, TransactionsRequest, TransactionsResult } from '../../service/interface-a-schemas';
import { csvHeader, csvLine } from './csv';
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

export interface ExportHistoryOptions {
  /** One POST /transactions (e.g. `(r) => client.getTransactions(r)`); it is retried here, not there. */
  readonly fetchPage: (request: TransactionsRequest) => Promise<TransactionsResult>;
  /** The file to create; it only appears once every page is written. */
  readonly path: string;
  readonly filters: HistoryQuery;
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

async function write(stream: WriteStream, chunk: string): Promise<void> {
  // Respect back-pressure so a slow disk cannot make pages pile up in memory.
  if (!stream.write(chunk, 'utf8')) await once(stream, 'drain');
}

async function closeStream(stream: WriteStream): Promise<void> {
  if (stream.closed) return;
  stream.destroy();
  await once(stream, 'close').catch(() => undefined);
}

/**
 * Exports the whole filtered history as CSV (RFC 4180, UTF-8, header row). Pages are fetched one at a time
 * and written straight to a temporary file, so memory holds one page whatever the history's size; a page
 * that fails is retried (429 back-off, a few tries on server errors) and the export goes on from that page.
 * On success the temporary file is renamed to `path`; on cancel or failure it is removed, so no partial
 * file is ever left. No Electron here: the benchmark calls this directly.
 */
export async function exportHistoryCsv(options: ExportHistoryOptions): Promise<ExportResult> {
  const pageSize = options.recordsPerPage ?? EXPORT_PAGE_SIZE;
  const temporary = temporaryPathFor(options.path);
  // 'wx': never follow or clobber something already at the temporary name.
  const stream = createWriteStream(temporary, { flags: 'wx', mode: 0o600, encoding: 'utf8' });
  const streamFailed = once(stream, 'error').then(([error]: unknown[]) => {
    throw error;
  });
  streamFailed.catch(() => undefined);
  let written = 0;
  let lines = 0;
  // Only the previous page's keys are kept, so memory stays one page deep.
  let previousKeys = new Set<string>();
  let total = 0;
  let totalPages = 1;
  let page = 1;
  const progress = (): ExportPageProgress => ({ written, total, page, totalPages });
  try {
    await Promise.race([once(stream, 'open'), streamFailed]);
    await Promise.race([write(stream, csvHeader()), streamFailed]);
    for (; page <= totalPages; page += 1) {
      const result = await fetchWithRetry(
        () => options.fetchPage(transactionsRequest(options.filters, page, pageSize)),
        {
          ...(options.retry === undefined ? {} : { policy: options.retry }),
          ...(options.signal === undefined ? {} : { signal: options.signal }),
          onRetry: (notice) => options.onRetry?.(notice, progress()),
        },
      );
      options.signal?.throwIfAborted();
      total = result.totalRecords;
      totalPages = result.totalPages;
      let chunk = '';
      const keys = new Set<string>();
      for (const item of result.items) {
        const key = recordKey(item);
        keys.add(key);
        // A record that arrived at the top while exporting pushes the last row of a page onto the next one.
        if (previousKeys.has(key)) continue;
        chunk += csvLine(item);
        lines += 1;
      }
      previousKeys = keys;
      await Promise.race([write(stream, chunk), streamFailed]);
      written = lines;
      options.onPage?.(progress());
      // A short page means the end, even if the service's totals disagree.
      if (result.items.length < pageSize) break;
    }
    stream.end();
    await Promise.race([once(stream, 'finish'), streamFailed]);
    await closeStream(stream);
    // On disk before it takes the real name, so a crash never leaves an empty or torn file there.
    const handle = await open(temporary, 'r+');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temporary, options.path);
    return { written, total, pages: Math.min(page, totalPages) };
  } catch (error) {
    await closeStream(stream);
    await unlink(temporary).catch(() => undefined);
    throw options.signal?.aborted ? options.signal.reason : error;
  }
}
