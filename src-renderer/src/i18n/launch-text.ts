import { type LanguagePreference, resolveLanguage, textLanguageTag } from '../../../resources/locales/languages';
import { browserLocales, setDisplayLocale } from '../format/display-locale';
import { launchCatalogues } from './launch-catalogues';
import type { LaunchCatalogue, LaunchElement, LaunchMessageId } from './launch-messages';

export type { LaunchMessageId };

/**
 * The launch paint's words, without FormatJS: its few messages come parsed from the build (launch-catalogues.ts)
 * and are written here as FormatJS writes them (text, arguments, selects, tags; launch-messages.ts keeps out
 * anything else), so the first script neither loads the app's formatter nor parses a message. The app's
 * text.ts takes over with the full catalogues when React is loaded.
 */

type Part<T> = string | T;

/** Adjacent texts as one string, as FormatJS hands its parts over. */
function merged<T>(parts: ReadonlyArray<Part<T>>): Array<Part<T>> {
  const out: Array<Part<T>> = [];
  for (const part of parts) {
    const last = out.length - 1;
    if (typeof part === 'string' && typeof out[last] === 'string') out[last] = `${out[last] as string}${part}`;
    else out.push(part);
  }
  return out;
}

function argumentParts<T>(value: unknown): Array<Part<T>> {
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  // FormatJS writes a missing or empty value as nothing, and hands any other object on as a part.
  return value === undefined || value === null || value === false || value === '' ? [''] : [value as T];
}

function elementParts<T>(element: LaunchElement, values: Readonly<Record<string, unknown>>): Array<Part<T>> {
  switch (element.type) {
    case 0:
      return [element.value];
    case 1:
      return argumentParts<T>(values[element.value]);
    case 5: {
      const option = element.options[String(values[element.value])] ?? element.options.other;
      return option ? formatParts<T>(option.value, values) : [];
    }
    case 8: {
      const tag = values[element.value];
      if (typeof tag !== 'function') throw new Error(`The launch message needs a function for <${element.value}>.`);
      const chunks: unknown = tag(formatParts<T>(element.children, values));
      return (Array.isArray(chunks) ? chunks : [chunks]) as Array<Part<T>>;
    }
  }
}

function formatParts<T>(elements: readonly LaunchElement[], values: Readonly<Record<string, unknown>>): Array<Part<T>> {
  return merged(elements.flatMap((element) => elementParts<T>(element, values)));
}

// English until the preferences say which language (the paint waits for them).
let messages: LaunchCatalogue = launchCatalogues.en;

/** A launch message in the window's language, its tags made into whatever `values` makes of them. */
export function launchParts<T>(id: LaunchMessageId, values: Readonly<Record<string, unknown>> = {}): Array<Part<T>> {
  return formatParts<T>(messages[id], values);
}

/** A launch message in the window's language, as text. */
export function launchText(id: LaunchMessageId, values: Readonly<Record<string, unknown>> = {}): string {
  return launchParts<never>(id, values).join('');
}

/**
 * Puts the launch paint in the preferred language, as text.ts's applyLanguage puts the app: the same
 * resolution, numbers and dates in its locale. Every language's launch messages are at hand, so nothing is
 * awaited. Returns the page's `lang` for it; main, which builds the same view (src-main/shell/launch-view.ts),
 * hands over the system's locales as the window has them.
 */
export function applyLaunchLanguage(
  preference: LanguagePreference,
  systemLocales: readonly string[] = browserLocales(),
): string {
  const resolved = resolveLanguage(preference, systemLocales.length > 0 ? systemLocales : ['en-US']);
  messages = launchCatalogues[resolved.catalogue];
  setDisplayLocale(resolved.locale);
  return textLanguageTag(resolved);
}
