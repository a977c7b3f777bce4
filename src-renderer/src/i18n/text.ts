import type { MessageId } from '../../../resources/locales/catalogues';
import { english, loadCatalogue } from '../../../resources/locales/catalogues';
import { createFormatter, type Formatter, type MessageValues } from '../../../resources/locales/formatter';
import {
  type LanguagePreference,
  resolveLanguage,
  textLanguageTag,
  usableLocale,
} from '../../../resources/locales/languages';
import { setDisplayLocale } from '../format/display-locale';

export type { MessageId, MessageValues };

/**
 * The window's language, without React: stores write their messages with it (the launch paint, before this
 * module is loaded, writes with launch-text.ts), and components read it through useText (use-text.ts), which redraws them when it
 * changes.
 */
const systemLocales = (): readonly string[] => {
  // A page without navigator.languages (a test's stand-in) still has navigator.language.
  const listed = typeof navigator === 'undefined' ? undefined : navigator.languages;
  if (listed && listed.length > 0) return listed;
  return [(typeof navigator === 'undefined' ? undefined : navigator.language) || 'en-US'];
};

// English, with the system's numbers, until the preferences say which language: the first frame waits for
// them, so no one reads a text that then changes language.
const startLocale = usableLocale(systemLocales()[0]) ?? 'en-US';
let formatter: Formatter = createFormatter(startLocale, english);
let applied: { preference: LanguagePreference; locale: string } | null = null;
/** The numbers' locale and the page's `lang` that go with the formatter's words. */
let shown = { locale: startLocale, lang: textLanguageTag({ catalogue: 'en', locale: startLocale }) };
let version = 0;
/** The latest switch asked for: a slower catalogue that arrives after a later choice is not applied. */
let requested = 0;
const listeners = new Set<() => void>();

/** A message from the catalogues in the window's language. */
export function t(id: MessageId, values?: MessageValues): string {
  return formatter.text(id, values);
}

/** A message with tags, each made into a node by `values` (a DOM element, a React element). */
export function tParts<T>(id: MessageId, values: Readonly<Record<string, unknown>>): Array<string | T> {
  return formatter.parts<T>(id, values);
}

/** Changes each time the language does; for useSyncExternalStore. */
export function textVersion(): number {
  return version;
}

export function onTextChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Switches the window to the preferred language once its catalogue is loaded: texts, numbers and dates change
 * together, in one redraw, and nothing typed into a form is lost (components redraw, they are not replaced).
 * A catalogue that cannot load leaves the language as it was, numbers and `lang` too (the promise rejects). English is applied without
 * waiting a turn.
 */
export async function applyLanguage(preference: LanguagePreference): Promise<'unchanged' | 'at-hand' | 'loaded'> {
  const resolved = resolveLanguage(preference, systemLocales());
  const mine = ++requested;
  if (applied?.preference === preference && applied.locale === resolved.locale) return 'unchanged';
  let messages: Awaited<ReturnType<typeof loadCatalogue>>;
  try {
    messages = resolved.catalogue === 'en' ? english : await loadCatalogue(resolved.catalogue);
  } catch (error) {
    // The launch paint (launch-text.ts) may already have put numbers and `lang` in this language: words in
    // one language under another's numbers and `lang` would be read (and spoken) wrongly.
    if (mine === requested) showFormatterLanguage();
    throw error;
  }
  if (mine !== requested) return 'unchanged';
  applied = { preference, locale: resolved.locale };
  formatter = createFormatter(resolved.locale, messages);
  shown = { locale: resolved.locale, lang: textLanguageTag(resolved) };
  showFormatterLanguage();
  version += 1;
  listeners.forEach((listener) => listener());
  return resolved.catalogue === 'en' ? 'at-hand' : 'loaded';
}

/** Numbers, dates and the page's `lang` in the language the formatter writes its words in. */
function showFormatterLanguage(): void {
  setDisplayLocale(shown.locale);
  if (typeof document !== 'undefined') document.documentElement.lang = shown.lang;
}
