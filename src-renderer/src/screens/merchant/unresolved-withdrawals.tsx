import { useEffect, useState } from 'react';
import type { UnresolvedWithdrawal } from '../../../../src-preload/contract/withdraw';
import { ClosedIntents } from '../../components/closed-intents';
import { closeAllWarning, closeOneWarning, ListPager, PAGE_SIZE } from '../../components/close-words';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { startedAt, useAmountText } from '../../components/unsettled-words';
import { useWithdrawStore } from '../../stores/withdraw-store';
import { WithdrawalFacts } from './withdraw-facts';
import { acknowledgementLabel, unsettledWarning, withdrawalOf, withdrawalWords } from './withdraw-words';

export const UNRESOLVED_WITHDRAWALS_TITLE = 'Withdrawals with an unknown outcome';

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
  action: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  boxRef: React.RefObject<HTMLInputElement | null>;
}): React.JSX.Element {
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
        />{' '}
        {acknowledgementLabel(unsettled, action, amountText)}
      </label>
    </div>
  );
}

/** The line under a listed withdrawal: why it is listed. */
function listedStatus({ status }: UnresolvedWithdrawal): string {
  if (status.state === 'in-flight') {
    return 'Still being sent: the service has not answered yet. It may go through at any moment.';
  }
  return status.awaiting === 'email-approval'
    ? 'Waiting for your e-mail approval: it moves money once approved in the message the service sent.'
    : 'Outcome unknown: it may have gone through.';
}

/**
 * Withdrawals whose answer was lost or unclear, so nobody enters the same payout again while the first may
 * have gone through (security.md 27). Each can be looked up in place ("Check status" sends nothing, and is
 * offered for one still being sent too, whose answer may have come since); a new withdrawal is possible
 * only after saying so, naming these, in the form's one box.
 */
export function UnresolvedWithdrawals(): React.JSX.Element | null {
  const unresolved = useWithdrawStore((state) => state.unresolved);
  const checking = useWithdrawStore((state) => state.checking);
  const closing = useWithdrawStore((state) => state.closing);
  const closeError = useWithdrawStore((state) => state.closeError);
  const { loadUnresolved, checkListed, close } = useWithdrawStore.getState();
  const amountText = useAmountText();
  const [page, setPage] = useState(0);
  const [asking, setAsking] = useState<{ readonly ids: string[]; readonly warning: string } | null>(null);

  useEffect(() => {
    void loadUnresolved();
  }, [loadUnresolved]);

  if (unresolved.length === 0) return null;
  const pages = Math.max(1, Math.ceil(unresolved.length / PAGE_SIZE));
  const shownPage = Math.min(page, pages - 1);
  const closable = unresolved.filter((entry) => entry.status.state !== 'in-flight');
  return (
    <section aria-labelledby="withdraw-unresolved-title" className="card warning withdraw-unresolved">
      <h3 id="withdraw-unresolved-title">{UNRESOLVED_WITHDRAWALS_TITLE}</h3>
      <p>
        These are still being sent or their answer was lost, so they may already have gone through. &quot;Check
        status&quot; looks each one up in your account history; it sends nothing and needs no code. If you are sure one
        did not go through, you can close it.
      </p>
      {closable.length > 1 && (
        <button
          type="button"
          className="secondary money-close-all"
          disabled={closing}
          onClick={() =>
            setAsking({
              ids: closable.map((entry) => entry.review.intentId),
              warning: closeAllWarning(closable.length, 'withdraw'),
            })
          }
        >
          {`Close all ${closable.length} listed as did not go through`}
        </button>
      )}
      {closeError && (
        <p role="alert" className="error">
          {closeError.message}
        </p>
      )}
      <ul aria-label={UNRESOLVED_WITHDRAWALS_TITLE}>
        {unresolved.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE).map((entry) => {
          const { review, status } = entry;
          const what = `withdrawal of ${withdrawalWords(entry, 'short', amountText)}`;
          return (
            <li key={review.intentId}>
              <WithdrawalFacts intent={review} />
              <p>{listedStatus(entry)}</p>
              <div className="row">
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Check status of ${review.merchantTransactionId}`}
                  disabled={checking.includes(review.intentId)}
                  onClick={() => void checkListed(review.intentId)}
                >
                  Check status
                </button>
                {status.state !== 'in-flight' && (
                  <button
                    type="button"
                    className="secondary"
                    disabled={closing}
                    aria-label={`Close the withdrawal ${review.merchantTransactionId} as did not go through`}
                    onClick={() =>
                      setAsking({
                        ids: [review.intentId],
                        warning: closeOneWarning(what, startedAt(review.startedAt), review.merchantTransactionId),
                      })
                    }
                  >
                    Close as did not go through
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ListPager
        label={UNRESOLVED_WITHDRAWALS_TITLE}
        page={shownPage}
        pages={pages}
        total={unresolved.length}
        onPage={setPage}
      />
      {asking && (
        <ConfirmDialog
          title={asking.ids.length === 1 ? 'Close this withdrawal?' : `Close ${asking.ids.length} withdrawals?`}
          body={asking.warning}
          confirmLabel={asking.ids.length === 1 ? 'Close it as did not go through' : `Close all ${asking.ids.length}`}
          busy={closing}
          onCancel={() => setAsking(null)}
          onConfirm={() => void close(asking.ids, asking.warning).then(() => setAsking(null))}
        />
      )}
    </section>
  );
}

/** Withdrawals a person closed as "did not go through", with who closed them and when (security.md 36). */
export function ClosedWithdrawals(): React.JSX.Element | null {
  const closed = useWithdrawStore((state) => state.closed);
  const { loadClosed, openAndCheck } = useWithdrawStore.getState();
  const amountText = useAmountText();
  return (
    <ClosedIntents
      prefix="withdraw"
      title="Withdrawals closed as did not go through"
      closed={closed}
      loadClosed={loadClosed}
      openAndCheck={openAndCheck}
      describe={(review) => withdrawalOf(review, amountText)}
      referenceOf={(review) => review.merchantTransactionId}
      summary={(review) => <WithdrawalFacts intent={review} />}
    />
  );
}
