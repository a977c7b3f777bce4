/**
 * The locale the app shows numbers and dates in: the page's (the OS language in Electron) until the language
 * preference is applied (i18n/text.ts), then the chosen language's. Amounts are read back in the same locale,
 * so what the app displays is what a user can type or paste. A live binding: importers always see the current
 * one, and formatters made for a locale are kept per locale (formatterFor).
 */
export let displayLocale: string = browserNavigator()?.language || 'en-US';

function browserNavigator(): { readonly languages?: readonly string[]; readonly language?: string } | undefined {
  return (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
}

/**
 * The page's languages, most preferred first; none where there is no browser (main builds the launch view with
 * these modules too, src-main/shell/launch-view.ts, and hands its own locales over).
 */
export function browserLocales(): readonly string[] {
  const found = browserNavigator();
  if (found?.languages && found.languages.length > 0) return found.languages;
  return found?.language ? [found.language] : [];
}

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
