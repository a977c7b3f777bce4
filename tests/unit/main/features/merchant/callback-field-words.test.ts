import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCallbackBody } from '../../../../../src-main/features/merchant/callback-check';
import { setMainLanguage } from '../../../../../src-main/i18n/main-text';
import type { Language } from '../../../../../resources/locales/languages';

/**
 * The checker's short words beside each field (what is wrong with it) reach the screen, so they are in the
 * user's language like the verdict's sentences; the field names are the callback's own and stay as sent.
 */
const SECRET = 'sk_test_callbacks';
const hmac = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');

const specBody = {
  Address: 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
  UniqueId: 'tx-spec-1',
  Amount: 'half',
  Symbol: 'LTC',
  ReferenceId: 'order-1',
  Price: { USD: 40 },
  Signature: 'AB',
  Hash: 'B7E1A0C3D2',
};
const sdkText = JSON.stringify({ requestId: 'r-1', symbol: 'LTC', amount: '0.5', txId: '', status: 'confirmed' });

afterEach(() => setMainLanguage('en', []));

function problemsIn(language: Language, text: string, header?: string) {
  setMainLanguage(language, []);
  return checkCallbackBody(text, header, SECRET).result.problems;
}

describe('callback checker: what is wrong with each field, in every language', () => {
  it.each([
    ['en', 'not a decimal number', 'missing', 'not a number', 'empty'],
    ['de', 'keine Dezimalzahl', 'fehlt', 'keine Zahl', 'leer'],
    ['tr', 'ondalık sayı değil', 'eksik', 'sayı değil', 'boş'],
  ] as const)(
    '%s: a field of the wrong kind, a missing one and an empty one',
    (language, decimal, missing, number, empty) => {
      expect(problemsIn(language, JSON.stringify(specBody))).toEqual([
        { field: 'Amount', message: decimal },
        { field: 'OrderId', message: missing },
      ]);
      expect(problemsIn(language, sdkText)).toEqual([
        { field: 'amount', message: number },
        { field: 'txId', message: empty },
      ]);
    },
  );

  it.each([
    ['en', ['not JSON', 'not an object', 'appears twice', 'missing', 'upper case']],
    ['de', ['kein JSON', 'kein Objekt', 'kommt doppelt vor', 'fehlt', 'in Großbuchstaben']],
    ['tr', ['JSON değil', 'nesne değil', 'iki kez geçiyor', 'eksik', 'büyük harfle']],
  ] as const)('%s: a body that is no callback, and a signature header missing or in upper case', (language, words) => {
    const sdk = JSON.stringify({ requestId: 'r-1', symbol: 'LTC', amount: 0.5, txId: 't-1', status: 'confirmed' });
    const found = [
      problemsIn(language, '{nope'),
      problemsIn(language, '[1]'),
      problemsIn(language, '{"amount":1,"amount":2}'),
      problemsIn(language, sdk),
      problemsIn(language, sdk, hmac(sdk).toUpperCase()),
    ].map((problems) => problems[0]?.message);
    expect(found).toEqual(words);
  });
});
