import { afterEach, describe, expect, it } from 'vitest';
import { checkCallbackBody, type CallbackFacts } from '../../../../../src-main/features/merchant/callback-check';
import { compareWithService, type DepositLookups } from '../../../../../src-main/features/merchant/callback-compare';
import { setMainLanguage } from '../../../../../src-main/i18n/main-text';

const facts: CallbackFacts = {
  shape: 'spec',
  uniqueId: 'tx-1',
  amount: '5',
  symbol: 'LTC',
  referenceId: 'order-1',
  address: 'ltc1qcallback',
};

/** The service shows a different amount and address than the callback claims. */
const lookups: DepositLookups = {
  history: () => Promise.resolve({ amount: 0.5, address: 'ltc1qservice', symbol: 'LTC', accountName: 'Shop' }),
  depositAddress: () => Promise.resolve(null),
};

/** A comparison verdict is one sentence in the desk's language, the differing fields joined as it joins a list. */
describe('callback verdicts in the language of the desk', () => {
  afterEach(() => setMainLanguage('en', []));

  it.each([
    [
      'en',
      'Does not match the service: Amount and Address differ from the deposit with this transaction id in the history of "Shop". Do not credit this deposit until you know why.',
    ],
    [
      'de',
      'Stimmt nicht mit dem Dienst überein: Amount und Address weichen von der Einzahlung mit dieser Transaktions-ID im Verlauf von „Shop“ ab. Schreiben Sie diese Einzahlung nicht gut, bevor Sie den Grund kennen.',
    ],
    [
      'tr',
      'Hizmetle eşleşmiyor: Amount ve Address, “Shop” geçmişindeki bu işlem kimliğine sahip para yatırmadan farklı. Nedenini öğrenene kadar bu para yatırmayı hesaba geçirmeyin.',
    ],
  ] as const)('%s: amount and address differ', async (language, summary) => {
    setMainLanguage(language, []);
    expect((await compareWithService(facts, lookups)).summary).toBe(summary);
  });

  it.each([
    [
      'en',
      'Signature invalid',
      'Not verified: a callback in the SDK’s shape is signed in its X-Paybin-Signature header',
    ],
    [
      'de',
      'Signatur ungültig',
      'Nicht geprüft: Ein Callback im Format des SDK wird im Header X-Paybin-Signature signiert',
    ],
    ['tr', 'İmza geçersiz', "Doğrulanmadı: SDK'nın biçimindeki bir geri çağrı, gövdede değil X-Paybin-Signature"],
  ] as const)('%s: an SDK callback without its signature header', (language, headline, summary) => {
    setMainLanguage(language, []);
    const body = JSON.stringify({ requestId: 'r', symbol: 'LTC', amount: 1, txId: 'tx', status: 'done' });
    const { result } = checkCallbackBody(body, undefined, 'secret');
    expect(result.headline).toBe(headline);
    expect(result.summary.startsWith(summary)).toBe(true);
  });
});
