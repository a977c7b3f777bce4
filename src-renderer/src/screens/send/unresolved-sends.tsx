import { useShallow } from 'zustand/react/shallow';
import type { SendReview } from '../../../../src-preload/contract/send';
import { CryptoAmount } from '../../components/amount';
import { ClosedIntents } from '../../components/closed-intents';
import { UnresolvedIntents } from '../../components/unresolved-intents';
import { shortAddress, useAmountText } from '../../components/unsettled-words';
import { selectClosed, selectUnresolved } from '../../stores/money-intent';
import { useSendStore } from '../../stores/send-store';

export const UNRESOLVED_SENDS_TITLE = 'Sends with an unknown outcome';
export const CLOSED_SENDS_TITLE = 'Sends closed as did not go through';

const NOUN = { one: 'send', many: 'sends' } as const;

function SendSummary({ review }: { review: SendReview }): React.JSX.Element {
  return (
    <>
      <CryptoAmount value={review.amount} code={review.code} />
      <span className="mono money-id">{`to ${review.destination}`}</span>
    </>
  );
}

/** "send of 0,0009 BTC to bc1qw508…kv8f3t4", as labels and warnings name it. */
function useDescribeSend(): (review: SendReview) => string {
  const amountText = useAmountText();
  return (review) => `send of ${amountText(review.amount, review.code)} to ${shortAddress(review.destination)}`;
}

/** Sends whose answer was lost, so nobody enters the same payment again while the first may have gone through. */
export function UnresolvedSends(): React.JSX.Element | null {
  const intents = useSendStore(useShallow(selectUnresolved));
  const describe = useDescribeSend();
  return (
    <UnresolvedIntents
      prefix="send"
      noun={NOUN}
      title={UNRESOLVED_SENDS_TITLE}
      lead="These sends may have gone through. Check their status first. To start a new send anyway, tick each one to confirm you know it may already have been paid. If you are sure one did not go through, you can close it."
      {...intents}
      describe={describe}
      summary={(review) => <SendSummary review={review} />}
    />
  );
}

/** Sends a person closed as "did not go through", with who closed them and when (security.md 36). */
export function ClosedSends(): React.JSX.Element | null {
  const intents = useSendStore(useShallow(selectClosed));
  const describe = useDescribeSend();
  return (
    <ClosedIntents
      prefix="send"
      title={CLOSED_SENDS_TITLE}
      {...intents}
      describe={describe}
      referenceOf={(review) => review.referenceId}
      summary={(review) => <SendSummary review={review} />}
    />
  );
}
