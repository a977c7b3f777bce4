import { useState } from 'react';
import type { AssetCode } from '../../../../src-preload/contract/asset-table';
import type { PendingVerificationView } from '../../../../src-preload/contract/merchant';
import { DecimalInput } from '../../components/decimal-input';
import { SaveToAddressBook } from '../../components/save-to-address-book';
import { useMerchantKeysStore } from '../../stores/merchant-keys-store';
import { useMerchantVerificationStore } from '../../stores/merchant-verification-store';
import { AssetOptions, Feedback, assetLabel } from './merchant-options';

/** One started verification: the user types the amount that arrived; the app never suggests it. */
function PendingRow({ pending }: { pending: PendingVerificationView }): React.JSX.Element {
  const [amount, setAmount] = useState('');
  const busy = useMerchantVerificationStore((state) => state.busy);
  const { confirmVerification, restartVerification, discardVerification } = useMerchantVerificationStore.getState();
  const name = `${pending.label} (${pending.code})`;
  return (
    <li className="card">
      <form
        aria-label={`Confirm ${name}`}
        // Editing what an error was about takes the error back.
        onChange={() => useMerchantVerificationStore.getState().clearError('verified')}
        onSubmit={(event) => {
          event.preventDefault();
          void confirmVerification(pending.id, amount).then(() => setAmount(''));
        }}
      >
        <p>
          <strong>{pending.label}</strong> — {assetLabel(pending.code)} —{' '}
          <code className="mono">{pending.address}</code> — reference {pending.referenceId}
        </p>
        {pending.wrongAttempts > 0 && (
          <p className="merchant-hint">
            {pending.wrongAttempts === 1
              ? 'One wrong amount so far.'
              : `${pending.wrongAttempts} wrong amounts so far.`}
          </p>
        )}
        <label htmlFor={`received-${pending.id}`}>{`Exact amount received (${pending.code})`}</label>
        <div className="row">
          <DecimalInput
            id={`received-${pending.id}`}
            value={amount}
            unit={pending.code}
            errorId={undefined}
            onChange={setAmount}
          />
          <button type="submit" className="primary" disabled={amount === '' || busy.has(`confirm:${pending.id}`)}>
            Confirm amount
          </button>
          <button
            type="button"
            className="secondary"
            disabled={busy.has(`restart:${pending.id}`)}
            onClick={() => void restartVerification(pending.id)}
          >
            Start again
          </button>
          <button type="button" className="secondary" onClick={() => void discardVerification(pending.id)}>
            Discard
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
    return 'Enter the member’s reference id at the top of this tab first: the address is verified under it.';
  }
  if (address.trim() === '' && label.trim() === '') return 'Enter the address and a label to start verification.';
  if (address.trim() === '') return 'Enter the address to start verification.';
  if (label.trim() === '') return 'Enter a label to start verification.';
  return null;
}

export function VerifiedPanel(): React.JSX.Element {
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
        aria-label="Verified addresses for a reference"
        // Editing what an error was about takes the error back.
        onChange={() => useMerchantVerificationStore.getState().clearError('verified')}
        onSubmit={(event) => {
          event.preventDefault();
          void loadVerified(referenceId);
        }}
      >
        <label htmlFor="verified-reference">Reference id</label>
        <div className="row">
          <input
            id="verified-reference"
            value={referenceId}
            onChange={(event) => setReferenceId(event.target.value)}
            autoComplete="off"
          />
          <button type="submit" className="secondary" disabled={referenceId.trim() === '' || busy.has('verified')}>
            Show verified addresses
          </button>
        </div>
      </form>
      {verified && (
        <table aria-label={`Verified addresses for ${verified.referenceId}`}>
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Asset</th>
              <th scope="col">Network</th>
              <th scope="col">Address</th>
              <th scope="col">Address book</th>
            </tr>
          </thead>
          <tbody>
            {verified.addresses.length === 0 ? (
              <tr>
                <td colSpan={5}>No verified addresses for this reference yet.</td>
              </tr>
            ) : (
              verified.addresses.map((entry) => (
                <tr key={`${entry.code}:${entry.address}`}>
                  <th scope="row">{entry.label || '—'}</th>
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

      <h3 id="add-address-title">Add address</h3>
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
        <label htmlFor="verify-asset">Asset and network</label>
        <select id="verify-asset" value={code} onChange={(event) => setCode(event.target.value as AssetCode)}>
          <AssetOptions />
        </select>
        <label htmlFor="verify-address">Address</label>
        <input
          id="verify-address"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          size={50}
          autoComplete="off"
          spellCheck={false}
        />
        <label htmlFor="verify-label">Label</label>
        <input id="verify-label" value={label} onChange={(event) => setLabel(event.target.value)} autoComplete="off" />
        <p className="merchant-hint">
          The service sends a small random amount to the address. You then enter the exact amount received, which proves
          you control it.
        </p>
        <button
          type="submit"
          className="primary"
          disabled={busy.has('verifyStart') || startMissing !== null}
          aria-describedby={startMissing === null ? undefined : 'verify-start-missing'}
        >
          Start verification
        </button>
        {startMissing !== null && (
          <p id="verify-start-missing" className="merchant-hint">
            {startMissing}
          </p>
        )}
      </form>
      {lastVerification === 'verified' && feedback.message ? (
        <p role="status" className="merchant-good">
          {feedback.message}
        </p>
      ) : lastVerification === 'wrong-amount' && feedback.message ? (
        <p role="alert">{feedback.message}</p>
      ) : (
        <Feedback {...feedback} />
      )}

      <h3 id="pending-title">Waiting for the amount received</h3>
      {ownPending.length === 0 ? (
        <p>No verification is waiting.</p>
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
