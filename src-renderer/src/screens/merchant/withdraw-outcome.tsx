import { useShallow } from 'zustand/react/shallow';
import type { WithdrawOutcome, WithdrawReview } from '../../../../src-preload/contract/withdraw';
import { focusOnMount, UnknownOutcome } from '../../components/money-outcome';
import { RichText, useText } from '../../i18n/use-text';
import { selectUnknownOutcome } from '../../stores/money-intent';
import { useWithdrawStore } from '../../stores/withdraw-store';
import { useCheckedWords, WithdrawalDetails, WithdrawalFacts, WithdrawFeedbackLine } from './withdraw-facts';
import { unknownOutcomeWords } from './withdraw-words';

/** The service said the withdrawal succeeded (main records no other success, security.md 28). */
function Withdrawn({ review, outcome }: { review: WithdrawReview; outcome: WithdrawOutcome }): React.JSX.Element {
  const t = useText();
  const feedback = useWithdrawStore((state) => state.feedback);
  const { startOver, openLink } = useWithdrawStore.getState();
  return (
    <section aria-labelledby="withdraw-result-title" className="card withdraw-panel withdraw-result">
      <h3 id="withdraw-result-title" tabIndex={-1} ref={focusOnMount}>
        {t('withdraw.result.title')}
      </h3>
      <WithdrawalFacts intent={review} />
      <WithdrawalDetails intent={review} />
      <div role="status" className="merchant-good">
        <p>{t('withdraw.result.done')}</p>
        {outcome.txId !== '' && (
          <p>
            <RichText
              id="withdraw.result.txId"
              values={{
                txId: outcome.txId,
                code: (chunks: React.ReactNode[]) => <code className="mono">{chunks}</code>,
              }}
            />
          </p>
        )}
      </div>
      <div className="row">
        {outcome.explorerUrl !== '' && (
          <button type="button" className="secondary" onClick={() => void openLink(outcome.explorerUrl)}>
            {t('withdraw.result.explorer')}
          </button>
        )}
        <button type="button" className="secondary" onClick={() => startOver()}>
          {t('withdraw.result.new')}
        </button>
      </div>
      <WithdrawFeedbackLine feedback={feedback} />
    </section>
  );
}

/**
 * The answer was lost or unclear: main's words say why, and "Check status" looks the merchant transaction
 * id up (security.md 29). A withdrawal the service holds for the merchant's e-mail approval (Z509,
 * docs/z-codes.md) says so in its heading; it is unknown all the same.
 */
function Unknown({ review }: { review: WithdrawReview }): React.JSX.Element {
  const t = useText();
  const intent = useWithdrawStore(useShallow(selectUnknownOutcome));
  const unknownReason = useWithdrawStore((state) => state.unknownReason);
  const feedback = useWithdrawStore((state) => state.feedback);
  const awaitingApproval = useWithdrawStore((state) =>
    state.unresolved.some(
      (entry) => entry.review.intentId === review.intentId && entry.status.awaiting === 'email-approval',
    ),
  );
  const startOver = useWithdrawStore((state) => state.startOver);
  const lookupWords = useCheckedWords(feedback);
  const { explanation } = unknownOutcomeWords({ unknownReason, submitError: intent.error });
  return (
    <UnknownOutcome
      prefix="withdraw"
      title={awaitingApproval ? t('withdraw.unknown.awaitingApproval') : t('withdraw.unknown.title')}
      explanation={explanation}
      urgent
      notFoundMessage={t('withdraw.unknown.notFound')}
      lookupWords={lookupWords}
      startNewLabel={t('withdraw.unknown.back')}
      startNew={startOver}
      {...intent}
    >
      <p>{t('withdraw.unknown.hint')}</p>
      <WithdrawalFacts intent={review} />
      <WithdrawalDetails intent={review} />
    </UnknownOutcome>
  );
}

/** After the Withdraw button: sent, or unknown (a 200 answer that does not say success is unknown too). */
export function WithdrawOutcomePanel(): React.JSX.Element | null {
  const step = useWithdrawStore((state) => state.step);
  const review = useWithdrawStore((state) => state.review);
  const outcome = useWithdrawStore((state) => state.outcome);
  if (!review) return null;
  if (step === 'result' && outcome?.success === true) return <Withdrawn review={review} outcome={outcome} />;
  if (step === 'unknown' || step === 'result') return <Unknown review={review} />;
  return null;
}
