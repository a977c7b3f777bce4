import { Dec } from './money';
import type { AccountState, WalletEntry } from './state';

/**
 * Changes a wallet's amount and writes the change in the account's wallet book: the sandbox's own record of
 * what each wallet held when, kept apart from the history rows it serves (README "Balance books").
 */
export function changeWallet(
  account: AccountState,
  symbol: string,
  delta: Dec,
  cause: WalletEntry['cause'],
  atMs = Date.now(),
): void {
  const wallet = account.wallets.get(symbol);
  if (!wallet) throw new Error(`account has no ${symbol} wallet`);
  wallet.amount = wallet.amount.plus(delta);
  account.walletBook.push({ atMs, symbol, delta, cause });
}

/**
 * What each wallet of the account held just before each instant: today's amounts less every change from
 * that instant on. Before the sandbox ran, its books are the seeded history: a completed seeded Deposit
 * credited its wallet, a completed seeded Withdraw debited it (sends, swap legs and merchant withdrawals
 * alike, no fee); pending and failed ones changed nothing. Amounts are exact; a past amount may be below
 * zero, as the seeded history is random and does not add up to the seeded balances. One pass over the
 * seeded rows serves every instant.
 */
export function balancesAt(account: AccountState, instants: readonly number[]): Map<string, Dec>[] {
  const held = new Map<string, Dec>();
  for (const [symbol, wallet] of account.wallets) held.set(symbol, wallet.amount);
  const undo = (symbol: string, delta: Dec) => held.set(symbol, (held.get(symbol) ?? new Dec(0)).minus(delta));
  const order = instants.map((atMs, index) => ({ atMs, index })).sort((a, b) => b.atMs - a.atMs);
  const entries = [...account.walletBook].sort((a, b) => b.atMs - a.atMs);
  const seeded = account.history.seededMovesNewestFirst();
  let pending = seeded.next();
  let entry = 0;
  const out: Map<string, Dec>[] = new Array<Map<string, Dec>>(instants.length);
  for (const { atMs, index } of order) {
    for (; entry < entries.length && entries[entry]!.atMs >= atMs; entry += 1) {
      undo(entries[entry]!.symbol, entries[entry]!.delta);
    }
    for (; !pending.done && pending.value.dateMs >= atMs; pending = seeded.next()) {
      const move = pending.value;
      if (move.status !== 'Completed') continue;
      const amount = new Dec(move.amount);
      undo(move.symbol, move.type === 'Deposit' ? amount : amount.negated());
    }
    out[index] = new Map(held);
  }
  return out;
}
