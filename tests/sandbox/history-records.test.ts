import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSETS } from '../../sandbox/data/assets';
import { makeRow, searchText, type HistoryRow } from '../../sandbox/data/history';
import { ORDER_BY_FIELDS, type HistoryQuery, type OrderByField } from '../../sandbox/data/history-book';
import { Dec } from '../../sandbox/data/money';
import { SandboxState } from '../../sandbox/data/state';
import type { RunningSandbox } from '../../sandbox/server';
import { accountOf, api, login, start } from './helpers';

interface TxItem {
  date: string;
  referenceId: string;
  txId: string;
  amount: number;
}
interface TxPage {
  totalRecords: number;
  totalPages: number;
  page: number;
  items: TxItem[];
}

function mainHistory(state: SandboxState) {
  const account = [...state.world.accounts.values()].find((a) => a.seed.name === 'Alice Trading Ltd');
  if (!account) throw new Error('no large-history account');
  return account.history;
}

const page = (p: number, extra: Partial<HistoryQuery> = {}): HistoryQuery => ({
  page: p,
  recordsPerPage: 500,
  orderBy: 'date',
  sortOrder: 'desc',
  ...extra,
});

describe('historyRecords: a seeded history of any size', () => {
  it('is deterministic for a seed and count, whatever order the pages are read in', () => {
    const count = 1_000_003;
    const a = mainHistory(new SandboxState(4, { historyRecords: count }));
    const b = mainHistory(new SandboxState(4, { historyRecords: count }));
    const last = Math.ceil(count / 500);
    // b reads back to front: a row depends on its position only, not on what was generated before it.
    const fromB = [b.query(page(last)), b.query(page(977)), b.query(page(1))];
    const [first, middle, end] = [a.query(page(1)), a.query(page(977)), a.query(page(last))];
    expect(fromB).toEqual([end, middle, first]);
    expect(end.items).toHaveLength(count % 500);
    const other = mainHistory(new SandboxState(5, { historyRecords: count }));
    expect(other.query(page(977)).items.map((r) => r.referenceId)).not.toEqual(middle.items.map((r) => r.referenceId));
  });

  it('changes only the large account: identities, balances and the other histories stay as the seed makes them', () => {
    const small = new SandboxState(1, { historyRecords: 10 });
    const usual = new SandboxState(1);
    expect(small.world.users).toEqual(usual.world.users);
    const sizes = (s: SandboxState) => [...s.world.accounts.values()].map((a) => a.history.size);
    expect(sizes(usual)[0]).toBe(20_000);
    expect(sizes(small)).toEqual([10, ...sizes(usual).slice(1)]);
    const balances = (s: SandboxState) =>
      [...s.world.accounts.values()].map((a) => [...a.wallets.values()].map((w) => w.amount.toFixed()));
    expect(balances(small)).toEqual(balances(usual));
    const second = (s: SandboxState) => [...s.world.accounts.values()][1]!.history.slice(0, 240);
    expect(second(small)).toEqual(second(usual));
  });

  it('orders, filters and merges added rows exactly as sorting every row would', () => {
    const state = new SandboxState(9, { historyRecords: 700 });
    const history = mainHistory(state);
    const wallet = [...[...state.world.accounts.values()][0]!.wallets.values()][2]!;
    const added: HistoryRow[] = [
      // One newer than every seeded row, one in the middle of the two years, one older than all of them.
      Date.UTC(2026, 10, 23),
      Date.UTC(2025, 10, 1),
      Date.UTC(2020, 0, 1),
    ].map((dateMs, i) =>
      makeRow({
        asset: ASSETS[i * 3]!,
        address: wallet.address,
        txId: `added-${i}`,
        amount: new Dec(['0.5', '12', '0.00001'][i]!),
        usdPrice: new Dec(100),
        status: 'Completed',
        type: 'Withdraw',
        dateMs,
        referenceId: `added-ref-${i}`,
        label: `Added row ${i}`,
        merchantTransactionId: '',
        to: '',
        withdrawType: 1,
        isAutoCollected: false,
      }),
    );
    for (const row of added) history.append(row);
    const all = history.slice(0, history.size);
    expect(all).toHaveLength(703);
    expect(all.map((r) => r.txId)).toEqual(expect.arrayContaining(['added-0', 'added-1', 'added-2']));
    expect(all[0]!.txId).toBe('added-0');
    expect(all.at(-1)!.txId).toBe('added-2');
    const keyOf: Record<OrderByField, (r: HistoryRow) => number | string> = {
      date: (r) => r.dateMs,
      amount: (r) => r.amountNum,
      value: (r) => r.valueNum,
      symbol: (r) => r.symbol,
      status: (r) => r.status,
      type: (r) => r.type,
    };
    for (const orderBy of ORDER_BY_FIELDS) {
      for (const filter of [{}, { filter: 'invoice', symbols: ['BTC', 'ETH'], hideLowAmounts: true }]) {
        const got: HistoryRow[] = [];
        for (let p = 1; ; p += 1) {
          const result = history.query({ ...page(p, { orderBy, sortOrder: 'asc', ...filter }), recordsPerPage: 97 });
          got.push(...result.items);
          if (result.items.length < 97) break;
        }
        const expected = all
          .filter(
            (r) =>
              !('filter' in filter) ||
              (['BTC', 'ETH'].includes(r.symbol) && r.valueNum >= 1 && searchText(r).includes('invoice')),
          )
          .map((r) => [keyOf[orderBy](r), r.dateMs] as const)
          .sort(([x, dx], [y, dy]) => (x < y ? -1 : x > y ? 1 : dx - dy));
        expect(got.map((r) => [keyOf[orderBy](r), r.dateMs])).toEqual(expected);
        expect(
          history.query({ ...page(1, { orderBy, sortOrder: 'desc', ...filter }), recordsPerPage: 5 }).items,
        ).toEqual(got.slice(-5).reverse());
      }
    }
  });
});

describe('--history-records 1,000,000 over Interface A', () => {
  let sandbox: RunningSandbox;
  let token: string;
  let account: string;
  const COUNT = 1_000_000;

  beforeAll(async () => {
    sandbox = await start({ historyRecords: COUNT, rateLimit: { capacity: 10_000, refillPerSecond: 10_000 } });
    token = (await login(sandbox, 'alice')).access_token;
    account = accountOf(sandbox.info(), 'alice', 'MerchantAdministrator');
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const query = async (body: Record<string, unknown>): Promise<TxPage> =>
    (await api<TxPage>(sandbox, 'POST', '/transactions', { token, account, body })).body.data;

  it('counts every record and serves the last page, the oldest rows, in order', async () => {
    const first = await query({ page: 1, recordsPerPage: 500 });
    expect(first.totalRecords).toBe(COUNT);
    expect(first.totalPages).toBe(2_000);
    const last = await query({ page: 2_000, recordsPerPage: 500 });
    expect(last.items).toHaveLength(500);
    const beforeLast = await query({ page: 1_999, recordsPerPage: 500 });
    const dates = [...beforeLast.items, ...last.items].map((i) => Date.parse(i.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    // Oldest first, the same rows: the ascending first page is the descending last page reversed.
    const ascending = await query({ page: 1, recordsPerPage: 500, sortOrder: 'asc' });
    expect(ascending.items).toEqual([...last.items].reverse());
    expect(Date.parse(first.items[0]!.date) - dates.at(-1)!).toBeGreaterThan(700 * 24 * 3600 * 1000);
    expect((await query({ page: 2_001, recordsPerPage: 500 })).items).toEqual([]);
    // Pages of another size line up with the same rows.
    const odd = await query({ page: Math.floor((COUNT - 1) / 333) + 1, recordsPerPage: 333 });
    expect(odd.items.at(-1)).toEqual(last.items.at(-1));
  });

  it('is the same history after a reset', async () => {
    const before = await query({ page: 1_234, recordsPerPage: 100 });
    expect((await fetch(`${sandbox.origin}/__sandbox/reset`, { method: 'POST' })).status).toBe(200);
    expect(await query({ page: 1_234, recordsPerPage: 100 })).toEqual(before);
  });

  it('refuses a count out of range', async () => {
    await expect(start({ historyRecords: -1 })).rejects.toThrow(/historyRecords/);
    await expect(start({ historyRecords: 1.5 })).rejects.toThrow(/historyRecords/);
    await expect(start({ historyRecords: 10_000_001 })).rejects.toThrow(/historyRecords/);
  });
});
