import { useEffect } from 'react';
import { CryptoAmount } from '../../components/amount';
import { useSendStore } from '../../stores/send-store';

/**
 * Sends whose answer was lost stay listed until checked, even after a reload or a lock, so nobody
 * enters the same payment again while the first one may have gone through.
 */
export function UnresolvedSends(): React.JSX.Element | null {
  const unresolved = useSendStore((state) => state.unresolved);
  const loadUnresolved = useSendStore((state) => state.loadUnresolved);
  const resume = useSendStore((state) => state.resume);

  useEffect(() => {
    void loadUnresolved();
  }, [loadUnresolved]);

  if (unresolved.length === 0) return null;
  return (
    <section aria-labelledby="send-unresolved-title" className="card warning send-unresolved">
      <h3 id="send-unresolved-title">Sends with an unknown outcome</h3>
      <p>Check these before sending the same payment again: they may have gone through.</p>
      <ul>
        {unresolved.map(({ review }) => (
          <li key={review.intentId} className="row">
            <CryptoAmount value={review.amount} code={review.code} />
            <span className="mono">{`to ${review.destination}`}</span>
            <button type="button" className="secondary" onClick={() => resume(review)}>
              {`Check status of ${review.referenceId}`}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
