import { CryptoAmount } from '../../components/amount';
import { MoneyReview } from '../../components/money-review';
import { sameDecimal, startedAt, useAmountText } from '../../components/unsettled-words';
import { useSwapStore } from '../../stores/swap-store';
import { QuoteCountdown } from './quote-countdown';
import { QuoteSummary } from './quote-summary';
import { UNRESOLVED_SWAPS_TITLE } from './unresolved-swaps';

/** The frozen quote and the two-factor code; an expired quote is replaced (and shown) before any swap. */
export function SwapReviewPanel(): React.JSX.Element | null {
  const review = useSwapStore((state) => state.review);
  const submitting = useSwapStore((state) => state.submitting);
  const error = useSwapStore((state) => state.submitError);
  const notice = useSwapStore((state) => state.notice);
  const changes = useSwapStore((state) => state.changes);
  const refreshReview = useSwapStore((state) => state.refreshReview);
  const execute = useSwapStore((state) => state.execute);
  const back = useSwapStore((state) => state.back);
  const refused = useSwapStore((state) => state.refused);
  const unresolved = useSwapStore((state) => state.unresolved);
  const amountText = useAmountText();
  if (!review) return null;
  // The same pair and amount as a swap whose outcome is unknown: most likely the same swap entered again.
  const twin = unresolved.find(
    ({ review: other }) =>
      other.intentId !== review.intentId &&
      other.fromSymbol === review.fromSymbol &&
      other.fromNetwork === review.fromNetwork &&
      other.toSymbol === review.toSymbol &&
      other.toNetwork === review.toNetwork &&
      sameDecimal(other.cryptoAmount, review.cryptoAmount),
  );

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
      noun="swap"
      unresolvedTitle={UNRESOLVED_SWAPS_TITLE}
      notice={
        twin && (
          <p role="alert" className="warning money-duplicate">
            <strong>{`This looks identical to the swap you started at ${startedAt(twin.status.confirmedAt)} whose outcome is unknown`}</strong>
            {`: ${amountText(review.cryptoAmount, review.fromSymbol)} (${review.fromNetwork}) to ${review.toSymbol} (${review.toNetwork}). If that swap went through, swapping now swaps twice. Check its status first (“Check status” under “${UNRESOLVED_SWAPS_TITLE}” above).`}
          </p>
        )
      }
    >
      {notice && (
        <p role="status" className="swap-notice">
          {notice}
        </p>
      )}
      {changes && (
        <section aria-label="What changed" className="swap-changes">
          {changes.length === 0 ? (
            <p>The new quote gives the same amounts and rate as the expired one.</p>
          ) : (
            <ul>
              {changes.map((change) => (
                <li key={change.what}>
                  {`${change.what}: `}
                  <CryptoAmount value={change.after} code={change.code} />
                  {' (was '}
                  <CryptoAmount value={change.before} code={change.code} />
                  {')'}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <QuoteSummary quote={review} />
      <QuoteCountdown
        key={review.expiresAt}
        expiresAt={review.expiresAt}
        whenExpired={
          <button type="button" className="secondary" disabled={submitting} onClick={() => void refreshReview()}>
            Refresh quote
          </button>
        }
      />
      <p className="mono swap-reference">{`Reference ${review.referenceId}`}</p>
    </MoneyReview>
  );
}
