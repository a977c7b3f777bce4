import { UsdAmount } from '../../components/amount';
import { MoneyReview } from '../../components/money-review';
import { sameDecimal, shortAddress, startedAt, useAmountText } from '../../components/unsettled-words';
import { useAddressBookEntries } from '../../components/address-book-picker';
import { findEntry } from '../../stores/address-book-store';
import { useSendStore } from '../../stores/send-store';
import { useActiveAccount } from '../../stores/session-store';
import { displayLocale } from '../../format/display-locale';
import { formatExactAmount } from '../../format/exact-amount';
import { addDecimals } from '../../format/fiat-conversion';
import { selectPrivacyMode, useAppStore } from '../../stores/app-store';
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
  const account = useActiveAccount();
  const entry = useSendStore((state) => state.form.entry);
  const usdTyped = useSendStore((state) => state.form.usdAmount);
  const hidden = useAppStore(selectPrivacyMode);
  if (!review) return null;
  // Every digit of what leaves, whatever the asset's usual shown precision (CryptoAmount truncates).
  const exact = (value: string, code: string) =>
    hidden ? '•••••' : `${formatExactAmount(value, displayLocale)} ${code}`;
  const sameWallet = review.feeSymbol === review.code;
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
      {!review.addressChecked && (
        <p className="warning send-unchecked">
          {`The app could not check this address: it does not know the address format of ${review.network}. You confirmed that you checked it yourself.`}
        </p>
      )}
      <EmphasisedAddress address={review.destination} caption="Destination address" />
      <dl className="facts">
        {savedAs && (
          <>
            <dt>Address book</dt>
            <dd>{savedAs.name}</dd>
          </>
        )}
        <dt>From account</dt>
        <dd>{account ? `${account.name} (${account.guid})` : '—'}</dd>
        <dt>Amount sent</dt>
        <dd>
          <span className="amount">{exact(review.amount, review.code)}</span> (<UsdAmount value={review.amountUsd} />)
          {entry === 'usd' && usdTyped !== '' && (
            <>
              {', entered as '}
              <UsdAmount value={usdTyped} />
            </>
          )}
        </dd>
        <dt>{`Fee (${review.feeLabel})`}</dt>
        <dd>
          <span className="amount">{exact(review.fee, review.feeSymbol)}</span> (<UsdAmount value={review.feeUsd} />)
        </dd>
        <dt>Total</dt>
        <dd>
          <span className="amount">
            {sameWallet
              ? exact(addDecimals(review.amount, review.fee), review.code)
              : `${exact(review.amount, review.code)} + ${exact(review.fee, review.feeSymbol)}`}
          </span>{' '}
          (<UsdAmount value={review.totalUsd} />)
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
