import { lazy, useMemo } from 'react';
import type { PortfolioWallet } from '../../../../../src-preload/contract/portfolio';
import { ShareAmount, UsdAmount, usePrivacy } from '../../../components/amount';
import { useText } from '../../../i18n/use-text';
import { allocationOf } from './allocation';
import { ChartFigure } from './chart-figure';

const AllocationChart = lazy(() => import('./allocation-chart'));

/** Allocation by asset: each wallet's share of the account's USD value, as bars and as a table. */
export function AllocationFigure({ wallets }: { wallets: readonly PortfolioWallet[] }): React.JSX.Element {
  const privacy = usePrivacy();
  const t = useText();
  const allocation = useMemo(() => allocationOf(wallets), [wallets]);
  if (allocation.slices.length === 0) {
    return (
      <figure aria-label={t('pictures.allocation.title')} className="card chart-figure">
        <p>{t('pictures.allocation.empty')}</p>
      </figure>
    );
  }
  return (
    <ChartFigure
      title={t('pictures.allocation.title')}
      chart={(width) => <AllocationChart allocation={allocation} privacy={privacy} width={width} />}
      table={
        <table aria-label={t('pictures.allocation.title')}>
          <thead>
            <tr>
              <th scope="col">{t('pictures.allocation.asset')}</th>
              <th scope="col" className="numeric">
                {t('pictures.allocation.value')}
              </th>
              <th scope="col" className="numeric">
                {t('pictures.allocation.share')}
              </th>
            </tr>
          </thead>
          <tbody>
            {allocation.slices.map((slice) => (
              <tr key={slice.code}>
                <th scope="row">{slice.code}</th>
                <td className="numeric">
                  <UsdAmount value={slice.valueUsd} />
                </td>
                <td className="numeric">
                  <ShareAmount value={slice.share} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
