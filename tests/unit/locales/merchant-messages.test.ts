import { afterEach, describe, expect, it } from 'vitest';
import { catalogueNow } from '../../../resources/locales/all-catalogues';
import { createFormatter } from '../../../resources/locales/formatter';
import { setDisplayLocale } from '../../../src-renderer/src/format/display-locale';

/** A formatter in one language, with the renderer's amounts written in its locale too (as applyLanguage does). */
function inLanguage(catalogue: 'en' | 'de' | 'tr', locale: string) {
  setDisplayLocale(locale);
  return createFormatter(locale, catalogueNow(catalogue));
}

afterEach(() => setDisplayLocale('en-US'));

describe('merchant messages with counts, in every language', () => {
  it.each([
    ['en', 'en-US', 1, 'One wrong amount so far.'],
    ['en', 'en-US', 3, '3 wrong amounts so far.'],
    ['de', 'de-DE', 1, 'Bisher ein falscher Betrag.'],
    ['de', 'de-DE', 1200, 'Bisher 1.200 falsche Beträge.'],
    ['tr', 'tr-TR', 1, 'Şimdiye kadar bir yanlış miktar.'],
    ['tr', 'tr-TR', 1200, 'Şimdiye kadar 1.200 yanlış miktar.'],
  ] as const)('%s: wrong amounts of a verification (%s, %i)', (catalogue, locale, count, expected) => {
    expect(inLanguage(catalogue, locale).text('merchant.verify.wrongAttempts', { count })).toBe(expected);
  });

  it.each([
    ['en', 'en-US', ['DOGE'], 'this account has no wallet of that asset, so the app has no price for it.'],
    ['en', 'en-US', ['DOGE', 'XRP'], 'this account has no wallet of those assets, so the app has no price for them.'],
    ['de', 'de-DE', ['DOGE'], 'Dieses Konto hat kein Wallet dieses Assets, daher kennt die App keinen Kurs dafür.'],
    [
      'de',
      'de-DE',
      ['DOGE', 'XRP'],
      'Dieses Konto hat keine Wallets dieser Assets, daher kennt die App keine Kurse dafür.',
    ],
    ['tr', 'tr-TR', ['DOGE'], 'uygulama onun fiyatını bilmiyor.'],
    ['tr', 'tr-TR', ['DOGE', 'XRP'], 'uygulama onların fiyatını bilmiyor.'],
  ] as const)('%s: the total that leaves assets out (%s, %j)', (catalogue, locale, codes, expected) => {
    const text = inLanguage(catalogue, locale).text('merchant.balances.unpriced', {
      count: codes.length,
      codes: codes.join(', '),
    });
    expect(text).toContain(codes.join(', '));
    expect(text.endsWith(expected)).toBe(true);
  });

  it.each([
    ['en', 'available', 'Keys saved. The secret key is stored in the OS keychain and cannot be shown again.'],
    [
      'en',
      'unavailable',
      'Keys saved. The secret key is kept in memory for this run only (no usable OS keychain) and cannot be shown again.',
    ],
    [
      'de',
      'unavailable',
      'Schlüssel gespeichert. Der geheime Schlüssel wird nur für diese Sitzung im Arbeitsspeicher gehalten (kein nutzbarer Schlüsselbund) und kann nicht mehr angezeigt werden.',
    ],
  ] as const)('%s: saved keys say where the secret is (%s)', (catalogue, keychain, expected) => {
    expect(inLanguage(catalogue, 'en-US').text('merchant.keys.saved', { keychain })).toBe(expected);
  });
});
