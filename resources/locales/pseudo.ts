import {
  isLiteralElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
  parse,
} from '@formatjs/icu-messageformat-parser';
import type { Catalogue, LoadedCatalogue, MessageId } from './catalogues';

/**
 * The pseudo-locale: every English text 40 % longer, its letters accented and the whole between ⟦ ⟧, so a
 * layout check sees at once a text that is cut (a missing ⟧), one that does not come from the catalogues (no
 * accents), and room for German and Turkish, which run longer than English. Arguments (amounts, addresses,
 * dates) stay as they are: they are not the catalogues' to lengthen.
 */
const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á',
  c: 'ç',
  e: 'é',
  i: 'í',
  n: 'ñ',
  o: 'ö',
  s: 'š',
  u: 'ü',
  y: 'ý',
  A: 'Å',
  C: 'Ç',
  E: 'É',
  I: 'Î',
  N: 'Ñ',
  O: 'Ö',
  S: 'Š',
  U: 'Ü',
  Y: 'Ý',
};

/** The share by which each text grows. */
export const PSEUDO_GROWTH = 0.4;

export function pseudoText(text: string): string {
  const accented = [...text].map((letter) => ACCENTED[letter] ?? letter).join('');
  return text.trim() === '' ? accented : `${accented}${'·'.repeat(Math.ceil(text.length * PSEUDO_GROWTH))}`;
}

function lengthen(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (isLiteralElement(element)) return { ...element, value: pseudoText(element.value) };
    if (isTagElement(element)) return { ...element, children: lengthen(element.children) };
    if (isPluralElement(element) || isSelectElement(element)) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [key, { ...option, value: lengthen(option.value) }]),
      );
      return { ...element, options };
    }
    return element;
  });
}

function bracketed(elements: MessageFormatElement[]): MessageFormatElement[] {
  const open = parse('⟦')[0];
  const close = parse('⟧')[0];
  return open && close ? [open, ...elements, close] : elements;
}

/** English, parsed, lengthened and bracketed; the formatter takes parsed messages as they are. */
export function pseudoCatalogue(english: Catalogue): LoadedCatalogue {
  const entries = Object.entries(english).map(([id, message]) => [id, bracketed(lengthen(parse(message)))]);
  return Object.fromEntries(entries) as Record<MessageId, MessageFormatElement[]>;
}
