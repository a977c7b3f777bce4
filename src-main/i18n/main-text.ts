import type { MessageId } from '../../resources/locales/catalogues';
import { englishOnDemand } from '../../resources/locales/english-on-demand';
import { formatterOver, type Formatter, type MessageValues } from '../../resources/locales/format-messages';
import {
  type CatalogueName,
  type LanguagePreference,
  resolveLanguage,
  textLanguageTag,
} from '../../resources/locales/languages';
import { heldCatalogue, holdsCatalogue, loadMainCatalogue } from './main-catalogues';

/**
 * The language main writes in: refusals, notices, the menu and the page the browser shows after sign-in.
 * There is one user interface per process, so the language is the process's, set from the preferences at
 * start and whenever they change (app-core.ts); until then English.
 */
let locale = 'en-US';
let catalogueName: CatalogueName = 'en';
let languageTag = 'en';
/**
 * Made at the first message rather than when this module loads: creating it costs a noticeable part of
 * the shell's start, and the window is created before anything is written in words (index.ts).
 */
let formatter: Formatter | null = null;

/** Something was written in English while the chosen language was loading (useMainLanguage says so). */
let wroteBeforeLoaded = false;
/** The latest choice asked for: a slower catalogue arriving after a later choice is not applied. */
let requested = 0;

function currentFormatter(): Formatter {
  if (formatter === null && !holdsCatalogue(catalogueName)) wroteBeforeLoaded = true;
  formatter ??= formatterOver(locale, heldCatalogue(catalogueName), englishOnDemand());
  return formatter;
}

export function setMainLanguage(preference: LanguagePreference, systemLocales: readonly string[]): void {
  const resolved = resolveLanguage(preference, systemLocales);
  if (locale === resolved.locale && catalogueName === resolved.catalogue) return;
  locale = resolved.locale;
  catalogueName = resolved.catalogue;
  languageTag = textLanguageTag(resolved);
  formatter = null;
  if (!holdsCatalogue(catalogueName)) {
    // Written in English until the chosen language has loaded (useMainLanguage awaits it), then in it.
    const chosen = catalogueName;
    void loadMainCatalogue(chosen).then(
      () => {
        if (catalogueName === chosen) formatter = null;
      },
      () => undefined,
    );
  }
}

/**
 * Sets main's language once its catalogue is loaded: what main writes next is in it. True when something
 * was written in English meanwhile (the menu, at the shell's start), for the caller to write it again.
 */
export async function useMainLanguage(
  preference: LanguagePreference,
  systemLocales: readonly string[],
): Promise<boolean> {
  const mine = ++requested;
  await loadMainCatalogue(resolveLanguage(preference, systemLocales).catalogue);
  // A later choice was made while this one loaded: that choice is applied, and says what to write again.
  if (mine !== requested) return false;
  setMainLanguage(preference, systemLocales);
  const rewrite = wroteBeforeLoaded;
  wroteBeforeLoaded = false;
  return rewrite;
}

/** A message from the catalogues in the user's language. */
export function t(id: MessageId, values?: MessageValues): string {
  return currentFormatter().text(id, values);
}

/** The locale main writes numbers, amounts and dates in, the same as the window's. */
export function textLocale(): string {
  return locale;
}

/** The language main's texts are in, as a `lang` tag (the sign-in page): not the number locale's. */
export function textLanguage(): string {
  return languageTag;
}
