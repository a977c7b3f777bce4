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
import { useText } from '../../i18n/use-text';
import { usePaymentRequestsStore } from '../../stores/payment-requests-store';
import { statusWords } from './payment-request-words';

type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];

// Marks, not words: the same in every language.
const MASK = '•••••';
const NOTHING_YET = '—';

function FiatAmount({ value, currency }: { value: string; currency: string }): React.JSX.Element {
  const hidden = usePrivacy();
  const t = useText();
  if (hidden)
    return (
      <span className="amount masked" aria-label={t('paymentRequests.row.hiddenAmount')}>
        {MASK}
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
  const t = useText();
  if (failure) return <span className="error">{failure}</span>;
  if (!status) return <span>{t('paymentRequests.row.notChecked')}</span>;
  const byAddress = status.deposits.some((deposit) => deposit.matchedBy === 'address');
  const pending = status.deposits.filter((deposit) => !deposit.counted).length;
  return (
    <>
      <strong className={`payment-status payment-status-${status.status}`}>{t(statusWords[status.status])}</strong>
      {status.deposits.length > 0 && (
        <span className="payment-note">{t('paymentRequests.row.found', { count: status.deposits.length })}</span>
      )}
      {pending > 0 && <span className="payment-note">{t('paymentRequests.row.pending', { count: pending })}</span>}
      {byAddress && <span className="payment-note">{t('paymentRequests.row.byAddress')}</span>}
      {status.unpriced && <span className="payment-note">{t('paymentRequests.row.unpriced')}</span>}
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
  const t = useText();
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
        <span className="payment-note">
          {t(item.origin === 'merchant' ? 'paymentRequests.row.originMerchant' : 'paymentRequests.row.originReceive')}
        </span>
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
          <dt>{t('paymentRequests.row.expected')}</dt>
          <dd>
            {item.expected ? <Amount {...item.expected} /> : t('paymentRequests.row.noAmount')}
            {item.expected?.kind === 'fiat' && (
              <span className="payment-note">{t('paymentRequests.row.paidIn', { code: item.code })}</span>
            )}
          </dd>
          <dt>{t('paymentRequests.row.received')}</dt>
          <dd>{status ? <Amount amount={status.received} unit={receivedUnit} kind={receivedKind} /> : NOTHING_YET}</dd>
        </dl>
      </td>
      <td className="payment-col-status">
        <StatusCell status={status} failure={failure} />
      </td>
      <td>
        <button
          type="button"
          className="secondary"
          aria-label={t('paymentRequests.row.deleteNamed', { reference: item.referenceId })}
          onClick={() => setConfirming(true)}
        >
          {t('paymentRequests.row.delete')}
        </button>
        <ErrorMessage error={error} />
        {confirming && (
          <ConfirmDialog
            title={t('paymentRequests.row.confirmTitle')}
            body={t('paymentRequests.row.confirmBody', { reference: item.referenceId })}
            confirmLabel={t('paymentRequests.row.confirm')}
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
