import { useEffect, useId, useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { formatCount } from '../../format/amounts';
import { usePaymentRequestsStore } from '../../stores/payment-requests-store';
import { PaymentRequestRow } from './payment-request-row';
import { isStatusFilter, statusFilterChoices, visibleRequests } from './payment-request-words';

function ExportResult(): React.JSX.Element | null {
  const exported = usePaymentRequestsStore((state) => state.exported);
  const error = usePaymentRequestsStore((state) => state.exportError);
  if (error) return <ErrorMessage error={error} />;
  if (!exported) return null;
  return (
    <p role="status">
      {exported.rows === 1
        ? `One payment request was exported to ${exported.path}.`
        : `${formatCount(exported.rows)} payment requests were exported to ${exported.path}.`}
    </p>
  );
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
  const [message, setMessage] = useState<string | null>(null);
  const searchId = useId();
  const filterId = useId();

  useEffect(() => {
    if (items === null) void load();
  }, [items, load]);

  const shown = items ? visibleRequests(items, statuses, search, statusFilter) : [];

  return (
    <section aria-labelledby="payment-requests-title" className="screen payment-requests-screen">
      <h2 id="payment-requests-title">Payment requests</h2>
      <p>
        Every deposit address you create with a reference is kept here for you and this account until you delete it. Its
        status comes from the account&apos;s history: deposits in its asset to its address with its reference, or with
        no reference at all.
      </p>
      {unreadable > 0 && (
        <p role="alert">
          Some payment requests kept on this computer could not be read, for example because the keychain key that
          protects them is missing. Their file was set aside and not deleted.
        </p>
      )}
      <ErrorMessage error={loadError} />
      <div className="payment-requests-tools" role="search" aria-label="Filter payment requests">
        <label htmlFor={searchId}>Search</label>
        <input
          id={searchId}
          type="search"
          placeholder="Reference, label or address"
          value={search}
          maxLength={200}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label htmlFor={filterId}>Status</label>
        <select
          id={filterId}
          value={statusFilter}
          onChange={(event) => {
            if (isStatusFilter(event.target.value)) setStatusFilter(event.target.value);
          }}
        >
          {statusFilterChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
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
          Check statuses
        </button>
        <button
          type="button"
          className="secondary"
          disabled={exporting || shown.length === 0}
          onClick={() => void exportCsv(shown.map((item) => item.id))}
        >
          Export CSV
        </button>
      </div>
      {checking && <p role="status">Reading the history for these payment requests.</p>}
      <ErrorMessage error={checkError} />
      <ExportResult />
      {message && <p role="status">{message}</p>}
      {items === null ? (
        !loadError && <p aria-busy="true">Loading the payment requests.</p>
      ) : items.length === 0 ? (
        <p>There are no payment requests yet. Create a deposit address with a reference on Receive or Merchant.</p>
      ) : shown.length === 0 ? (
        <p>No payment request matches the search and status chosen.</p>
      ) : (
        <div className="payment-requests-table-wrap">
          <table aria-label="Payment requests" className="payment-requests-table">
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Reference</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item) => (
                <PaymentRequestRow
                  key={item.id}
                  item={item}
                  status={statuses[item.id]}
                  failure={checkFailures[item.id]}
                  onDeleted={(reference) => setMessage(`The payment request ${reference} was deleted.`)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
