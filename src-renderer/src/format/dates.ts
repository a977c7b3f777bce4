import { formatterFor } from './display-locale';

const dateTime = (): Intl.DateTimeFormat =>
  formatterFor('date-time', (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));

/** Local date and time for people; the ISO UTC text stays available (e.g. as a title) for exactness. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime().format(date);
}
