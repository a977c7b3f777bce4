import { displayDecimals } from './asset-table';

// Plain helper, no zod: the renderer's amounts and main's deposit notices write an amount the same way.
const formats = new Map<string, Intl.NumberFormat>();

type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];

/**
 * "0.00012345" for BTC in en-US, "1.234,5" for USDT in de-DE: the asset's precision, the locale's marks.
 * Intl formats the decimal text itself, so no float artefact appears; digits beyond the precision are cut
 * rather than rounded, so an amount is never shown as more than it is.
 */
export function formatCryptoAmount(amount: string, code: string, locale: string): string {
  const decimals = displayDecimals(code);
  const key = `${locale}|${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: decimals, roundingMode: 'trunc' });
    formats.set(key, format);
  }
  return format.format(amount as IntlDecimal);
}
