import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { PortfolioWallet } from '../../../../../../src-preload/contract/portfolio';
import { allocationOf } from '../../../../../../src-renderer/src/screens/home/pictures/allocation';

function wallet(code: string, valueUsd: string): PortfolioWallet {
  return { code, displayName: code, network: 'net', amount: '1', priceUsd: valueUsd, valueUsd, address: 'a' };
}

describe('allocation by asset', () => {
  it('sums in decimals and gives each wallet its exact share, highest first', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floats; the total and shares must be exact.
    const allocation = allocationOf([wallet('ETH', '0.1'), wallet('BTC', '0.2')]);
    expect(allocation.totalUsd).toBe('0.3');
    expect(allocation.slices.map((slice) => [slice.code, slice.valueUsd])).toEqual([
      ['BTC', '0.2'],
      ['ETH', '0.1'],
    ]);
    expect(new Decimal(allocation.slices[0]!.share).toFixed(6)).toBe('0.666667');
    expect(new Decimal(allocation.slices[1]!.share).toFixed(6)).toBe('0.333333');
  });

  it('keeps values of many digits exact and its shares add up to the whole', () => {
    const allocation = allocationOf([
      wallet('USDT', '1234567890123.123456789'),
      wallet('BTC', '0.000000001'),
      wallet('TRX', '3'),
    ]);
    expect(allocation.totalUsd).toBe('1234567890126.12345679');
    const sum = allocation.slices.reduce((total, slice) => total.plus(slice.share), new Decimal(0));
    expect(sum.minus(1).abs().lt('1e-15')).toBe(true);
  });

  it('leaves out wallets worth nothing, and is empty when nothing holds value', () => {
    expect(allocationOf([wallet('BTC', '0'), wallet('ETH', '5')]).slices.map((slice) => slice.code)).toEqual(['ETH']);
    expect(allocationOf([wallet('BTC', '0')])).toEqual({ slices: [], totalUsd: '0' });
    expect(allocationOf([])).toEqual({ slices: [], totalUsd: '0' });
  });
});
