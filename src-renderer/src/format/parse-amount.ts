import { LARGEST_WHOLE_AMOUNT } from '../../../src-preload/contract/amount-limits';
import { t } from '../i18n/text';
import { numberSymbols, type NumberSymbols } from './number-symbols';

/**
 * What a typed or pasted amount means in the display locale: nothing yet, exact decimal text ("1000.50",
 * never a float), or a refusal in words. Anything that two readings could give different amounts to is
 * refused rather than guessed: "1,5" in en-US (a comma groups thousands there) and "1.5" in fr-FR (whose
 * decimal mark is the comma) both are.
 */
export type ParsedAmount =
  | { readonly kind: 'empty' }
  | { readonly kind: 'amount'; readonly value: string }
  | { readonly kind: 'invalid'; readonly message: string };

const SEPARATOR_LOOKALIKES = new Set(['.', ',', '٫', '٬']);
const MINUS_SIGNS = new Set(['-', '\u2212', '\u2012', '\u2013']);

function nameOf(character: string): string {
  return /\s/u.test(character) ? t('money.parse.space') : t('money.parse.quoted', { character });
}

/** The locale's separators, as the refusals name them. */
function ruleValues(symbols: NumberSymbols): { group: string; decimal: string; example: string } {
  return { group: nameOf(symbols.group), decimal: nameOf(symbols.decimal), example: symbols.example };
}

function ambiguous(original: string, symbols: NumberSymbols): ParsedAmount {
  const id = symbols.group === '' ? 'money.parse.ambiguousUngrouped' : 'money.parse.ambiguousGrouped';
  return invalid(t(id, { text: original, ...ruleValues(symbols) }));
}

/** A character that is neither a digit nor one of the locale's separators. */
function strange(character: string, symbols: NumberSymbols): ParsedAmount {
  const id = symbols.group === '' ? 'money.parse.strangeUngrouped' : 'money.parse.strangeGrouped';
  return invalid(t(id, { character: nameOf(character), ...ruleValues(symbols) }));
}

function invalid(message: string): ParsedAmount {
  return { kind: 'invalid', message };
}

/** The ways the field's unit may be written beside the number: its code, and a currency's symbol. */
function unitSpellings(unit: string, locale: string): string[] {
  const spellings = [unit];
  if (/^[A-Z]{3}$/.test(unit)) {
    const symbol = new Intl.NumberFormat(locale, { style: 'currency', currency: unit })
      .formatToParts(1)
      .find((part) => part.type === 'currency')?.value;
    if (symbol && symbol !== unit) spellings.push(symbol);
  }
  return spellings.sort((a, b) => b.length - a.length);
}

/** Takes the unit off either end, as the app writes it ("1,234.5 USDT", "$1,234.56", "1.234,56 $"). */
function withoutUnit(text: string, unit: string | undefined, locale: string): string {
  if (!unit) return text;
  const lower = text.toLowerCase();
  for (const spelling of unitSpellings(unit, locale)) {
    const token = spelling.toLowerCase();
    if (lower.endsWith(token)) return text.slice(0, text.length - token.length).trim();
    if (lower.startsWith(token)) return text.slice(token.length).trim();
  }
  return text;
}

type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];

/** Whole digits past the largest amount: said as too large, since fewer decimal places would not help. */
function tooLarge(integer: string): boolean {
  return (
    integer.length > LARGEST_WHOLE_AMOUNT.length ||
    (integer.length === LARGEST_WHOLE_AMOUNT.length && integer > LARGEST_WHOLE_AMOUNT)
  );
}

function tooLargeWords(locale: string): string {
  const largest = new Intl.NumberFormat(locale).format(LARGEST_WHOLE_AMOUNT as IntlDecimal);
  return t('money.parse.tooLarge', { largest });
}

/** A unit other than the field's ("5 BTC" in a USDT field), or letters that belong to no amount ("1e5"). */
function letters(number: string, unit: string | undefined): ParsedAmount {
  const edge = /\p{L}[\p{L}\p{N}-]*$/u.exec(number)?.[0] ?? /^\p{L}[\p{L}\p{N}-]*/u.exec(number)?.[0];
  if (unit && edge && /^\p{L}{2}/u.test(edge)) return invalid(t('money.parse.otherUnit', { unit, other: edge }));
  return invalid(t('money.parse.letters', { text: /\p{L}+/u.exec(number)?.[0] ?? number }));
}

/** The locale's grouping, e.g. 1,234,567 (3 and 3) or 12,34,567 (3 then 2): anything else is a misreading. */
function groupsFit(groups: readonly string[], symbols: NumberSymbols): boolean {
  const last = groups.length - 1;
  return groups.every((group, index) => {
    if (index === last) return group.length === symbols.primaryGroup;
    if (index === 0) return group.length >= 1 && group.length <= symbols.secondaryGroup;
    return group.length === symbols.secondaryGroup;
  });
}

export function parseAmount(text: string, locale: string, unit?: string): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const symbols = numberSymbols(locale);
  const number = withoutUnit(trimmed, unit, locale);
  if (number === '') return invalid(t('money.parse.onlyUnit'));
  if (MINUS_SIGNS.has(number[0] ?? '')) return invalid(t('money.parse.negative'));

  if (/\p{L}/u.test(number)) return letters(number, unit);

  // One letter per character: d digit, D decimal mark, G grouping separator.
  let digits = '';
  let shape = '';
  for (const character of number) {
    const digit = /^[0-9]$/.test(character) ? character : symbols.digits.get(character);
    if (digit !== undefined) {
      digits += digit;
      shape += 'd';
    } else if (character === symbols.decimal) {
      shape += 'D';
    } else if (symbols.groupAliases.has(character)) {
      shape += 'G';
    } else if (SEPARATOR_LOOKALIKES.has(character)) {
      return ambiguous(trimmed, symbols);
    } else {
      return strange(character, symbols);
    }
  }

  const [integerShape = '', fractionShape = '', ...more] = shape.split('D');
  if (more.length > 0) return invalid(t('money.parse.oneDecimal', { decimal: nameOf(symbols.decimal) }));
  if (fractionShape.includes('G')) return ambiguous(trimmed, symbols);
  if (integerShape.includes('G') && !groupsFit(integerShape.split('G'), symbols)) return ambiguous(trimmed, symbols);
  if (!digits) return invalid(t('money.parse.digits'));

  const integerDigits = digits.slice(0, integerShape.replaceAll('G', '').length);
  const fractionDigits = digits.slice(integerDigits.length);
  const integer = integerDigits.replace(/^0+(?=\d)/, '') || '0';
  if (tooLarge(integer)) return invalid(tooLargeWords(locale));
  return { kind: 'amount', value: fractionDigits ? `${integer}.${fractionDigits}` : integer };
}
