import type { WithdrawReview } from '../../../../src-preload/contract/withdraw';
import { CryptoAmount } from '../../components/amount';
import { useAmountText } from '../../components/unsettled-words';
import { formatDateTime } from '../../format/dates';
import { checkedMessage, type WithdrawFeedback } from '../../stores/withdraw-store';
import { assetLabel, Feedback } from './merchant-options';

/** What identifies a withdrawal: amount (masked in privacy mode), asset, destination and both references. */
export function WithdrawalFacts({ intent }: { intent: WithdrawReview }): React.JSX.Element {
  return (
    <dl className="facts">
      <dt>Amount</dt>
      <dd>
        <CryptoAmount value={intent.amount} code={intent.code} />
      </dd>
      <dt>Asset</dt>
      <dd>{assetLabel(intent.code)}</dd>
      <dt>To</dt>
      <dd className="mono">{intent.address}</dd>
      <dt>Merchant transaction id</dt>
      <dd className="mono">{intent.merchantTransactionId}</dd>
      <dt>Member reference</dt>
      <dd className="mono">{intent.memberReferenceId}</dd>
      {intent.startedAt !== null && (
        <>
          <dt>Started</dt>
          <dd>
            <time dateTime={intent.startedAt} title={intent.startedAt}>
              {formatDateTime(intent.startedAt)}
            </time>
          </dd>
        </>
      )}
    </dl>
  );
}

/** The rest of what main froze: whether the address is verified, the label and the merchant's e-mail. */
export function WithdrawalDetails({ intent }: { intent: WithdrawReview }): React.JSX.Element {
  return (
    <dl className="facts">
      <dt>Address status</dt>
      <dd>{intent.verified ? 'Verified' : 'NOT verified'}</dd>
      <dt>Label</dt>
      <dd>{intent.label || '—'}</dd>
      <dt>E-mail</dt>
      <dd>{intent.email}</dd>
    </dl>
  );
}

/** What "Check status" learned, in words whose amount follows the privacy mask now. */
export function useCheckedWords(feedback: WithdrawFeedback): string | null {
  const amountText = useAmountText();
  const { checked } = feedback;
  return checked ? checkedMessage(checked.review, checked.status, amountText) : feedback.message;
}

/** The panel's last error or message; a look-up's words follow the privacy mask. */
export function WithdrawFeedbackLine({ feedback }: { feedback: WithdrawFeedback }): React.JSX.Element | null {
  return <Feedback error={feedback.error} message={useCheckedWords(feedback)} />;
}
