import { textLocale } from '../../i18n/main-text';

const formats = new Map<string, Intl.NumberFormat>();

type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];

/**
 * An amount inside a sentence main writes: every digit the service gave (a refusal must not round what a
 * wallet holds), with the decimal mark of the user's language, so "67.63322711" reads as 67,63322711 at a
 * German desk rather than as about 6.7 billion. No grouping: English reads exactly as the service wrote it.
 */
export function amountWords(amount: string): string {
  const locale = textLocale();
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20, useGrouping: false, roundingMode: 'trunc' });
    formats.set(locale, format);
  }
  return format.format(amount as IntlDecimal);
}
