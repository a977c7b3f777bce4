import { useShallow } from 'zustand/react/shallow';
import { CryptoAmount } from '../../components/amount';
import { UnresolvedIntents } from '../../components/unresolved-intents';
import { shortAddress, useAmountText } from '../../components/unsettled-words';
import { selectUnresolved } from '../../stores/money-intent';
import { useSendStore } from '../../stores/send-store';

export const UNRESOLVED_SENDS_TITLE = 'Sends with an unknown outcome';

/** Sends whose answer was lost, so nobody enters the same payment again while the first may have gone through. */
export function UnresolvedSends(): React.JSX.Element | null {
  const intents = useSendStore(useShallow(selectUnresolved));
  const amountText = useAmountText();
  return (
    <UnresolvedIntents
      prefix="send"
      title={UNRESOLVED_SENDS_TITLE}
      lead="These sends may have gone through. Check their status first. To start a new send anyway, tick each one to confirm you know it may already have been paid."
      {...intents}
      describe={(review) => `send of ${amountText(review.amount, review.code)} to ${shortAddress(review.destination)}`}
      summary={(review) => (
        <>
          <CryptoAmount value={review.amount} code={review.code} />
          <span className="mono money-id">{`to ${review.destination}`}</span>
        </>
      )}
    />
  );
}
