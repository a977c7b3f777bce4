import { useEffect, useState } from 'react';
import type { PortfolioWallet } from '../../../../src-preload/contract/portfolio';
import { CryptoAmount, UsdAmount } from '../../components/amount';
import { ErrorMessage } from '../../components/error-message';
import { formatAgo } from '../../format/dates';
import { usePortfolioStore } from '../../stores/portfolio-store';
import { usePortfolioRefresh } from './use-portfolio-refresh';

/** Re-renders only itself once a second, so the clock never re-renders the table. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function UpdatedAgo({ fetchedAt, receivedAt }: { fetchedAt: string; receivedAt: number }): React.JSX.Element {
  const now = useNow();
  return (
    <span className="home-updated">
      Updated <time dateTime={fetchedAt}>{formatAgo(now - receivedAt)}</time>
    </span>
  );
}

function RateLimitNotice({ retryAt }: { retryAt: number }): React.JSX.Element {
  const now = useNow();
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  return <p role="status" className="home-slowdown">{`Slowing down, retrying in ${seconds} s`}</p>;
}

function WalletRow({ wallet }: { wallet: PortfolioWallet }): React.JSX.Element {
  return (
    <tr>
      <th scope="row">{wallet.code}</th>
      <td>{wallet.displayName}</td>
      <td>{wallet.network}</td>
      <td className="numeric">
        <CryptoAmount value={wallet.amount} code={wallet.code} />
      </td>
      <td className="numeric">
        <UsdAmount value={wallet.priceUsd} />
      </td>
      <td className="numeric">
        <UsdAmount value={wallet.valueUsd} />
      </td>
    </tr>
  );
}

function SkeletonRows(): React.JSX.Element {
  return (
    <>
      {[0, 1, 2, 3, 4].map((row) => (
        <tr key={row} aria-hidden="true">
          {[0, 1, 2, 3, 4, 5].map((cell) => (
            <td key={cell}>
              <span className="skeleton" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** Balances of the active account: totals, daily profit and one row per wallet, highest value first. */
export function HomeScreen(): React.JSX.Element {
  usePortfolioRefresh();
  const portfolio = usePortfolioStore((state) => state.portfolio);
  const receivedAt = usePortfolioStore((state) => state.receivedAt);
  const loading = usePortfolioStore((state) => state.loading);
  const error = usePortfolioStore((state) => state.error);
  const retryAt = usePortfolioStore((state) => state.retryAt);
  const load = usePortfolioStore((state) => state.load);
  const waiting = !portfolio && !error;

  return (
    <section aria-labelledby="home-title" className="screen home" aria-busy={loading}>
      <div className="row home-header">
        <h2 id="home-title">Home</h2>
        <button type="button" className="secondary" onClick={() => void load()} disabled={loading || retryAt !== null}>
          {loading ? 'Refreshing…' : 'Refresh'}
        </button>
        {portfolio && receivedAt !== null && <UpdatedAgo fetchedAt={portfolio.fetchedAt} receivedAt={receivedAt} />}
      </div>
      {retryAt !== null && <RateLimitNotice retryAt={retryAt} />}
      <ErrorMessage error={error} />

      <dl className="card home-totals" aria-label="Totals">
        <div>
          <dt>Total balance</dt>
          <dd>
            {portfolio ? (
              <UsdAmount value={portfolio.totalBalanceUsd} />
            ) : (
              <span className="skeleton" aria-label="Loading" />
            )}
          </dd>
        </div>
        <div>
          <dt>Daily profit</dt>
          <dd>
            {portfolio ? (
              <UsdAmount value={portfolio.dailyProfitUsd} signed />
            ) : (
              <span className="skeleton" aria-label="Loading" />
            )}
          </dd>
        </div>
      </dl>

      <table aria-label="Wallets" aria-busy={waiting}>
        <thead>
          <tr>
            <th scope="col">Symbol</th>
            <th scope="col">Name</th>
            <th scope="col">Network</th>
            <th scope="col" className="numeric">
              Amount
            </th>
            <th scope="col" className="numeric">
              Price
            </th>
            <th scope="col" className="numeric">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {portfolio
            ? portfolio.wallets.map((wallet) => <WalletRow key={wallet.code} wallet={wallet} />)
            : waiting && <SkeletonRows />}
        </tbody>
      </table>
      {portfolio && portfolio.wallets.length === 0 && <p>This account has no wallets yet.</p>}
    </section>
  );
}
