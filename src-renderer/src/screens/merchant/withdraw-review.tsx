import { useRef, useState } from 'react';
import { MoneyReview } from '../../components/money-review';
import { useWithdrawStore } from '../../stores/withdraw-store';
import { UNRESOLVED_WITHDRAWALS_TITLE, UnsettledAcknowledgement } from './unresolved-withdrawals';
import { WithdrawalDetails, WithdrawalFacts } from './withdraw-facts';

/**
 * What main froze at confirmation and the two-factor code, on the review send and swap use. The list of
 * unsettled withdrawals is not beside it, so when main refuses to send this one beside another that became
 * unsettled since (security.md 27), the review names those and its own box acknowledges them.
 */
export function WithdrawReviewPanel(): React.JSX.Element | null {
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
      title="Review withdrawal"
      intentId={review.intentId}
      submitLabel="Withdraw"
      submittingLabel="Withdrawing…"
      submitting={submitting}
      error={error}
      execute={execute}
      back={startOver}
      backLabel="Cancel"
      refused={refused}
      retryLabel="Try again"
      retryNote={`The service refused the last attempt, so no money moved. Trying again sends the same withdrawal with the same merchant transaction id (${review.merchantTransactionId}).`}
      referenceId={review.merchantTransactionId}
      kind="withdraw"
      unresolvedTitle={UNRESOLVED_WITHDRAWALS_TITLE}
      acknowledgement={{
        box: blocked && (
          <UnsettledAcknowledgement
            warningId="withdraw-send-warning"
            unsettled={others}
            action="send this one anyway"
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
            Tick the box above, &quot;I understand the earlier {others.length === 1 ? 'withdrawal' : 'withdrawals'} may
            have gone through&quot;, to send this one.
          </p>
        ),
      }}
    >
      <WithdrawalFacts intent={review} />
      <WithdrawalDetails intent={review} />
    </MoneyReview>
  );
}
