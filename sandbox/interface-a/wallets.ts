import { Dec } from '../data/money';
import type { AccountState, SandboxState, WalletState } from '../data/state';
import { errors } from './envelope';

/** USD price of a network symbol, per the seed. */
export function priceOf(state: SandboxState, symbol: string): Dec {
  return state.world.prices.get(symbol) ?? new Dec(0);
}

/** The account's wallet for a network symbol; every account has all ten, so a miss is an unknown symbol. */
export function walletOf(account: AccountState, symbol: string): WalletState {
  const w = account.wallets.get(symbol);
  if (!w) throw errors.invalidSymbol();
  return w;
}
