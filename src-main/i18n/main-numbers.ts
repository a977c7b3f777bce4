import { textLocale } from './main-text';

const formats = new Map<string, Intl.NumberFormat>();

type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];

/**
 * An exact decimal ("10000.5") as the user's language writes it inside a sentence ("10.000,5" in German),
 * every digit kept (assets have at most 18 decimals; Intl writes up to 20): a refusal names the amount as
 * it is, never rounded. Intl formats the decimal text itself, so no float artefact appears.
 */
export function localeDecimal(text: string): string {
  const locale = textLocale();
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
    formats.set(locale, format);
  }
  return format.format(text as IntlDecimal);
}
