import { useRef, useState } from 'react';
import { MoneyReview } from '../../components/money-review';
import { useText } from '../../i18n/use-text';
import { useWithdrawStore } from '../../stores/withdraw-store';
import { UnsettledAcknowledgement, unresolvedWithdrawalsTitle } from './unresolved-withdrawals';
import { WithdrawalDetails, WithdrawalFacts } from './withdraw-facts';

/**
 * What main froze at confirmation and the two-factor code, on the review send and swap use. The list of
 * unsettled withdrawals is not beside it, so when main refuses to send this one beside another that became
 * unsettled since (security.md 27), the review names those and its own box acknowledges them.
 */
export function WithdrawReviewPanel(): React.JSX.Element | null {
  const t = useText();
  const review = useWithdrawStore((state) => state.review);
  const submitting = useWithdrawStore((state) => state.submitting);
  const error = useWithdrawStore((state) => state.submitError);
  const refused = useWithdrawStore((state) => state.refused);
  const unresolved = useWithdrawStore((state) => state.unresolved);
  const acknowledgedIds = useWithdrawStore((state) => state.acknowledged);
  const { execute, startOver, acknowledgeAll } = useWithdrawStore.getState();
  const box = useRef<HTMLInputElement | null>(null);
  // Withdraw was pressed with the box unticked: say so beside the button (focus went to the box).
  const [askedToTick, setAskedToTick] = useState(false);
  if (!review) return null;
  const others = unresolved.filter((entry) => entry.review.intentId !== review.intentId);
  const blocked = error?.code === 'unresolved_intent' && others.length > 0;
  const acknowledged = others.every((entry) => acknowledgedIds.includes(entry.review.intentId));
  const mustTick = blocked && !acknowledged;

  return (
    <MoneyReview
      prefix="withdraw"
      title={t('withdraw.review.title')}
      intentId={review.intentId}
      submitLabel={t('withdraw.review.submit')}
      submittingLabel={t('withdraw.review.submitting')}
      submitting={submitting}
      error={error}
      execute={execute}
      back={startOver}
      backLabel={t('withdraw.review.cancel')}
      refused={refused}
      retryLabel={t('common.tryAgain')}
      retryNote={t('withdraw.review.retryNote', { id: review.merchantTransactionId })}
      referenceId={review.merchantTransactionId}
      kind="withdraw"
      unresolvedTitle={unresolvedWithdrawalsTitle()}
      acknowledgement={{
        box: blocked && (
          <UnsettledAcknowledgement
            warningId="withdraw-send-warning"
            unsettled={others}
            action="send"
            checked={acknowledged}
            onChange={acknowledgeAll}
            boxRef={box}
          />
        ),
        ready: () => {
          if (!mustTick) return true;
          setAskedToTick(true);
          box.current?.focus();
          return false;
        },
        unready: askedToTick && mustTick && (
          <p id="withdraw-send-tick" role="alert">
            {t('withdraw.review.tickFirst', { count: others.length })}
          </p>
        ),
      }}
    >
      <WithdrawalFacts intent={review} />
      <WithdrawalDetails intent={review} />
    </MoneyReview>
  );
}
