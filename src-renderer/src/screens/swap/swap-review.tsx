import { MoneyReview } from '../../components/money-review';
import { useSwapStore } from '../../stores/swap-store';
import { QuoteCountdown } from './quote-countdown';
import { QuoteSummary } from './quote-summary';

/** The frozen quote and the two-factor code; an expired quote is replaced (and shown) before any swap. */
export function SwapReviewPanel(): React.JSX.Element | null {
  const review = useSwapStore((state) => state.review);
  const submitting = useSwapStore((state) => state.submitting);
  const error = useSwapStore((state) => state.submitError);
  const notice = useSwapStore((state) => state.notice);
  const execute = useSwapStore((state) => state.execute);
  const back = useSwapStore((state) => state.back);
  const refused = useSwapStore((state) => state.refused);
  if (!review) return null;

  return (
    <MoneyReview
      prefix="swap"
      title="Review the swap"
      intentId={review.intentId}
      submitLabel="Swap now"
      submittingLabel="Swapping…"
      submitting={submitting}
      error={error}
      execute={execute}
      back={back}
      refused={refused}
      retryLabel="Swap again with the same reference"
      referenceId={review.referenceId}
    >
      {notice && (
        <p role="status" className="swap-notice">
          {notice}
        </p>
      )}
      <QuoteSummary quote={review} />
      <QuoteCountdown key={review.expiresAt} expiresAt={review.expiresAt} />
      <p className="mono swap-reference">{`Reference ${review.referenceId}`}</p>
    </MoneyReview>
  );
}
