import { useEffect, useId, useRef, useState } from 'react';
import { CryptoAmount, UsdAmount } from '../../components/amount';
import { ErrorMessage } from '../../components/error-message';
import { TwoFactorInput } from '../../components/two-factor-input';
import { useSendStore } from '../../stores/send-store';
import { EmphasisedAddress } from './emphasised-address';

/**
 * What main froze at confirmation, in full, and the two-factor code. The code lives in this component's
 * state only until it is sent; a refused code is cleared, since each code is good for one request.
 */
export function SendReviewPanel(): React.JSX.Element | null {
  const review = useSendStore((state) => state.review);
  const submitting = useSendStore((state) => state.submitting);
  const error = useSendStore((state) => state.submitError);
  const execute = useSendStore((state) => state.execute);
  const back = useSendStore((state) => state.back);
  const [code, setCode] = useState('');
  const submitButton = useRef<HTMLButtonElement>(null);
  const codeErrorId = useId();
  const panel = useRef<HTMLElement>(null);
  const intentId = review?.intentId;
  // Keyboard users land on the code: the review's only input.
  useEffect(() => {
    panel.current?.querySelector<HTMLInputElement>('.two-factor input')?.focus();
  }, [intentId]);
  if (!review) return null;
  const codeError = error?.field === 'tfa' ? error : null;

  return (
    <section ref={panel} aria-labelledby="send-review-title" className="card send-review">
      <h3 id="send-review-title">Review the send</h3>
      {review.poisoningWarning && (
        <p className="warning send-poisoning" role="alert">
          {review.poisoningWarning.message}
        </p>
      )}
      <p className="send-review-lead">{`To this ${review.network} address:`}</p>
      <EmphasisedAddress address={review.destination} caption="Destination address" />
      <dl className="send-review-lines">
        <dt>Amount</dt>
        <dd>
          <CryptoAmount value={review.amount} code={review.code} /> (<UsdAmount value={review.amountUsd} />)
        </dd>
        <dt>{`Fee (${review.feeLabel})`}</dt>
        <dd>
          <CryptoAmount value={review.fee} code={review.feeSymbol} /> (<UsdAmount value={review.feeUsd} />)
        </dd>
        <dt>Total</dt>
        <dd>
          <UsdAmount value={review.totalUsd} />
        </dd>
        <dt>Arrives</dt>
        <dd>{review.arrivalEstimation}</dd>
        {review.description && (
          <>
            <dt>Description</dt>
            <dd>{review.description}</dd>
          </>
        )}
        <dt>Reference</dt>
        <dd className="mono">{review.referenceId}</dd>
      </dl>
      <form
        aria-label="Confirm with your two-factor code"
        onSubmit={(event) => {
          event.preventDefault();
          if (submitting || code.length !== 6) return;
          const sending = code;
          setCode('');
          void execute(sending);
        }}
      >
        <TwoFactorInput
          value={code}
          onChange={setCode}
          onComplete={() => submitButton.current?.focus()}
          disabled={submitting}
          errorId={codeError ? codeErrorId : undefined}
        />
        <ErrorMessage error={codeError} id={codeErrorId} />
        <ErrorMessage error={error && !codeError ? error : null} />
        <div className="row send-actions">
          <button ref={submitButton} type="submit" className="primary" disabled={submitting || code.length !== 6}>
            {submitting ? 'Sending…' : 'Send now'}
          </button>
          <button type="button" className="secondary" disabled={submitting} onClick={back}>
            Back
          </button>
        </div>
      </form>
    </section>
  );
}
