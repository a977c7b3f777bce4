import type { MessageId } from '../i18n/text';

/** A calendar day as an <input type="date"> gives it: YYYY-MM-DD, or '' when left open. */
export type Day = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight starting the day in the user's time zone (the runtime's), or null for text that is not a real day. */
export function localMidnight(day: Day): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, date);
  // new Date rolls 2026-02-30 over into March; such a day does not exist.
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== date) return null;
  return start;
}

export type DayRange =
  | { readonly kind: 'open' }
  | { readonly kind: 'range'; readonly since?: string; readonly until?: string }
  | { readonly kind: 'invalid'; readonly field: 'from' | 'to'; readonly message: MessageId };

/**
 * From/To days (both inclusive, in the user's time zone) as the UTC instants the bridge takes: from the
 * first day's local midnight to the local midnight after the last day. Daylight-saving days are 23 or 25
 * hours long; Date's local calendar arithmetic gets them right.
 */
export function dayRangeToInstants(fromDay: Day, toDay: Day): DayRange {
  if (fromDay === '' && toDay === '') return { kind: 'open' };
  const from = fromDay === '' ? null : localMidnight(fromDay);
  if (fromDay !== '' && !from) return { kind: 'invalid', field: 'from', message: 'history.dates.fromInvalid' };
  const to = toDay === '' ? null : localMidnight(toDay);
  if (toDay !== '' && !to) return { kind: 'invalid', field: 'to', message: 'history.dates.toInvalid' };
  const after = to ? new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1) : null;
  if (from && to && from.getTime() > to.getTime()) {
    return { kind: 'invalid', field: 'to', message: 'history.dates.toBeforeFrom' };
  }
  return {
    kind: 'range',
    ...(from ? { since: from.toISOString() } : {}),
    ...(after ? { until: after.toISOString() } : {}),
  };
}
