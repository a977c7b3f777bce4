import type { PortfolioWallet } from '../../../../../src-preload/contract/portfolio';
import { ExactDecimal as Decimal } from '../../../../../src-preload/contract/exact-decimal';

export interface AllocationSlice {
  readonly code: string;
  readonly displayName: string;
  /** Exact decimal text, as the wallet has it. */
  readonly valueUsd: string;
  /** Share of the charted total as a fraction (0..1), exact decimal text. */
  readonly share: string;
}

export interface Allocation {
  readonly slices: readonly AllocationSlice[];
  /** Sum of the slices' values, exact decimal text. */
  readonly totalUsd: string;
}

/**
 * Share of each wallet in the account's USD value, highest first. Wallets worth nothing are left out: a
 * zero slice says nothing in a picture and would only crowd the table. The total is summed here rather
 * than taken from the service's totalBalanceUsd so the shares always add up to the picture's whole.
 */
export function allocationOf(wallets: readonly PortfolioWallet[]): Allocation {
  const held = wallets.filter((wallet) => new Decimal(wallet.valueUsd).gt(0));
  const total = held.reduce((sum, wallet) => sum.plus(wallet.valueUsd), new Decimal(0));
  const slices = held
    .map((wallet) => ({
      code: wallet.code,
      displayName: wallet.displayName,
      valueUsd: wallet.valueUsd,
      share: new Decimal(wallet.valueUsd).div(total).toString(),
    }))
    .sort((a, b) => new Decimal(b.valueUsd).cmp(a.valueUsd));
  return { slices, totalUsd: total.toString() };
}
