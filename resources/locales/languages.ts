/**
 * The languages Wallet Desk speaks, and how a preference and the system's locales become the language the
 * texts are in and the locale numbers and dates are written in. Shared by main and the renderer, so a
 * notice main writes and the window beside it always agree.
 */

export const LANGUAGES = ['en', 'de', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * What Settings › Language stores. `pseudo` is English lengthened by 40 % with accented letters, for layout
 * checks (resources/locales/pseudo.ts); Settings does not offer it, tests choose it through the bridge.
 */
export const LANGUAGE_PREFERENCES = ['system', ...LANGUAGES, 'pseudo'] as const;
export type LanguagePreference = (typeof LANGUAGE_PREFERENCES)[number];

/** The catalogue a preference reads from: a language, or the pseudo-locale built from English. */
export type CatalogueName = Language | 'pseudo';

export interface ResolvedLanguage {
  /** Whose texts are shown. */
  readonly catalogue: CatalogueName;
  /** The BCP 47 tag numbers, amounts and dates are formatted and read in (see textLanguageTag for `lang`). */
  readonly locale: string;
}

/**
 * The `lang` of what the texts are written in, for screen readers and hyphenation: the number locale when it is
 * of the same language (de-CH), else the catalogue's language. English chosen at a German desk writes German
 * numbers in English sentences, and must be read out in English; the pseudo-locale is English.
 */
export function textLanguageTag(resolved: ResolvedLanguage): string {
  if (resolved.catalogue === 'pseudo') return 'en';
  return baseOf(resolved.locale) === resolved.catalogue ? resolved.locale : resolved.catalogue;
}

function baseOf(tag: string): string {
  return tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
}

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** A tag Intl accepts, else null: a locale from an odd system setting must never stop a text being written. */
export function usableLocale(tag: string | undefined): string | null {
  if (!tag) return null;
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * `system` takes the first of the system's locales whose language the app speaks (English when none); its
 * numbers keep the system's first locale, as before languages existed. A chosen language keeps the system's
 * regional variant when it is the same language (de-CH stays de-CH); German and Turkish otherwise write
 * numbers as that language does, and English keeps the system's.
 */
export function resolveLanguage(preference: LanguagePreference, systemLocales: readonly string[]): ResolvedLanguage {
  const system = systemLocales.map(usableLocale).filter((tag): tag is string => tag !== null);
  const first = system[0] ?? 'en-US';
  if (preference === 'pseudo') return { catalogue: 'pseudo', locale: 'en-US' };
  if (preference === 'system') {
    const spoken = system.map(baseOf).find(isLanguage) ?? 'en';
    return { catalogue: spoken, locale: first };
  }
  const sameLanguage = system.find((tag) => baseOf(tag) === preference);
  // English chosen on a system in another language keeps that system's numbers and dates: people who read
  // the app in English at a German desk still write "1.234,5" (and the amount fields read it).
  if (preference === 'en' && system[0] !== undefined) return { catalogue: 'en', locale: sameLanguage ?? first };
  return { catalogue: preference, locale: sameLanguage ?? defaultLocaleOf(preference) };
}

function defaultLocaleOf(language: Language): string {
  switch (language) {
    case 'en':
      return 'en-US';
    case 'de':
      return 'de-DE';
    case 'tr':
      return 'tr-TR';
  }
}
