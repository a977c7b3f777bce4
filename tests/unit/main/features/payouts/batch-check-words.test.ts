import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBatch, type BatchCheckDeps } from '../../../../../src-main/features/payouts/batch-check';
import { setMainLanguage } from '../../../../../src-main/i18n/main-text';

const DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const deps: BatchCheckDeps = {
  knowsReference: () => false,
  newReference: () => 'NEW',
  wallets: async () => [{ symbol: 'BTC', amount: new Decimal('8229.936943'), price: null }],
  feeOf: async () => ({ fee: new Decimal('0.0001'), feeSymbol: 'BTC' }),
};

/** A payout file's check speaks the user's language, amounts written with the locale's marks, every digit kept. */
describe('payout file check in the language of the desk', () => {
  afterEach(() => setMainLanguage('en', []));

  it.each([
    [
      'en',
      'The BTC rows add up to 12,000.873456789 BTC plus fees of 0.0003 BTC, more than the 8,229.936943 BTC this account holds.',
      'BTC amounts have at most 8 decimal places.',
    ],
    [
      'de',
      'Die BTC-Zeilen ergeben zusammen 12.000,873456789 BTC zuzüglich Gebühren von 0,0003 BTC, mehr als die 8.229,936943 BTC, die dieses Konto hält.',
      'BTC-Beträge haben höchstens 8 Nachkommastellen.',
    ],
    [
      'tr',
      'BTC satırlarının toplamı 12.000,873456789 BTC ve 0,0003 BTC ücret; bu, hesabın tuttuğu 8.229,936943 BTC tutarından fazla.',
      'BTC miktarlarında en fazla 8 ondalık basamak olur.',
    ],
  ] as const)('%s', async (language, total, decimals) => {
    setMainLanguage(language, []);
    const checked = await checkBatch(
      [
        'address,amount,asset,network,reference,label',
        `${DESTINATION},6000.25,BTC,,A-1,One`,
        `${DESTINATION},6000.5,BTC,,A-2,Two`,
        `${DESTINATION},0.123456789,BTC,,A-3,Too fine`,
      ],
      '.',
      deps,
    );
    expect(checked.problems.map((problem) => [problem.line, problem.message])).toEqual([
      [2, total],
      [4, decimals],
    ]);
  });
});
