import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { english } from '../../../resources/locales/catalogues';
import { createFormatter } from '../../../resources/locales/formatter';
import { resolveLanguage, textLanguageTag } from '../../../resources/locales/languages';
import { PSEUDO_GROWTH, pseudoCatalogue, pseudoText } from '../../../resources/locales/pseudo';

describe("the lang tag of the texts, for screen readers (the window's <html lang>, the sign-in page)", () => {
  it.each([
    ['en', ['de-DE'], 'en'],
    ['system', ['fr-FR', 'tr-TR'], 'tr'],
    ['system', ['de-CH', 'en-US'], 'de-CH'],
    ['de', ['en-US', 'de-AT'], 'de-AT'],
    ['tr', ['en-GB'], 'tr-TR'],
    ['pseudo', ['de-DE'], 'en'],
  ] as const)('%s on a system in %j is read out as %s', (preference, system, tag) => {
    expect(textLanguageTag(resolveLanguage(preference, system))).toBe(tag);
  });
});

describe('which language and locale a preference gives (languages.ts)', () => {
  it.each([
    ['system', ['de-CH', 'en-US'], 'de', 'de-CH'],
    ['system', ['fr-FR', 'tr-TR'], 'tr', 'fr-FR'],
    ['system', ['fr-FR'], 'en', 'fr-FR'],
    ['system', [], 'en', 'en-US'],
    ['system', ['not a locale!'], 'en', 'en-US'],
    ['de', ['en-US'], 'de', 'de-DE'],
    ['de', ['en-US', 'de-AT'], 'de', 'de-AT'],
    ['tr', ['en-GB'], 'tr', 'tr-TR'],
    ['en', ['de-DE'], 'en', 'de-DE'],
    ['en', [], 'en', 'en-US'],
    ['en', ['en-GB'], 'en', 'en-GB'],
    ['pseudo', ['de-DE'], 'pseudo', 'en-US'],
  ] as const)('%s on a system in %j reads %s, numbers in %s', (preference, system, catalogue, locale) => {
    expect(resolveLanguage(preference, system)).toEqual({ catalogue, locale });
  });
});

/**
 * Short values for every argument of a message (plurals 1, selects their `other` case, tags their text), so
 * the text around them is what is measured.
 */
function shortValues(elements: readonly MessageFormatElement[], values: Record<string, unknown> = {}) {
  for (const element of elements) {
    if (isTagElement(element)) {
      values[element.value] = (chunks: string[]) => chunks.join('');
      shortValues(element.children, values);
    } else if (isPluralElement(element) || isSelectElement(element)) {
      values[element.value] ??= isPluralElement(element) ? 1 : 'other';
      for (const option of Object.values(element.options)) shortValues(option.value, values);
    } else if ('value' in element && typeof element.value === 'string' && !isLiteralElement(element))
      values[element.value] ??= 'X';
  }
  return values;
}

describe('the pseudo-locale (pseudo.ts)', () => {
  it('lengthens every text by at least 40 %, accents it and brackets the whole message', () => {
    expect(pseudoText('Send')).toBe('Šéñd··');
    const pseudo = createFormatter('en-US', pseudoCatalogue(english));
    const plain = createFormatter('en-US', english);
    for (const id of Object.keys(english) as Array<keyof typeof english>) {
      const values = shortValues(parse(english[id]));
      const shown = pseudo.parts<string>(id, values).join('');
      const source = plain.parts<string>(id, values).join('');
      expect(shown.startsWith('⟦') && shown.endsWith('⟧'), id).toBe(true);
      expect(shown.length, id).toBeGreaterThanOrEqual(Math.floor(source.length * (1 + PSEUDO_GROWTH)));
      expect(shown, id).not.toBe(source);
    }
  });
});

describe('formatting with arguments (formatter.ts)', () => {
  it('writes numbers and dates inside a message in the locale of the language', () => {
    const message = '{count, plural, one {# wrong amount so far} other {# wrong amounts so far}}';
    const english = createFormatter('en-US', { 'x.y': message } as never);
    const german = createFormatter('de-DE', { 'x.y': message } as never);
    expect(english.text('x.y' as never, { count: 1 })).toBe('1 wrong amount so far');
    expect(english.text('x.y' as never, { count: 12345 })).toBe('12,345 wrong amounts so far');
    expect(german.text('x.y' as never, { count: 12345 })).toBe('12.345 wrong amounts so far');
  });
});
