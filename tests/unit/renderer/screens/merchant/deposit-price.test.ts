import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayLocale } from '../../../../../src-renderer/src/format/display-locale';
import { depositPriceText } from '../../../../../src-renderer/src/screens/merchant/deposit-price';

afterEach(() => setDisplayLocale('en-US'));

/** The service's figures for a deposit, as its answer carries them: exact decimal text. */
const prices = [
  { currency: 'USD', amount: '10000.5' },
  { currency: 'TRY', amount: '344217.123456' },
  { currency: 'JPY', amount: '1563000' },
];

describe('depositPriceText: what the service values a new deposit at, in the user’s locale', () => {
  it.each([
    ['en-US', '10,000.5 USD · 344,217.123456 TRY · 1,563,000 JPY'],
    ['de-DE', '10.000,5 USD · 344.217,123456 TRY · 1.563.000 JPY'],
    ['tr-TR', '10.000,5 USD · 344.217,123456 TRY · 1.563.000 JPY'],
  ])('%s: grouped and with the decimal mark of the locale, every digit kept', (locale, expected) => {
    setDisplayLocale(locale);
    expect(depositPriceText(prices, false)).toBe(expected);
  });

  it('keeps trailing zeros the service sent and writes a single figure without a separator', () => {
    setDisplayLocale('de-DE');
    expect(depositPriceText([{ currency: 'EUR', amount: '67.630' }], false)).toBe('67,630 EUR');
  });

  it('masks every figure in privacy mode and keeps the currencies', () => {
    setDisplayLocale('tr-TR');
    expect(depositPriceText(prices, true)).toBe('••••• USD · ••••• TRY · ••••• JPY');
  });
});
