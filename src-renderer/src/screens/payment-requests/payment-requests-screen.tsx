import { useEffect, useId, useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { useText } from '../../i18n/use-text';
import { usePaymentRequestsStore } from '../../stores/payment-requests-store';
import { PaymentRequestRow } from './payment-request-row';
import { isStatusFilter, statusFilterChoices, visibleRequests } from './payment-request-words';

function ExportResult(): React.JSX.Element | null {
  const exported = usePaymentRequestsStore((state) => state.exported);
  const error = usePaymentRequestsStore((state) => state.exportError);
  const t = useText();
  if (error) return <ErrorMessage error={error} />;
  if (!exported) return null;
  return <p role="status">{t('paymentRequests.exported', { count: exported.rows, path: exported.path })}</p>;
}

/**
 * Every deposit address made with a reference, on Receive or on Merchant › Deposit addresses, kept for the
 * signed-in user and the active account until they delete it; its status is read from the account's history.
 */
export function PaymentRequestsScreen(): React.JSX.Element {
  const items = usePaymentRequestsStore((state) => state.items);
  const unreadable = usePaymentRequestsStore((state) => state.unreadable);
  const loadError = usePaymentRequestsStore((state) => state.loadError);
  const statuses = usePaymentRequestsStore((state) => state.statuses);
  const checkFailures = usePaymentRequestsStore((state) => state.checkFailures);
  const checking = usePaymentRequestsStore((state) => state.checking);
  const checkError = usePaymentRequestsStore((state) => state.checkError);
  const search = usePaymentRequestsStore((state) => state.search);
  const statusFilter = usePaymentRequestsStore((state) => state.statusFilter);
  const exporting = usePaymentRequestsStore((state) => state.exporting);
  const { load, check, exportCsv, setSearch, setStatusFilter } = usePaymentRequestsStore.getState();
  const t = useText();
  const [deleted, setDeleted] = useState<string | null>(null);
  const searchId = useId();
  const filterId = useId();

  useEffect(() => {
    if (items === null) void load();
  }, [items, load]);

  const shown = items ? visibleRequests(items, statuses, search, statusFilter) : [];

  return (
    <section aria-labelledby="payment-requests-title" className="screen payment-requests-screen">
      <h2 id="payment-requests-title">{t('paymentRequests.title')}</h2>
      <p>{t('paymentRequests.intro')}</p>
      {unreadable > 0 && <p role="alert">{t('paymentRequests.unreadable')}</p>}
      <ErrorMessage error={loadError} />
      <div className="payment-requests-tools" role="search" aria-label={t('paymentRequests.filter.region')}>
        <label htmlFor={searchId}>{t('paymentRequests.filter.search')}</label>
        <input
          id={searchId}
          type="search"
          placeholder={t('paymentRequests.filter.searchHint')}
          value={search}
          maxLength={200}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label htmlFor={filterId}>{t('paymentRequests.filter.status')}</label>
        <select
          id={filterId}
          value={statusFilter}
          onChange={(event) => {
            if (isStatusFilter(event.target.value)) setStatusFilter(event.target.value);
          }}
        >
          {statusFilterChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {t(choice.label)}
            </option>
          ))}
        </select>
      </div>
      <div className="row payment-requests-actions">
        <button
          type="button"
          className="secondary"
          disabled={checking || !items || items.length === 0}
          onClick={() => void check()}
        >
          {t('paymentRequests.check')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={exporting || shown.length === 0}
          onClick={() => void exportCsv(shown.map((item) => item.id))}
        >
          {t('paymentRequests.export')}
        </button>
      </div>
      {checking && <p role="status">{t('paymentRequests.checking')}</p>}
      <ErrorMessage error={checkError} />
      <ExportResult />
      {deleted !== null && <p role="status">{t('paymentRequests.deleted', { reference: deleted })}</p>}
      {items === null ? (
        !loadError && <p aria-busy="true">{t('paymentRequests.loading')}</p>
      ) : items.length === 0 ? (
        <p>{t('paymentRequests.none')}</p>
      ) : shown.length === 0 ? (
        <p>{t('paymentRequests.noMatch')}</p>
      ) : (
        <div className="payment-requests-table-wrap">
          <table aria-label={t('paymentRequests.table')} className="payment-requests-table">
            <thead>
              <tr>
                <th scope="col">{t('paymentRequests.column.created')}</th>
                <th scope="col">{t('paymentRequests.column.reference')}</th>
                <th scope="col">{t('paymentRequests.column.amount')}</th>
                <th scope="col">{t('paymentRequests.column.status')}</th>
                <th scope="col">{t('paymentRequests.column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item) => (
                <PaymentRequestRow
                  key={item.id}
                  item={item}
                  status={statuses[item.id]}
                  failure={checkFailures[item.id]}
                  onDeleted={setDeleted}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
