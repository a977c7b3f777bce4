import { afterEach, describe, expect, it } from 'vitest';
import { localeDecimal } from '../../../../../src-main/i18n/main-numbers';
import { setMainLanguage, t } from '../../../../../src-main/i18n/main-text';

/** A wrong verification amount is named as the user's language writes it, every digit kept. */
describe('verification words in the language of the desk', () => {
  afterEach(() => setMainLanguage('en', []));

  it.each([
    ['en', '1,234.00012345 BTC is not the amount the service sent, so the address is not verified.'],
    [
      'de',
      '1.234,00012345 BTC ist nicht der Betrag, den der Dienst gesendet hat, daher ist die Adresse nicht verifiziert.',
    ],
    ['tr', '1.234,00012345 BTC, hizmetin gönderdiği miktar değil; bu yüzden adres doğrulanmadı.'],
  ] as const)('%s: a wrong amount', (language, start) => {
    setMainLanguage(language, []);
    const text = t('mainMerchant.wrongAmount', { amount: localeDecimal('1234.00012345'), code: 'BTC' });
    expect(text.startsWith(start)).toBe(true);
  });
});
