import Decimal from 'decimal.js';
import type { MerchantBalanceRow } from '../../../../src-preload/contract/merchant';
import type { PortfolioWallet } from '../../../../src-preload/contract/portfolio';

export interface ValuedBalance {
  readonly row: MerchantBalanceRow;
  /** USD per unit from the account's wallet of the same code, or null when it has none. */
  readonly priceUsd: string | null;
  readonly valueUsd: string | null;
}

export interface ValuedBalances {
  readonly rows: readonly ValuedBalance[];
  /** Sum of the rows that have a value; exact decimal text. */
  readonly totalUsd: string;
  /** Codes with a non-zero balance and no price: the total leaves them out. */
  readonly unpriced: readonly string[];
}

/**
 * Merchant balances in USD at the prices of the signed-in account's own wallets, as Home shows them (the
 * merchant API has no prices). A code the account holds no wallet of has no price: its row says so and, when
 * its balance is not zero, the total is marked partial. A zero balance needs no price to add nothing.
 */
export function valueMerchantBalances(
  balances: readonly MerchantBalanceRow[],
  wallets: readonly PortfolioWallet[],
): ValuedBalances {
  const prices = new Map<string, string>();
  for (const wallet of wallets) if (!prices.has(wallet.code)) prices.set(wallet.code, wallet.priceUsd);
  let total = new Decimal(0);
  const unpriced: string[] = [];
  const rows = balances.map((row): ValuedBalance => {
    const priceUsd = prices.get(row.code) ?? null;
    if (priceUsd === null) {
      if (!new Decimal(row.amount).isZero() && !unpriced.includes(row.code)) unpriced.push(row.code);
      return { row, priceUsd: null, valueUsd: null };
    }
    const value = new Decimal(row.amount).times(priceUsd);
    total = total.plus(value);
    return { row, priceUsd, valueUsd: value.toFixed() };
  });
  return { rows, totalUsd: total.toFixed(), unpriced };
}
