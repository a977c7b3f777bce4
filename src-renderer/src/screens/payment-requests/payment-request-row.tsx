import { useState } from 'react';
import type {
  ExpectedPayment,
  PaymentRequestStatusView,
  PaymentRequestView,
} from '../../../../src-preload/contract/payment-requests';
import type { BridgeError } from '../../../../src-preload/result';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CryptoAmount, usePrivacy } from '../../components/amount';
import { ErrorMessage } from '../../components/error-message';
import { formatDateTime } from '../../format/dates';
import { displayLocale } from '../../format/display-locale';
import { usePaymentRequestsStore } from '../../stores/payment-requests-store';
import { statusWords } from './payment-request-words';

type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];

function FiatAmount({ value, currency }: { value: string; currency: string }): React.JSX.Element {
  const hidden = usePrivacy();
  if (hidden)
    return (
      <span className="amount masked" aria-label="Hidden amount">
        •••••
      </span>
    );
  let text: string;
  try {
    text = new Intl.NumberFormat(displayLocale, { style: 'currency', currency }).format(value as IntlDecimal);
  } catch {
    text = `${value} ${currency}`;
  }
  return <span className="amount">{text}</span>;
}

function Amount({ amount, unit, kind }: ExpectedPayment): React.JSX.Element {
  return kind === 'fiat' ? <FiatAmount value={amount} currency={unit} /> : <CryptoAmount value={amount} code={unit} />;
}

function StatusCell({
  status,
  failure,
}: {
  status: PaymentRequestStatusView | undefined;
  failure: string | undefined;
}): React.JSX.Element {
  if (failure) return <span className="error">{failure}</span>;
  if (!status) return <span>Not checked yet.</span>;
  const byAddress = status.deposits.some((deposit) => deposit.matchedBy === 'address');
  const pending = status.deposits.filter((deposit) => !deposit.counted).length;
  return (
    <>
      <strong className={`payment-status payment-status-${status.status}`}>{statusWords[status.status]}</strong>
      {status.deposits.length > 0 && (
        <span className="payment-note">
          {status.deposits.length === 1 ? 'One deposit found.' : `${status.deposits.length} deposits found.`}
        </span>
      )}
      {pending > 0 && (
        <span className="payment-note">
          {pending === 1
            ? 'One deposit is not completed yet and does not count.'
            : `${pending} deposits are not completed yet and do not count.`}
        </span>
      )}
      {byAddress && (
        <span className="payment-note">Some deposits carry no reference and were matched by the address.</span>
      )}
      {status.unpriced && (
        <span className="payment-note">Some deposits have no price in this currency and are not counted.</span>
      )}
    </>
  );
}

export function PaymentRequestRow({
  item,
  status,
  failure,
  onDeleted,
}: {
  item: PaymentRequestView;
  status: PaymentRequestStatusView | undefined;
  failure: string | undefined;
  onDeleted: (reference: string) => void;
}): React.JSX.Element {
  const remove = usePaymentRequestsStore((state) => state.remove);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const receivedUnit = status?.receivedUnit ?? item.code;
  const receivedKind = item.expected?.kind === 'fiat' ? 'fiat' : 'asset';

  return (
    <tr>
      <td className="payment-col-created">
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        <span className="payment-note">{item.origin === 'merchant' ? 'Merchant API' : 'Receive'}</span>
      </td>
      <td className="payment-col-reference">
        <span className="mono" translate="no">
          {item.referenceId}
        </span>
        {item.label && <span className="payment-note">{item.label}</span>}
        <span className="mono payment-address" translate="no">
          {item.address}
        </span>
      </td>
      <td>
        <dl className="payment-amounts">
          <dt>Expected</dt>
          <dd>
            {item.expected ? <Amount {...item.expected} /> : 'No amount was asked.'}
            {item.expected?.kind === 'fiat' && <span className="payment-note">{`Paid in ${item.code}.`}</span>}
          </dd>
          <dt>Received</dt>
          <dd>{status ? <Amount amount={status.received} unit={receivedUnit} kind={receivedKind} /> : '—'}</dd>
        </dl>
      </td>
      <td className="payment-col-status">
        <StatusCell status={status} failure={failure} />
      </td>
      <td>
        <button
          type="button"
          className="secondary"
          aria-label={`Delete payment request ${item.referenceId}`}
          onClick={() => setConfirming(true)}
        >
          Delete
        </button>
        <ErrorMessage error={error} />
        {confirming && (
          <ConfirmDialog
            title="Delete this payment request?"
            body={`The payment request ${item.referenceId} will no longer be listed on this computer. The deposit address stays valid at the service, and payments to it still arrive.`}
            confirmLabel="Delete payment request"
            busy={busy}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setBusy(true);
              void remove(item.id).then((failed) => {
                setBusy(false);
                setConfirming(false);
                if (failed) setError(failed);
                else onDeleted(item.referenceId);
              });
            }}
          />
        )}
      </td>
    </tr>
  );
}
