import { useRef, useState } from 'react';
import type { AssetCode } from '../../../../src-preload/contract/asset-table';
import { CryptoAmount } from '../../components/amount';
import { TwoFactorInput } from '../../components/two-factor-input';
import { UnresolvedIntents } from '../../components/unresolved-intents';
import { useMerchantStore } from '../../stores/merchant-store';
import { AssetOptions, Feedback, assetLabel } from './merchant-options';

/** Review, two-factor code, result: the withdrawal is frozen in main from "Review" on. */
function WithdrawReview(): React.JSX.Element | null {
  const intent = useMerchantStore((state) => state.intent);
  const feedback = useMerchantStore((state) => state.feedback.withdraw);
  const busy = useMerchantStore((state) => state.busy);
  const { submitWithdrawal, checkWithdrawal, clearWithdrawal, openLink } = useMerchantStore.getState();
  const [code, setCode] = useState('');
  const submitButton = useRef<HTMLButtonElement | null>(null);
  if (!intent) return null;
  const sending = busy.has('withdrawSubmit') || intent.state === 'in-flight';
  const checking = busy.has('withdrawCheck');

  return (
    <section aria-labelledby="withdraw-review-title" className="card">
      <h3 id="withdraw-review-title">Review withdrawal</h3>
      <dl className="facts">
        <dt>Amount</dt>
        <dd>
          <CryptoAmount value={intent.amount} code={intent.code} />
        </dd>
        <dt>Asset</dt>
        <dd>{assetLabel(intent.code)}</dd>
        <dt>To</dt>
        <dd className="mono">{intent.address}</dd>
        <dt>Address status</dt>
        <dd>{intent.verified ? 'Verified' : 'NOT verified'}</dd>
        <dt>Label</dt>
        <dd>{intent.label || '—'}</dd>
        <dt>E-mail</dt>
        <dd>{intent.email}</dd>
        <dt>Merchant transaction id</dt>
        <dd className="mono">{intent.merchantTransactionId}</dd>
      </dl>

      {intent.state === 'succeeded' && intent.result ? (
        <div role="status" className="merchant-good">
          <p>Withdrawal sent.</p>
          <p>
            Transaction id: <code className="mono">{intent.result.txId}</code>
          </p>
          <div className="row">
            <button type="button" className="secondary" onClick={() => void openLink(intent.result?.explorerUrl ?? '')}>
              View in block explorer
            </button>
            <button type="button" className="secondary" onClick={() => clearWithdrawal()}>
              New withdrawal
            </button>
          </div>
        </div>
      ) : (
        <form
          aria-label={intent.state === 'unknown' ? 'Check withdrawal status' : 'Send withdrawal'}
          onSubmit={(event) => {
            event.preventDefault();
            if (code.length !== 6) return;
            const action = intent.state === 'unknown' ? checkWithdrawal(code) : submitWithdrawal(code);
            void action.then(() => setCode(''));
          }}
        >
          {intent.state === 'unknown' && (
            <p role="alert">
              The outcome of this withdrawal is unknown: the service did not answer. It is not sent again by itself.
              &quot;Check status&quot; re-sends exactly the same request with the same merchant transaction id; the
              service answers a repeat with the original result, so money moves at most once.
            </p>
          )}
          <TwoFactorInput
            value={code}
            onChange={setCode}
            onComplete={() => requestAnimationFrame(() => submitButton.current?.focus())}
            disabled={sending || checking}
          />
          <div className="row">
            {intent.state === 'unknown' ? (
              <button ref={submitButton} type="submit" className="primary" disabled={code.length !== 6 || checking}>
                Check status
              </button>
            ) : (
              <button ref={submitButton} type="submit" className="primary" disabled={code.length !== 6 || sending}>
                {intent.state === 'refused' ? 'Try again' : 'Withdraw'}
              </button>
            )}
            {intent.state !== 'unknown' && (
              <button type="button" className="secondary" disabled={sending} onClick={() => clearWithdrawal()}>
                Cancel
              </button>
            )}
          </div>
          {intent.error && intent.state !== 'unknown' && (
            <p role="alert" className="error">
              {intent.error.message}
            </p>
          )}
          {intent.error && intent.state === 'unknown' && intent.attempts > 0 && (
            <p className="merchant-hint">{intent.error.message}</p>
          )}
        </form>
      )}
      <Feedback {...feedback} />
    </section>
  );
}

/** Withdrawals whose answer was lost, so nobody enters the same payout again while the first may have gone through. */
function UnresolvedWithdrawals(): React.JSX.Element | null {
  const unresolved = useMerchantStore((state) => state.unresolved);
  const { loadUnresolved, resumeWithdrawal } = useMerchantStore.getState();
  return (
    <UnresolvedIntents
      prefix="withdraw"
      title="Withdrawals with an unknown outcome"
      lead="Check these before entering the same withdrawal again: they may have gone through."
      unresolved={unresolved.map((intent) => ({
        review: { ...intent, referenceId: intent.merchantTransactionId },
      }))}
      loadUnresolved={loadUnresolved}
      resume={resumeWithdrawal}
      summary={(intent) => (
        <>
          <CryptoAmount value={intent.amount} code={intent.code} />
          <span className="mono">{`to ${intent.address}`}</span>
        </>
      )}
    />
  );
}

export function WithdrawPanel(): React.JSX.Element {
  const overview = useMerchantStore((state) => state.overview);
  const verified = useMerchantStore((state) => state.verified);
  const intent = useMerchantStore((state) => state.intent);
  const feedback = useMerchantStore((state) => state.feedback.withdraw);
  const busy = useMerchantStore((state) => state.busy);
  const { confirmWithdrawal, setAllowUnverified, loadVerified } = useMerchantStore.getState();
  const allowUnverified = overview?.allowUnverified ?? false;
  const [referenceId, setReferenceId] = useState(verified?.referenceId ?? overview?.lastReferenceId ?? '');
  const [choice, setChoice] = useState('');
  const [code, setCode] = useState<AssetCode>('BTC');
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [label, setLabel] = useState('');
  const [email, setEmail] = useState('');

  if (intent) return <WithdrawReview />;
  const options = verified?.referenceId === referenceId ? verified.addresses : [];
  const chosen = options.find((entry) => `${entry.code}:${entry.address}` === choice);

  return (
    <div>
      <UnresolvedWithdrawals />
      <form
        aria-label="Withdraw"
        onSubmit={(event) => {
          event.preventDefault();
          const target = chosen ? { code: chosen.code as AssetCode, address: chosen.address } : { code, address };
          void confirmWithdrawal({ referenceId, ...target, amount, label, email });
        }}
      >
        <label htmlFor="withdraw-reference">Reference id of the verified addresses</label>
        <div className="row">
          <input
            id="withdraw-reference"
            value={referenceId}
            onChange={(event) => setReferenceId(event.target.value)}
            autoComplete="off"
          />
          <button
            type="button"
            className="secondary"
            disabled={referenceId.trim() === '' || busy.has('verified')}
            onClick={() => void loadVerified(referenceId)}
          >
            Load verified addresses
          </button>
        </div>
        <label htmlFor="withdraw-verified">Verified address</label>
        <select id="withdraw-verified" value={choice} onChange={(event) => setChoice(event.target.value)}>
          <option value="">
            {options.length === 0 ? 'No verified addresses loaded' : 'Choose a verified address'}
          </option>
          {options.map((entry) => (
            <option key={`${entry.code}:${entry.address}`} value={`${entry.code}:${entry.address}`}>
              {`${entry.label || 'Unlabelled'} — ${entry.code} — ${entry.address}`}
            </option>
          ))}
        </select>

        {allowUnverified && !chosen && (
          <>
            <label htmlFor="withdraw-asset">Asset and network</label>
            <select id="withdraw-asset" value={code} onChange={(event) => setCode(event.target.value as AssetCode)}>
              <AssetOptions />
            </select>
            <label htmlFor="withdraw-address">Address (not verified)</label>
            <input
              id="withdraw-address"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              size={50}
              autoComplete="off"
              spellCheck={false}
            />
          </>
        )}
        <label htmlFor="withdraw-amount">{`Amount${chosen ? ` (${chosen.code})` : ''}`}</label>
        <input
          id="withdraw-amount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value.trim())}
          autoComplete="off"
        />
        <label htmlFor="withdraw-label">Label</label>
        <input
          id="withdraw-label"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          autoComplete="off"
        />
        <label htmlFor="withdraw-email">Merchant account e-mail</label>
        <input
          id="withdraw-email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="email"
        />
        <div className="row merchant-actions">
          <button
            type="submit"
            className="primary"
            disabled={busy.has('withdrawConfirm') || amount === '' || email === '' || (!chosen && !allowUnverified)}
          >
            Review withdrawal
          </button>
        </div>
      </form>
      <Feedback {...feedback} />

      <fieldset className="merchant-danger">
        <legend>Unverified addresses</legend>
        <label>
          <input
            type="checkbox"
            checked={allowUnverified}
            onChange={(event) => void setAllowUnverified(event.target.checked)}
          />{' '}
          Allow unverified addresses
        </label>
        <p className="warning">
          Warning: money sent to a wrong or mistyped address cannot be recovered. Verified addresses prove you control
          the destination; leave this off unless you must pay an address that cannot be verified.
        </p>
      </fieldset>
    </div>
  );
}
