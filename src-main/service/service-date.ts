/**
 * A history item's date as ms since the epoch, or null when it cannot be read as an instant.
 *
 * The spec (2.2, TransactionItem) gives the date as "ISO 8601 UTC timestamp", while the response schema
 * takes any string. Date.parse would read "2026-11-24T01:00:00" (no zone) as the computer's local time, so
 * the same answer would be a different instant on two computers; as the spec says the service writes UTC,
 * a date without a zone is read as UTC. An explicit zone (Z or an offset) is honoured. Anything else,
 * including text Date.parse would guess at ("Nov 24 2026", "2026-11-24T01:00:00 GMT+2") and days that do
 * not exist (2026-02-30, which Date.parse rolls over into March), is null: the caller decides what an
 * unknown date means (for deposit notices: not news).
 */
export function serviceDateMs(text: string): number | null {
  if (isCanonicalUtc(text)) return canonicalUtcMs(text);
  const match = ISO_8601.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] = match;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  const s = Number(second);
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const check = new Date(asUtc);
  // Date.UTC rolls an impossible day or hour over into the next; a service that sent one sent no date.
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    check.getUTCHours() !== h ||
    check.getUTCMinutes() !== mi ||
    check.getUTCSeconds() !== s
  ) {
    return null;
  }
  const offset = offsetMinutesOf(zone);
  return offset === null ? null : asUtc - offset * 60_000;
}

// Date, optionally time (T or, as RFC 3339 allows, a space), optional fraction, optional zone.
const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

function offsetMinutesOf(zone: string): number | null {
  if (zone === 'Z' || zone === 'z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  if (hours > 23 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
}

const DIGIT_0 = 0x30;
/** The form Date.prototype.toISOString writes for years 0000-9999; `test` makes no match object. */
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Whether the text has exactly the form Date.prototype.toISOString writes for years 0000-9999
 * (2026-11-20T11:37:42.474Z): the form the service writes every record's date in. A test that makes no match
 * object, so the common case needs neither ISO_8601's match nor a Date: a history export reads one date per
 * record, and those were a large part of its garbage. Says nothing of whether the day exists.
 */
export function isCanonicalUtc(text: string): boolean {
  return CANONICAL.test(text);
}

function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i += 1) value = value * 10 + (text.charCodeAt(i) - DIGIT_0);
  return value;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * serviceDateMs of text in the canonical form: the same answer, with the day and time checked by their
 * ranges rather than by Date.UTC's roll-over (a part out of its range is exactly a part that rolls over).
 */
function canonicalUtcMs(text: string): number | null {
  const year = digitsAt(text, 0, 4);
  // Date.UTC reads years 0-99 as 1900-1999, so the general way finds the year changed: no date.
  if (year < 100) return null;
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  const hour = digitsAt(text, 11, 13);
  const minute = digitsAt(text, 14, 16);
  const second = digitsAt(text, 17, 19);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return Date.UTC(year, month - 1, day, hour, minute, second, digitsAt(text, 20, 23));
}
