import { displayLocale } from '../../../format/display-locale';

const shortDay = new Intl.DateTimeFormat(displayLocale, { month: 'short', day: 'numeric' });
const longDay = new Intl.DateTimeFormat(displayLocale, { year: 'numeric', month: 'short', day: 'numeric' });

function localDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date);
}

/** A local calendar day (YYYY-MM-DD) as the user's locale writes it: "Nov 24", "24. Nov.". */
export function formatDay(day: string): string {
  return shortDay.format(localDate(day));
}

/** The same with its year, where a range spans more than one. */
export function formatDayWithYear(day: string): string {
  return longDay.format(localDate(day));
}
