import { CryptoAmount, UsdAmount } from '../../components/amount';
import { MoneyReview } from '../../components/money-review';
import { useSendStore } from '../../stores/send-store';
import { EmphasisedAddress } from './emphasised-address';

/** What main froze at confirmation, in full, and the two-factor code. */
export function SendReviewPanel(): React.JSX.Element | null {
  const review = useSendStore((state) => state.review);
  const submitting = useSendStore((state) => state.submitting);
  const error = useSendStore((state) => state.submitError);
  const execute = useSendStore((state) => state.execute);
  const back = useSendStore((state) => state.back);
  const refused = useSendStore((state) => state.refused);
  if (!review) return null;

  return (
    <MoneyReview
      prefix="send"
      title="Review the send"
      intentId={review.intentId}
      submitLabel="Send now"
      submittingLabel="Sending…"
      submitting={submitting}
      error={error}
      execute={execute}
      back={back}
      refused={refused}
      retryLabel="Send again with the same reference"
      referenceId={review.referenceId}
    >
      {review.poisoningWarning && (
        <p className="warning send-poisoning" role="alert">
          {review.poisoningWarning.message}
        </p>
      )}
      <p className="send-review-lead">{`To this ${review.network} address:`}</p>
      <EmphasisedAddress address={review.destination} caption="Destination address" />
      <dl className="facts">
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
    </MoneyReview>
  );
}
