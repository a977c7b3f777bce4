import { wallet } from './bridge';

/**
 * The launch's first questions to main, asked while the rest of the renderer's script is still being
 * evaluated rather than after React's first commit: the last known balances can then be painted in the
 * first frames. Each answer is taken once, by the store that asked for it at start; later loads ask anew.
 */
const pending = {
  session: wallet.session.get(),
  cachedBalances: wallet.portfolio.cached(),
  info: wallet.app.info(),
  preferences: wallet.preferences.get(),
};

type Pending = typeof pending;

export function takeStartupAnswer<K extends keyof Pending>(key: K): Pending[K] | undefined {
  const answer = pending[key];
  delete (pending as Partial<Pending>)[key];
  return answer;
}
