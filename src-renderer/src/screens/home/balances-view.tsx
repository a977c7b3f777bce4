import type { PortfolioView, PortfolioWallet } from '../../../../src-preload/contract/portfolio';
import { CryptoAmount, UsdAmount } from '../../components/amount';
import { formatDateTime } from '../../format/dates';
import { RichText, useText } from '../../i18n/use-text';

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

/**
 * The values of a message that says when the balances were fetched: the local date and time as `when`, inside
 * a <time> tag that keeps the exact time in the markup.
 */
export function fetchedAtValues(fetchedAt: string): Record<string, unknown> {
  return {
    when: formatDateTime(fetchedAt),
    time: (chunks: React.ReactNode[]) => <time dateTime={fetchedAt}>{chunks}</time>,
  };
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
      <RichText
        id="home.lastKnown.status"
        values={{ ...fetchedAtValues(fetchedAt), refreshing: refreshing ? 'true' : 'false' }}
      />
    </span>
  );
}

/** Total balance and daily profit; skeletons while there is nothing to show yet. */
export function Totals({ portfolio }: { portfolio: PortfolioView | null }): React.JSX.Element {
  const t = useText();
  return (
    <dl className="card home-totals" aria-label={t('home.totals.region')}>
      <div>
        <dt>{t('home.totals.balance')}</dt>
        <dd>
          {portfolio ? (
            <UsdAmount value={portfolio.totalBalanceUsd} />
          ) : (
            <span className="skeleton" aria-label={t('common.loading')} />
          )}
        </dd>
      </div>
      <div>
        <dt>{t('home.totals.dailyProfit')}</dt>
        <dd>
          {portfolio ? (
            <UsdAmount value={portfolio.dailyProfitUsd} signed />
          ) : (
            <span className="skeleton" aria-label={t('common.loading')} />
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
  const t = useText();
  return (
    <>
      {/* In a narrow window each row stacks (styles.css, wallets-table-wrap) instead of scrolling sideways. */}
      <div className="wallets-table-wrap">
        <table
          aria-label={t('home.wallets.table')}
          aria-busy={waiting}
          data-balances={source ?? undefined}
          className="wallets-table"
        >
          <thead>
            <tr>
              <th scope="col">{t('home.wallets.symbol')}</th>
              <th scope="col">{t('home.wallets.name')}</th>
              <th scope="col">{t('home.wallets.network')}</th>
              <th scope="col" className="numeric">
                {t('home.wallets.amount')}
              </th>
              <th scope="col" className="numeric">
                {t('home.wallets.price')}
              </th>
              <th scope="col" className="numeric">
                {t('home.wallets.value')}
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
      {portfolio && portfolio.wallets.length === 0 && <p>{t('home.wallets.none')}</p>}
    </>
  );
}
