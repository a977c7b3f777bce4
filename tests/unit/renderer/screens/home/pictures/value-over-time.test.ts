import { describe, expect, it } from 'vitest';
import {
  datedRecords,
  lastDaySpans,
  rebuildValueOverTime,
  startOfSpans,
  type HoldingNow,
  type ValueOverTimeInput,
  type ValueRecord,
} from '../../../../../../src-renderer/src/screens/home/pictures/value-over-time';

// tests/vitest.config.ts does not fix a time zone: local instants are built with the runtime's, as the renderer does.
const at = (d: number, h: number, minute = 0) => new Date(2026, 10, d, h, minute).toISOString();
const NOW = new Date(2026, 10, 24, 15, 0);

function priced(usd: string): ValueRecord['prices'] {
  const times = (factor: string) => String(Number(usd) * Number(factor));
  return { usd, eur: times('0.5'), gbp: times('0.25'), try: times('40'), jpy: times('100') };
}

function record(date: string, symbol: string, amount: string, type: string, usd: string, status = 'Completed') {
  return { date, symbol, amount, type, status, prices: priced(usd) } satisfies ValueRecord;
}

const holdings: HoldingNow[] = [
  { code: 'BTC', amount: '2', priceUsd: '100' },
  { code: 'ETH', amount: '10', priceUsd: '10' },
];

function input(records: ValueRecord[], extra: Partial<ValueOverTimeInput> = {}): ValueOverTimeInput {
  return {
    holdings,
    records: datedRecords(records),
    days: lastDaySpans(3, NOW),
    balancesAtMs: NOW.getTime(),
    completeFromMs: null,
    currency: 'usd',
    ...extra,
  };
}

describe('portfolio value over time, rebuilt backwards from today', () => {
  it('lists the last N local days, each ending at the next local midnight', () => {
    const spans = lastDaySpans(3, NOW);
    expect(spans.map((span) => span.day)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    expect(spans[0]!.endMs).toBe(new Date(2026, 10, 23).getTime());
    expect(startOfSpans(spans)).toBe(new Date(2026, 10, 22).getTime());
  });

  it('takes deposits off and gives withdrawals back for each day before them, completed records only', () => {
    const result = rebuildValueOverTime(
      input([
        // Today: 1 BTC came in, 4 ETH left; neither belongs to the days before.
        record(at(24, 9), 'BTC', '1', 'Deposit', '100'),
        record(at(24, 10), 'ETH', '4', 'Withdraw', '10'),
        // Yesterday at midnight exactly: the 23rd's, so the 22nd held 0.5 BTC more.
        record(at(23, 0), 'BTC', '0.5', 'Withdraw', '80'),
        record(at(23, 12), 'ETH', '1', 'Deposit', '5', 'Pending'),
        record(at(23, 13), 'ETH', '1', 'Withdraw', '5', 'Failed'),
      ]),
    );
    // 24th: today's 2 BTC x 100 + 10 ETH x 10. 23rd: 1 BTC x 80 + 14 ETH x 5, the prices its records give
    // (a pending or failed record is still a price of its time). 22nd: 1.5 BTC and 14 ETH at today's prices.
    expect(result.days.map((day) => day.value)).toEqual(['290', '150', '300']);
    expect(result.days.map((day) => [day.recordPriced, day.todayPriced])).toEqual([
      [0, 2],
      [2, 0],
      [0, 2],
    ]);
    expect(result.days.every((day) => day.missing === null && !day.belowZero)).toBe(true);
  });

  it('values in the chosen currency: record prices, and today prices at the newest record rate', () => {
    const result = rebuildValueOverTime(
      input([record(at(23, 12), 'BTC', '1', 'Deposit', '90'), record(at(22, 12), 'ETH', '1', 'Deposit', '8')], {
        currency: 'eur',
      }),
    );
    expect(result.usdRate).toBe('0.5');
    // 24th: (200 + 100) x 0.5. 23rd: 2 BTC x 45 (its record) + 10 ETH x 5 (today's, in euros).
    // 22nd: 1 BTC x 50 (today's) + 10 ETH x 4 (its record).
    expect(result.days.map((day) => day.value)).toEqual(['90', '140', '150']);
  });

  it('keeps exact decimals where floating point would not', () => {
    const result = rebuildValueOverTime({
      ...input([record(at(24, 1), 'ETH', '0.1', 'Deposit', '0.1')]),
      holdings: [{ code: 'ETH', amount: '0.3', priceUsd: '0.1' }],
    });
    expect(result.days.map((day) => day.value)).toEqual(['0.02', '0.02', '0.03']);
  });

  it('ignores records dated after the balances were read, and a date it cannot read', () => {
    const result = rebuildValueOverTime(
      input([
        record(new Date(NOW.getTime() + 60_000).toISOString(), 'BTC', '2', 'Deposit', '100'),
        record('yesterday', 'BTC', '2', 'Deposit', '100'),
      ]),
    );
    expect(result.days.map((day) => day.value)).toEqual(['300', '300', '300']);
  });

  it('draws no day whose later records were not all read', () => {
    const result = rebuildValueOverTime(
      input([record(at(24, 9), 'BTC', '1', 'Deposit', '100')], { completeFromMs: new Date(2026, 10, 23, 6).getTime() }),
    );
    expect(result.days.map((day) => [day.value, day.missing])).toEqual([
      [null, 'not-loaded'],
      ['200', null],
      ['300', null],
    ]);
  });

  it('stops at a record of a kind it cannot undo, rather than skip it', () => {
    const result = rebuildValueOverTime(input([record(at(23, 9), 'BTC', '1', 'Refund', '100')]));
    // The 23rd ends after the record, so it is not undone there; every day before it would be.
    expect(result.days.map((day) => [day.value, day.missing])).toEqual([
      [null, 'unreadable'],
      ['300', null],
      ['300', null],
    ]);
  });

  it('says when the history does not add up to today balances, and when an asset has no price', () => {
    const result = rebuildValueOverTime({
      ...input([record(at(23, 9), 'BTC', '5', 'Deposit', '100'), record(at(22, 9), 'XRP', '3', 'Withdraw', '1')]),
      currency: 'usd',
    });
    expect(result.days.map((day) => day.belowZero)).toEqual([true, false, false]);
    // The 22nd holds -3 BTC (valued at today's price) and 10 ETH; its XRP withdrawal is not undone at its end.
    expect(result.days[0]!.value).toBe('-200');
    const noRate = rebuildValueOverTime(input([], { currency: 'jpy' }));
    expect(noRate.usdRate).toBeNull();
    expect(noRate.days.map((day) => day.missing)).toEqual(['no-price', 'no-price', 'no-price']);
  });

  it('values an asset no wallet holds today at the price its day gives, or not at all', () => {
    const result = rebuildValueOverTime(
      input([record(at(24, 9), 'XRP', '3', 'Withdraw', '2'), record(at(22, 9), 'XRP', '3', 'Deposit', '1')]),
    );
    // 23rd: 3 XRP held, no XRP record that day and no wallet to price it today: no value.
    // 22nd: its record prices XRP at 1.
    expect(result.days.map((day) => [day.value, day.missing])).toEqual([
      ['303', null],
      [null, 'no-price'],
      ['300', null],
    ]);
  });
});
