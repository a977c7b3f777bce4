import { CryptoAmount } from '../../components/amount';
import { UnresolvedIntents } from '../../components/unresolved-intents';
import { useSendStore } from '../../stores/send-store';

/** Sends whose answer was lost, so nobody enters the same payment again while the first may have gone through. */
export function UnresolvedSends(): React.JSX.Element | null {
  const unresolved = useSendStore((state) => state.unresolved);
  const loadUnresolved = useSendStore((state) => state.loadUnresolved);
  const resume = useSendStore((state) => state.resume);
  return (
    <UnresolvedIntents
      prefix="send"
      title="Sends with an unknown outcome"
      lead="Check these before sending the same payment again: they may have gone through."
      unresolved={unresolved}
      loadUnresolved={loadUnresolved}
      resume={resume}
      summary={(review) => (
        <>
          <CryptoAmount value={review.amount} code={review.code} />
          <span className="mono">{`to ${review.destination}`}</span>
        </>
      )}
    />
  );
}
