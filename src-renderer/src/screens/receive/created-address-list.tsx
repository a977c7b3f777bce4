import type { CreatedDepositAddressView } from '../../../../src-preload/contract/receive';
import { CryptoAmount } from '../../components/amount';
import { ErrorMessage } from '../../components/error-message';
import { formatDateTime } from '../../format/dates';
import { useReceiveStore } from '../../stores/receive-store';

function Row({ item }: { item: CreatedDepositAddressView }): React.JSX.Element {
  return (
    <tr>
      <td>
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
      </td>
      <td>{item.symbol}</td>
      <td>{item.label}</td>
      <td className="mono">{item.referenceId}</td>
      <td className="mono">{item.address}</td>
      <td className="numeric">
        {item.amount === undefined ? '—' : <CryptoAmount value={item.amount} code={item.symbol} />}
      </td>
    </tr>
  );
}

/** The deposit addresses created in this session for the active account, newest first. */
export function CreatedAddressList(): React.JSX.Element {
  const items = useReceiveStore((state) => state.createdList);
  const error = useReceiveStore((state) => state.listError);
  return (
    <section aria-labelledby="created-list-title" className="card">
      <h3 id="created-list-title">Created in this session</h3>
      <p>Each one is also kept under Payment requests, where you can follow what was paid to it.</p>
      <ErrorMessage error={error} />
      {items.length === 0 ? (
        <p>No deposit addresses created yet in this session.</p>
      ) : (
        <table aria-label="Deposit addresses created in this session">
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Asset</th>
              <th scope="col">Label</th>
              <th scope="col">Reference id</th>
              <th scope="col">Address</th>
              <th scope="col" className="numeric">
                Expected amount
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <Row key={item.referenceId} item={item} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
