import { describe, expect, it } from 'vitest';
import type { MerchantBalanceRow } from '../../../../../src-preload/contract/merchant';
import type { PortfolioWallet } from '../../../../../src-preload/contract/portfolio';
import { valueMerchantBalances } from '../../../../../src-renderer/src/screens/merchant/balance-values';

const balance = (code: string, amount: string): MerchantBalanceRow => ({
  field: `${code}Balance`,
  asset: code,
  network: 'n',
  code,
  amount,
});
const walletOf = (code: string, priceUsd: string): PortfolioWallet => ({
  code,
  displayName: code,
  network: 'n',
  amount: '0',
  priceUsd,
  valueUsd: '0',
  address: 'a',
});

describe('valueMerchantBalances: merchant balances in USD at the account wallets prices', () => {
  it('values each row exactly and adds them in decimal, without float artefacts', () => {
    const valued = valueMerchantBalances(
      [balance('ETH', '0.1'), balance('USDT', '0.2'), balance('BTC', '0.00000001')],
      [walletOf('ETH', '3'), walletOf('USDT', '1'), walletOf('BTC', '97123.45')],
    );
    expect(valued.rows.map((row) => row.valueUsd)).toEqual(['0.3', '0.2', '0.0009712345']);
    expect(valued.totalUsd).toBe('0.5009712345');
    expect(valued.unpriced).toEqual([]);
  });

  it('says which rows have no price and leaves them out of a partial total', () => {
    const valued = valueMerchantBalances(
      [balance('BTC', '2'), balance('TRX', '150'), balance('BNB', '0')],
      [walletOf('BTC', '100')],
    );
    expect(valued.rows.map((row) => [row.row.code, row.priceUsd, row.valueUsd])).toEqual([
      ['BTC', '100', '200'],
      ['TRX', null, null],
      ['BNB', null, null],
    ]);
    expect(valued.totalUsd).toBe('200');
    // A zero balance without a price adds nothing either way: the total is not partial because of it.
    expect(valued.unpriced).toEqual(['TRX']);
  });
});
