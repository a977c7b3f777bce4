import { catalogueNow } from '../../resources/locales/all-catalogues';
import type { MessageId } from '../../resources/locales/catalogues';
import { createFormatter, type Formatter, type MessageValues } from '../../resources/locales/formatter';
import { type LanguagePreference, resolveLanguage } from '../../resources/locales/languages';

/**
 * The language main writes in: refusals, notices, the menu and the page the browser shows after sign-in.
 * There is one user interface per process, so the language is the process's, set from the preferences at
 * start and whenever they change (app-core.ts); until then English.
 */
let formatter: Formatter = createFormatter('en-US', catalogueNow('en'));
let catalogueName: string = 'en';

export function setMainLanguage(preference: LanguagePreference, systemLocales: readonly string[]): void {
  const resolved = resolveLanguage(preference, systemLocales);
  if (formatter.locale === resolved.locale && catalogueName === resolved.catalogue) return;
  catalogueName = resolved.catalogue;
  formatter = createFormatter(resolved.locale, catalogueNow(resolved.catalogue));
}

/** A message from the catalogues in the user's language. */
export function t(id: MessageId, values?: MessageValues): string {
  return formatter.text(id, values);
}

/** The locale main writes numbers, amounts and dates in, the same as the window's. */
export function textLocale(): string {
  return formatter.locale;
}
