import { afterEach, describe, expect, it } from 'vitest';
import { catalogueNow } from '../../../resources/locales/all-catalogues';
import { createFormatter } from '../../../resources/locales/formatter';
import { formatCrypto } from '../../../src-renderer/src/format/amounts';
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
    ['tr', 'tr-TR', 1, 'Şimdiye kadar bir kez yanlış miktar girildi.'],
    ['tr', 'tr-TR', 1200, 'Şimdiye kadar 1.200 kez yanlış miktar girildi.'],
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

describe('withdrawal messages with counts and amounts, in every language', () => {
  it.each([
    [
      'en',
      'en-US',
      'Found in your account history: the withdrawal of 10,000.5 USDT (merchant transaction id INV-7) went through.',
    ],
    [
      'de',
      'de-DE',
      'In Ihrem Kontoverlauf gefunden: Die Auszahlung von 10.000,5 USDT (Händler-Transaktions-ID INV-7) wurde ausgeführt.',
    ],
    [
      'tr',
      'tr-TR',
      'Hesap geçmişinizde bulundu: 10.000,5 USDT tutarındaki para çekme işlemi (işletme işlem kimliği INV-7) gerçekleşti.',
    ],
  ] as const)('%s: a status check names the amount as the language writes it (%s)', (catalogue, locale, expected) => {
    const formatter = inLanguage(catalogue, locale);
    const amount = `${formatCrypto('10000.5', 'USDT')} USDT`;
    expect(formatter.text('withdraw.checked.succeeded', { amount, id: 'INV-7' })).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 1, 'Close this withdrawal?'],
    ['en', 'en-US', 12, 'Close 12 withdrawals?'],
    ['de', 'de-DE', 1, 'Diese Auszahlung schließen?'],
    ['de', 'de-DE', 1500, '1.500 Auszahlungen schließen?'],
    ['tr', 'tr-TR', 1, 'Bu para çekme işlemi kapatılsın mı?'],
    ['tr', 'tr-TR', 1500, '1.500 para çekme işlemi kapatılsın mı?'],
  ] as const)('%s: closing unsettled withdrawals (%s, %i)', (catalogue, locale, count, expected) => {
    expect(inLanguage(catalogue, locale).text('money.unresolved.confirmTitle', { kind: 'withdraw', count })).toBe(
      expected,
    );
  });

  it.each([
    ['en', 1, 'An earlier withdrawal may already have gone through: LIST. A new withdrawal could pay twice.'],
    ['en', 2, 'Earlier withdrawals may already have gone through: LIST. A new withdrawal could pay twice.'],
    [
      'de',
      1,
      'Eine frühere Auszahlung ist möglicherweise bereits ausgeführt worden: LIST. Eine neue Auszahlung könnte doppelt zahlen.',
    ],
    [
      'de',
      2,
      'Frühere Auszahlungen sind möglicherweise bereits ausgeführt worden: LIST. Eine neue Auszahlung könnte doppelt zahlen.',
    ],
    [
      'tr',
      2,
      'Daha önceki para çekme işlemleri gerçekleşmiş olabilir: LIST. Yeni bir para çekme iki kez ödeme yapabilir.',
    ],
  ] as const)('%s: the warning above a new withdrawal (%i)', (catalogue, count, expected) => {
    expect(inLanguage(catalogue, 'en-US').text('withdraw.unsettled.warning', { count, list: 'LIST' })).toBe(expected);
  });

  it.each([
    ['en', 'new', 1, 'I understand the earlier withdrawal of W may have gone through: start a new one anyway'],
    ['en', 'send', 2, 'I understand the earlier withdrawals of W may have gone through: send this one anyway'],
    [
      'de',
      'send',
      1,
      'Mir ist bewusst, dass die frühere Auszahlung von W ausgeführt worden sein kann: diese trotzdem senden',
    ],
    [
      'tr',
      'new',
      2,
      'Önceki para çekme işlemlerinin (W) gerçekleşmiş olabileceğini anlıyorum: yine de yenisini başlat',
    ],
  ] as const)('%s: the acknowledgement says what it allows (%s, %i)', (catalogue, action, count, expected) => {
    expect(inLanguage(catalogue, 'en-US').text('withdraw.unsettled.acknowledge', { count, which: 'W', action })).toBe(
      expected,
    );
  });
});
