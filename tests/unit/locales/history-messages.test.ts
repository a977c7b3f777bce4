import { describe, expect, it } from 'vitest';
import { catalogueNow } from '../../../resources/locales/all-catalogues';
import { createFormatter } from '../../../resources/locales/formatter';

const inLanguage = (catalogue: 'en' | 'de' | 'tr', locale: string) => createFormatter(locale, catalogueNow(catalogue));

describe('history messages with counts, in every language', () => {
  it.each([
    ['en', 'en-US', 1, 'Page 1 of 1 · 1 transaction'],
    ['en', 'en-US', 20000, 'Page 1 of 1 · 20,000 transactions'],
    ['de', 'de-DE', 1, 'Seite 1 von 1 · 1 Transaktion'],
    ['de', 'de-DE', 20000, 'Seite 1 von 1 · 20.000 Transaktionen'],
    ['tr', 'tr-TR', 20000, 'Sayfa 1 / 1 · 20.000 işlem'],
  ] as const)('%s: the page line counts transactions (%s, %i)', (catalogue, locale, count, expected) => {
    expect(inLanguage(catalogue, locale).text('history.pages.status', { page: 1, last: 1, count })).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 1, 'Export finished: 1 transaction.'],
    ['en', 'en-US', 20000, 'Export finished: 20,000 transactions.'],
    ['de', 'de-DE', 1, 'Export abgeschlossen: 1 Transaktion.'],
    ['de', 'de-DE', 20000, 'Export abgeschlossen: 20.000 Transaktionen.'],
    ['tr', 'tr-TR', 20000, 'Dışa aktarma tamamlandı: 20.000 işlem.'],
  ] as const)('%s: a finished export counts its rows (%s, %i)', (catalogue, locale, written, expected) => {
    expect(inLanguage(catalogue, locale).text('history.export.finished', { written })).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 1, 'There is only 1 page; showing page 1.'],
    ['en', 'en-US', 1200, 'There are only 1,200 pages; showing page 1,200.'],
    ['de', 'de-DE', 1200, 'Es gibt nur 1.200 Seiten; Seite 1.200 wird angezeigt.'],
    ['tr', 'tr-TR', 1200, 'Yalnızca 1.200 sayfa var; 1.200. sayfa gösteriliyor.'],
  ] as const)('%s: a page number past the end is clamped in words (%s, %i)', (catalogue, locale, pages, expected) => {
    expect(inLanguage(catalogue, locale).text('history.pages.onlyThese', { pages })).toBe(expected);
  });

  it.each([
    ['en', 'Imported: 1 label added, 0 labels replaced.'],
    ['de', 'Importiert: 1 Notiz hinzugefügt, 0 Notizen ersetzt.'],
    ['tr', 'İçe aktarıldı: 1 etiket eklendi, 0 etiket değiştirildi.'],
  ] as const)('%s: a label import counts what it added and replaced', (catalogue, expected) => {
    expect(inLanguage(catalogue, 'en-US').text('history.labels.imported', { added: 1, replaced: 0 })).toBe(expected);
  });

  it.each([
    ['en', 0, 'Symbols'],
    ['en', 3, 'Symbols (3)'],
    ['de', 3, 'Symbole (3)'],
    ['tr', 3, 'Semboller (3)'],
  ] as const)('%s: the symbol filter counts the chosen symbols (%i)', (catalogue, count, expected) => {
    expect(inLanguage(catalogue, 'en-US').text('history.filters.symbols', { count })).toBe(expected);
  });
});
