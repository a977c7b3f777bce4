import { useWithdrawStore } from '../../stores/withdraw-store';
import { ClosedWithdrawals, UnresolvedWithdrawals } from './unresolved-withdrawals';
import { WithdrawForm } from './withdraw-form';
import { WithdrawOutcomePanel } from './withdraw-outcome';
import { WithdrawReviewPanel } from './withdraw-review';

/**
 * Merchant withdrawals, in the steps of send and swap: the form (beside the unsettled and closed lists) →
 * the review with the two-factor code → sent, or "outcome unknown" and a status check. The withdrawal is
 * frozen in main from "Review withdrawal" on.
 */
export function WithdrawPanel(): React.JSX.Element {
  const step = useWithdrawStore((state) => state.step);
  return (
    <div className="withdraw-panel">
      {step === 'form' && <UnresolvedWithdrawals />}
      {step === 'form' && <ClosedWithdrawals />}
      {step === 'form' && <WithdrawForm />}
      {step === 'review' && <WithdrawReviewPanel />}
      {(step === 'result' || step === 'unknown') && <WithdrawOutcomePanel />}
    </div>
  );
}
