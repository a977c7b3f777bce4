import { parse } from 'csv-parse/sync';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../../src-main/app-error';
import { exportHistoryCsv, type StreamPage } from '../../../../../src-main/features/history/export-history';
import {
  backoffDelayMs,
  fetchWithRetry,
  type RetryPolicy,
} from '../../../../../src-main/features/history/fetch-with-retry';
import type {
  TransactionItem,
  TransactionsRequest,
  TransactionsResult,
} from '../../../../../src-main/service/interface-a-schemas';

const fast: RetryPolicy = { maxAttempts: 3, maxRateLimitWaits: 2, baseDelayMs: 1, maxDelayMs: 5 };

function itemNumber(n: number): TransactionItem {
  return {
    symbolId: 1,
    symbol: 'BTC',
    symbolName: 'Bitcoin',
    displayName: 'Bitcoin',
    address: 'bc1q',
    txId: `tx${n}`,
    amount: n / 1000,
    status: 'Completed',
    type: 'Deposit',
    date: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
    value: n,
    referenceId: `ref-${n}`,
    label: '',
    merchantTransactionId: '',
    to: '',
    withdrawType: 0,
    prices: { usd: 1, eur: 1, gbp: 1, try: 1, jpy: 1 },
    isAutoCollected: false,
  };
}

/** A service with `total` records that answers any page like POST /transactions does. */
function fakeService(total: number) {
  let inFlight = 0;
  let maxInFlight = 0;
  const requests: TransactionsRequest[] = [];
  const fetchPage = async (request: TransactionsRequest): Promise<TransactionsResult> => {
    requests.push(request);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight -= 1;
    const start = (request.page - 1) * request.recordsPerPage;
    const items = Array.from({ length: Math.max(0, Math.min(request.recordsPerPage, total - start)) }, (_, i) =>
      itemNumber(start + i),
    );
    return {
      totalRecords: total,
      totalPages: Math.ceil(total / request.recordsPerPage),
      page: request.page,
      recordsPerPage: request.recordsPerPage,
      items,
    };
  };
  return { fetchPage, requests, maxInFlight: () => maxInFlight, inFlight: () => inFlight };
}

/**
 * Pages of `fetchPage` read whole and handed on after onArrived, as the client does; page `failure.page`'s first
 * answer fails with `failure.error` once `failure.afterItems` of its items were handed on (their rows written).
 * `itemsOf` may serve other items in place of the page's own.
 */
function failingOnce(
  fetchPage: (request: TransactionsRequest) => Promise<TransactionsResult>,
  failure: { readonly page: number; readonly afterItems: number; readonly error: AppError },
  itemsOf: (request: TransactionsRequest, items: readonly TransactionItem[]) => readonly TransactionItem[] = (
    _request,
    items,
  ) => items,
): StreamPage {
  let failed = false;
  return async (request, onItems, reading) => {
    const { items: served, ...head } = await fetchPage(request);
    const items = itemsOf(request, served);
    await reading?.onArrived({ items: items.length, totalPages: head.totalPages });
    if (!failed && request.page === failure.page) {
      failed = true;
      await onItems(items.slice(0, failure.afterItems));
      throw failure.error;
    }
    await onItems(items);
    return head;
  };
}

/**
 * One turn of the event loop, once every promise before it has settled: what the export does at once with no
 * answer, timer or file write to wait for (a write or a back-off may still be under way).
 */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Pages of `service` read as the client does (whole, then onArrived, then the items in two stretches), each
 * answer held until `answer(page)` lets the next answer of that page arrive. Page `holdWriting` stops after its
 * first stretch until `releaseWriting()`; page `failWriting`'s first answer then breaks off there.
 */
function heldPages(
  service: ReturnType<typeof fakeService>,
  options: { readonly holdWriting?: number; readonly failWriting?: number } = {},
) {
  const events: string[] = [];
  const requests: number[] = [];
  const waiting = new Map<number, Array<() => void>>();
  let inFlight = 0;
  let maxInFlight = 0;
  let failed = false;
  let releaseWriting = (): void => undefined;
  const writingHeld = new Promise<void>((resolve) => (releaseWriting = resolve));
  const streamPage: StreamPage = async (request, onItems, reading) => {
    requests.push(request.page);
    reading?.signal.addEventListener('abort', () => events.push(`page ${request.page} stopped`), { once: true });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const { items, ...head } = await service.fetchPage(request);
    await new Promise<void>((resolve) => waiting.set(request.page, [...(waiting.get(request.page) ?? []), resolve]));
    inFlight -= 1;
    await reading?.onArrived({ items: items.length, totalPages: head.totalPages });
    await onItems(items.slice(0, 50));
    if (request.page === options.holdWriting && !failed) {
      events.push(`writing ${request.page} held`);
      await writingHeld;
      if (request.page === options.failWriting) {
        failed = true;
        events.push(`writing ${request.page} failed`);
        throw new AppError('network', 'The service could not be reached.');
      }
    }
    await onItems(items.slice(50));
    return head;
  };
  return {
    streamPage,
    events,
    asked: () => [...requests],
    maxInFlight: () => maxInFlight,
    releaseWriting: () => releaseWriting(),
    /** Lets page `page`'s answer arrive once it is asked for, then lets the export do all it does at once. */
    async answer(page: number): Promise<void> {
      await vi.waitFor(() => expect(waiting.get(page)?.length).toBeGreaterThan(0), { interval: 1 });
      waiting.get(page)!.shift()!();
      await settle();
    },
  };
}

const expected = (total: number) => Array.from({ length: total }, (_, n) => `tx${n}`);
const txIds = async (path: string) =>
  (await readFile(path, 'utf8'))
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.split(',')[18]);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wallet-desk-export-unit-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('exportHistoryCsv', () => {
  it('asks for one page at a time and passes the filters on every request', async () => {
    const service = fakeService(1234);
    const path = join(dir, 'out.csv');
    const pages: number[] = [];
    const result = await exportHistoryCsv({
      fetchPage: service.fetchPage,
      path,
      filters: {
        filter: ' refund ',
        symbols: ['BTC'],
        withdrawTypes: [],
        hideLowAmounts: true,
        orderBy: 'value',
        sortOrder: 'asc',
      },
      recordsPerPage: 100,
      onPage: (p) => pages.push(p.page),
    });
    expect(result).toMatchObject({ written: 1234, total: 1234, pages: 13 });
    expect(service.maxInFlight()).toBe(1);
    expect(pages).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    expect(service.requests[0]).toEqual({
      page: 1,
      recordsPerPage: 100,
      filter: 'refund',
      symbols: ['BTC'],
      hideLowAmounts: true,
      orderBy: 'value',
      sortOrder: 'asc',
    });
    const lines = (await readFile(path, 'utf8')).split('\r\n');
    expect(lines).toHaveLength(1 + 1234 + 1);
    expect(lines[1234]).toContain('ref-1233');
    expect(await readdir(dir)).toEqual(['out.csv']);
  });

  it('asks for the next page as soon as one has arrived, before its rows are written, never two at once', async () => {
    const service = fakeService(1234);
    const events: string[] = [];
    const result = await exportHistoryCsv({
      fetchPage: (request) => {
        events.push(`ask ${request.page}`);
        return service.fetchPage(request);
      },
      path: join(dir, 'ahead.csv'),
      filters: {},
      recordsPerPage: 100,
      onPage: (p) => events.push(`written ${p.page}`),
    });
    expect(result).toMatchObject({ written: 1234, pages: 13 });
    expect(service.maxInFlight()).toBe(1);
    // Each page is asked for once, in order, and nothing past the last page.
    expect(events.filter((event) => event.startsWith('ask'))).toEqual(
      Array.from({ length: 13 }, (_, i) => `ask ${i + 1}`),
    );
    // Page n + 1 is asked for before page n's write has finished.
    for (let page = 1; page < 13; page += 1)
      expect(events.indexOf(`ask ${page + 1}`)).toBeLessThan(events.indexOf(`written ${page}`));
    expect(await txIds(join(dir, 'ahead.csv'))).toEqual(expected(1234));
  });

  it('asks for the page after next while a page is written, and holds at most two answers', async () => {
    const page = heldPages(fakeService(1000), { holdWriting: 1 });
    const path = join(dir, 'two-ahead.csv');
    const run = exportHistoryCsv({ streamPage: page.streamPage, path, filters: {}, recordsPerPage: 100 });
    await page.answer(1);
    await vi.waitFor(() => expect(page.events).toContain('writing 1 held'));
    // Page 1 is being written: page 2's answer asks for page 3 at once.
    expect(page.asked()).toEqual([1, 2]);
    await page.answer(2);
    expect(page.asked()).toEqual([1, 2, 3]);
    // Page 3's answer waits whole beside page 2's, and asks for nothing until page 2 is written in its turn.
    await page.answer(3);
    expect(page.asked()).toEqual([1, 2, 3]);
    page.releaseWriting();
    await vi.waitFor(() => expect(page.asked()).toEqual([1, 2, 3, 4]));
    for (let n = 4; n <= 10; n += 1) await page.answer(n);
    expect(await run).toMatchObject({ written: 1000, pages: 10 });
    expect(page.maxInFlight()).toBe(1);
    expect(await txIds(path)).toEqual(expected(1000));
  });

  it('surfaces a page asked for ahead that fails only after the pages before it are written', async () => {
    const service = fakeService(1234);
    const events: string[] = [];
    const refused = new AppError('forbidden', 'This account may not read that history.');
    const run = exportHistoryCsv({
      fetchPage: async (request) => {
        events.push(`ask ${request.page}`);
        const answer = await service.fetchPage(request);
        if (request.page === 3) throw refused;
        return answer;
      },
      path: join(dir, 'refused.csv'),
      filters: {},
      recordsPerPage: 100,
      retry: fast,
      onPage: (p) => events.push(`written ${p.page}`),
    });
    await expect(run).rejects.toBe(refused);
    // Page 3 was asked for while page 1 or 2 was written; its refusal ends the export once page 2 is written.
    expect(events.filter((event) => event.startsWith('ask'))).toEqual(['ask 1', 'ask 2', 'ask 3']);
    expect(events.filter((event) => event.startsWith('written'))).toEqual(['written 1', 'written 2']);
    expect(events.at(-1)).toBe('written 2');
    expect(service.inFlight()).toBe(0);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a page read again first waits for both pages asked for ahead of it to be answered', async () => {
    // Page 1 breaks off after half its rows, once page 2 has arrived and page 3 is in flight.
    const page = heldPages(fakeService(1000), { holdWriting: 1, failWriting: 1 });
    const path = join(dir, 'again-two-ahead.csv');
    const run = exportHistoryCsv({
      streamPage: page.streamPage,
      path,
      filters: {},
      recordsPerPage: 100,
      retry: fast,
    });
    await page.answer(1);
    await vi.waitFor(() => expect(page.events).toContain('writing 1 held'));
    await page.answer(2);
    expect(page.asked()).toEqual([1, 2, 3]);
    page.releaseWriting();
    // Page 1, read again, first stops page 2 and with it page 3, whose request is out: page 1 is asked for
    // again only once that request is answered, never two at once.
    await vi.waitFor(() => expect(page.events).toContain('page 3 stopped'), { interval: 1 });
    await settle();
    expect(page.events).toContain('writing 1 failed');
    expect(page.asked()).toEqual([1, 2, 3]);
    await page.answer(3);
    await vi.waitFor(() => expect(page.asked()).toEqual([1, 2, 3, 1]));
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) await page.answer(n);
    expect(await run).toMatchObject({ written: 1000, pages: 10 });
    expect(page.maxInFlight()).toBe(1);
    expect(await txIds(path)).toEqual(expected(1000));
  });

  it('asks for nothing after a page whose own totals call it the last', async () => {
    // The history shrinks while it is exported: page 5 says it is the last.
    const service = fakeService(1234);
    const events: string[] = [];
    const result = await exportHistoryCsv({
      fetchPage: async (request) => {
        events.push(`ask ${request.page}`);
        const answer = await service.fetchPage(request);
        return request.page === 5 ? { ...answer, totalRecords: 500, totalPages: 5 } : answer;
      },
      path: join(dir, 'shrunk.csv'),
      filters: {},
      recordsPerPage: 100,
      onPage: (p) => events.push(`written ${p.page}`),
    });
    expect(result).toMatchObject({ written: 500, total: 500, pages: 5 });
    expect(events.slice(-2)).toEqual(['written 4', 'written 5']);
    expect(events).not.toContain('ask 6');
    expect(service.maxInFlight()).toBe(1);
    expect(service.inFlight()).toBe(0);
    expect(await txIds(join(dir, 'shrunk.csv'))).toEqual(expected(500));
  });

  it('reads a page again from its first row when its answer fails after rows were written', async () => {
    // Page 2's first answer holds an item the app cannot read half-way: rows before it were already written.
    const service = fakeService(1234);
    const streamPage = failingOnce(service.fetchPage, {
      page: 2,
      afterItems: 60,
      error: new AppError('service_error', 'The service sent an answer the app does not understand.'),
    });
    const path = join(dir, 'again.csv');
    const result = await exportHistoryCsv({ streamPage, path, filters: {}, recordsPerPage: 100, retry: fast });
    expect(result).toMatchObject({ written: 1234, pages: 13 });
    expect(await txIds(path)).toEqual(expected(1234));
    expect(service.maxInFlight()).toBe(1);
  });

  it('writes each record once when pages shift under it, a page read again among them', async () => {
    // Seven records arrive at the top before each page from page 3 on: every such page starts with the last seven
    // of the page before, so each is told apart from records held in arrays an earlier page used. Page 3's first
    // answer fails half-way, so its records are gathered twice. The totals grow with the arrivals: 14 pages.
    const service = fakeService(1400);
    const startOf = (page: number) => (page - 1) * 100 - 7 * Math.max(0, page - 2);
    const streamPage = failingOnce(
      service.fetchPage,
      {
        page: 3,
        afterItems: 60,
        error: new AppError('service_error', 'The service sent an answer the app does not understand.'),
      },
      (request) =>
        Array.from({ length: Math.max(0, Math.min(100, 1234 - startOf(request.page))) }, (_, i) =>
          itemNumber(startOf(request.page) + i),
        ),
    );
    const path = join(dir, 'shifted.csv');
    const result = await exportHistoryCsv({ streamPage, path, filters: {}, recordsPerPage: 100, retry: fast });
    expect(result.written).toBe(1234);
    expect(await txIds(path)).toEqual(expected(1234));
  });

  it('reads a page again from its first record in a JSON file and under a date range too', async () => {
    const service = fakeService(1234);
    // The first record of the file is written (with no comma before it), then the answer fails.
    const lost = () => new AppError('network', 'The service could not be reached.');
    const streamPage = failingOnce(service.fetchPage, { page: 1, afterItems: 1, error: lost() });
    const jsonPath = join(dir, 'again.json');
    const json = await exportHistoryCsv({
      streamPage,
      path: jsonPath,
      filters: {},
      recordsPerPage: 100,
      format: 'json',
      retry: fast,
    });
    expect(json.written).toBe(1234);
    const records = JSON.parse(await readFile(jsonPath, 'utf8')) as { txId: string }[];
    expect(records.map((record) => record.txId)).toEqual(expected(1234));

    // Under a date range ordered by date, a page read again sees its records once: the range's state goes back too.
    const all = await service.fetchPage({ page: 1, recordsPerPage: 1234 });
    const dates = all.items.map((record) => Date.parse(record.date));
    const newest = Math.max(...dates);
    const oldest = Math.min(...dates);
    const since = new Date((newest + oldest) / 2).toISOString();
    const requestsBefore = service.requests.length;
    const newestFirst = [...all.items].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
    const ranged = await exportHistoryCsv({
      streamPage: failingOnce(service.fetchPage, { page: 2, afterItems: 70, error: lost() }, (request) => {
        const start = (request.page - 1) * request.recordsPerPage;
        return newestFirst.slice(start, start + request.recordsPerPage);
      }),
      path: join(dir, 'ranged.csv'),
      filters: { since, orderBy: 'date', sortOrder: 'desc' },
      recordsPerPage: 100,
      retry: fast,
    });
    const inRange = dates.filter((ms) => ms >= Date.parse(since)).length;
    expect(ranged.written).toBe(inRange);
    expect(new Set(await txIds(join(dir, 'ranged.csv'))).size).toBe(inRange);
    // The scan still stops at the page that passes the range's start (page 2 read twice; the page after it was
    // asked for when it arrived, then stopped): had the failed attempt's records stayed seen, the page read again
    // would look out of date order and every page would be read.
    const pagesRead = service.requests.slice(requestsBefore).map((request) => request.page);
    expect(pagesRead.filter((page) => page === 2)).toHaveLength(2);
    expect(Math.max(...pagesRead)).toBe(Math.ceil((inRange + 1) / 100) + 1);
  });

  it('writes just the header for an empty history', async () => {
    const path = join(dir, 'empty.csv');
    expect(await exportHistoryCsv({ fetchPage: fakeService(0).fetchPage, path, filters: {} })).toMatchObject({
      written: 0,
    });
    expect((await readFile(path, 'utf8')).split('\r\n')).toHaveLength(2);
  });

  it('cancelling mid-way removes the temporary file and keeps an older file of that name', async () => {
    const path = join(dir, 'kept.csv');
    await writeFile(path, 'older export\r\n');
    const controller = new AbortController();
    const service = fakeService(5000);
    const run = exportHistoryCsv({
      fetchPage: service.fetchPage,
      path,
      filters: {},
      recordsPerPage: 100,
      signal: controller.signal,
      onPage: (p) => {
        if (p.page === 3) controller.abort(new Error('stop'));
      },
    });
    await expect(run).rejects.toThrow('stop');
    // The pages asked for while page 3 was written (page 4, and page 5 if page 4 came first) have been
    // awaited: no request outlives the export.
    expect(service.inFlight()).toBe(0);
    expect(service.requests.map((request) => request.page)).toEqual([1, 2, 3, 4, 5].slice(0, service.requests.length));
    expect(service.requests.length).toBeGreaterThanOrEqual(4);
    expect(await readdir(dir)).toEqual(['kept.csv']);
    expect(await readFile(path, 'utf8')).toBe('older export\r\n');
  });

  it('fails cleanly when the folder cannot be written', async () => {
    await expect(
      exportHistoryCsv({ fetchPage: fakeService(10).fetchPage, path: join(dir, 'missing', 'x.csv'), filters: {} }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('exportHistoryCsv of every account', () => {
  const streamOf =
    (total: number) =>
    async (request: TransactionsRequest, onItems: (items: readonly TransactionItem[]) => Promise<void>) => {
      const { items, ...head } = await fakeService(total).fetchPage(request);
      await onItems(items);
      return head;
    };

  it('writes one file with an Account column, each account’s records and labels in turn', async () => {
    const path = join(dir, 'all.csv');
    const progress: Array<{ page: number; totalPages: number; total: number }> = [];
    const result = await exportHistoryCsv({
      sources: [
        { account: 'Trading', streamPage: streamOf(250) },
        { account: 'Acme Ltd', streamPage: streamOf(120), userLabelOf: (item) => `label of ${item.referenceId}` },
      ],
      path,
      filters: {},
      recordsPerPage: 100,
      onPage: (p) => progress.push(p),
    });
    expect(result).toMatchObject({ written: 370, total: 370, pages: 5 });
    const rows = parse(await readFile(path, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(370);
    expect(rows.filter((row) => row.Account === 'Trading')).toHaveLength(250);
    expect(rows[250]).toMatchObject({ Account: 'Acme Ltd', Reference: 'ref-0', Label: 'label of ref-0' });
    expect(rows[0]?.Label).toBe('');
    // Progress counts on across accounts rather than starting again at page 1.
    expect(progress.map((p) => p.page)).toEqual([1, 2, 3, 4, 5]);
    expect(progress.at(-1)).toMatchObject({ totalPages: 5, total: 370 });
  });
});

describe('exportHistoryCsv with streamed pages', () => {
  /** The same service read as it arrives, `slice` items at a time; `cut` drops the answer of one attempt. */
  function streamedService(total: number, slice: number, cut?: { page: number; afterItems: number }) {
    const service = fakeService(total);
    const slicesSeen: number[] = [];
    let cutDone = false;
    const streamPage = async (
      request: TransactionsRequest,
      onItems: (items: readonly TransactionItem[]) => Promise<void>,
    ) => {
      const { items, ...head } = await service.fetchPage(request);
      for (let at = 0; at < items.length; at += slice) {
        if (cut && !cutDone && request.page === cut.page && at >= cut.afterItems) {
          cutDone = true;
          throw new AppError('network', 'The service could not be reached.');
        }
        slicesSeen.push(Math.min(slice, items.length - at));
        await onItems(items.slice(at, at + slice));
      }
      return head;
    };
    return { streamPage, slicesSeen, requests: service.requests, maxInFlight: service.maxInFlight };
  }

  it('writes every record once, in order, across pages and slices bigger than its write buffer', async () => {
    // 1,234 records in pages of 500, 37 at a time: several slices and several 64 KiB writes per page.
    const service = streamedService(1234, 37);
    const path = join(dir, 'streamed.csv');
    const result = await exportHistoryCsv({ streamPage: service.streamPage, path, filters: {}, retry: fast });
    expect(result).toMatchObject({ written: 1234, total: 1234, pages: 3 });
    expect(await txIds(path)).toEqual(expected(1234));
    expect(service.slicesSeen.length).toBeGreaterThan(30);
  });

  it('starts a page over from its first byte when its answer breaks off half-way', async () => {
    // Page 2 breaks after 444 of its 500 rows, well past the first 64 KiB slice written to the file.
    const service = streamedService(1234, 37, { page: 2, afterItems: 444 });
    const path = join(dir, 'retried.csv');
    const result = await exportHistoryCsv({ streamPage: service.streamPage, path, filters: {}, retry: fast });
    expect(result.written).toBe(1234);
    // A reader that hands items on as they come asks for nothing ahead: page 3 only once page 2 is written.
    expect(service.requests.map((r) => r.page)).toEqual([1, 2, 2, 3]);
    expect(service.maxInFlight()).toBe(1);
    expect(await txIds(path)).toEqual(expected(1234));
  });

  it('cuts a file written by a longer failed attempt back to the last row', async () => {
    // The last page fails once after all its rows were written, then comes back one row shorter (a row
    // left the history between the tries): nothing of the first attempt may remain past the end.
    const service = fakeService(1100);
    let lastPageTries = 0;
    const streamPage = async (
      request: TransactionsRequest,
      onItems: (items: readonly TransactionItem[]) => Promise<void>,
    ) => {
      const { items, ...head } = await service.fetchPage(request);
      if (request.page !== 3) {
        await onItems(items);
        return head;
      }
      lastPageTries += 1;
      if (lastPageTries === 1) {
        await onItems(items);
        throw new AppError('service_error', 'The service sent an answer the app does not understand.');
      }
      await onItems(items.slice(0, -1));
      return { ...head, totalRecords: 1099 };
    };
    const path = join(dir, 'shorter.csv');
    const result = await exportHistoryCsv({ streamPage, path, filters: {}, retry: fast });
    expect(result.written).toBe(1099);
    expect(await txIds(path)).toEqual(expected(1099));
  });
});

describe('fetchWithRetry', () => {
  it('waits at least what Retry-After asks on a 429, then goes on', async () => {
    let calls = 0;
    const notices: number[] = [];
    const started = Date.now();
    const value = await fetchWithRetry(
      async () => {
        calls += 1;
        if (calls === 1) throw new AppError('rate_limited', 'slow down', { retryAfterSeconds: 0.05 });
        return 'ok';
      },
      { policy: fast, onRetry: (n) => notices.push(n.delayMs) },
    );
    expect(value).toBe('ok');
    expect(notices).toEqual([50]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('retries server errors and lost answers a few times, never session or permission errors', async () => {
    let calls = 0;
    await expect(
      fetchWithRetry(
        async () => {
          calls += 1;
          throw new AppError('service_error', 'boom');
        },
        { policy: fast },
      ),
    ).rejects.toMatchObject({ code: 'service_error' });
    expect(calls).toBe(3);
    for (const code of ['session_expired', 'forbidden', 'bad_input', 'locked'] as const) {
      calls = 0;
      await expect(
        fetchWithRetry(
          async () => {
            calls += 1;
            throw new AppError(code, 'no');
          },
          { policy: fast },
        ),
      ).rejects.toMatchObject({ code });
      expect(calls).toBe(1);
    }
  });

  it('gives up after too many 429s for one page', async () => {
    let calls = 0;
    await expect(
      fetchWithRetry(
        async () => {
          calls += 1;
          throw new AppError('rate_limited', 'slow down', { retryAfterSeconds: 0 });
        },
        { policy: fast },
      ),
    ).rejects.toMatchObject({ code: 'rate_limited' });
    expect(calls).toBe(3);
  });

  it('backs off exponentially up to the cap', () => {
    const policy: RetryPolicy = { maxAttempts: 9, maxRateLimitWaits: 9, baseDelayMs: 100, maxDelayMs: 1000 };
    const upper = (failures: number) => backoffDelayMs(policy, failures, () => 1);
    expect([1, 2, 3, 4, 5, 6].map(upper)).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(backoffDelayMs(policy, 3, () => 0)).toBe(200);
  });

  it('stops waiting as soon as it is cancelled', async () => {
    const controller = new AbortController();
    const run = fetchWithRetry(
      async () => {
        throw new AppError('rate_limited', 'slow down', { retryAfterSeconds: 60 });
      },
      { policy: fast, signal: controller.signal },
    );
    setTimeout(() => controller.abort(new Error('cancelled by user')), 10);
    await expect(run).rejects.toThrow();
  });
});
