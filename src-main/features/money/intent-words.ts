import { t } from '../../i18n/main-text';

/**
 * When the user pressed the button that sent an intent, in words a person can match against their own
 * memory: this computer's local time, to the minute, as the renderer's panel shows it (its own locale
 * format; the renderer composes its own words from the structured list and does not show these). For
 * warnings and logs that name a possibly completed move (security.md 27). Intents restored from an older
 * journal may not know it.
 */
export function confirmedAtText(confirmedAtMs: number | undefined): string {
  if (confirmedAtMs === undefined) return t('mainMoney.startedEarlier');
  const date = new Date(confirmedAtMs);
  const two = (value: number) => String(value).padStart(2, '0');
  return t('mainMoney.startedAt', {
    hour: two(date.getHours()),
    minute: two(date.getMinutes()),
    year: String(date.getFullYear()),
    month: two(date.getMonth() + 1),
    day: two(date.getDate()),
  });
}
