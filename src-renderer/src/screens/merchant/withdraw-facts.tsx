import type { WithdrawReview } from '../../../../src-preload/contract/withdraw';
import { CryptoAmount } from '../../components/amount';
import { useAmountText } from '../../components/unsettled-words';
import { formatDateTime } from '../../format/dates';
import { useText } from '../../i18n/use-text';
import { messageText } from '../../stores/merchant-run';
import { checkedMessage, type WithdrawFeedback } from '../../stores/withdraw-store';
import { assetLabel, Feedback } from './merchant-options';

/** What identifies a withdrawal: amount (masked in privacy mode), asset, destination and both references. */
export function WithdrawalFacts({ intent }: { intent: WithdrawReview }): React.JSX.Element {
  const t = useText();
  return (
    <dl className="facts">
      <dt>{t('withdraw.facts.amount')}</dt>
      <dd>
        <CryptoAmount value={intent.amount} code={intent.code} />
      </dd>
      <dt>{t('withdraw.facts.asset')}</dt>
      <dd>{assetLabel(intent.code)}</dd>
      <dt>{t('withdraw.facts.to')}</dt>
      <dd className="mono">{intent.address}</dd>
      <dt>{t('withdraw.facts.merchantTransactionId')}</dt>
      <dd className="mono">{intent.merchantTransactionId}</dd>
      <dt>{t('withdraw.facts.memberReference')}</dt>
      <dd className="mono">{intent.memberReferenceId}</dd>
      {intent.startedAt !== null && (
        <>
          <dt>{t('withdraw.facts.started')}</dt>
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

/** A withdrawal without a label, in any language. */
const NO_LABEL = '—';

/** The rest of what main froze: whether the address is verified, the label and the merchant's e-mail. */
export function WithdrawalDetails({ intent }: { intent: WithdrawReview }): React.JSX.Element {
  const t = useText();
  return (
    <dl className="facts">
      <dt>{t('withdraw.facts.addressStatus')}</dt>
      <dd>{intent.verified ? t('withdraw.facts.verified') : t('withdraw.facts.notVerified')}</dd>
      <dt>{t('withdraw.facts.label')}</dt>
      <dd>{intent.label || NO_LABEL}</dd>
      <dt>{t('withdraw.facts.email')}</dt>
      <dd>{intent.email}</dd>
    </dl>
  );
}

/** What "Check status" learned, in words whose amount follows the privacy mask now. */
export function useCheckedWords(feedback: WithdrawFeedback): string | null {
  const amountText = useAmountText();
  useText();
  const { checked, message } = feedback;
  if (checked) return checkedMessage(checked.review, checked.status, amountText);
  return message === null ? null : messageText(message);
}

/** The panel's last error or message; a look-up's words follow the privacy mask. */
export function WithdrawFeedbackLine({ feedback }: { feedback: WithdrawFeedback }): React.JSX.Element | null {
  return <Feedback error={feedback.error} message={useCheckedWords(feedback)} />;
}
