import { formatCryptoAmount } from '../../../src-preload/contract/crypto-amount-format';
import { displayLocale, formatterFor } from './display-locale';

// The page's locale decides separators (amount fields read them back the same way, decimal-input.tsx);
// amounts stay exact because Intl formats the decimal text itself.
const usdFormat = (): Intl.NumberFormat =>
  formatterFor('usd', (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }));
const signedUsdFormat = (): Intl.NumberFormat =>
  formatterFor(
    'signed-usd',
    (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' }),
  );

type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];

/** "0.00012345" for BTC, "1,234.5" for USDT: the asset's precision, the user's locale, no float artefacts. */
export function formatCrypto(amount: string, code: string): string {
  return formatCryptoAmount(amount, code, displayLocale);
}

export function formatUsd(amount: string): string {
  return usdFormat().format(amount as IntlDecimal);
}

export function formatSignedUsd(amount: string): string {
  return signedUsdFormat().format(amount as IntlDecimal);
}

/** The colour word of a signed amount (a class name): negative, positive, or none for zero. */
export function signedTone(amount: string): 'negative' | 'positive' | '' {
  return amount.startsWith('-') ? 'negative' : /[1-9]/.test(amount) ? 'positive' : '';
}

export function formatCount(value: number): string {
  return formatterFor('count', (locale) => new Intl.NumberFormat(locale)).format(value);
}

const shareFormat = (): Intl.NumberFormat =>
  formatterFor('share', (locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }));

/** A fraction (exact decimal text, 0..1) as a percentage in the user's locale: "12.5%", "12,5 %". */
export function formatShare(fraction: string): string {
  return shareFormat().format(fraction as IntlDecimal);
}

/** An amount with its asset code as plain text, for labels and messages. */
export type AmountText = (value: string, code: string) => string;

/** "0,0009 BTC" as the amount components show it, or "••••• BTC" in privacy mode. */
export function amountTextFor(privacy: boolean): AmountText {
  return (value, code) => (privacy ? `••••• ${code}` : `${formatCrypto(value, code)} ${code}`);
}
