import { describe, expect, it } from 'vitest';
import { dayRangeToInstants, localMidnight } from '../../../../src-renderer/src/format/day-range';

// tests/vitest.config.ts does not fix a time zone: these read the runtime's, as the renderer does.
const midnight = (y: number, m: number, d: number): string => new Date(y, m - 1, d).toISOString();

describe('dayRangeToInstants: local calendar days to the UTC instants the bridge takes', () => {
  it('runs from the first local midnight to the midnight after the last day', () => {
    expect(dayRangeToInstants('2026-11-01', '2026-11-23')).toEqual({
      kind: 'range',
      since: midnight(2026, 11, 1),
      until: midnight(2026, 11, 24),
    });
  });

  it('takes one open end', () => {
    expect(dayRangeToInstants('2026-11-01', '')).toEqual({ kind: 'range', since: midnight(2026, 11, 1) });
    expect(dayRangeToInstants('', '2026-12-31')).toEqual({ kind: 'range', until: midnight(2027, 1, 1) });
    expect(dayRangeToInstants('', '')).toEqual({ kind: 'open' });
  });

  it('a single day is a whole day', () => {
    const range = dayRangeToInstants('2026-03-29', '2026-03-29');
    expect(range).toEqual({ kind: 'range', since: midnight(2026, 3, 29), until: midnight(2026, 3, 30) });
  });

  it('refuses a To before the From, and days that do not exist', () => {
    expect(dayRangeToInstants('2026-11-23', '2026-11-01')).toMatchObject({ kind: 'invalid', field: 'to' });
    expect(dayRangeToInstants('2026-02-30', '')).toMatchObject({ kind: 'invalid', field: 'from' });
    expect(dayRangeToInstants('', '23.11.2026')).toMatchObject({ kind: 'invalid', field: 'to' });
    expect(localMidnight('2026-13-01')).toBeNull();
  });
});
