import type Decimal from 'decimal.js';
import type { PortfolioView, PortfolioWallet } from '../../../src-preload/contract/portfolio';
import type { WalletInfo, Wallets } from '../../service/interface-a-schemas';
import { fromServiceNumber as exact } from '../../service/wire-amount';

function toWallet(info: WalletInfo): PortfolioWallet & { readonly sortValue: Decimal } {
  const valueUsd = exact(info.balanceFiatAmount);
  return {
    code: info.symbol,
    displayName: info.displayName,
    network: info.network,
    amount: exact(info.amount).toFixed(),
    priceUsd: exact(info.price).toFixed(),
    valueUsd: valueUsd.toFixed(),
    address: info.address,
    sortValue: valueUsd,
  };
}

/** Spec 2.2 Wallets as exact decimal text, highest fiat value first (ties by code, so the order is stable). */
export function toPortfolioView(wallets: Wallets, accountGuid: string, fetchedAt: Date): PortfolioView {
  const rows = wallets.wallets
    .map(toWallet)
    .sort((a, b) => b.sortValue.comparedTo(a.sortValue) || a.code.localeCompare(b.code));
  return {
    accountGuid,
    totalBalanceUsd: exact(wallets.totalBalance).toFixed(),
    dailyProfitUsd: exact(wallets.dailyProfit).toFixed(),
    wallets: rows.map(({ sortValue: _sortValue, ...wallet }) => wallet),
    fetchedAt: fetchedAt.toISOString(),
  };
}
