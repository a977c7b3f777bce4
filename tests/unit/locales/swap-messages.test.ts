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

describe('swap messages with counts and amounts, in every language', () => {
  it.each([
    ['en', 'en-US', 1, 'The quote expires in less than 1 second.'],
    ['en', 'en-US', 10, 'The quote expires in less than 10 seconds.'],
    ['de', 'de-DE', 1, 'Das Angebot läuft in weniger als 1 Sekunde ab.'],
    ['de', 'de-DE', 10, 'Das Angebot läuft in weniger als 10 Sekunden ab.'],
    ['tr', 'tr-TR', 10, 'Teklifin süresi 10 saniyeden kısa sürede doluyor.'],
  ] as const)('%s: the quote countdown (%s, %i s)', (catalogue, locale, seconds, expected) => {
    expect(inLanguage(catalogue, locale).text('swap.countdown.soon', { seconds })).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 'swap of 10,000.5 USDT (TRC20) to BTC (Bitcoin)'],
    ['de', 'de-DE', 'Tausch von 10.000,5 USDT (TRC20) in BTC (Bitcoin)'],
    ['tr', 'tr-TR', '10.000,5 USDT (TRC20) → BTC (Bitcoin) takası'],
  ] as const)('%s: the amount of an unsettled swap follows the language (%s)', (catalogue, locale, expected) => {
    const formatter = inLanguage(catalogue, locale);
    const text = formatter.text('swap.unresolved.describe', {
      amount: `${formatCrypto('10000.5', 'USDT')} USDT`,
      fromNetwork: 'TRC20',
      toSymbol: 'BTC',
      toNetwork: 'Bitcoin',
    });
    expect(text).toBe(expected);
  });
});
