import { describe, expect, it } from 'vitest';
import { type LoadedCatalogue, loadCatalogue } from '../../../resources/locales/catalogues';
import { createFormatter, type Formatter } from '../../../resources/locales/formatter';

/** Main's payout messages that carry line numbers and counts: numbers in the locale, plural forms by count. */
async function formatter(catalogue: 'en' | 'de' | 'tr', locale: string): Promise<Formatter> {
  const messages: LoadedCatalogue = await loadCatalogue(catalogue);
  return createFormatter(locale, messages, (error) => {
    throw error;
  });
}

describe('payout file lines and counts', () => {
  it.each([
    ['en', 'en-US', 'The reference R-7 is also on line 1,234. Each payment needs its own reference.'],
    ['de', 'de-DE', 'Die Referenz R-7 steht auch in Zeile 1.234. Jede Zahlung braucht eine eigene Referenz.'],
    ['tr', 'tr-TR', 'R-7 referansı 1.234. satırda da var. Her ödemenin kendi referansı olmalıdır.'],
  ] as const)('%s: a line number in the locale', async (catalogue, locale, expected) => {
    const text = (await formatter(catalogue, locale)).text('mainPayouts.referenceRepeated', {
      reference: 'R-7',
      line: 1234,
    });
    expect(text).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 1, 'One row of the file has a problem. Fix it and check the file again; nothing was saved.'],
    [
      'en',
      'en-US',
      1500,
      'Rows of the file have 1,500 problems. Fix them and check the file again; nothing was saved.',
    ],
    [
      'de',
      'de-DE',
      1,
      'Eine Zeile der Datei hat ein Problem. Beheben Sie es und prüfen Sie die Datei erneut; nichts wurde gespeichert.',
    ],
    [
      'de',
      'de-DE',
      1500,
      'Zeilen der Datei haben 1.500 Probleme. Beheben Sie sie und prüfen Sie die Datei erneut; nichts wurde gespeichert.',
    ],
    [
      'tr',
      'tr-TR',
      1,
      'Dosyanın bir satırında bir sorun var. Sorunu giderip dosyayı yeniden kontrol edin; hiçbir şey kaydedilmedi.',
    ],
    [
      'tr',
      'tr-TR',
      1500,
      'Dosyanın satırlarında 1.500 sorun var. Sorunları giderip dosyayı yeniden kontrol edin; hiçbir şey kaydedilmedi.',
    ],
  ] as const)('%s: %d problems', async (catalogue, locale, count, expected) => {
    expect((await formatter(catalogue, locale)).text('mainPayouts.fileProblems', { count })).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 1, 'XRP amounts have at most 1 decimal place.'],
    ['en', 'en-US', 6, 'XRP amounts have at most 6 decimal places.'],
    ['de', 'de-DE', 1, 'XRP-Beträge haben höchstens 1 Nachkommastelle.'],
    ['de', 'de-DE', 6, 'XRP-Beträge haben höchstens 6 Nachkommastellen.'],
    ['tr', 'tr-TR', 6, 'XRP miktarlarında en fazla 6 ondalık basamak olur.'],
  ] as const)('%s: at most %d decimal places', async (catalogue, locale, decimals, expected) => {
    expect((await formatter(catalogue, locale)).text('mainPayouts.tooManyDecimals', { code: 'XRP', decimals })).toBe(
      expected,
    );
  });
});
