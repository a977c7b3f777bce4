import { SandboxState } from '../../sandbox/data/state';
import { walletsView } from '../../sandbox/interface-a/views';

export interface SeededWallet {
  readonly code: string;
  readonly displayName: string;
  readonly network: string;
  readonly address: string;
  /** Exact decimal text from the sandbox's own Decimal state. */
  readonly amount: string;
  readonly priceUsd: string;
  readonly valueUsd: string;
}

export interface SeededPortfolio {
  readonly totalBalanceUsd: string;
  readonly dailyProfitUsd: string;
  /** Highest fiat value first. */
  readonly wallets: SeededWallet[];
}

/**
 * What the sandbox seeds for an account, read from a fresh copy of its state with the same seed: the
 * numbers the app must show, independent of anything the app computes.
 */
export function seededPortfolio(accountGuid: string, seed = 1): SeededPortfolio {
  const state = new SandboxState(seed);
  const account = state.account(accountGuid);
  if (!account) throw new Error(`the sandbox seeds no account ${accountGuid}`);
  const wallets = [...account.wallets.values()].map((wallet) => {
    const price = state.world.prices.get(wallet.asset.symbol);
    if (!price) throw new Error(`no seeded price for ${wallet.asset.symbol}`);
    const value = wallet.amount.times(price).toDecimalPlaces(2);
    return {
      code: wallet.asset.symbol,
      displayName: wallet.asset.displayName,
      network: wallet.asset.network,
      address: wallet.address,
      amount: wallet.amount.toFixed(),
      priceUsd: price.toFixed(),
      valueUsd: value.toFixed(),
      sort: value,
    };
  });
  wallets.sort((a, b) => b.sort.comparedTo(a.sort) || a.code.localeCompare(b.code));
  // Totals as the sandbox serialises them (summed exactly, rounded once to cents).
  const totals = walletsView(state, account);
  return {
    totalBalanceUsd: String(totals.totalBalance),
    dailyProfitUsd: String(totals.dailyProfit),
    wallets: wallets.map(({ sort: _sort, ...wallet }) => wallet),
  };
}
