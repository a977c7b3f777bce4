import { displayDecimals } from '../../../src-preload/contract/assets';

/**
 * How the tests expect amounts to read in the page's locale: USD as currency, crypto in the asset's
 * display precision, truncated (a balance is never shown as more than it is).
 */
export function expectedFormats(locale: string) {
  type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];
  const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  const signedUsd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' });
  return {
    usd: (value: string) => usd.format(value as IntlDecimal),
    signedUsd: (value: string) => signedUsd.format(value as IntlDecimal),
    crypto: (value: string, code: string) =>
      `${new Intl.NumberFormat(locale, { maximumFractionDigits: displayDecimals(code), roundingMode: 'trunc' }).format(value as IntlDecimal)} ${code}`,
  };
}
