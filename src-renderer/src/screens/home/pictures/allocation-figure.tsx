import { lazy, useMemo } from 'react';
import type { PortfolioWallet } from '../../../../../src-preload/contract/portfolio';
import { ShareAmount, UsdAmount, usePrivacy } from '../../../components/amount';
import { allocationOf } from './allocation';
import { ChartFigure } from './chart-figure';

const AllocationChart = lazy(() => import('./allocation-chart'));

/** Allocation by asset: each wallet's share of the account's USD value, as bars and as a table. */
export function AllocationFigure({ wallets }: { wallets: readonly PortfolioWallet[] }): React.JSX.Element {
  const privacy = usePrivacy();
  const allocation = useMemo(() => allocationOf(wallets), [wallets]);
  if (allocation.slices.length === 0) {
    return (
      <figure aria-label="Allocation by asset" className="card chart-figure">
        <p>Nothing to chart: no wallet holds any value.</p>
      </figure>
    );
  }
  return (
    <ChartFigure
      title="Allocation by asset"
      chart={(width) => <AllocationChart allocation={allocation} privacy={privacy} width={width} />}
      table={
        <table aria-label="Allocation by asset">
          <thead>
            <tr>
              <th scope="col">Asset</th>
              <th scope="col" className="numeric">
                Value
              </th>
              <th scope="col" className="numeric">
                Share
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
