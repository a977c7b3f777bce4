import { describe, expect, it } from 'vitest';
import { createRangedHistory, SCAN_PAGE_SIZE } from '../../../src-main/features/history/ranged-history';
import type { TransactionItem, TransactionsRequest } from '../../../src-main/service/interface-a-schemas';

const DAY = 86_400_000;
const END = Date.parse('2026-11-20T12:00:00.000Z');

function item(n: number, dateMs: number): TransactionItem {
  return {
    symbolId: 1,
    symbol: 'BTC',
    symbolName: 'Bitcoin',
    displayName: 'Bitcoin',
    address: 'a',
    txId: null,
    amount: 1,
    status: 'Completed',
    type: 'Deposit',
    date: new Date(dateMs).toISOString(),
    value: 1,
    referenceId: `r${n}`,
    label: '',
    merchantTransactionId: '',
    to: null,
    withdrawType: 0,
    prices: { usd: 1, eur: 1, gbp: 1, try: 1, jpy: 1 },
    isAutoCollected: false,
  };
}

/** 3,000 records, one every 6 hours, newest first; `shuffled` serves them out of date order. */
function fakeService(shuffled: boolean): { fetchPage: (r: TransactionsRequest) => Promise<never>; asked: number[] } {
  const all = Array.from({ length: 3000 }, (_, n) => item(n, END - n * 6 * 3_600_000));
  // As a service that ignores orderBy might: a fixed scramble (7919 is prime to 3,000, so every record once).
  const served = shuffled ? all.map((_, n) => all[(n * 7919) % 3000] as TransactionItem) : all;
  const asked: number[] = [];
  return {
    asked,
    fetchPage: async (request) => {
      asked.push(request.page);
      const start = (request.page - 1) * request.recordsPerPage;
      return {
        totalRecords: served.length,
        totalPages: Math.ceil(served.length / request.recordsPerPage),
        page: request.page,
        recordsPerPage: request.recordsPerPage,
        items: served.slice(start, start + request.recordsPerPage),
      } as never;
    },
  };
}

const range = { sinceMs: END - 30 * DAY, untilMs: END - 10 * DAY };
const query = { orderBy: 'date', sortOrder: 'desc' } as const;

describe('createRangedHistory: pages of a date range the service cannot filter', () => {
  it('stops scanning once a date-ordered answer has passed the range', async () => {
    const service = fakeService(false);
    const ranged = createRangedHistory({ fetchPage: service.fetchPage });
    const page = await ranged.page('u/a', query, range, 1, 25);
    // 20 days × 4 records, the first at exactly 10 days back excluded (until is exclusive).
    expect(page.totalRecords).toBe(80);
    expect(page.items[0]?.date).toBe(new Date(END - 10 * DAY - 6 * 3_600_000).toISOString());
    expect(service.asked).toEqual([1]);
    expect(SCAN_PAGE_SIZE).toBe(500);
  });

  it('scans to the end when the answers are not in date order, and finds the same records', async () => {
    const service = fakeService(true);
    const ranged = createRangedHistory({ fetchPage: service.fetchPage });
    const page = await ranged.page('u/a', query, range, 1, 25);
    expect(page.totalRecords).toBe(80);
    expect(service.asked).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('answers the next page from memory, and scans again after clear()', async () => {
    const service = fakeService(false);
    const ranged = createRangedHistory({ fetchPage: service.fetchPage });
    await ranged.page('u/a', query, range, 1, 25);
    const fourth = await ranged.page('u/a', query, range, 4, 25);
    expect(fourth.items).toHaveLength(5);
    expect(fourth.totalPages).toBe(4);
    expect(service.asked).toEqual([1]);
    ranged.clear();
    await ranged.page('u/a', query, range, 1, 25);
    expect(service.asked).toEqual([1, 1]);
    await ranged.page('u/other-account', query, range, 1, 25);
    expect(service.asked).toEqual([1, 1, 1]);
  });
});
