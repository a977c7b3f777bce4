import { useId, useState } from 'react';
import type { SendOutcome } from '../../../../src-preload/contract/send';
import { CryptoAmount } from '../../components/amount';
import { ErrorMessage } from '../../components/error-message';
import { TwoFactorInput } from '../../components/two-factor-input';
import { wallet } from '../../bridge';
import { useSendStore } from '../../stores/send-store';
import { EmphasisedAddress } from './emphasised-address';

/** The outcome heading takes focus when it appears, so it is announced and Tab continues from it. */
function focusOnMount(element: HTMLHeadingElement | null): void {
  element?.focus();
}

export function ExplorerButton({ url }: { url: string }): React.JSX.Element {
  const [refused, setRefused] = useState(false);
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={() => {
          void wallet.links.open({ url }).then((result) => setRefused(!result.ok || !result.value.opened));
        }}
      >
        View in explorer
      </button>
      {refused && <p role="alert">This link is not on the list of explorers the app opens.</p>}
    </>
  );
}

function Sent({ outcome }: { outcome: SendOutcome }): React.JSX.Element {
  const review = useSendStore((state) => state.review);
  const startOver = useSendStore((state) => state.startOver);
  return (
    <section aria-labelledby="send-result-title" className="card send-result">
      <h3 id="send-result-title" tabIndex={-1} ref={focusOnMount}>
        Sent
      </h3>
      {outcome.status && (
        <p role="status">{`Found in your transaction history (${outcome.status}). It was sent once.`}</p>
      )}
      {review && (
        <p>
          <CryptoAmount value={review.amount} code={review.code} /> to
        </p>
      )}
      {review && <EmphasisedAddress address={review.destination} caption="Sent to" />}
      <dl className="send-review-lines">
        <dt>Transaction id</dt>
        <dd className="mono send-txid">{outcome.txId || 'not assigned yet'}</dd>
        <dt>Reference</dt>
        <dd className="mono">{outcome.referenceId}</dd>
      </dl>
      <div className="row send-actions">
        {outcome.explorerUrl && <ExplorerButton url={outcome.explorerUrl} />}
        <button type="button" className="primary" onClick={startOver}>
          New send
        </button>
      </div>
    </section>
  );
}

/** The answer was lost: say so, look the reference up on request, and only then offer a retry. */
function Unknown(): React.JSX.Element {
  const review = useSendStore((state) => state.review);
  const submitting = useSendStore((state) => state.submitting);
  const error = useSendStore((state) => state.submitError);
  const lookup = useSendStore((state) => state.lookup);
  const checkStatus = useSendStore((state) => state.checkStatus);
  const retry = useSendStore((state) => state.retry);
  const [code, setCode] = useState('');
  const codeErrorId = useId();
  const codeError = error?.field === 'tfa' ? error : null;

  return (
    <section aria-labelledby="send-unknown-title" className="card send-unknown">
      <h3 id="send-unknown-title" tabIndex={-1} ref={focusOnMount}>
        Outcome unknown
      </h3>
      <p>
        The service did not answer, so it is not known whether this send went through. Nothing will be sent again
        automatically. Check its status: the app looks its reference up in your transaction history.
      </p>
      {review && <p className="mono">{`Reference ${review.referenceId}`}</p>}
      {lookup !== 'not_found' && (
        <button type="button" className="primary" disabled={submitting} onClick={() => void checkStatus()}>
          {submitting ? 'Checking…' : 'Check status'}
        </button>
      )}
      {lookup === 'not_found' && (
        <form
          aria-label="Retry with the same reference"
          onSubmit={(event) => {
            event.preventDefault();
            if (submitting || code.length !== 6) return;
            const sending = code;
            setCode('');
            void retry(sending);
          }}
        >
          <p role="status">
            The send is not in your history: it did not go through. You can retry it with the same reference.
          </p>
          <TwoFactorInput
            value={code}
            onChange={setCode}
            disabled={submitting}
            errorId={codeError ? codeErrorId : undefined}
          />
          <ErrorMessage error={codeError} id={codeErrorId} />
          <button type="submit" className="primary" disabled={submitting || code.length !== 6}>
            {submitting ? 'Sending…' : 'Retry with the same reference'}
          </button>
        </form>
      )}
      <ErrorMessage error={error && !codeError && error.code !== 'outcome_unknown' ? error : null} />
    </section>
  );
}

export function SendOutcomePanel(): React.JSX.Element | null {
  const step = useSendStore((state) => state.step);
  const outcome = useSendStore((state) => state.outcome);
  if (step === 'result' && outcome) return <Sent outcome={outcome} />;
  if (step === 'unknown') return <Unknown />;
  return null;
}
