import { useShallow } from 'zustand/react/shallow';
import { CryptoAmount } from '../../components/amount';
import { UnresolvedIntents } from '../../components/unresolved-intents';
import { selectUnresolved } from '../../stores/money-intent';
import { useSendStore } from '../../stores/send-store';

/** Sends whose answer was lost, so nobody enters the same payment again while the first may have gone through. */
export function UnresolvedSends(): React.JSX.Element | null {
  const intents = useSendStore(useShallow(selectUnresolved));
  return (
    <UnresolvedIntents
      prefix="send"
      title="Sends with an unknown outcome"
      lead="These sends may have gone through. Check their status first. To start a new send anyway, tick each one to confirm you know it may already have been paid."
      {...intents}
      acknowledgeLabel={(review) =>
        `I know the send of ${review.amount} ${review.code} (reference ${review.referenceId}) may already have gone through`
      }
      summary={(review) => (
        <>
          <CryptoAmount value={review.amount} code={review.code} />
          <span className="mono">{`to ${review.destination}`}</span>
        </>
      )}
    />
  );
}
