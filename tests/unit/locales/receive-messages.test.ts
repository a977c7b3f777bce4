import { afterEach, describe, expect, it } from 'vitest';
import { catalogueNow } from '../../../resources/locales/all-catalogues';
import { createFormatter } from '../../../resources/locales/formatter';
import { formatCrypto } from '../../../src-renderer/src/format/amounts';
import { setDisplayLocale } from '../../../src-renderer/src/format/display-locale';

afterEach(() => setDisplayLocale('en-US'));

describe('receive messages with amounts, in every language', () => {
  it.each([
    ['en', 'en-US', '1,250.75 USDT (priced in EUR)'],
    ['de', 'de-DE', '1.250,75 USDT (bepreist in EUR)'],
    ['tr', 'tr-TR', '1.250,75 USDT (EUR cinsinden fiyatlandı)'],
  ] as const)('%s: the expected amount of a deposit address (%s)', (catalogue, locale, expected) => {
    setDisplayLocale(locale);
    const formatter = createFormatter(locale, catalogueNow(catalogue));
    const amount = `${formatCrypto('1250.75', 'USDT')} USDT`;
    expect(formatter.text('receive.created.priced', { amount, currency: 'EUR' })).toBe(expected);
  });

  it.each([
    ['en', 'QR code of the BIP-21 payment link for this deposit'],
    ['de', 'QR-Code des BIP-21-Zahlungslinks für diese Einzahlung'],
    ['tr', 'Bu yatırma için BIP-21 ödeme bağlantısının QR kodu'],
  ] as const)('%s: names the kind of payment link in its QR code', (catalogue, expected) => {
    const formatter = createFormatter('en-US', catalogueNow(catalogue));
    expect(formatter.text('receive.created.qrLink', { kind: 'bip21' })).toBe(expected);
  });
});
