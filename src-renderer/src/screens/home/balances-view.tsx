import type { PortfolioView, PortfolioWallet } from '../../../../src-preload/contract/portfolio';
import { CryptoAmount, UsdAmount } from '../../components/amount';
import { formatDateTime } from '../../format/dates';

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

/** "as of <local date and time>" for the last known balances, with the exact time in the markup. */
export function AsOf({ fetchedAt }: { fetchedAt: string }): React.JSX.Element {
  return (
    <>
      as of <time dateTime={fetchedAt}>{formatDateTime(fetchedAt)}</time>
    </>
  );
}

/**
 * Home's line over the last known balances while they stand in for this run's. The launch paint draws the
 * same line for a restored session (a unit test holds the two equal), so the wording does not change when
 * the app takes over.
 */
export function LastKnownStatus({
  fetchedAt,
  refreshing,
}: {
  fetchedAt: string;
  refreshing: boolean;
}): React.JSX.Element {
  return (
    <span className="home-updated" role="status">
      Last known balances <AsOf fetchedAt={fetchedAt} />
      {refreshing ? ', refreshing…' : ''}
    </span>
  );
}

/** Total balance and daily profit; skeletons while there is nothing to show yet. */
export function Totals({ portfolio }: { portfolio: PortfolioView | null }): React.JSX.Element {
  return (
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
  );
}

/**
 * One row per wallet, highest value first. `source` is on the table (data-balances) so the bench can
 * tell the last known balances from the fresh ones.
 */
export function WalletsTable({
  portfolio,
  source,
  waiting,
}: {
  portfolio: PortfolioView | null;
  source: 'cached' | 'fresh' | null;
  waiting: boolean;
}): React.JSX.Element {
  return (
    <>
      {/* In a narrow window each row stacks (styles.css, wallets-table-wrap) instead of scrolling sideways. */}
      <div className="wallets-table-wrap">
        <table aria-label="Wallets" aria-busy={waiting} data-balances={source ?? undefined} className="wallets-table">
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
      </div>
      {portfolio && portfolio.wallets.length === 0 && <p>This account has no wallets yet.</p>}
    </>
  );
}
