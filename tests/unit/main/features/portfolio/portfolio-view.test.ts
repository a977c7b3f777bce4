import { describe, expect, it } from 'vitest';
import { toPortfolioView } from '../../../../../src-main/features/portfolio/portfolio-view';
import type { WalletInfo } from '../../../../../src-main/service/interface-a-schemas';

function wallet(symbol: string, amount: number, price: number, balanceFiatAmount: number): WalletInfo {
  return {
    symbolId: 1,
    symbol,
    name: symbol,
    displayName: symbol,
    network: 'Net',
    price,
    amount,
    balanceFiatAmount,
    address: `addr-${symbol}`,
  };
}

describe('the service’s wallets as exact decimals', () => {
  const fetchedAt = new Date('2026-01-02T03:04:05.000Z');

  it('keeps the digits the service sent, in plain notation, for tiny and large numbers alike', () => {
    const view = toPortfolioView(
      {
        totalBalance: 1234567.89,
        dailyProfit: -12.05,
        wallets: [wallet('BTC', 1e-7, 64250.12, 0.01), wallet('USDT', 0.1, 0.9987, 0.1)],
      },
      'account-1',
      fetchedAt,
    );
    expect(view).toMatchObject({
      accountGuid: 'account-1',
      totalBalanceUsd: '1234567.89',
      dailyProfitUsd: '-12.05',
      fetchedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(view.wallets.find((row) => row.code === 'BTC')).toMatchObject({
      amount: '0.0000001',
      priceUsd: '64250.12',
      valueUsd: '0.01',
    });
    expect(view.wallets.find((row) => row.code === 'USDT')).toMatchObject({
      amount: '0.1',
      priceUsd: '0.9987',
      valueUsd: '0.1',
    });
  });

  it('sorts by fiat value, highest first, and by code when values tie', () => {
    const view = toPortfolioView(
      {
        totalBalance: 0,
        dailyProfit: 0,
        wallets: [
          wallet('LTC', 1, 1, 5),
          wallet('ETH', 1, 1, 900.5),
          wallet('BNB', 1, 1, 5),
          wallet('BTC', 1, 1, 1000),
        ],
      },
      'account-1',
      fetchedAt,
    );
    expect(view.wallets.map((row) => row.code)).toEqual(['BTC', 'ETH', 'BNB', 'LTC']);
    expect(view.totalBalanceUsd).toBe('0');
  });
});
