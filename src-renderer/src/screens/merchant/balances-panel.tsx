import { useEffect, useMemo } from 'react';
import { CryptoAmount, UsdAmount } from '../../components/amount';
import { ErrorMessage } from '../../components/error-message';
import { useText } from '../../i18n/use-text';
import { useMerchantKeysStore } from '../../stores/merchant-keys-store';
import { usePortfolioStore } from '../../stores/portfolio-store';
import { useSessionStore } from '../../stores/session-store';
import { valueMerchantBalances } from './balance-values';
import { Feedback } from './merchant-options';

/** The value cell of one row: the amount, or why there is none. */
function ValueCell({ value, pricesLoading }: { value: string | null; pricesLoading: boolean }): React.JSX.Element {
  const t = useText();
  if (value !== null) return <UsdAmount value={value} />;
  return (
    <span className="history-muted">
      {pricesLoading ? t('merchant.balances.loadingPrice') : t('merchant.balances.noPrice')}
    </span>
  );
}

/** The twelve merchant balances of spec 2.3, each named by asset and network. */
export function BalancesPanel(): React.JSX.Element {
  const t = useText();
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
        {t('merchant.balances.refresh')}
      </button>
      <Feedback {...feedback} />
      <table aria-label={t('merchant.balances.table')} aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col">{t('merchant.balances.asset')}</th>
            <th scope="col">{t('merchant.balances.network')}</th>
            <th scope="col" className="numeric">
              {t('merchant.balances.balance')}
            </th>
            <th scope="col" className="numeric">
              {t('merchant.balances.value')}
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
                {valued.unpriced.length > 0 ? t('merchant.balances.totalPartial') : t('merchant.balances.total')}
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
          {t('merchant.balances.unpriced', {
            count: valued.unpriced.length,
            codes: valued.unpriced.join(', '),
          })}
        </p>
      )}
      {wallets === null && !pricesLoading && pricesError && (
        <>
          <p className="history-muted">{t('merchant.balances.pricesFailed')}</p>
          <ErrorMessage error={pricesError} />
        </>
      )}
    </div>
  );
}
