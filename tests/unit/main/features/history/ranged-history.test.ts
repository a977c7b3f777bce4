import { describe, expect, it } from 'vitest';
import {
  createRangedHistory,
  RANGE_CACHE_ENTRIES,
  RANGE_CACHE_MS,
  SCAN_PAGE_SIZE,
} from '../../../../../src-main/features/history/ranged-history';
import type { TransactionItem, TransactionsRequest } from '../../../../../src-main/service/interface-a-schemas';
import { transactionItem } from '../../../support/transaction-items';

const DAY = 86_400_000;
const END = Date.parse('2026-11-20T12:00:00.000Z');

function item(n: number, dateMs: number): TransactionItem {
  return transactionItem({
    address: 'a',
    txId: null,
    amount: 1,
    date: new Date(dateMs).toISOString(),
    referenceId: `r${n}`,
  });
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

const iso = (ms: number): string => new Date(ms).toISOString();
const query = { orderBy: 'date', sortOrder: 'desc', since: iso(END - 30 * DAY), until: iso(END - 10 * DAY) } as const;

describe('createRangedHistory: pages of a date range the service cannot filter', () => {
  it('stops scanning once a date-ordered answer has passed the range', async () => {
    const service = fakeService(false);
    const ranged = createRangedHistory({ fetchPage: service.fetchPage });
    const page = await ranged.page('u/a', query, 1, 25);
    // 20 days × 4 records, the first at exactly 10 days back excluded (until is exclusive).
    expect(page.totalRecords).toBe(80);
    expect(page.items[0]?.date).toBe(new Date(END - 10 * DAY - 6 * 3_600_000).toISOString());
    expect(service.asked).toEqual([1]);
    expect(SCAN_PAGE_SIZE).toBe(500);
  });

  it('scans to the end when the answers are not in date order, and finds the same records', async () => {
    const service = fakeService(true);
    const ranged = createRangedHistory({ fetchPage: service.fetchPage });
    const page = await ranged.page('u/a', query, 1, 25);
    expect(page.totalRecords).toBe(80);
    expect(service.asked).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('answers the next page from memory, and scans again after clear()', async () => {
    const service = fakeService(false);
    const ranged = createRangedHistory({ fetchPage: service.fetchPage });
    await ranged.page('u/a', query, 1, 25);
    const fourth = await ranged.page('u/a', query, 4, 25);
    expect(fourth.items).toHaveLength(5);
    expect(fourth.totalPages).toBe(4);
    expect(service.asked).toEqual([1]);
    ranged.clear();
    await ranged.page('u/a', query, 1, 25);
    expect(service.asked).toEqual([1, 1]);
    await ranged.page('u/other-account', query, 1, 25);
    expect(service.asked).toEqual([1, 1, 1]);
  });

  it("keeps Home's last 30 days and History's range side by side: Home, History, Home reads the pages once each", async () => {
    const service = fakeService(false);
    const ranged = createRangedHistory({ fetchPage: service.fetchPage });
    // Home's daily picture: the last 30 days, read page after page of the ranged answer.
    const home = { orderBy: 'date', sortOrder: 'desc', since: iso(END - 30 * DAY), until: iso(END + DAY) } as const;
    const history = {
      orderBy: 'date',
      sortOrder: 'desc',
      since: iso(END - 200 * DAY),
      until: iso(END - 150 * DAY),
    } as const;
    for (let page = 1; page <= 5; page += 1) await ranged.page('u/a', home, page, 25);
    const homeReads = service.asked.length;
    await ranged.page('u/a', history, 1, 100);
    await ranged.page('u/a', history, 2, 100);
    const historyReads = service.asked.length - homeReads;
    expect(historyReads).toBeGreaterThan(0);
    for (let page = 1; page <= 5; page += 1) await ranged.page('u/a', home, page, 25);
    await ranged.page('u/a', history, 1, 100);
    expect(service.asked).toHaveLength(homeReads + historyReads);
  });

  it('holds a few ranges, dropping the least recently used first, and none after clear()', async () => {
    const service = fakeService(false);
    const ranged = createRangedHistory({ fetchPage: service.fetchPage });
    const rangeEnding = (daysBack: number) =>
      ({
        orderBy: 'date',
        sortOrder: 'desc',
        since: iso(END - (daysBack + 5) * DAY),
        until: iso(END - daysBack * DAY),
      }) as const;
    const ranges = Array.from({ length: RANGE_CACHE_ENTRIES + 1 }, (_, n) => rangeEnding(n * 10));
    for (const r of ranges.slice(0, RANGE_CACHE_ENTRIES)) await ranged.page('u/a', r, 1, 25);
    // The first range is used again, so the second is now the least recently used.
    await ranged.page('u/a', ranges[0]!, 1, 25);
    const before = service.asked.length;
    await ranged.page('u/a', ranges[RANGE_CACHE_ENTRIES]!, 1, 25);
    const afterNew = service.asked.length;
    expect(afterNew).toBeGreaterThan(before);
    await ranged.page('u/a', ranges[0]!, 1, 25);
    await ranged.page('u/a', ranges[2]!, 1, 25);
    expect(service.asked).toHaveLength(afterNew);
    await ranged.page('u/a', ranges[1]!, 1, 25);
    expect(service.asked.length).toBeGreaterThan(afterNew);
    const beforeClear = service.asked.length;
    ranged.clear();
    await ranged.page('u/a', ranges[0]!, 1, 25);
    expect(service.asked.length).toBeGreaterThan(beforeClear);
  });

  it('scans a kept range again once it is older than RANGE_CACHE_MS', async () => {
    const service = fakeService(false);
    let clock = 0;
    const ranged = createRangedHistory({ fetchPage: service.fetchPage, now: () => clock });
    await ranged.page('u/a', query, 1, 25);
    clock = RANGE_CACHE_MS - 1;
    await ranged.page('u/a', query, 2, 25);
    expect(service.asked).toEqual([1]);
    clock = RANGE_CACHE_MS + 1;
    await ranged.page('u/a', query, 2, 25);
    expect(service.asked).toEqual([1, 1]);
  });
});
