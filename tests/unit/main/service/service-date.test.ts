import { describe, expect, it } from 'vitest';
import { isCanonicalUtc, serviceDateMs } from '../../../../src-main/service/service-date';

const at = (iso: string) => new Date(iso).getTime();

describe('a service date (spec 2.2: ISO 8601 UTC timestamp)', () => {
  it('reads UTC, offsets, fractions and RFC 3339 spellings as the instant they name', () => {
    expect(serviceDateMs('2026-11-24T01:02:03Z')).toBe(at('2026-11-24T01:02:03.000Z'));
    expect(serviceDateMs(' 2026-11-24t01:02:03.5z ')).toBe(at('2026-11-24T01:02:03.500Z'));
    expect(serviceDateMs('2026-11-24T01:02:03.123456789Z')).toBe(at('2026-11-24T01:02:03.123Z'));
    expect(serviceDateMs('2026-11-24T03:02:03+02:00')).toBe(at('2026-11-24T01:02:03Z'));
    expect(serviceDateMs('2026-11-23T20:02:03-0500')).toBe(at('2026-11-24T01:02:03Z'));
    expect(serviceDateMs('2026-11-24T06:32+05:30')).toBe(at('2026-11-24T01:02:00Z'));
    expect(serviceDateMs('2026-11-24 01:02:03Z')).toBe(at('2026-11-24T01:02:03Z'));
  });

  it('reads a date or timestamp without a zone as UTC, whatever zone the computer is in', () => {
    const zoneBefore = process.env.TZ;
    try {
      for (const zone of ['America/New_York', 'Asia/Kolkata', 'UTC']) {
        process.env.TZ = zone;
        expect(serviceDateMs('2026-11-24T01:02:03'), zone).toBe(at('2026-11-24T01:02:03Z'));
        expect(serviceDateMs('2026-11-24'), zone).toBe(at('2026-11-24T00:00:00Z'));
      }
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    }
  });

  it('is null for text that is not an ISO 8601 instant, or names a day or time that does not exist', () => {
    for (const text of [
      '',
      'yesterday',
      'Nov 24 2026 01:02:03',
      '2026-11-24T01:02:03 GMT+0200',
      '1795482000000',
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-24T24:00:00Z',
      '2026-11-24T01:60:00Z',
      '2026-11-24T01:02:03+24:00',
      '2026-11-24T01:02:03Zjunk',
    ]) {
      expect(serviceDateMs(text), text).toBeNull();
    }
  });

  it('tells the form toISOString writes from every other spelling', () => {
    expect(isCanonicalUtc('2026-11-20T11:37:42.474Z')).toBe(true);
    expect(isCanonicalUtc('2026-02-30T00:00:00.000Z')).toBe(true);
    for (const text of [
      '2026-11-20T11:37:42.474z',
      '2026-11-20t11:37:42.474Z',
      '2026-11-20 11:37:42.474Z',
      '2026-11-20T11:37:42Z',
      '2026-11-20T11:37:42.4740Z',
      ' 2026-11-20T11:37:42.474Z',
      '2026-11-20T11:37:42.474+00',
      '+02026-11-20T11:37:42.474',
      '2026-11-2OT11:37:42.474Z',
    ]) {
      expect(isCanonicalUtc(text), text).toBe(false);
    }
  });

  it('reads the form toISOString writes as the general reading does, days that do not exist and years 0-99 too', () => {
    let dates = 0;
    for (const year of ['0000', '0050', '0099', '0100', '1900', '1970', '2000', '2024', '2026', '9999']) {
      for (const month of ['00', '01', '02', '04', '12', '13']) {
        for (const day of ['00', '01', '28', '29', '30', '31', '32']) {
          for (const time of ['00:00:00.000', '23:59:59.999', '24:00:00.000', '12:60:00.000', '12:00:60.474']) {
            const text = `${year}-${month}-${day}T${time}Z`;
            expect(isCanonicalUtc(text)).toBe(true);
            // A space around it is trimmed and read by the general way: the same instant, or null alike.
            const ms = serviceDateMs(text);
            expect(ms, text).toBe(serviceDateMs(` ${text}`));
            if (ms !== null) dates += 1;
          }
        }
      }
    }
    expect(dates).toBeGreaterThan(100);
  });
});
