import { afterEach, describe, expect, it } from 'vitest';
import type { SessionAccount } from '../../../../../src-preload/contract/session';
import { notFoundIn } from '../../../../../src-main/features/withdraw/account-search';
import { localeDecimal } from '../../../../../src-main/i18n/main-numbers';
import { setMainLanguage, t } from '../../../../../src-main/i18n/main-text';

const account = (name: string) => ({ name }) as SessionAccount;

/** Main's withdrawal refusals in the user's language: amounts with the locale's marks, account lists joined by it. */
describe('withdrawal words in the language of the desk', () => {
  afterEach(() => setMainLanguage('en', []));

  it.each([
    [
      'en',
      'The merchant balance of USDT on Tron is 67.63322711, less than 1,000. Nothing was sent and no two-factor code is needed.',
    ],
    [
      'de',
      'Das Händlerguthaben in USDT auf Tron beträgt 67,63322711, weniger als 1.000. Nichts wurde gesendet, und es ist kein Zwei-Faktor-Code nötig.',
    ],
    [
      'tr',
      'Tron üzerindeki USDT işletme bakiyesi 67,63322711; bu, 1.000 tutarından az. Hiçbir şey gönderilmedi ve iki adımlı doğrulama kodu gerekmiyor.',
    ],
  ] as const)('%s: a balance too low', (language, expected) => {
    setMainLanguage(language, []);
    const text = t('mainWithdraw.balanceLow', {
      code: 'USDT',
      network: 'Tron',
      available: localeDecimal('67.63322711'),
      amount: localeDecimal('1000'),
    });
    expect(text).toBe(expected);
  });

  it.each([
    ['en', 'Not found in the history of "Main" and "Travel" yet.', 'The history of "Savings" could not be read.'],
    [
      'de',
      'Im Verlauf von „Main“ und „Travel“ noch nicht gefunden.',
      'Der Verlauf von „Savings“ konnte nicht gelesen werden.',
    ],
    ['tr', '“Main” ve “Travel” geçmişinde henüz bulunamadı.', '“Savings” geçmişi okunamadı.'],
  ] as const)('%s: where a withdrawal was not found', (language, start, end) => {
    setMainLanguage(language, []);
    const { message } = notFoundIn({
      item: null,
      foundIn: null,
      searched: [account('Main'), account('Travel')],
      failed: [account('Savings')],
    });
    expect(message.startsWith(start)).toBe(true);
    expect(message.endsWith(end)).toBe(true);
  });
});
