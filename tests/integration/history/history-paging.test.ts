import Decimal from 'decimal.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HistoryFilters, HistoryItem, HistoryPage } from '../../../src-preload/contract/history';
import { openSettingsStore, SETTINGS_FILE } from '../../../src-main/settings/settings-store';
import type { RunningSandbox } from '../../../sandbox/server';
import { useSignedInCore, type ServiceItem, type SignedInCore } from './history-fixture';

let sandbox: RunningSandbox;
let app: SignedInCore;

useSignedInCore((started) => ({ sandbox, app } = started));

/** The app's item says exactly what the service's item says, with amounts as exact decimal text. */
function expectSameItem(mine: HistoryItem, theirs: ServiceItem): void {
  expect(mine.referenceId).toBe(theirs.referenceId);
  expect(mine.date).toBe(theirs.date);
  expect(mine.symbol).toBe(theirs.symbol);
  expect(mine.type).toBe(theirs.type);
  expect(mine.status).toBe(theirs.status);
  expect(mine.txId).toBe(theirs.txId ?? '');
  expect(mine.address).toBe(theirs.address);
  expect(mine.label).toBe(theirs.label);
  expect(mine.withdrawType).toBe(theirs.withdrawType);
  expect(new Decimal(mine.amount).equals(new Decimal(String(theirs.amount)))).toBe(true);
  expect(new Decimal(mine.value).equals(new Decimal(String(theirs.value)))).toBe(true);
  for (const currency of ['usd', 'eur', 'gbp', 'try', 'jpy'] as const) {
    expect(mine.prices[currency]).toBe(new Decimal(String(theirs.prices[currency])).toFixed());
  }
}

async function compare(query: Record<string, unknown>, page = 1, recordsPerPage = 100): Promise<HistoryPage> {
  const [mine, theirs] = await Promise.all([
    app.value<HistoryPage>('history.page', { ...query, page, recordsPerPage }),
    app.direct({ ...query, page, recordsPerPage }),
  ]);
  expect(mine.totalRecords).toBe(theirs.totalRecords);
  expect(mine.totalPages).toBe(theirs.totalPages);
  expect(mine.items).toHaveLength(theirs.items.length);
  mine.items.forEach((item, index) => expectSameItem(item, theirs.items[index] as ServiceItem));
  return mine;
}

describe('history paging on the 20,000-record account', () => {
  it('pages from the first to the last page with the totals the service reports', async () => {
    const first = await compare({}, 1, 100);
    expect(first.totalRecords).toBe(20_000);
    expect(first.totalPages).toBe(200);
    expect(first.items).toHaveLength(100);
    const last = await compare({}, 200, 100);
    expect(last.page).toBe(200);
    expect(last.items).toHaveLength(100);
    const beyond = await app.value<HistoryPage>('history.page', { page: 201, recordsPerPage: 100 });
    expect(beyond.items).toHaveLength(0);
    // Every item carries the network from the asset table and an explorer link when it has a txId.
    for (const item of first.items) {
      expect(item.network).not.toBeNull();
      if (item.txId !== '') expect(item.explorerUrl).toMatch(new RegExp(`^https://[^/]+/.*${item.txId}$`));
      else expect(item.explorerUrl).toBeNull();
    }
  });

  it('passes statuses beyond Completed through as they come', async () => {
    const pending = await compare({ filter: 'pending' });
    expect(pending.totalRecords).toBeGreaterThan(0);
    expect(pending.items.every((item) => item.status === 'Pending')).toBe(true);
  });

  it('text search matches what the service answers', async () => {
    const sample = (await app.direct({ page: 1, recordsPerPage: 1 })).items[0];
    const byReference = await compare({ filter: sample?.referenceId });
    expect(byReference.totalRecords).toBe(1);
    const byLabel = await compare({ filter: 'payroll' });
    expect(byLabel.totalRecords).toBeGreaterThan(0);
    expect(byLabel.totalRecords).toBeLessThan(20_000);
  });

  it('the symbol filter matches what the service answers', async () => {
    const result = await compare({ symbols: ['BTC', 'OPT-USD'] }, 3, 50);
    expect(result.totalRecords).toBeGreaterThan(0);
    expect(result.items.every((item) => item.symbol === 'BTC' || item.symbol === 'OPT-USD')).toBe(true);
  });

  it('the type filter (withdrawTypes) matches what the service answers', async () => {
    const deposits = await compare({ withdrawTypes: [0] });
    expect(deposits.items.every((item) => item.type === 'Deposit')).toBe(true);
    const swaps = await compare({ withdrawTypes: [2] }, 2, 100);
    expect(swaps.items.every((item) => item.type === 'Withdraw' && item.withdrawType === 2)).toBe(true);
    expect(deposits.totalRecords + swaps.totalRecords).toBeLessThan(20_000);
  });

  it('hide-low-amounts matches what the service answers', async () => {
    const all = await app.value<HistoryPage>('history.page', { page: 1, recordsPerPage: 1 });
    const hidden = await compare({ hideLowAmounts: true }, 5, 100);
    expect(hidden.totalRecords).toBeLessThan(all.totalRecords);
  });

  it('each sort order matches what the service answers', async () => {
    for (const orderBy of ['date', 'amount', 'value', 'symbol', 'status', 'type'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const result = await compare({ orderBy, sortOrder }, 7, 50);
        expect(result.items).toHaveLength(50);
      }
    }
    const byValue = await compare({ orderBy: 'value', sortOrder: 'asc' }, 1, 100);
    const values = byValue.items.map((item) => new Decimal(item.value));
    values.slice(1).forEach((v, i) => expect(v.greaterThanOrEqualTo(values[i] as Decimal)).toBe(true));
  });

  it('filters combine as the service combines them', async () => {
    await compare(
      {
        filter: 'settlement',
        symbols: ['ETH'],
        withdrawTypes: [1, 3],
        hideLowAmounts: true,
        orderBy: 'amount',
        sortOrder: 'desc',
      },
      1,
      25,
    );
  });

  it('refuses a page size above the service maximum before calling the service', async () => {
    const result = await app.call('history.page', { page: 1, recordsPerPage: 501 });
    expect(result.ok).toBe(false);
    expect(result.error?.code).toBe('bad_input');
  });
});

describe('remembered filters', () => {
  it('starts from defaults, remembers per account and survives a restart', async () => {
    const defaults = await app.value<HistoryFilters>('history.getFilters');
    expect(defaults).toEqual({
      filter: '',
      symbols: [],
      withdrawTypes: [],
      hideLowAmounts: false,
      orderBy: 'date',
      sortOrder: 'desc',
      recordsPerPage: 50,
      fromDay: '',
      toDay: '',
    });
    const chosen: HistoryFilters = {
      filter: 'refund',
      symbols: ['BTC'],
      withdrawTypes: [0],
      hideLowAmounts: true,
      orderBy: 'value',
      sortOrder: 'asc',
      recordsPerPage: 100,
      fromDay: '2026-01-01',
      toDay: '2026-03-31',
    };
    expect(await app.value<HistoryFilters>('history.saveFilters', chosen)).toEqual(chosen);
    expect(await app.value<HistoryFilters>('history.getFilters')).toEqual(chosen);

    const other = sandbox
      .info()
      .users.find((u) => u.username === 'alice')
      ?.accounts.find((a) => a.guid !== app.tradingGuid);
    await app.value('session.switchAccount', { accountGuid: other?.guid });
    expect((await app.value<HistoryFilters>('history.getFilters')).filter).toBe('');
    await app.value('session.switchAccount', { accountGuid: app.tradingGuid });

    const saved = JSON.parse(await readFile(join(app.dir, SETTINGS_FILE), 'utf8')) as {
      history: Record<string, HistoryFilters>;
    };
    expect(saved.history[app.tradingGuid]).toEqual(chosen);
    const reopened = await openSettingsStore(app.dir);
    expect(reopened.problem).toBeNull();
    expect(reopened.get().history[app.tradingGuid]).toEqual(chosen);
  });
});
