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

describe('payout messages with counts and amounts, in every language', () => {
  it.each([
    ['en', 'en-US', 1, 'One problem was found. Fix it in the file and check it again.'],
    ['en', 'en-US', 3, '3 problems were found. Fix them in the file and check it again.'],
    ['de', 'de-DE', 1, 'Ein Problem wurde gefunden. Beheben Sie es in der Datei und prüfen Sie sie erneut.'],
    ['de', 'de-DE', 3, '3 Probleme wurden gefunden. Beheben Sie sie in der Datei und prüfen Sie sie erneut.'],
    ['tr', 'tr-TR', 3, '3 sorun bulundu. Sorunları dosyada düzeltip dosyayı yeniden denetleyin.'],
  ] as const)('%s: the problems a check found (%s, %i)', (catalogue, locale, count, expected) => {
    expect(inLanguage(catalogue, locale).text('payouts.batch.problems', { count })).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 1, 'Each row needs a code of its own: the next code period starts in 1 second.'],
    ['en', 'en-US', 25, 'Each row needs a code of its own: the next code period starts in 25 seconds.'],
    ['de', 'de-DE', 1, 'Jede Zeile braucht ihren eigenen Code: Der nächste Code-Zeitraum beginnt in 1 Sekunde.'],
    ['de', 'de-DE', 25, 'Jede Zeile braucht ihren eigenen Code: Der nächste Code-Zeitraum beginnt in 25 Sekunden.'],
    ['tr', 'tr-TR', 25, 'Her satırın kendi kodu gerekir: sonraki kod süresi 25 saniye içinde başlıyor.'],
  ] as const)('%s: the wait for the next code (%s, %i s)', (catalogue, locale, seconds, expected) => {
    expect(inLanguage(catalogue, locale).text('payouts.pay.wait', { seconds })).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 'Next: line 1200, 10,000.5 USDT to TXa1.'],
    ['de', 'de-DE', 'Als Nächstes: Zeile 1200, 10.000,5 USDT an TXa1.'],
    ['tr', 'tr-TR', 'Sıradaki: 1200. satır, 10.000,5 USDT, alıcı TXa1.'],
  ] as const)('%s: the next row writes its amount as the language does (%s)', (catalogue, locale, expected) => {
    const formatter = inLanguage(catalogue, locale);
    const text = formatter.text('payouts.pay.next', {
      line: 1200,
      amount: formatCrypto('10000.5', 'USDT'),
      code: 'USDT',
      address: 'TXa1',
    });
    expect(text).toBe(expected);
  });
});
