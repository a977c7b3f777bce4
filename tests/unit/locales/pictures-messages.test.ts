import { describe, expect, it } from 'vitest';
import { catalogueNow } from '../../../resources/locales/all-catalogues';
import { createFormatter } from '../../../resources/locales/formatter';

function inLanguage(catalogue: 'en' | 'de' | 'tr', locale: string) {
  return createFormatter(locale, catalogueNow(catalogue));
}

describe('Home picture messages with counts and currencies, in every language', () => {
  it.each([
    ['en', 'en-US', 'eur', 30, 'Portfolio value in euros, last 30 days'],
    ['en', 'en-US', 'usd', 1, 'Portfolio value in US dollars, last 1 day'],
    ['de', 'de-DE', 'eur', 30, 'Portfoliowert in Euro, letzte 30 Tage'],
    ['de', 'de-DE', 'try', 1, 'Portfoliowert in Türkische Lira, letzter 1 Tag'],
    ['tr', 'tr-TR', 'jpy', 365, 'Japon yeni cinsinden portföy değeri, son 365 gün'],
  ] as const)(
    '%s: the value picture names its currency and range (%s, %s, %i)',
    (catalogue, locale, currency, days, expected) => {
      expect(inLanguage(catalogue, locale).text('pictures.value.title', { currency, days })).toBe(expected);
    },
  );

  it.each([
    ['en', 'en-US', 'Only the newest 10,000 records were read, so Nov 3, 2026 and the days before it are not drawn.'],
    [
      'de',
      'de-DE',
      'Nur die neuesten 10.000 Einträge wurden gelesen, daher werden der Nov 3, 2026 und die Tage davor nicht gezeichnet.',
    ],
    ['tr', 'tr-TR', 'Yalnızca en yeni 10.000 kayıt okundu, bu nedenle Nov 3, 2026 ve önceki günler çizilmedi.'],
  ] as const)('%s: the count of records read is written as the language does (%s)', (catalogue, locale, expected) => {
    const text = inLanguage(catalogue, locale).text('pictures.missing.capped', { records: 10000, day: 'Nov 3, 2026' });
    expect(text).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 7, 'Deposits and withdrawals per day, last 7 days'],
    ['de', 'de-DE', 7, 'Einzahlungen und Auszahlungen pro Tag, letzte 7 Tage'],
    ['tr', 'tr-TR', 90, 'Günlük para yatırma ve çekmeler, son 90 gün'],
  ] as const)('%s: the flows picture names its range (%s, %i)', (catalogue, locale, days, expected) => {
    expect(inLanguage(catalogue, locale).text('pictures.flows.title', { days })).toBe(expected);
  });
});
