import { CryptoAmount, UsdAmount } from '../../components/amount';
import { MoneyReview } from '../../components/money-review';
import { sameDecimal, shortAddress, startedAt, useAmountText } from '../../components/unsettled-words';
import { useAddressBookEntries } from '../../components/address-book-picker';
import { findEntry } from '../../stores/address-book-store';
import { useSendStore } from '../../stores/send-store';
import { EmphasisedAddress } from './emphasised-address';
import { UNRESOLVED_SENDS_TITLE } from './unresolved-sends';

/** What main froze at confirmation, in full, and the two-factor code. */
export function SendReviewPanel(): React.JSX.Element | null {
  const review = useSendStore((state) => state.review);
  const submitting = useSendStore((state) => state.submitting);
  const error = useSendStore((state) => state.submitError);
  const execute = useSendStore((state) => state.execute);
  const back = useSendStore((state) => state.back);
  const refused = useSendStore((state) => state.refused);
  const unresolved = useSendStore((state) => state.unresolved);
  const amountText = useAmountText();
  const book = useAddressBookEntries();
  if (!review) return null;
  const savedAs = findEntry(book, review.code, review.destination);
  // The same amount of the same asset to the same address as a send whose outcome is unknown: most likely
  // the same payment entered again, which would pay twice if the first went through.
  const twin = unresolved.find(
    (entry) =>
      entry.review.intentId !== review.intentId &&
      entry.review.code === review.code &&
      sameDecimal(entry.review.amount, review.amount) &&
      entry.review.destination.toLowerCase() === review.destination.toLowerCase(),
  );

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
      noun="send"
      unresolvedTitle={UNRESOLVED_SENDS_TITLE}
      notice={
        twin && (
          <p role="alert" className="warning money-duplicate">
            <strong>{`This looks identical to the send you started at ${startedAt(twin.status.confirmedAt)} whose outcome is unknown`}</strong>
            {`: ${amountText(review.amount, review.code)} to ${shortAddress(review.destination)}. If that send went through, sending now pays twice. Check its status first (“Check status” under “${UNRESOLVED_SENDS_TITLE}” above).`}
          </p>
        )
      }
    >
      {review.poisoningWarning && (
        <p className="warning send-poisoning" role="alert">
          {review.poisoningWarning.message}
        </p>
      )}
      <p className="send-review-lead">{`To this ${review.network} address:`}</p>
      <EmphasisedAddress address={review.destination} caption="Destination address" />
      <dl className="facts">
        {savedAs && (
          <>
            <dt>Address book</dt>
            <dd>{savedAs.name}</dd>
          </>
        )}
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
