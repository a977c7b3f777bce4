import { describe, expect, it } from 'vitest';
import { type LoadedCatalogue, loadCatalogue } from '../../../resources/locales/catalogues';
import { createFormatter, type Formatter } from '../../../resources/locales/formatter';

/**
 * The merchant, payout and payment-request messages that carry counts and amounts, in every language: plural
 * forms chosen by the count, counts written in the locale, amounts passed already formatted.
 */
async function formatter(catalogue: 'en' | 'de' | 'tr', locale: string): Promise<Formatter> {
  const messages: LoadedCatalogue = await loadCatalogue(catalogue);
  return createFormatter(locale, messages, (error) => {
    throw error;
  });
}

describe('payment request counts', () => {
  it.each([
    ['en', 'en-US', 1, 'One deposit found.'],
    ['en', 'en-US', 1234, '1,234 deposits found.'],
    ['de', 'de-DE', 1, 'Eine Einzahlung gefunden.'],
    ['de', 'de-DE', 1234, '1.234 Einzahlungen gefunden.'],
    ['tr', 'tr-TR', 1, 'Bir para yatırma bulundu.'],
    ['tr', 'tr-TR', 1234, '1.234 para yatırma bulundu.'],
  ] as const)('%s: %d deposits found', async (catalogue, locale, count, expected) => {
    expect((await formatter(catalogue, locale)).text('paymentRequests.row.found', { count })).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 1, 'One payment request was exported to /tmp/a.csv.'],
    ['en', 'en-US', 2, '2 payment requests were exported to /tmp/a.csv.'],
    ['de', 'de-DE', 1, 'Eine Zahlungsanforderung wurde nach /tmp/a.csv exportiert.'],
    ['de', 'de-DE', 2, '2 Zahlungsanforderungen wurden nach /tmp/a.csv exportiert.'],
    ['tr', 'tr-TR', 1, 'Bir ödeme talebi /tmp/a.csv dosyasına aktarıldı.'],
    ['tr', 'tr-TR', 2, '2 ödeme talebi /tmp/a.csv dosyasına aktarıldı.'],
  ] as const)('%s: %d payment requests exported', async (catalogue, locale, count, expected) => {
    const text = (await formatter(catalogue, locale)).text('paymentRequests.exported', { count, path: '/tmp/a.csv' });
    expect(text).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 3, '3 deposits are not completed yet and do not count.'],
    ['de', 'de-DE', 3, '3 Einzahlungen sind noch nicht abgeschlossen und zählen nicht.'],
    ['tr', 'tr-TR', 3, '3 para yatırma henüz tamamlanmadı ve sayılmıyor.'],
  ] as const)('%s: %d deposits pending', async (catalogue, locale, count, expected) => {
    expect((await formatter(catalogue, locale)).text('paymentRequests.row.pending', { count })).toBe(expected);
  });
});

describe('payout draft summaries', () => {
  it.each([
    ['en', 'en-US', 1, 'One row, prepared by Ada. Fingerprint ab12'],
    ['en', 'en-US', 1500, '1,500 rows, prepared by Ada. Fingerprint ab12'],
    ['de', 'de-DE', 1, 'Eine Zeile, vorbereitet von Ada. Fingerabdruck ab12'],
    ['de', 'de-DE', 1500, '1.500 Zeilen, vorbereitet von Ada. Fingerabdruck ab12'],
    ['tr', 'tr-TR', 1, 'Bir satır, hazırlayan: Ada. Parmak izi ab12'],
    ['tr', 'tr-TR', 1500, '1.500 satır, hazırlayan: Ada. Parmak izi ab12'],
  ] as const)('%s: a draft of %d rows', async (catalogue, locale, count, expected) => {
    const parts = (await formatter(catalogue, locale)).parts<string>('payouts.draft.summary', {
      count,
      name: 'Ada',
      fingerprint: 'ab12',
      mono: (chunks: string[]) => chunks.join(''),
    });
    expect(parts.join('')).toBe(expected);
  });
});
