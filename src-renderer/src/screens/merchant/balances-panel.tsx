import { useEffect } from 'react';
import { CryptoAmount } from '../../components/amount';
import { useMerchantStore } from '../../stores/merchant-store';
import { Feedback } from './merchant-options';

/** The twelve merchant balances of spec 2.3, each named by asset and network. */
export function BalancesPanel(): React.JSX.Element {
  const balances = useMerchantStore((state) => state.balances);
  const feedback = useMerchantStore((state) => state.feedback.balances);
  const loading = useMerchantStore((state) => state.busy.has('balances'));
  const loadBalances = useMerchantStore((state) => state.loadBalances);

  useEffect(() => {
    void loadBalances();
  }, [loadBalances]);

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
                </tr>
              ))
            : (balances ?? []).map((row) => (
                <tr key={row.field}>
                  <th scope="row">{row.asset}</th>
                  <td>{row.network}</td>
                  <td className="numeric">
                    <CryptoAmount value={row.amount} code={row.code} />
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
