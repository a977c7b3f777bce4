/**
 * The locale the app shows numbers and dates in: the page's (the OS language in Electron) until the language
 * preference is applied (i18n/text.ts), then the chosen language's. Amounts are read back in the same locale,
 * so what the app displays is what a user can type or paste. A live binding: importers always see the current
 * one, and formatters made for a locale are kept per locale (formatterFor).
 */
export let displayLocale: string = (typeof navigator === 'undefined' ? undefined : navigator.language) || 'en-US';

export function setDisplayLocale(locale: string): void {
  displayLocale = locale;
}

const formatters = new Map<string, unknown>();

/**
 * One Intl formatter per kind, options and locale, made when first asked for in that locale: building them
 * costs more than using them, and the locale can change while the app runs.
 */
export function formatterFor<T>(kind: string, make: (locale: string) => T): T {
  const key = `${kind}\u0000${displayLocale}`;
  let made = formatters.get(key) as T | undefined;
  if (made === undefined) {
    made = make(displayLocale);
    formatters.set(key, made);
  }
  return made;
}
