import { isoDate, type HistoryRow } from '../data/history';
import type { UserSeed } from '../data/identities';
import { Dec, usd } from '../data/money';
import type { AccountState, SandboxState, WalletState } from '../data/state';

/** Serialisers from the sandbox's decimal state to the JSON shapes of spec 2.2 (numbers only here). */
export interface AccountInfo {
  guid: string;
  name: string;
  isPersonalAccount: boolean;
  role: string;
}

export function accountInfos(state: SandboxState, user: UserSeed): AccountInfo[] {
  return user.memberships.flatMap((m) => {
    const account = state.account(m.accountGuid);
    return account
      ? [
          {
            guid: account.seed.guid,
            name: account.seed.name,
            isPersonalAccount: account.seed.isPersonalAccount,
            role: m.role,
          },
        ]
      : [];
  });
}

function priceOf(state: SandboxState, symbol: string): Dec {
  return state.world.prices.get(symbol) ?? new Dec(0);
}

function walletInfo(state: SandboxState, wallet: WalletState): Record<string, unknown> {
  const price = priceOf(state, wallet.asset.symbol);
  return {
    symbolId: wallet.asset.symbolId,
    symbol: wallet.asset.symbol,
    name: wallet.asset.name,
    displayName: wallet.asset.displayName,
    network: wallet.asset.network,
    price: price.toNumber(),
    amount: wallet.amount.toNumber(),
    balanceFiatAmount: usd(wallet.amount.times(price)),
    address: wallet.address,
  };
}

/** Wallets of spec 2.2: totals are summed exactly and rounded once, to cents. */
export function walletsView(
  state: SandboxState,
  account: AccountState,
): { totalBalance: number; dailyProfit: number; wallets: Record<string, unknown>[] } {
  let total = new Dec(0);
  let profit = new Dec(0);
  const wallets: Record<string, unknown>[] = [];
  for (const wallet of account.wallets.values()) {
    const fiat = wallet.amount.times(priceOf(state, wallet.asset.symbol));
    total = total.plus(fiat);
    const change = state.world.dailyChange.get(wallet.asset.symbol) ?? new Dec(0);
    // Value now minus value 24 h ago at the same holdings: fiat - fiat / (1 + change).
    profit = profit.plus(fiat.minus(fiat.dividedBy(change.plus(1))));
    wallets.push(walletInfo(state, wallet));
  }
  return { totalBalance: usd(total), dailyProfit: usd(profit), wallets };
}

/** TransactionItem JSON of a row, cached: a history page is then a join of ready strings. */
export function transactionItemJson(row: HistoryRow): string {
  row.json ??= JSON.stringify(transactionItem(row));
  return row.json;
}

export function transactionItem(row: HistoryRow): Record<string, unknown> {
  return {
    symbolId: row.symbolId,
    symbol: row.symbol,
    symbolName: row.symbolName,
    displayName: row.displayName,
    address: row.address,
    txId: row.txId,
    amount: Number(row.amount),
    status: row.status,
    type: row.type,
    date: isoDate(row),
    value: Number(row.value),
    referenceId: row.referenceId,
    label: row.label,
    merchantTransactionId: row.merchantTransactionId,
    to: row.to,
    withdrawType: row.withdrawType,
    prices: row.prices,
    isAutoCollected: row.isAutoCollected,
  };
}
