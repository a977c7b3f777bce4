import { useEffect, useId, useRef, useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { TwoFactorInput } from '../../components/two-factor-input';
import { useSwapStore } from '../../stores/swap-store';
import { QuoteCountdown } from './quote-countdown';
import { QuoteSummary } from './swap-form';

/** The frozen quote and the two-factor code; an expired quote is replaced (and shown) before any swap. */
export function SwapReviewPanel(): React.JSX.Element | null {
  const review = useSwapStore((state) => state.review);
  const submitting = useSwapStore((state) => state.submitting);
  const error = useSwapStore((state) => state.submitError);
  const notice = useSwapStore((state) => state.notice);
  const execute = useSwapStore((state) => state.execute);
  const back = useSwapStore((state) => state.back);
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
    <section ref={panel} aria-labelledby="swap-review-title" className="card swap-review">
      <h3 id="swap-review-title">Review the swap</h3>
      {notice && (
        <p role="status" className="swap-notice">
          {notice}
        </p>
      )}
      <QuoteSummary quote={review} />
      <QuoteCountdown key={review.expiresAt} expiresAt={review.expiresAt} />
      <p className="mono swap-reference">{`Reference ${review.referenceId}`}</p>
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
        <div className="row swap-actions">
          <button ref={submitButton} type="submit" className="primary" disabled={submitting || code.length !== 6}>
            {submitting ? 'Swapping…' : 'Swap now'}
          </button>
          <button type="button" className="secondary" disabled={submitting} onClick={back}>
            Back
          </button>
        </div>
      </form>
    </section>
  );
}
