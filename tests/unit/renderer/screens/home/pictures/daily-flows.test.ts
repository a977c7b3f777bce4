import { describe, expect, it } from 'vitest';
import {
  dailyFlows,
  lastDays,
  type FlowRecord,
} from '../../../../../../src-renderer/src/screens/home/pictures/daily-flows';

// tests/vitest.config.ts does not fix a time zone: local instants are built with the runtime's, as the renderer does.
const at = (y: number, m: number, d: number, h: number) => new Date(y, m - 1, d, h).toISOString();
const record = (date: string, value: string, type: string, status = 'Completed', withdrawType = 1): FlowRecord => ({
  date,
  value,
  type,
  status,
  withdrawType: type === 'Deposit' ? 0 : withdrawType,
});

describe('deposits and withdrawals per local day', () => {
  it('lists the last N local days ending today, bounded by local midnights', () => {
    const range = lastDays(3, new Date(2026, 10, 24, 0, 30));
    expect(range.days).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    expect(range.since).toBe(new Date(2026, 10, 22).toISOString());
    expect(range.until).toBe(new Date(2026, 10, 25).toISOString());
    expect(lastDays(2, new Date(2026, 0, 1, 12)).days).toEqual(['2025-12-31', '2026-01-01']);
  });

  it('buckets by the local day and sums exactly in decimals', () => {
    const days = ['2026-11-22', '2026-11-23'];
    const flows = dailyFlows(
      [
        record(at(2026, 11, 22, 0), '0.1', 'Deposit'),
        record(at(2026, 11, 22, 23), '0.2', 'Deposit'),
        record(at(2026, 11, 23, 0), '12345678901234567.01', 'Withdraw'),
        record(at(2026, 11, 23, 12), '-0.99', 'Withdraw'),
      ],
      days,
    );
    expect(flows).toEqual([
      { day: '2026-11-22', depositsUsd: '0.3', withdrawalsUsd: '0' },
      { day: '2026-11-23', depositsUsd: '0', withdrawalsUsd: '12345678901234568' },
    ]);
  });

  it('counts only completed records inside the range, and an empty range is all zeros', () => {
    const days = ['2026-11-22'];
    const flows = dailyFlows(
      [
        record(at(2026, 11, 22, 10), '5', 'Deposit', 'Pending'),
        record(at(2026, 11, 22, 10), '6', 'Withdraw', 'Failed'),
        record(at(2026, 11, 21, 23), '7', 'Deposit'),
      ],
      days,
    );
    expect(flows).toEqual([{ day: '2026-11-22', depositsUsd: '0', withdrawalsUsd: '0' }]);
    expect(dailyFlows([], [])).toEqual([]);
  });

  it('counts a swap as what it is in the history: its outgoing leg withdrawn, its incoming leg deposited', () => {
    // Both legs carry the swap's withdrawType (2 in the sandbox, sandbox/README.md); `type` says which way.
    const swapLeg = (value: string, type: string): FlowRecord => ({
      date: at(2026, 11, 22, 9),
      value,
      type,
      status: 'Completed',
      withdrawType: 2,
    });
    const flows = dailyFlows([swapLeg('100', 'Withdraw'), swapLeg('99.5', 'Deposit')], ['2026-11-22']);
    expect(flows).toEqual([{ day: '2026-11-22', depositsUsd: '99.5', withdrawalsUsd: '100' }]);
  });

  it('tells a type the spec does not name by its withdrawType, as History and the CSV export do', () => {
    const flows = dailyFlows(
      [
        record(at(2026, 11, 22, 9), '4', 'Refund', 'Completed', 0),
        record(at(2026, 11, 22, 10), '3', 'Fee', 'Completed', 7),
      ],
      ['2026-11-22'],
    );
    expect(flows).toEqual([{ day: '2026-11-22', depositsUsd: '4', withdrawalsUsd: '3' }]);
  });
});
