import { afterEach, describe, expect, it } from 'vitest';
import { catalogueNow } from '../../../resources/locales/all-catalogues';
import { createFormatter } from '../../../resources/locales/formatter';
import { feeRateNames } from '../../../src-preload/contract/fee-rate-names';
import type { FeeRate } from '../../../src-preload/contract/send';
import { formatCrypto, formatUsd } from '../../../src-renderer/src/format/amounts';
import { setDisplayLocale } from '../../../src-renderer/src/format/display-locale';

/** A formatter in one language, with the renderer's amounts written in its locale too (as applyLanguage does). */
function inLanguage(catalogue: 'en' | 'de' | 'tr', locale: string) {
  setDisplayLocale(locale);
  return createFormatter(locale, catalogueNow(catalogue));
}

afterEach(() => setDisplayLocale('en-US'));

describe('send messages with counts and amounts, in every language', () => {
  it.each([
    ['en', 'en-US', 1, 'so USDT amounts take up to 1 decimal place: the most'],
    ['en', 'en-US', 8, 'so USDT amounts take up to 8 decimal places: the most'],
    ['de', 'de-DE', 1, 'daher haben USDT-Beträge höchstens 1 Nachkommastelle:'],
    ['de', 'de-DE', 8, 'daher haben USDT-Beträge höchstens 8 Nachkommastellen:'],
    ['tr', 'tr-TR', 8, 'USDT miktarları en fazla 8 ondalık basamak alır:'],
  ] as const)('%s: the decimal places of an unknown network (%s, %i)', (catalogue, locale, decimals, expected) => {
    const text = inLanguage(catalogue, locale).text('send.precision.service', {
      network: 'Z-Chain',
      code: 'USDT',
      decimals,
    });
    expect(text).toContain(expected);
  });

  it.each([
    ['en', 'en-US', 'send of 10,000.5 USDT to bc1qw5…f3t4'],
    ['de', 'de-DE', 'Sendevorgang von 10.000,5 USDT an bc1qw5…f3t4'],
    ['tr', 'tr-TR', 'bc1qw5…f3t4 adresine 10.000,5 USDT gönderme'],
  ] as const)('%s: an amount inside a sentence follows the language (%s)', (catalogue, locale, expected) => {
    const formatter = inLanguage(catalogue, locale);
    const amount = `${formatCrypto('10000.5', 'USDT')} USDT`;
    expect(formatter.text('send.unresolved.describe', { amount, address: 'bc1qw5…f3t4' })).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 'No USD price is known for BTC right now'],
    ['de', 'de-DE', 'Für BTC ist gerade kein USD-Kurs bekannt'],
    ['tr', 'tr-TR', 'Şu anda BTC için bilinen bir USD fiyatı yok'],
  ] as const)('%s: the USD figures of a send follow the language (%s)', (catalogue, locale, expected) => {
    const formatter = inLanguage(catalogue, locale);
    expect(formatter.text('send.form.noPrice', { code: 'BTC' })).toContain(expected);
    const fees = formatter.text('send.fees.sending', {
      amount: `${formatCrypto('0.5', 'BTC')} BTC`,
      usd: formatUsd('43210.5'),
      max: 'false',
    });
    expect(fees).toContain(formatUsd('43210.5'));
    expect(formatUsd('43210.5')).toMatch(catalogue === 'en' ? /43,210\.50/ : /43\.210,50/);
  });
});

describe('fee levels, named by their rate through the catalogues', () => {
  it.each([
    ['en', 'en-US', ['Low', 'Standard', 'High'], 'Fee (Low)'],
    ['de', 'de-DE', ['Niedrig', 'Standard', 'Hoch'], 'Gebühr (Niedrig)'],
    ['tr', 'tr-TR', ['Düşük', 'Standart', 'Yüksek'], 'Ücret (Düşük)'],
  ] as const)(
    '%s: the fee options and the review name the level in the language',
    (catalogue, locale, names, review) => {
      const formatter = inLanguage(catalogue, locale);
      const rates: readonly FeeRate[] = [0, 1, 2];
      expect(rates.map((rate) => formatter.text(feeRateNames[rate]))).toEqual(names);
      expect(formatter.text('send.review.fee', { label: formatter.text(feeRateNames[0]) })).toBe(review);
    },
  );
});
