import { useEffect, useState } from 'react';
import type { UnresolvedWithdrawal } from '../../../../src-preload/contract/withdraw';
import { ClosedIntents } from '../../components/closed-intents';
import { closeAllWarning, closeOneWarning, ListPager, PAGE_SIZE } from '../../components/close-words';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { startedAt, useAmountText } from '../../components/unsettled-words';
import { t } from '../../i18n/text';
import { useText } from '../../i18n/use-text';
import { useWithdrawStore } from '../../stores/withdraw-store';
import { WithdrawalFacts } from './withdraw-facts';
import {
  acknowledgementLabel,
  type AcknowledgedAction,
  unsettledWarning,
  withdrawalOf,
  withdrawalWords,
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
function listedStatus({ status }: UnresolvedWithdrawal): string {
  if (status.state === 'in-flight') return t('withdraw.unresolved.inFlight');
  return status.awaiting === 'email-approval'
    ? t('withdraw.unresolved.awaitingApproval')
    : t('withdraw.unresolved.unknown');
}

/**
 * Withdrawals whose answer was lost or unclear, so nobody enters the same payout again while the first may
 * have gone through (security.md 27). Each can be looked up in place ("Check status" sends nothing, and is
 * offered for one still being sent too, whose answer may have come since); a new withdrawal is possible
 * only after saying so, naming these, in the form's one box.
 */
export function UnresolvedWithdrawals(): React.JSX.Element | null {
  const t = useText();
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
      <h3 id="withdraw-unresolved-title">{unresolvedWithdrawalsTitle()}</h3>
      <p>{t('withdraw.unresolved.intro')}</p>
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
          {t('withdraw.unresolved.closeAll', { count: closable.length })}
        </button>
      )}
      {closeError && (
        <p role="alert" className="error">
          {closeError.message}
        </p>
      )}
      <ul aria-label={unresolvedWithdrawalsTitle()}>
        {unresolved.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE).map((entry) => {
          const { review, status } = entry;
          const what = t('withdraw.of', { amount: withdrawalWords(entry, 'short', amountText) });
          return (
            <li key={review.intentId}>
              <WithdrawalFacts intent={review} />
              <p>{listedStatus(entry)}</p>
              <div className="row">
                <button
                  type="button"
                  className="secondary"
                  aria-label={t('withdraw.unresolved.check', { id: review.merchantTransactionId })}
                  disabled={checking.includes(review.intentId)}
                  onClick={() => void checkListed(review.intentId)}
                >
                  {t('withdraw.unresolved.checkStatus')}
                </button>
                {status.state !== 'in-flight' && (
                  <button
                    type="button"
                    className="secondary"
                    disabled={closing}
                    aria-label={t('withdraw.unresolved.close.label', { id: review.merchantTransactionId })}
                    onClick={() =>
                      setAsking({
                        ids: [review.intentId],
                        warning: closeOneWarning(what, startedAt(review.startedAt), review.merchantTransactionId),
                      })
                    }
                  >
                    {t('withdraw.unresolved.close')}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ListPager
        label={unresolvedWithdrawalsTitle()}
        page={shownPage}
        pages={pages}
        total={unresolved.length}
        onPage={setPage}
      />
      {asking && (
        <ConfirmDialog
          title={t('withdraw.unresolved.confirm.title', { count: asking.ids.length })}
          body={asking.warning}
          confirmLabel={t('withdraw.unresolved.confirm', { count: asking.ids.length })}
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
