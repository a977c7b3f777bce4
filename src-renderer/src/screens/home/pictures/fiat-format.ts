import { formatterFor } from '../../../format/display-locale';
import type { FiatCurrency } from './value-over-time';

type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];

export interface FiatFormats {
  /** An exact decimal amount, written in full in the user's locale. */
  readonly amount: (value: string) => string;
  /** An axis value, short ("€12K", "12.345 €" as the locale has it). */
  readonly tick: (value: number) => string;
}

export function fiatFormats(currency: FiatCurrency): FiatFormats {
  return formatterFor(`fiat-formats-${currency}`, (locale) => {
    const code = currency.toUpperCase();
    const full = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
    const short = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    return {
      amount: (value: string) => full.format(value as IntlDecimal),
      tick: (value: number) => short.format(value),
    };
  });
}
