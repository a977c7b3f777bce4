import type { CreatedDepositAddressView } from '../../../../src-preload/contract/receive';
import { CryptoAmount } from '../../components/amount';
import { ErrorMessage } from '../../components/error-message';
import { formatDateTime } from '../../format/dates';
import { useText } from '../../i18n/use-text';
import { useReceiveStore } from '../../stores/receive-store';

function Row({ item }: { item: CreatedDepositAddressView }): React.JSX.Element {
  const t = useText();
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
        {item.amount === undefined ? (
          t('receive.list.noAmount')
        ) : (
          <CryptoAmount value={item.amount} code={item.symbol} />
        )}
      </td>
    </tr>
  );
}

/** The deposit addresses created in this session for the active account, newest first. */
export function CreatedAddressList(): React.JSX.Element {
  const items = useReceiveStore((state) => state.createdList);
  const error = useReceiveStore((state) => state.listError);
  const t = useText();
  return (
    <section aria-labelledby="created-list-title" className="card">
      <h3 id="created-list-title">{t('receive.list.title')}</h3>
      <p>{t('receive.list.lead')}</p>
      <ErrorMessage error={error} />
      {items.length === 0 ? (
        <p>{t('receive.list.none')}</p>
      ) : (
        <table aria-label={t('receive.list.table')}>
          <thead>
            <tr>
              <th scope="col">{t('receive.list.created')}</th>
              <th scope="col">{t('receive.list.asset')}</th>
              <th scope="col">{t('receive.list.label')}</th>
              <th scope="col">{t('receive.list.reference')}</th>
              <th scope="col">{t('receive.list.address')}</th>
              <th scope="col" className="numeric">
                {t('receive.list.amount')}
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
