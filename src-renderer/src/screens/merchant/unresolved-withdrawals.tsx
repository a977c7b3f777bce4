import { useShallow } from 'zustand/react/shallow';
import type { UnresolvedWithdrawal, WithdrawStatus } from '../../../../src-preload/contract/withdraw';
import { ClosedIntents } from '../../components/closed-intents';
import { UnresolvedIntents } from '../../components/unresolved-intents';
import { useAmountText } from '../../components/unsettled-words';
import { t } from '../../i18n/text';
import { useText } from '../../i18n/use-text';
import { useWithdrawStore } from '../../stores/withdraw-store';
import { WithdrawalFacts } from './withdraw-facts';
import {
  acknowledgementLabel,
  type AcknowledgedAction,
  listedWithdrawal,
  unsettledWarning,
  withdrawalOf,
} from './withdraw-words';

/** The unsettled list's title, which the review's refusal names as where to look. */
export function unresolvedWithdrawalsTitle(): string {
  return t('withdraw.unresolved.title');
}

/**
 * The warning naming unsettled withdrawals and the one box that acknowledges them all (security.md 27),
 * amounts masked in privacy mode.
 */
export function UnsettledAcknowledgement({
  warningId,
  unsettled,
  action,
  checked,
  onChange,
  boxRef,
}: {
  warningId: string;
  unsettled: readonly UnresolvedWithdrawal[];
  action: AcknowledgedAction;
  checked: boolean;
  onChange: (checked: boolean) => void;
  boxRef: React.RefObject<HTMLInputElement | null>;
}): React.JSX.Element {
  useText();
  const amountText = useAmountText();
  return (
    <div className="warning withdraw-unresolved-ack">
      <p id={warningId}>{unsettledWarning(unsettled, amountText)}</p>
      <label>
        <input
          ref={boxRef}
          type="checkbox"
          checked={checked}
          aria-describedby={warningId}
          onChange={(event) => onChange(event.target.checked)}
        />
        {acknowledgementLabel(unsettled, action, amountText)}
      </label>
    </div>
  );
}

/** The line under a listed withdrawal: why it is listed. */
function listedStatus(status: WithdrawStatus): string {
  if (status.state === 'in-flight') return t('withdraw.unresolved.inFlight');
  return status.awaiting === 'email-approval'
    ? t('withdraw.unresolved.awaitingApproval')
    : t('withdraw.unresolved.unknown');
}

/** What the unsettled list reads of the store: the look-up from the list is the withdrawals' own. */
function selectListed(state: ReturnType<typeof useWithdrawStore.getState>) {
  const { unresolved, loadUnresolved, close, closing, closeError, checkListed, checking } = state;
  return { unresolved, loadUnresolved, close, closing, closeError, checkListed, checking };
}

/**
 * Withdrawals whose answer was lost or unclear, so nobody enters the same payout again while the first may
 * have gone through (security.md 27), on the list send and swap share. Each can be looked up in place
 * ("Check status" sends nothing, and is offered for one still being sent too, whose answer may have come
 * since); a new withdrawal is possible only after saying so, naming these, in the form's one box.
 */
export function UnresolvedWithdrawals(): React.JSX.Element | null {
  const t = useText();
  const { checkListed, checking, ...listed } = useWithdrawStore(useShallow(selectListed));
  const amountText = useAmountText();
  return (
    <UnresolvedIntents
      prefix="withdraw"
      kind="withdraw"
      title={unresolvedWithdrawalsTitle()}
      lead={t('withdraw.unresolved.intro')}
      {...listed}
      checkInPlace={{
        check: checkListed,
        checking,
        label: (review) => t('withdraw.unresolved.check', { id: review.merchantTransactionId }),
      }}
      describe={(review) => listedWithdrawal(review, amountText)}
      referenceOf={(review) => review.merchantTransactionId}
      factsInSummary
      stateLine={listedStatus}
      summary={(review) => <WithdrawalFacts intent={review} />}
    />
  );
}

/** Withdrawals a person closed as "did not go through", with who closed them and when (security.md 36). */
export function ClosedWithdrawals(): React.JSX.Element | null {
  const closed = useWithdrawStore((state) => state.closed);
  const { loadClosed, openAndCheck } = useWithdrawStore.getState();
  const amountText = useAmountText();
  const t = useText();
  return (
    <ClosedIntents
      prefix="withdraw"
      title={t('withdraw.closed.title')}
      closed={closed}
      loadClosed={loadClosed}
      openAndCheck={openAndCheck}
      describe={(review) => withdrawalOf(review, amountText)}
      referenceOf={(review) => review.merchantTransactionId}
      summary={(review) => <WithdrawalFacts intent={review} />}
    />
  );
}
