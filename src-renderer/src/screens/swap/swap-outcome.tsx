import { useId, useState } from 'react';
import type { SwapOutcome } from '../../../../src-preload/contract/swap';
import { ErrorMessage } from '../../components/error-message';
import { TwoFactorInput } from '../../components/two-factor-input';
import { useSwapStore } from '../../stores/swap-store';
import { ExplorerButton } from '../send/send-outcome';
import { QuoteSummary } from './swap-form';

/** The outcome heading takes focus when it appears, so it is announced and Tab continues from it. */
function focusOnMount(element: HTMLHeadingElement | null): void {
  element?.focus();
}

function Swapped({ outcome }: { outcome: SwapOutcome }): React.JSX.Element {
  const review = useSwapStore((state) => state.review);
  const startOver = useSwapStore((state) => state.startOver);
  return (
    <section aria-labelledby="swap-result-title" className="card swap-result">
      <h3 id="swap-result-title" tabIndex={-1} ref={focusOnMount}>
        Swapped
      </h3>
      {review && <QuoteSummary quote={review} />}
      <dl className="swap-quote-lines">
        <dt>Swap reference</dt>
        <dd className="mono swap-reference-id">{outcome.swapReferenceId}</dd>
        {outcome.address && (
          <>
            <dt>Received at</dt>
            <dd className="mono">{outcome.address}</dd>
          </>
        )}
        {outcome.sendResult && (
          <>
            <dt>Transaction id</dt>
            <dd className="mono">{outcome.sendResult.txId}</dd>
          </>
        )}
      </dl>
      <div className="row swap-actions">
        {outcome.sendResult?.explorerUrl && <ExplorerButton url={outcome.sendResult.explorerUrl} />}
        <button type="button" className="primary" onClick={startOver}>
          New swap
        </button>
      </div>
    </section>
  );
}

function Unknown(): React.JSX.Element {
  const submitting = useSwapStore((state) => state.submitting);
  const error = useSwapStore((state) => state.submitError);
  const lookup = useSwapStore((state) => state.lookup);
  const checkStatus = useSwapStore((state) => state.checkStatus);
  const retry = useSwapStore((state) => state.retry);
  const [code, setCode] = useState('');
  const codeErrorId = useId();
  const codeError = error?.field === 'tfa' ? error : null;
  return (
    <section aria-labelledby="swap-unknown-title" className="card swap-unknown">
      <h3 id="swap-unknown-title" tabIndex={-1} ref={focusOnMount}>
        Outcome unknown
      </h3>
      <p>
        The service did not answer, so it is not known whether this swap went through. Nothing will be sent again
        automatically.
      </p>
      {lookup !== 'not_found' && (
        <button type="button" className="primary" disabled={submitting} onClick={() => void checkStatus()}>
          {submitting ? 'Checking…' : 'Check status'}
        </button>
      )}
      {lookup === 'not_found' && (
        <form
          aria-label="Retry the same swap"
          onSubmit={(event) => {
            event.preventDefault();
            if (submitting || code.length !== 6) return;
            const sending = code;
            setCode('');
            void retry(sending);
          }}
        >
          <p role="status">The swap is not in your history: it did not go through. You can retry it.</p>
          <TwoFactorInput
            value={code}
            onChange={setCode}
            disabled={submitting}
            errorId={codeError ? codeErrorId : undefined}
          />
          <ErrorMessage error={codeError} id={codeErrorId} />
          <button type="submit" className="primary" disabled={submitting || code.length !== 6}>
            {submitting ? 'Swapping…' : 'Retry the same swap'}
          </button>
        </form>
      )}
      <ErrorMessage error={error && !codeError && error.code !== 'outcome_unknown' ? error : null} />
    </section>
  );
}

export function SwapOutcomePanel(): React.JSX.Element | null {
  const step = useSwapStore((state) => state.step);
  const outcome = useSwapStore((state) => state.outcome);
  if (step === 'result' && outcome) return <Swapped outcome={outcome} />;
  if (step === 'unknown') return <Unknown />;
  return null;
}
