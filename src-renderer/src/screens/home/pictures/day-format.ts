import { formatterFor } from '../../../format/display-locale';

const shortDay = (): Intl.DateTimeFormat =>
  formatterFor('short-day', (locale) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }));
const longDay = (): Intl.DateTimeFormat =>
  formatterFor(
    'long-day',
    (locale) => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }),
  );

function localDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date);
}

/** A local calendar day (YYYY-MM-DD) as the user's locale writes it: "Nov 24", "24. Nov.". */
export function formatDay(day: string): string {
  return shortDay().format(localDate(day));
}

/** The same with its year, where a range spans more than one. */
export function formatDayWithYear(day: string): string {
  return longDay().format(localDate(day));
}
