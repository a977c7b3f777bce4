import { CryptoAmount } from '../../components/amount';
import { MoneyReview } from '../../components/money-review';
import { sameDecimal, startedAt, useAmountText } from '../../components/unsettled-words';
import { useSwapStore } from '../../stores/swap-store';
import { QuoteCountdown } from './quote-countdown';
import { QuoteSummary } from './quote-summary';
import { unresolvedSwapsTitle } from './unresolved-swaps';
import { RichText, useText } from '../../i18n/use-text';
import type { MessageId } from '../../i18n/text';

const CHANGE_LABEL: Readonly<Record<'You send' | 'You receive' | 'Rate', MessageId>> = {
  'You send': 'swap.summary.send',
  'You receive': 'swap.summary.receive',
  Rate: 'swap.summary.rate',
};

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
  const t = useText();
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
      title={t('swap.review.title')}
      intentId={review.intentId}
      submitLabel={t('swap.review.submit')}
      submittingLabel={t('swap.review.submitting')}
      submitting={submitting}
      error={error}
      execute={execute}
      back={back}
      refused={refused}
      retryLabel={t('swap.review.retry')}
      referenceId={review.referenceId}
      kind="swap"
      unresolvedTitle={unresolvedSwapsTitle()}
      notice={
        twin && (
          <p role="alert" className="warning money-duplicate">
            <RichText
              id="swap.review.twin"
              values={{
                when: startedAt(twin.status.confirmedAt),
                amount: amountText(review.cryptoAmount, review.fromSymbol),
                fromNetwork: review.fromNetwork,
                toSymbol: review.toSymbol,
                toNetwork: review.toNetwork,
                panel: unresolvedSwapsTitle(),
                b: (chunks: React.ReactNode[]) => <strong>{chunks}</strong>,
              }}
            />
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
        <section aria-label={t('swap.review.changes')} className="swap-changes">
          {changes.length === 0 ? (
            <p>{t('swap.review.sameQuote')}</p>
          ) : (
            <ul>
              {changes.map((change) => (
                <li key={change.what}>
                  <RichText
                    id="swap.review.change"
                    values={{
                      what: t(CHANGE_LABEL[change.what]),
                      after: <CryptoAmount value={change.after} code={change.code} />,
                      before: <CryptoAmount value={change.before} code={change.code} />,
                    }}
                  />
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
            {t('swap.review.refresh')}
          </button>
        }
      />
      <p className="mono swap-reference">{t('swap.review.reference', { reference: review.referenceId })}</p>
    </MoneyReview>
  );
}
