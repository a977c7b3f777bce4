import { describe, expect, it } from 'vitest';
import { catalogueNow } from '../../../resources/locales/all-catalogues';
import { createFormatter } from '../../../resources/locales/formatter';

function inLanguage(catalogue: 'en' | 'de' | 'tr', locale: string) {
  return createFormatter(locale, catalogueNow(catalogue));
}

describe('Settings messages with counts, in every language', () => {
  it.each([
    ['en', 'en-US', 1, 'Nothing was saved: Wallet Desk still locks after 1 idle minute.'],
    ['en', 'en-US', 15, 'Nothing was saved: Wallet Desk still locks after 15 idle minutes.'],
    ['de', 'de-DE', 1, 'Nichts wurde gespeichert: Wallet Desk sperrt weiterhin nach 1 Minute Inaktivität.'],
    ['de', 'de-DE', 15, 'Nichts wurde gespeichert: Wallet Desk sperrt weiterhin nach 15 Minuten Inaktivität.'],
    ['tr', 'tr-TR', 15, 'Hiçbir şey kaydedilmedi: Wallet Desk hâlâ 15 dakikalık hareketsizlikten sonra kilitleniyor.'],
  ] as const)('%s: the idle-lock time kept (%s, %i min)', (catalogue, locale, minutes, expected) => {
    expect(inLanguage(catalogue, locale).text('settings.idleLock.notSaved', { minutes })).toBe(expected);
  });

  // The bounds are minutes a person types, so they are written without a thousands separator in every language.
  it.each([
    ['en', 'en-US', 'Enter a whole number of minutes from 1 to 1440 (24 hours).'],
    ['de', 'de-DE', 'Geben Sie eine ganze Zahl von Minuten zwischen 1 und 1440 (24 Stunden) ein.'],
    ['tr', 'tr-TR', '1 ile 1440 (24 saat) arasında tam sayı olarak dakika girin.'],
  ] as const)('%s: the idle-lock range (%s)', (catalogue, locale, expected) => {
    expect(inLanguage(catalogue, locale).text('settings.idleLock.hint', { min: 1, max: 1440 })).toBe(expected);
  });
});

describe('Settings › Updates writes its download share as the language does', () => {
  it.each([
    ['en', 'en-US', '40%'],
    ['de', 'de-DE', '40\u00a0%'],
    ['tr', 'tr-TR', '%40'],
  ] as const)('%s (%s)', (catalogue, locale, expected) => {
    expect(inLanguage(catalogue, locale).text('updates.percent', { share: 0.4 })).toBe(expected);
  });
});
