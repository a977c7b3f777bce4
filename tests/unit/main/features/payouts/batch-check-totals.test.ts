import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { checkBatch, type BatchCheckDeps } from '../../../../../src-main/features/payouts/batch-check';

const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const OTHER_ETH = '0x0000000000000000000000000000000000000001';

/** Totals per asset, and the fee precheck asked once per asset with that asset's smallest payment. */
describe('a payout file check totals each asset', () => {
  it('in the order the file first names it, with its row count, exact sum and one precheck of its smallest row', async () => {
    const asked: string[] = [];
    const deps: BatchCheckDeps = {
      knowsReference: () => false,
      newReference: () => 'NEW',
      wallets: async () => [
        { symbol: 'ETH', amount: new Decimal('1'), price: new Decimal('2000') },
        { symbol: 'BTC', amount: new Decimal('0.5'), price: new Decimal('60000') },
      ],
      feeOf: async (code, address, amount) => {
        asked.push(`${code} ${address} ${amount}`);
        return { fee: new Decimal('0.001'), feeSymbol: code };
      },
    };
    const checked = await checkBatch(
      [
        'address,amount,asset,network,reference,label',
        `${ETH},0.3,ETH,,E-1,`,
        `${BTC},0.1,BTC,,B-1,`,
        `${ETH},0.10,ETH,,E-2,`,
        `${BTC},0.05,BTC,,B-2,`,
        `${OTHER_ETH},0.1,ETH,,E-3,As small; a later line`,
        `${BTC},0.2,BTC,,B-3,`,
      ],
      '.',
      deps,
    );
    expect(checked.problems).toEqual([]);
    expect(asked).toEqual([`ETH ${ETH} 0.1`, `BTC ${BTC} 0.05`]);
    expect(checked.totals).toMatchObject([
      { code: 'ETH', rows: 3, amount: '0.5', fees: '0.003', available: '1', covered: true },
      { code: 'BTC', rows: 3, amount: '0.35', fees: '0.003', available: '0.5', covered: true },
    ]);
    expect(checked.totalUsd).not.toBeNull();
    expect(new Decimal(checked.totalUsd ?? '0').toFixed(2)).toBe('22000.00');
  });

  it('exactly, past the 20 digits decimal.js keeps by default, and against the balance to the last digit', async () => {
    const deps: BatchCheckDeps = {
      knowsReference: () => false,
      newReference: () => 'NEW',
      // BSC-USD has 18 decimals and its fee is paid in BNB, so the balance need only cover the amount.
      wallets: async () => [
        { symbol: 'BSC-USD', amount: new Decimal('1000'), price: null },
        { symbol: 'ETH', amount: new Decimal('100'), price: null },
        { symbol: 'BNB', amount: new Decimal('1'), price: null },
      ],
      feeOf: async (code) =>
        code === 'ETH' ? { fee: new Decimal('0'), feeSymbol: 'ETH' } : { fee: new Decimal('0.0001'), feeSymbol: 'BNB' },
    };
    const checked = await checkBatch(
      [
        'address,amount,asset,network,reference,label',
        `${ETH},100.000000000000000004,ETH,,E-1,`,
        `${OTHER_ETH},0.000000000000000001,ETH,,E-2,`,
        `${ETH},1000.000000000000000001,USDT,Binance Smartchain,U-1,`,
      ],
      '.',
      deps,
    );
    expect(checked.totals).toMatchObject([
      { code: 'ETH', amount: '100.000000000000000005', covered: false },
      { code: 'BSC-USD', amount: '1000.000000000000000001', covered: false },
    ]);
  });
});
