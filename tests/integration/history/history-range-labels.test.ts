import Decimal from 'decimal.js';
import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HistoryPage } from '../../../src-preload/contract/history';
import type { RunningSandbox } from '../../../sandbox/server';
import { allDirect, useSignedInCore, type ServiceItem, type SignedInCore } from './history-fixture';

let sandbox: RunningSandbox;
let app: SignedInCore;

useSignedInCore((started) => ({ sandbox, app } = started));

beforeEach(() => {
  sandbox.faults.reset();
  app.exportEvents.length = 0;
});

const inRange = (item: ServiceItem, since: string, until: string): boolean => {
  const ms = Date.parse(item.date);
  return ms >= Date.parse(since) && ms < Date.parse(until);
};

/** A month well inside the seed history (which ends at the sandbox's anchor and spans two years). */
async function aMonth(): Promise<{ since: string; until: string }> {
  const newest = (await app.direct({ page: 1, recordsPerPage: 1 })).items[0];
  if (!newest) throw new Error('no history');
  const end = new Date(Date.parse(newest.date) - 90 * 86_400_000);
  const until = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 1)).toISOString();
  const since = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1)).toISOString();
  return { since, until };
}

describe('History date range: applied by the app, since POST /transactions has none', () => {
  it('pages exactly the service records inside the range, in the service order, for date and non-date orders', async () => {
    const { since, until } = await aMonth();
    for (const order of [
      { orderBy: 'date', sortOrder: 'desc' },
      { orderBy: 'amount', sortOrder: 'asc' },
    ] as const) {
      const expected = (await allDirect(app, { ...order, symbols: ['BTC'] })).filter((item) =>
        inRange(item, since, until),
      );
      expect(expected.length).toBeGreaterThan(20);
      const first = await app.value<HistoryPage>('history.page', {
        ...order,
        symbols: ['BTC'],
        since,
        until,
        page: 1,
        recordsPerPage: 10,
      });
      expect(first.totalRecords).toBe(expected.length);
      expect(first.totalPages).toBe(Math.ceil(expected.length / 10));
      expect(first.items.map((item) => item.referenceId)).toEqual(
        expected.slice(0, 10).map((item) => item.referenceId),
      );
      const second = await app.value<HistoryPage>('history.page', {
        ...order,
        symbols: ['BTC'],
        since,
        until,
        page: 2,
        recordsPerPage: 10,
      });
      expect(second.items.map((item) => item.referenceId)).toEqual(
        expected.slice(10, 20).map((item) => item.referenceId),
      );
    }
  });

  it('refuses a range whose end is before its start, in words', async () => {
    const answer = await app.call('history.page', {
      since: '2026-02-01T00:00:00.000Z',
      until: '2026-01-01T00:00:00.000Z',
      page: 1,
      recordsPerPage: 10,
    });
    expect(answer.ok).toBe(false);
    expect(answer.error?.code).toBe('bad_input');
    expect(answer.error?.message).toContain('The start of the date range must be before its end');
  });
});

describe('History labels: the user own, per user and account, in settings.json', () => {
  it('sets a label shown on the record, keeps it in settings.json, and removes it', async () => {
    const page = await app.value<HistoryPage>('history.page', { page: 1, recordsPerPage: 5 });
    const item = page.items[1];
    if (!item) throw new Error('no record');
    expect(item.userLabel).toBe('');
    await app.value('history.setLabel', { rowKey: item.rowKey, label: '  Rent for November  ' });
    const again = await app.value<HistoryPage>('history.page', { page: 1, recordsPerPage: 5 });
    expect(again.items[1]?.userLabel).toBe('Rent for November');
    expect(again.items.filter((other) => other.userLabel !== '')).toHaveLength(1);

    const file = JSON.parse(await readFile(join(app.dir, 'settings.json'), 'utf8')) as {
      historyLabels: Record<string, Record<string, Record<string, string>>>;
    };
    const [userLabels] = Object.values(file.historyLabels);
    expect(userLabels?.[app.tradingGuid]?.[item.rowKey]).toBe('Rent for November');

    await app.value('history.setLabel', { rowKey: item.rowKey, label: '' });
    const cleared = await app.value<HistoryPage>('history.page', { page: 1, recordsPerPage: 5 });
    expect(cleared.items[1]?.userLabel).toBe('');
  });

  it('refuses bidi overrides, control characters and long labels, changing nothing', async () => {
    const item = (await app.value<HistoryPage>('history.page', { page: 1, recordsPerPage: 1 })).items[0];
    if (!item) throw new Error('no record');
    for (const label of ['Pay\u202Eroll', 'two\nlines', 'x'.repeat(81)]) {
      const answer = await app.call('history.setLabel', { rowKey: item.rowKey, label });
      expect(answer.ok).toBe(false);
      expect(answer.error?.code).toBe('bad_input');
    }
    const bad = await app.call('history.setLabel', { rowKey: '../../etc', label: 'x' });
    expect(bad.ok).toBe(false);
    const after = await app.value<HistoryPage>('history.page', { page: 1, recordsPerPage: 1 });
    expect(after.items[0]?.userLabel).toBe('');
  });
});

describe('Export of the filtered view: CSV and JSON, date range and labels included', () => {
  it('writes the same records to CSV and to JSON, only those in the range, with the user labels', async () => {
    const { since, until } = await aMonth();
    const filters = { orderBy: 'date', sortOrder: 'desc', symbols: ['ETH', 'BTC'], since, until };
    const expected = (await allDirect(app, { orderBy: 'date', sortOrder: 'desc', symbols: ['ETH', 'BTC'] })).filter(
      (item) => inRange(item, since, until),
    );
    const labelled = (await app.value<HistoryPage>('history.page', { ...filters, page: 1, recordsPerPage: 3 }))
      .items[2];
    if (!labelled) throw new Error('no record in range');
    await app.value('history.setLabel', { rowKey: labelled.rowKey, label: '=HYPERLINK("x") invoice 7' });

    const csvPath = join(app.dir, 'ranged.csv');
    app.chooseSaveFile = async (name) => {
      expect(name).toMatch(/^wallet-desk-history-\d{4}-\d{2}-\d{2}\.csv$/);
      return csvPath;
    };
    const csvStart = await app.value<{ exportId: string }>('history.startExport', { filters, format: 'csv' });
    await app.nextExportEvent((event) => event.exportId === csvStart.exportId && event.state === 'done');

    const jsonPath = join(app.dir, 'ranged.json');
    app.chooseSaveFile = async (name) => {
      expect(name).toMatch(/^wallet-desk-history-\d{4}-\d{2}-\d{2}\.json$/);
      return jsonPath;
    };
    const jsonStart = await app.value<{ exportId: string }>('history.startExport', { filters, format: 'json' });
    const done = await app.nextExportEvent((event) => event.exportId === jsonStart.exportId && event.state === 'done');
    expect(done.written).toBe(expected.length);
    // The newest records come first, so the scan stops well before the 40 pages of the whole history.
    const servicePages = (
      await app.direct({ orderBy: 'date', sortOrder: 'desc', symbols: ['ETH', 'BTC'], page: 1, recordsPerPage: 500 })
    ).totalPages;
    expect(done.page).toBeLessThan(servicePages);

    const rows = parse(await readFile(csvPath, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    const records = JSON.parse(await readFile(jsonPath, 'utf8')) as Array<Record<string, unknown>>;
    expect(rows.map((row) => row.Reference)).toEqual(expected.map((item) => item.referenceId));
    expect(records.map((record) => record.referenceId)).toEqual(expected.map((item) => item.referenceId));
    records.forEach((record, index) => {
      const item = expected[index] as ServiceItem;
      expect(record.amount).toBe(new Decimal(String(item.amount)).toFixed());
      expect(record.withdrawType).toBe(item.withdrawType);
      expect(record.isAutoCollected).toBe(item.isAutoCollected);
      expect(record.userLabel).toBe(item.referenceId === labelled.referenceId ? '=HYPERLINK("x") invoice 7' : '');
      expect(rows[index]?.Label).toBe(item.referenceId === labelled.referenceId ? `'=HYPERLINK("x") invoice 7` : '');
    });
    await app.value('history.setLabel', { rowKey: labelled.rowKey, label: '' });
  });
});
