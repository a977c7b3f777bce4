import { z } from 'zod';
import { operation } from './define';
import { DecimalString } from './money';

/** One wallet of the active account (spec 2.2 WalletInfo); every amount is exact decimal text. */
export const PortfolioWallet = z.object({
  /** The network-specific symbol the service uses (BTC, OPT-USD, ...). */
  code: z.string(),
  displayName: z.string(),
  network: z.string(),
  amount: DecimalString,
  priceUsd: DecimalString,
  valueUsd: DecimalString,
  address: z.string(),
});
export type PortfolioWallet = z.infer<typeof PortfolioWallet>;

export const PortfolioView = z.object({
  /** The account these balances belong to, so a late answer for another account can be ignored. */
  accountGuid: z.string(),
  totalBalanceUsd: DecimalString,
  /** Signed: negative when the holdings lost value over the last day. */
  dailyProfitUsd: DecimalString,
  /** Highest fiat value first. */
  wallets: z.array(PortfolioWallet),
  /** ISO 8601 time main received the answer. */
  fetchedAt: z.string(),
});
export type PortfolioView = z.infer<typeof PortfolioView>;

export const portfolioOperations = {
  /** GET /wallets of the active account, converted to exact decimals and sorted by fiat value. */
  'portfolio.wallets': operation(z.void(), PortfolioView),
  /**
   * The last known balances, kept encrypted on disk, for painting at once while the session is restored
   * and the fresh ones are asked for: the active account's when signed in, the stored session's while it
   * is being restored or the service cannot be reached. Null when there are none, in privacy mode, while
   * locked, and when signed out. `fetchedAt` says how old they are.
   */
  'portfolio.cached': operation(z.void(), PortfolioView.nullable()),
} as const;
