import { afterEach, describe, expect, it } from 'vitest';
import { setMainLanguage, t } from '../../../src-main/i18n/main-text';
import { amountWords } from '../../../src-main/features/money/amount-words';
import { describeSend } from '../../../src-main/features/send/send-context';

afterEach(() => setMainLanguage('en', ['en-US']));

describe("main's money refusals with amounts and counts, in every language", () => {
  it.each([
    ['en', 'en-US', 'but your BTC wallet on Bitcoin holds 67.63322711. Nothing was sent'],
    ['de', 'de-DE', 'aber Ihr BTC-Wallet auf Bitcoin enthält 67,63322711. Es wurde nichts gesendet'],
    ['tr', 'tr-TR', 'Bitcoin üzerindeki BTC cüzdanınızda 67,63322711 var. Hiçbir şey gönderilmedi'],
  ] as const)(
    '%s: a balance inside a send refusal keeps every digit in the locale (%s)',
    (language, locale, expected) => {
      setMainLanguage(language, [locale]);
      const text = t('mainSend.shortAmount', {
        amount: amountWords('1000'),
        code: 'BTC',
        network: 'Bitcoin',
        held: amountWords('67.63322711'),
      });
      expect(text).toContain(expected);
    },
  );

  it.each([
    ['en', 'en-US', 'this swap takes 10000.5 USDT from your USDT wallet on Ethereum Mainnet, which holds 8229.936943.'],
    [
      'de',
      'de-DE',
      'Dieser Tausch nimmt 10000,5 USDT aus Ihrem USDT-Wallet auf Ethereum Mainnet, das 8229,936943 enthält.',
    ],
    ['tr', 'tr-TR', '8229,936943 bulunan Ethereum Mainnet üzerindeki USDT cüzdanınızdan 10000,5 USDT alır.'],
  ] as const)('%s: a swap refusal writes its amounts in the locale (%s)', (language, locale, expected) => {
    setMainLanguage(language, [locale]);
    const text = t('mainSwap.shortAmount', {
      amount: amountWords('10000.5'),
      code: 'USDT',
      network: 'Ethereum Mainnet',
      held: amountWords('8229.936943'),
    });
    expect(text).toContain(expected);
  });

  it.each([
    ['en', 'en-US', 1, 'USDT amounts have at most 1 decimal place.'],
    ['en', 'en-US', 6, 'USDT amounts have at most 6 decimal places.'],
    ['de', 'de-DE', 1, 'USDT-Beträge haben höchstens 1 Nachkommastelle.'],
    ['de', 'de-DE', 6, 'USDT-Beträge haben höchstens 6 Nachkommastellen.'],
    ['tr', 'tr-TR', 6, 'USDT miktarları en fazla 6 ondalık basamak alır.'],
  ] as const)('%s: decimal places are a plural (%s, %i)', (language, locale, decimals, expected) => {
    setMainLanguage(language, [locale]);
    expect(t('mainSend.tooManyPlaces', { code: 'USDT', decimals })).toBe(expected);
  });

  it.each([
    ['en', 'en-US', 'show no more than 18 decimal places, so 18 is the limit.'],
    ['de', 'de-DE', 'zeigen höchstens 18 Nachkommastellen; daher ist 18 die Grenze.'],
    ['tr', 'tr-TR', 'en fazla 18 ondalık basamak gösteriyor; bu yüzden sınır 18.'],
  ] as const)('%s: the fallback precision counts its places (%s)', (language, locale, expected) => {
    setMainLanguage(language, [locale]);
    expect(t('mainMoney.precisionFallback', { network: 'Z-Chain', code: 'ZC', decimals: 18 })).toContain(expected);
  });
});

describe('an unsettled send named in a warning, in every language', () => {
  const confirmedAtMs = new Date(2026, 10, 26, 14, 5).getTime();
  const send = {
    state: 'in-flight',
    referenceId: 'ref-1',
    body: { amount: '1234.5', code: 'BTC', address: 'bc1qexample', confirmedAtMs },
  } as unknown as Parameters<typeof describeSend>[0];

  it.each([
    [
      'en',
      'en-US',
      '1234.5 BTC to bc1qexample (reference ref-1, started at 14:05 on 2026-11-26 (local time), still being sent)',
    ],
    [
      'de',
      'de-DE',
      '1234,5 BTC an bc1qexample (Referenz ref-1, begonnen um 14:05 Uhr am 26.11.2026 (Ortszeit), wird noch gesendet)',
    ],
    [
      'tr',
      'tr-TR',
      '1234,5 BTC, alıcı adres: bc1qexample (referans ref-1, başlangıç: 26.11.2026 14:05 (yerel saat), hâlâ gönderiliyor)',
    ],
  ] as const)('%s: amount, time and state in the language (%s)', (language, locale, expected) => {
    setMainLanguage(language, [locale]);
    expect(describeSend(send)).toBe(expected);
  });

  it('says nothing of sending once the send is no longer out, and an earlier time when none was kept', () => {
    const settled = { ...send, state: 'unknown', body: { ...send.body, confirmedAtMs: undefined } } as typeof send;
    expect(describeSend(settled)).toBe('1234.5 BTC to bc1qexample (reference ref-1, started at an earlier time)');
  });
});

describe('a move of another account named in a warning, in every language', () => {
  it.each([
    ['en', 'M1 in Trading', 'M1 in another account'],
    ['de', 'M1 in Trading', 'M1 in einem anderen Konto'],
    ['tr', 'M1 (hesap: Trading)', 'M1 (hesap: başka bir hesap)'],
  ] as const)('%s: a named account and one the app cannot name read as sentences', (language, named, unnamed) => {
    setMainLanguage(language, [language]);
    expect(t('mainMoney.inOtherAccount', { what: 'M1', account: 'Trading' })).toBe(named);
    expect(t('mainMoney.inOtherAccount', { what: 'M1', account: t('mainMoney.anotherAccount') })).toBe(unnamed);
  });
});
