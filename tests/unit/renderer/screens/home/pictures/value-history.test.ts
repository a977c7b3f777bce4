import { describe, expect, it } from 'vitest';
import type { HistoryItem, HistoryPage, HistoryPageRequest } from '../../../../../../src-preload/contract/history';
import type { Result } from '../../../../../../src-preload/result';
import {
  MAX_VALUE_PAGES,
  readHistorySince,
} from '../../../../../../src-renderer/src/screens/home/pictures/value-history';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 24, 12);

function item(at: number): HistoryItem {
  return { date: new Date(at).toISOString() } as HistoryItem;
}

/** A service of `count` records an hour apart, newest first, `perPage` to a page (the app asks for 500). */
function service(count: number, options: { failPage?: number; shuffled?: boolean } = {}) {
  const asked: number[] = [];
  const fetchPage = async (request: HistoryPageRequest): Promise<Result<HistoryPage>> => {
    asked.push(request.page);
    if (request.page === options.failPage) {
      return { ok: false, error: { code: 'network', message: 'The service could not be reached.' } };
    }
    const start = (request.page - 1) * request.recordsPerPage;
    const dates = Array.from({ length: Math.max(0, Math.min(request.recordsPerPage, count - start)) }, (_, i) =>
      options.shuffled && i === 1 ? NOW + HOUR : NOW - (start + i) * HOUR,
    );
    return {
      ok: true,
      value: {
        totalRecords: count,
        totalPages: Math.ceil(count / request.recordsPerPage),
        page: request.page,
        recordsPerPage: request.recordsPerPage,
        items: dates.map(item),
      },
    };
  };
  return { fetchPage, asked };
}

describe('reading the history back to a day for the value over time', () => {
  it('stops at the first page reaching past the start, date-ordered newest first', async () => {
    const { fetchPage, asked } = service(2_000);
    const reading = await readHistorySince(fetchPage, NOW - 600 * HOUR);
    expect(reading.state).toBe('complete');
    expect(asked).toEqual([1, 2]);
    expect(reading.records).toHaveLength(1_000);
  });

  it('reads to the end of a shorter history', async () => {
    const { fetchPage, asked } = service(700);
    expect((await readHistorySince(fetchPage, 0)).state).toBe('complete');
    expect(asked).toEqual([1, 2]);
  });

  it('a failed page keeps what was read and says from when it is complete', async () => {
    const { fetchPage } = service(2_000, { failPage: 2 });
    const reading = await readHistorySince(fetchPage, 0);
    expect(reading).toMatchObject({ state: 'partial', why: 'failed', completeFromMs: NOW - 499 * HOUR + 1 });
    expect(reading.state === 'partial' && reading.error?.code).toBe('network');
  });

  it('stops at the page limit and names the limit', async () => {
    const { fetchPage, asked } = service(MAX_VALUE_PAGES * 500 + 1);
    const reading = await readHistorySince(fetchPage, 0);
    expect(reading).toMatchObject({ state: 'partial', why: 'capped' });
    expect(asked).toHaveLength(MAX_VALUE_PAGES);
  });

  it('asks for no further page once the reading is called off', async () => {
    const { fetchPage, asked } = service(MAX_VALUE_PAGES * 500);
    const calledOff = new AbortController();
    const reading = readHistorySince(
      async (request) => {
        const page = await fetchPage(request);
        if (request.page === 2) calledOff.abort(new Error('Home was left.'));
        return page;
      },
      0,
      calledOff.signal,
    );
    await expect(reading).rejects.toThrow('Home was left.');
    expect(asked).toEqual([1, 2]);
  });

  it('hands each record on dated and ready for the walk, one without a readable date left out', async () => {
    const records = [
      { date: new Date(NOW).toISOString(), status: 'Completed', type: 'Deposit', amount: '1.5' },
      { date: 'yesterday', status: 'Completed', type: 'Deposit', amount: '9' },
      { date: new Date(NOW - HOUR).toISOString(), status: 'Completed', type: 'Withdraw', amount: '0.25' },
      { date: new Date(NOW - 2 * HOUR).toISOString(), status: 'Pending', type: 'Deposit', amount: '7' },
      { date: new Date(NOW - 3 * HOUR).toISOString(), status: 'Completed', type: 'Refund', amount: '7' },
    ] as HistoryItem[];
    const reading = await readHistorySince(
      async (request) => ({
        ok: true,
        value: { totalRecords: 5, totalPages: 1, page: 1, recordsPerPage: request.recordsPerPage, items: records },
      }),
      0,
    );
    expect(reading.state).toBe('complete');
    expect(reading.records.map(({ at, undo }) => [at, undo])).toEqual([
      [NOW, -1_500_000_000_000_000_000n],
      [NOW - HOUR, 250_000_000_000_000_000n],
      [NOW - 2 * HOUR, 'none'],
      [NOW - 3 * HOUR, 'unknown'],
    ]);
    expect(reading.records[0]!.record).toBe(records[0]);
  });

  it('trusts no day when the service does not keep to date order', async () => {
    const { fetchPage } = service(2_000, { shuffled: true });
    const reading = await readHistorySince(fetchPage, NOW - 10 * HOUR);
    expect(reading).toMatchObject({ state: 'partial', why: 'out-of-order', completeFromMs: Number.POSITIVE_INFINITY });
  });
});
