import { useEffect, useMemo } from 'react';
import { CryptoAmount, UsdAmount } from '../../components/amount';
import { ErrorMessage } from '../../components/error-message';
import { useMerchantKeysStore } from '../../stores/merchant-keys-store';
import { usePortfolioStore } from '../../stores/portfolio-store';
import { useSessionStore } from '../../stores/session-store';
import { valueMerchantBalances } from './balance-values';
import { Feedback } from './merchant-options';

/** The value cell of one row: the amount, or why there is none. */
function ValueCell({ value, pricesLoading }: { value: string | null; pricesLoading: boolean }): React.JSX.Element {
  if (value !== null) return <UsdAmount value={value} />;
  return <span className="history-muted">{pricesLoading ? 'Loading price…' : 'No price for this asset'}</span>;
}

/** The twelve merchant balances of spec 2.3, each named by asset and network. */
export function BalancesPanel(): React.JSX.Element {
  const balances = useMerchantKeysStore((state) => state.balances);
  const feedback = useMerchantKeysStore((state) => state.feedback.balances);
  const loading = useMerchantKeysStore((state) => state.busy.has('balances'));
  const loadBalances = useMerchantKeysStore((state) => state.loadBalances);
  // Prices come from the signed-in account's own wallets, as on Home: the merchant API has none.
  const accountGuid = useSessionStore((state) => state.view?.activeAccountGuid ?? null);
  const portfolio = usePortfolioStore((state) => state.portfolio);
  const pricesLoading = usePortfolioStore((state) => state.loading);
  const pricesError = usePortfolioStore((state) => state.error);
  const loadPrices = usePortfolioStore((state) => state.load);
  const wallets = portfolio?.accountGuid === accountGuid ? portfolio.wallets : null;
  const valued = useMemo(
    () => (balances === null ? null : valueMerchantBalances(balances, wallets ?? [])),
    [balances, wallets],
  );

  useEffect(() => {
    void loadBalances();
  }, [loadBalances]);
  useEffect(() => {
    if (wallets === null) void loadPrices();
  }, [wallets, loadPrices]);

  return (
    <div>
      <button type="button" className="secondary" disabled={loading} onClick={() => void loadBalances()}>
        Refresh balances
      </button>
      <Feedback {...feedback} />
      <table aria-label="Merchant balances" aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col">Network</th>
            <th scope="col" className="numeric">
              Balance
            </th>
            <th scope="col" className="numeric">
              Value (USD)
            </th>
          </tr>
        </thead>
        <tbody>
          {balances === null && loading
            ? [0, 1, 2].map((row) => (
                <tr key={row} aria-hidden="true">
                  <td>
                    <span className="skeleton" />
                  </td>
                  <td>
                    <span className="skeleton" />
                  </td>
                  <td>
                    <span className="skeleton" />
                  </td>
                  <td>
                    <span className="skeleton" />
                  </td>
                </tr>
              ))
            : (valued?.rows ?? []).map(({ row, valueUsd }) => (
                <tr key={row.field}>
                  <th scope="row">{row.asset}</th>
                  <td>{row.network}</td>
                  <td className="numeric">
                    <CryptoAmount value={row.amount} code={row.code} />
                  </td>
                  <td className="numeric">
                    <ValueCell value={valueUsd} pricesLoading={wallets === null && pricesLoading} />
                  </td>
                </tr>
              ))}
        </tbody>
        {valued && wallets !== null && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {valued.unpriced.length > 0 ? 'Total (USD, partial)' : 'Total (USD)'}
              </th>
              <td className="numeric">
                <UsdAmount value={valued.totalUsd} />
              </td>
            </tr>
          </tfoot>
        )}
      </table>
      {valued && wallets !== null && valued.unpriced.length > 0 && (
        <p className="history-muted">
          The total leaves out {valued.unpriced.join(', ')}: this account has no wallet of{' '}
          {valued.unpriced.length === 1 ? 'that asset' : 'those assets'}, so the app has no price for{' '}
          {valued.unpriced.length === 1 ? 'it' : 'them'}.
        </p>
      )}
      {wallets === null && !pricesLoading && pricesError && (
        <>
          <p className="history-muted">Values need the prices of your account&apos;s wallets, which did not load.</p>
          <ErrorMessage error={pricesError} />
        </>
      )}
    </div>
  );
}
