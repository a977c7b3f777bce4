import { useState } from 'react';
import type { AssetCode } from '../../../../src-preload/contract/asset-table';
import type { PendingVerificationView } from '../../../../src-preload/contract/merchant';
import { DecimalInput } from '../../components/decimal-input';
import { SaveToAddressBook } from '../../components/save-to-address-book';
import { t } from '../../i18n/text';
import { RichText, useText } from '../../i18n/use-text';
import { useMerchantKeysStore } from '../../stores/merchant-keys-store';
import { messageText } from '../../stores/merchant-run';
import { useMerchantVerificationStore } from '../../stores/merchant-verification-store';
import { AssetOptions, Feedback, assetLabel } from './merchant-options';

/** A verified address the service lists without a label, in any language. */
const NO_LABEL = '—';

/** One started verification: the user types the amount that arrived; the app never suggests it. */
function PendingRow({ pending }: { pending: PendingVerificationView }): React.JSX.Element {
  const t = useText();
  const [amount, setAmount] = useState('');
  const busy = useMerchantVerificationStore((state) => state.busy);
  const { confirmVerification, restartVerification, discardVerification } = useMerchantVerificationStore.getState();
  return (
    <li className="card">
      <form
        aria-label={t('merchant.verify.confirm.form', { label: pending.label, code: pending.code })}
        // Editing what an error was about takes the error back.
        onChange={() => useMerchantVerificationStore.getState().clearError('verified')}
        onSubmit={(event) => {
          event.preventDefault();
          void confirmVerification(pending.id, amount).then(() => setAmount(''));
        }}
      >
        <p>
          <RichText
            id="merchant.verify.pending"
            values={{
              label: pending.label,
              asset: assetLabel(pending.code),
              address: pending.address,
              reference: pending.referenceId,
              b: (chunks: React.ReactNode[]) => <strong>{chunks}</strong>,
              code: (chunks: React.ReactNode[]) => <code className="mono">{chunks}</code>,
            }}
          />
        </p>
        {pending.wrongAttempts > 0 && (
          <p className="merchant-hint">{t('merchant.verify.wrongAttempts', { count: pending.wrongAttempts })}</p>
        )}
        <label htmlFor={`received-${pending.id}`}>{t('merchant.verify.received', { code: pending.code })}</label>
        <div className="row">
          <DecimalInput
            id={`received-${pending.id}`}
            value={amount}
            unit={pending.code}
            errorId={undefined}
            onChange={setAmount}
          />
          <button type="submit" className="primary" disabled={amount === '' || busy.has(`confirm:${pending.id}`)}>
            {t('merchant.verify.confirm')}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={busy.has(`restart:${pending.id}`)}
            onClick={() => void restartVerification(pending.id)}
          >
            {t('merchant.verify.restart')}
          </button>
          <button type="button" className="secondary" onClick={() => void discardVerification(pending.id)}>
            {t('merchant.verify.discard')}
          </button>
        </div>
      </form>
    </li>
  );
}

/**
 * Why "Start verification" cannot be pressed yet, beside it: the reference id it needs is in the form above,
 * easy to miss when the fields below are filled.
 */
function missingToStart(referenceId: string, address: string, label: string): string | null {
  if (referenceId.trim() === '') {
    return t('merchant.verify.missing.reference');
  }
  if (address.trim() === '' && label.trim() === '') return t('merchant.verify.missing.both');
  if (address.trim() === '') return t('merchant.verify.missing.address');
  if (label.trim() === '') return t('merchant.verify.missing.label');
  return null;
}

export function VerifiedPanel(): React.JSX.Element {
  const t = useText();
  const overview = useMerchantKeysStore((state) => state.overview);
  const verified = useMerchantVerificationStore((state) => state.verified);
  const pending = useMerchantVerificationStore((state) => state.pending);
  const feedback = useMerchantVerificationStore((state) => state.feedback.verified);
  const lastVerification = useMerchantVerificationStore((state) => state.lastVerification);
  const busy = useMerchantVerificationStore((state) => state.busy);
  const { loadVerified, startVerification } = useMerchantVerificationStore.getState();
  const [referenceId, setReferenceId] = useState(overview?.lastReferenceId ?? '');
  const [code, setCode] = useState<AssetCode>('BTC');
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const ownPending = pending.filter((p) => p.environment === overview?.environment);
  const startMissing = missingToStart(referenceId, address, label);

  return (
    <div>
      <form
        aria-label={t('merchant.verified.form')}
        // Editing what an error was about takes the error back.
        onChange={() => useMerchantVerificationStore.getState().clearError('verified')}
        onSubmit={(event) => {
          event.preventDefault();
          void loadVerified(referenceId);
        }}
      >
        <label htmlFor="verified-reference">{t('merchant.verified.reference')}</label>
        <div className="row">
          <input
            id="verified-reference"
            value={referenceId}
            onChange={(event) => setReferenceId(event.target.value)}
            autoComplete="off"
          />
          <button type="submit" className="secondary" disabled={referenceId.trim() === '' || busy.has('verified')}>
            {t('merchant.verified.show')}
          </button>
        </div>
      </form>
      {verified && (
        <table aria-label={t('merchant.verified.table', { reference: verified.referenceId })}>
          <thead>
            <tr>
              <th scope="col">{t('merchant.verified.label')}</th>
              <th scope="col">{t('merchant.verified.asset')}</th>
              <th scope="col">{t('merchant.verified.network')}</th>
              <th scope="col">{t('merchant.verified.address')}</th>
              <th scope="col">{t('merchant.verified.addressBook')}</th>
            </tr>
          </thead>
          <tbody>
            {verified.addresses.length === 0 ? (
              <tr>
                <td colSpan={5}>{t('merchant.verified.none')}</td>
              </tr>
            ) : (
              verified.addresses.map((entry) => (
                <tr key={`${entry.code}:${entry.address}`}>
                  <th scope="row">{entry.label || NO_LABEL}</th>
                  <td>{entry.code}</td>
                  <td>{entry.networkName}</td>
                  <td className="mono">{entry.address}</td>
                  <td>
                    <SaveToAddressBook code={entry.code} address={entry.address} suggestedName={entry.label} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}

      <h3 id="add-address-title">{t('merchant.verify.title')}</h3>
      <form
        aria-labelledby="add-address-title"
        // Editing what an error was about takes the error back.
        onChange={() => useMerchantVerificationStore.getState().clearError('verified')}
        onSubmit={(event) => {
          event.preventDefault();
          void startVerification({ referenceId, code, address, label }).then((started) => {
            if (started) {
              setAddress('');
              setLabel('');
            }
          });
        }}
      >
        <label htmlFor="verify-asset">{t('merchant.verify.asset')}</label>
        <select id="verify-asset" value={code} onChange={(event) => setCode(event.target.value as AssetCode)}>
          <AssetOptions />
        </select>
        <label htmlFor="verify-address">{t('merchant.verify.address')}</label>
        <input
          id="verify-address"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          size={50}
          autoComplete="off"
          spellCheck={false}
        />
        <label htmlFor="verify-label">{t('merchant.verify.label')}</label>
        <input id="verify-label" value={label} onChange={(event) => setLabel(event.target.value)} autoComplete="off" />
        <p className="merchant-hint">{t('merchant.verify.hint')}</p>
        <button
          type="submit"
          className="primary"
          disabled={busy.has('verifyStart') || startMissing !== null}
          aria-describedby={startMissing === null ? undefined : 'verify-start-missing'}
        >
          {t('merchant.verify.start')}
        </button>
        {startMissing !== null && (
          <p id="verify-start-missing" className="merchant-hint">
            {startMissing}
          </p>
        )}
      </form>
      {lastVerification === 'verified' && feedback.message ? (
        <p role="status" className="merchant-good">
          {messageText(feedback.message)}
        </p>
      ) : lastVerification === 'wrong-amount' && feedback.message ? (
        <p role="alert">{messageText(feedback.message)}</p>
      ) : (
        <Feedback {...feedback} />
      )}

      <h3 id="pending-title">{t('merchant.verify.pending.title')}</h3>
      {ownPending.length === 0 ? (
        <p>{t('merchant.verify.pending.none')}</p>
      ) : (
        <ul aria-labelledby="pending-title" className="merchant-list">
          {ownPending.map((entry) => (
            <PendingRow key={entry.id} pending={entry} />
          ))}
        </ul>
      )}
    </div>
  );
}
