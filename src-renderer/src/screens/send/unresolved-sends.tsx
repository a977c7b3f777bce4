import { useShallow } from 'zustand/react/shallow';
import type { SendReview } from '../../../../src-preload/contract/send';
import { CryptoAmount } from '../../components/amount';
import { ClosedIntents } from '../../components/closed-intents';
import { UnresolvedIntents } from '../../components/unresolved-intents';
import { shortAddress, useAmountText } from '../../components/unsettled-words';
import { t } from '../../i18n/text';
import { useText } from '../../i18n/use-text';
import { selectClosed, selectUnresolved } from '../../stores/money-intent';
import { useSendStore } from '../../stores/send-store';

/** The panel's title in the window's language, read at render time so a language switch reaches it. */
export const unresolvedSendsTitle = (): string => t('send.unresolved.title');

function SendSummary({ review }: { review: SendReview }): React.JSX.Element {
  const t = useText();
  return (
    <>
      <CryptoAmount value={review.amount} code={review.code} />
      <span className="mono money-id">{t('send.unresolved.to', { address: review.destination })}</span>
    </>
  );
}

/** "send of 0,0009 BTC to bc1qw508…kv8f3t4", as labels and warnings name it. */
function useDescribeSend(): (review: SendReview) => string {
  const amountText = useAmountText();
  const t = useText();
  return (review) =>
    t('send.unresolved.describe', {
      amount: amountText(review.amount, review.code),
      address: shortAddress(review.destination),
    });
}

/** Sends whose answer was lost, so nobody enters the same payment again while the first may have gone through. */
export function UnresolvedSends(): React.JSX.Element | null {
  const intents = useSendStore(useShallow(selectUnresolved));
  const describe = useDescribeSend();
  const t = useText();
  return (
    <UnresolvedIntents
      prefix="send"
      kind="send"
      title={t('send.unresolved.title')}
      lead={t('send.unresolved.lead')}
      {...intents}
      describe={describe}
      referenceOf={(review) => review.referenceId}
      summary={(review) => <SendSummary review={review} />}
    />
  );
}

/** Sends a person closed as "did not go through", with who closed them and when (security.md 36). */
export function ClosedSends(): React.JSX.Element | null {
  const intents = useSendStore(useShallow(selectClosed));
  const describe = useDescribeSend();
  const t = useText();
  return (
    <ClosedIntents
      prefix="send"
      title={t('send.closed.title')}
      {...intents}
      describe={describe}
      referenceOf={(review) => review.referenceId}
      summary={(review) => <SendSummary review={review} />}
    />
  );
}
