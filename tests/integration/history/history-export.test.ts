import Decimal from 'decimal.js';
import { parse } from 'csv-parse/sync';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { csvColumnTitles, exportHistoryCsv } from '../../../src-main/features/history';
import type { TransactionsRequest } from '../../../src-main/service/interface-a-schemas';
import type { RunningSandbox } from '../../../sandbox/server';
import { allDirect, useSignedInCore, type ServiceItem, type SignedInCore } from './history-fixture';

let sandbox: RunningSandbox;
let app: SignedInCore;

useSignedInCore((started) => ({ sandbox, app } = started));

beforeEach(() => {
  sandbox.faults.reset();
  app.exportEvents.length = 0;
});

type Row = Record<string, string>;

async function readCsv(path: string): Promise<Row[]> {
  const text = await readFile(path, 'utf8');
  expect(text.startsWith(`${csvColumnTitles().join(',')}\r\n`)).toBe(true);
  return parse(text, { columns: true, skip_empty_lines: false, relax_quotes: false }) as Row[];
}

const exact = (n: number): string => new Decimal(String(n)).toFixed();

const kinds: Readonly<Record<number, string>> = { 0: 'Deposit', 1: 'Send', 2: 'Swap', 3: 'Merchant API withdrawal' };

/** Every row of the file is the service's record at the same position, value for value, read for people. */
function expectRowsMatch(rows: Row[], items: ServiceItem[]): void {
  expect(rows).toHaveLength(items.length);
  rows.forEach((row, index) => {
    const item = items[index] as ServiceItem;
    const out = item.type === 'Withdraw';
    const expected: Partial<Row> = {
      'Date (UTC)': new Date(item.date).toISOString(),
      Direction: out ? 'out' : 'in',
      Kind: kinds[item.withdrawType] ?? '',
      Asset: item.symbol,
      'Asset name': item.symbolName,
      Amount: exact(Math.abs(item.amount)),
      'Fiat value': new Decimal(exact(Math.abs(item.amount)))
        .times(exact(item.prices.usd))
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
        .toFixed(2),
      'Fiat currency': 'USD',
      'Fiat value missing': '',
      Status: item.status,
      Note: item.label,
      'Counterparty address': out ? (item.to ?? '') : '',
      'Wallet address': item.address,
      'Transaction hash': item.txId ?? '',
      Reference: item.referenceId,
      'Merchant transaction id': item.merchantTransactionId,
      'Collected automatically': item.isAutoCollected ? 'yes' : 'no',
    };
    const actual = Object.fromEntries(Object.keys(expected).map((key) => [key, row[key as keyof Row]]));
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      expect({ index, ...actual }).toEqual({ index, ...expected });
  });
}

async function noLeftovers(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.part') || name.endsWith('.csv'));
}

describe('CSV export of the whole history', () => {
  it('writes exactly the records and values the service holds', async () => {
    const target = join(app.dir, 'all.csv');
    app.chooseSaveFile = async (defaultName) => {
      expect(defaultName).toMatch(/^wallet-desk-history-\d{4}-\d{2}-\d{2}\.csv$/);
      return target;
    };
    const { exportId } = await app.value<{ exportId: string }>('history.startExport', { filters: {} });
    const done = await app.nextExportEvent(
      (e) => e.exportId === exportId && (e.state === 'done' || e.state === 'failed'),
      60_000,
    );
    expect(done).toMatchObject({ state: 'done', written: 20_000, total: 20_000 });
    const running = app.exportEvents.filter((e) => e.state === 'running');
    expect(running.length).toBeGreaterThan(1);
    running
      .slice(1)
      .forEach((e, i) => expect(e.written).toBeGreaterThanOrEqual((running[i] as { written: number }).written));

    const rows = await readCsv(target);
    expectRowsMatch(rows, await allDirect(app, {}));
    expect(await noLeftovers(app.dir)).toEqual(['all.csv']);
  }, 90_000);

  it('exports only the filtered records, in the chosen order', async () => {
    const target = join(app.dir, 'filtered.csv');
    app.chooseSaveFile = async () => target;
    const filters = {
      filter: 'invoice',
      symbols: ['USDT', 'BTC'],
      withdrawTypes: [0, 1],
      hideLowAmounts: true,
      orderBy: 'amount',
      sortOrder: 'asc',
    } as const;
    const { exportId } = await app.value<{ exportId: string }>('history.startExport', { filters });
    await app.nextExportEvent((e) => e.exportId === exportId && e.state === 'done', 60_000);
    const expected = await allDirect(app, filters);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(20_000);
    expectRowsMatch(await readCsv(target), expected);
  }, 60_000);

  it('all accounts go into one file, each row naming its account, the active one first', async () => {
    const target = join(app.dir, 'every-account.csv');
    app.chooseSaveFile = async () => target;
    const filters = { symbols: ['BTC'] };
    const { exportId } = await app.value<{ exportId: string }>('history.startExport', { filters, accounts: 'all' });
    const done = await app.nextExportEvent((e) => e.exportId === exportId && e.state !== 'running', 60_000);
    expect(done.state).toBe('done');
    const rows = await readCsv(target);
    const trading = await allDirect(app, filters);
    expect(rows.length).toBe(done.written);
    expectRowsMatch(rows.slice(0, trading.length), trading);
    expect(new Set(rows.slice(0, trading.length).map((row) => row.Account))).toEqual(new Set(['Alice Trading Ltd']));
    const others = rows.slice(trading.length).map((row) => row.Account);
    expect(new Set(others)).toEqual(new Set(['Northwind Payments', 'Alice Liddell (personal)']));
    // Carol's account is not Alice's: nothing of it is read.
    expect(rows.some((row) => (row.Account ?? '').startsWith('Carol'))).toBe(false);
  }, 60_000);

  it('closing the save dialog starts nothing', async () => {
    app.chooseSaveFile = async () => null;
    expect(await app.value('history.startExport', { filters: {} })).toEqual({ exportId: null });
    expect(app.exportEvents).toEqual([]);
  });

  it('cancel leaves no file behind', async () => {
    const target = join(app.dir, 'cancelled.csv');
    app.chooseSaveFile = async () => target;
    sandbox.faults.set({ latencyMs: 150 });
    const { exportId } = await app.value<{ exportId: string }>('history.startExport', { filters: {} });
    await app.nextExportEvent((e) => e.exportId === exportId && e.state === 'running' && e.written > 0);
    expect(await app.value('history.cancelExport', { exportId })).toEqual({ cancelled: true });
    const end = await app.nextExportEvent((e) => e.exportId === exportId && e.state !== 'running');
    expect(end.state).toBe('cancelled');
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await readdir(app.dir)).filter((name) => name.includes('cancelled'))).toEqual([]);
    expect(await app.value('history.cancelExport', { exportId })).toEqual({ cancelled: false });
  }, 60_000);

  it('a second export waits for the first', async () => {
    app.chooseSaveFile = async (name) => join(app.dir, `second-${name}`);
    sandbox.faults.set({ latencyMs: 100 });
    const { exportId } = await app.value<{ exportId: string }>('history.startExport', { filters: {} });
    const second = await app.call('history.startExport', { filters: {} });
    expect(second.error?.code).toBe('in_flight');
    await app.value('history.cancelExport', { exportId });
    await app.nextExportEvent((e) => e.exportId === exportId && e.state === 'cancelled');
  });

  it('switching account stops a running export and removes its file', async () => {
    const target = join(app.dir, 'signout.csv');
    app.chooseSaveFile = async () => target;
    sandbox.faults.set({ latencyMs: 100 });
    const { exportId } = await app.value<{ exportId: string }>('history.startExport', { filters: {} });
    await app.nextExportEvent((e) => e.exportId === exportId && e.written > 0);
    await app.value('session.switchAccount', {
      accountGuid: sandbox.info().users.find((u) => u.username === 'alice')?.accounts[1]?.guid,
    });
    const end = await app.nextExportEvent((e) => e.exportId === exportId && e.state === 'cancelled');
    expect(end.message).toMatch(/account changed/);
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
    sandbox.faults.reset();
    await app.value('session.switchAccount', { accountGuid: app.tradingGuid });
  });

  it('survives a 429 and a 500 in the middle and still writes every record', async () => {
    const target = join(app.dir, 'faults.csv');
    await writeFile(target, 'an older export\r\n');
    app.chooseSaveFile = async () => target;
    const { exportId } = await app.value<{ exportId: string }>('history.startExport', { filters: {} });
    await app.nextExportEvent((e) => e.exportId === exportId && e.page >= 3);
    sandbox.faults.set({ rateLimitNext: 1 });
    const retry429 = await app.nextExportEvent((e) => e.exportId === exportId && e.state === 'retrying');
    expect(retry429.message).toMatch(/slow down/);
    await app.nextExportEvent((e) => e.exportId === exportId && e.page >= retry429.page + 3);
    sandbox.faults.set({ failNext: 1 });
    const done = await app.nextExportEvent(
      (e) => e.exportId === exportId && (e.state === 'done' || e.state === 'failed'),
      60_000,
    );
    expect(done.state).toBe('done');
    const retries = app.exportEvents.filter((e) => e.state === 'retrying');
    expect(retries).toHaveLength(2);
    expectRowsMatch(await readCsv(target), await allDirect(app, {}));
  }, 90_000);
});

describe('exportHistoryCsv without the app (the benchmark entry point)', () => {
  it('resumes at the page that failed instead of starting over', async () => {
    const requested: number[] = [];
    const client = app.core.session.interfaceA();
    let failed = false;
    const target = join(app.dir, 'resume.csv');
    const result = await exportHistoryCsv({
      path: target,
      filters: { symbols: ['BTC'] },
      recordsPerPage: 200,
      retry: { maxAttempts: 3, maxRateLimitWaits: 3, baseDelayMs: 10, maxDelayMs: 50 },
      fetchPage: async (request: TransactionsRequest) => {
        requested.push(request.page);
        if (request.page === 3 && !failed) {
          failed = true;
          sandbox.faults.set({ failNext: 1 });
        }
        return client.getTransactions(request);
      },
    });
    const pages = Math.ceil(result.total / 200);
    expect(pages).toBeGreaterThan(4);
    expect(requested).toEqual([1, 2, 3, ...Array.from({ length: pages - 2 }, (_, i) => i + 3)]);
    expectRowsMatch(await readCsv(target), await allDirect(app, { symbols: ['BTC'] }));
  });

  it('gives up after a few failures of the same page and leaves no file', async () => {
    const target = join(app.dir, 'gives-up.csv');
    const client = app.core.session.interfaceA();
    const requested: number[] = [];
    await expect(
      exportHistoryCsv({
        path: target,
        filters: {},
        retry: { maxAttempts: 3, maxRateLimitWaits: 3, baseDelayMs: 10, maxDelayMs: 50 },
        fetchPage: async (request) => {
          requested.push(request.page);
          if (request.page === 2) sandbox.faults.set({ failNext: 1 });
          return client.getTransactions(request);
        },
      }),
    ).rejects.toMatchObject({ code: 'service_error' });
    expect(requested).toEqual([1, 2, 2, 2]);
    expect((await noLeftovers(app.dir)).filter((name) => name.includes('gives-up'))).toEqual([]);
  });
});
