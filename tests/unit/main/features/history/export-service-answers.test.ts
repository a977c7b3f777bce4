import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exportHistoryCsv } from '../../../../../src-main/features/history/export-history';
import type { RetryPolicy } from '../../../../../src-main/features/history/fetch-with-retry';
import { createInterfaceAClient } from '../../../../../src-main/service/interface-a';
import type { Logger } from '../../../../../src-main/logging/logger';
import { createRecordingLogger } from '../../../support/recording-logger';
import { transactionItem } from '../../../support/transaction-items';

// The export with the real Interface A client against a loopback service whose answers each test writes: what
// the service says inside a 200 answer decides whether the next page may be asked for.

const fast: RetryPolicy = { maxAttempts: 3, maxRateLimitWaits: 2, baseDelayMs: 1, maxDelayMs: 5 };
const PER = 2;
const TOTAL = 8;

const item = (n: number) =>
  transactionItem({
    txId: `tx-${n}`,
    amount: (n + 1) / 1000,
    date: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
    value: n,
    referenceId: `ref-${n}`,
  });
const envelope = (data: unknown, code = 200, message = 'OK') =>
  JSON.stringify({ apiVersion: '1.0.0.0', data, code, message });
const pageData = (page: number) => ({
  totalRecords: TOTAL,
  totalPages: TOTAL / PER,
  page,
  recordsPerPage: PER,
  items: Array.from({ length: PER }, (_, i) => item((page - 1) * PER + i)),
});

/** What the service saw: "+3#1" when the first request for page 3 came in, "-3#1" when its answer was done. */
const log: string[] = [];
let inFlight = 0;
let maxInFlight = 0;
const asked = new Map<number, number>();
let answer: (page: number, attempt: number, response: ServerResponse) => void = () => undefined;
let server: Server;
let baseUrl = '';
let dir = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const page = (JSON.parse(body) as { page: number }).page;
      const attempt = (asked.get(page) ?? 0) + 1;
      asked.set(page, attempt);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      log.push(`+${page}#${attempt}`);
      response.on('close', () => {
        inFlight -= 1;
        log.push(`-${page}#${attempt}`);
      });
      answer(page, attempt, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(async () => {
  log.length = 0;
  inFlight = 0;
  maxInFlight = 0;
  asked.clear();
  dir = await mkdtemp(join(tmpdir(), 'wallet-desk-export-answers-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function reply(response: ServerResponse, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(200, { 'content-type': 'application/json', ...headers });
  response.end(body);
}

function exportWith(
  options: { format?: 'csv' | 'json'; signal?: AbortSignal; timeoutMs?: number; logger?: Logger } = {},
) {
  const client = createInterfaceAClient({
    baseUrl,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    accountGuid: 'account-1',
    auth: { getAccessToken: async () => 'token-1', refreshAfter401: async () => 'token-2' },
  });
  const path = join(dir, options.format === 'json' ? 'out.json' : 'out.csv');
  const run = exportHistoryCsv({
    streamPage: (request, onItems, reading) => client.streamTransactions(request, onItems, reading),
    path,
    filters: {},
    recordsPerPage: PER,
    retry: fast,
    ...(options.format === undefined ? {} : { format: options.format }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return { run, path };
}

const referencesIn = async (path: string) =>
  (await readFile(path, 'utf8'))
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.split(',')[19]);
const allReferences = Array.from({ length: TOTAL }, (_, n) => `ref-${n}`);

describe('exportHistoryCsv with the Interface A client', () => {
  it('asks for no page ahead on an answer whose envelope says 401, and one page at a time after', async () => {
    answer = (page, attempt, response) =>
      reply(response, page === 2 && attempt === 1 ? envelope(false, 401, 'Unauthorized') : envelope(pageData(page)));
    const { run, path } = exportWith();
    expect(await run).toMatchObject({ written: TOTAL, total: TOTAL, pages: 4 });
    // Page 2 is asked for twice (the 401, then the answer after the refresh), every other page once.
    expect(Object.fromEntries(asked)).toEqual({ 1: 1, 2: 2, 3: 1, 4: 1 });
    expect(log.indexOf('+3#1')).toBeGreaterThan(log.indexOf('+2#2'));
    expect(maxInFlight).toBe(1);
    expect(await referencesIn(path)).toEqual(allReferences);
  });

  it('sends nothing between a rate limit in the envelope and the page read again', async () => {
    answer = (page, attempt, response) =>
      page === 2 && attempt === 1
        ? reply(response, envelope(false, 429, 'Rate limit exceeded'), { 'retry-after': '0' })
        : reply(response, envelope(pageData(page)));
    const { run, path } = exportWith();
    expect(await run).toMatchObject({ written: TOTAL, pages: 4 });
    // Page 3 is asked for only by page 2's second answer, which is a page.
    expect(log.indexOf('+3#1')).toBeGreaterThan(log.indexOf('+2#2'));
    expect(asked.get(3)).toBe(1);
    expect(maxInFlight).toBe(1);
    expect(await referencesIn(path)).toEqual(allReferences);
  });

  it('writes a JSON file that parses when the first answer of page 1 held items under a 401', async () => {
    answer = (page, attempt, response) =>
      reply(
        response,
        page === 1 && attempt === 1 ? envelope(pageData(1), 401, 'Unauthorized') : envelope(pageData(page)),
      );
    const { run, path } = exportWith({ format: 'json' });
    expect(await run).toMatchObject({ written: TOTAL, pages: 4 });
    const records = JSON.parse(await readFile(path, 'utf8')) as { referenceId: string }[];
    expect(records.map((record) => record.referenceId)).toEqual(allReferences);
  });

  it('a cancel stops a page whose body has stalled half-way, and leaves no file', async () => {
    const body = envelope(pageData(1));
    const piece = Math.ceil(body.length / 40);
    const controller = new AbortController();
    let pieces = 0;
    answer = (_page, _attempt, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const next = (): void => {
        if (response.destroyed) return;
        if (pieces * piece >= body.length) {
          response.end();
          return;
        }
        response.write(body.slice(pieces * piece, (pieces + 1) * piece));
        pieces += 1;
        // Three pieces, then nothing more: the user cancels while the body stalls.
        if (pieces === 3) {
          controller.abort(new Error('cancelled by the user'));
          return;
        }
        setTimeout(next, 5);
      };
      next();
    };
    const { run } = exportWith({ signal: controller.signal });
    await expect(run).rejects.toThrow('cancelled by the user');
    // The body never ends: the export stopped without waiting for it (or for the call's 20 s timeout).
    expect(pieces).toBe(3);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a page read again waits for the answer of the one it asked for ahead before asking again', async () => {
    answer = (page, attempt, response) => {
      if (page === 2 && attempt === 1) {
        // A page by its envelope and totals (so page 3 is asked for ahead), with an item off the contract.
        reply(response, envelope({ ...pageData(2), items: [item(2), { ...item(3), amount: 'a lot' }] }));
        return;
      }
      if (page === 3 && attempt === 1) {
        // Answered a moment later: page 2 is read again only after this answer, however long it takes.
        setTimeout(() => {
          log.push('answered 3#1');
          reply(response, envelope(pageData(3)));
        }, 30);
        return;
      }
      reply(response, envelope(pageData(page)));
    };
    const { run, path } = exportWith();
    expect(await run).toMatchObject({ written: TOTAL, pages: 4 });
    expect(log.indexOf('+2#2')).toBeGreaterThan(log.indexOf('answered 3#1'));
    expect(log.indexOf('answered 3#1')).toBeGreaterThan(-1);
    expect(maxInFlight).toBe(1);
    expect(await referencesIn(path)).toEqual(allReferences);
  });

  it('logs an item off the contract once for each answer that holds it, and says so in words', async () => {
    answer = (page, _attempt, response) =>
      reply(response, envelope({ ...pageData(page), items: [item(0), { ...item(1), amount: 'a lot' }] }));
    const logger = createRecordingLogger();
    const { run } = exportWith({ logger });
    await expect(run).rejects.toThrow('The service sent an answer the app does not understand.');
    // Page 1 is tried three times (the retry policy), and each answer is one warning naming the item's field.
    expect(asked.get(1)).toBe(fast.maxAttempts);
    const warnings = logger.entries.filter(
      (entry) => entry.message === 'interface A answer does not match the contract',
    );
    expect(warnings).toHaveLength(fast.maxAttempts);
    for (const warning of warnings) expect(JSON.stringify(warning.details)).toContain('items.1.amount');
    expect(await readdir(dir)).toEqual([]);
  });

  it('gives up at the first answer too large to read, logs it once and leaves no file', async () => {
    // A page of two items a quarter of a megabyte each past what two items may take: the bound is the same
    // for every try, and so is the answer.
    const huge = envelope({ ...pageData(1), items: [item(0), { ...item(1), label: 'x'.repeat(700_000) }] });
    answer = (_page, _attempt, response) => reply(response, huge);
    const logger = createRecordingLogger();
    const { run } = exportWith({ logger });
    await expect(run).rejects.toThrow('The service sent a history page too large for the app to read.');
    expect(Object.fromEntries(asked)).toEqual({ 1: 1 });
    expect(logger.entries.filter((entry) => entry.message === 'interface A answer could not be read')).toHaveLength(1);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a cancel stops a page whose answer has not begun, closes its request and leaves no file', async () => {
    const controller = new AbortController();
    // The service takes the request for page 1 and never begins to answer; the user cancels meanwhile.
    answer = () => controller.abort(new Error('cancelled by the user'));
    // The client's timeout is an hour away: only the cancel can end the export.
    const { run } = exportWith({ signal: controller.signal, timeoutMs: 3_600_000 });
    await expect(run).rejects.toThrow('cancelled by the user');
    await expect.poll(() => log).toEqual(['+1#1', '-1#1']);
    expect(await readdir(dir)).toEqual([]);
  });
});
