import { useEffect } from 'react';
import { CryptoAmount } from '../../components/amount';
import { useSwapStore } from '../../stores/swap-store';

/** Swaps whose answer was lost stay listed until checked, even after a reload or a lock. */
export function UnresolvedSwaps(): React.JSX.Element | null {
  const unresolved = useSwapStore((state) => state.unresolved);
  const loadUnresolved = useSwapStore((state) => state.loadUnresolved);
  const resume = useSwapStore((state) => state.resume);

  useEffect(() => {
    void loadUnresolved();
  }, [loadUnresolved]);

  if (unresolved.length === 0) return null;
  return (
    <section aria-labelledby="swap-unresolved-title" className="card warning swap-unresolved">
      <h3 id="swap-unresolved-title">Swaps with an unknown outcome</h3>
      <p>Check these before swapping again: they may have gone through.</p>
      <ul>
        {unresolved.map(({ review }) => (
          <li key={review.intentId} className="row">
            <CryptoAmount value={review.cryptoAmount} code={review.fromSymbol} />
            <span>{`to ${review.toSymbol}`}</span>
            <button type="button" className="secondary" onClick={() => resume(review)}>
              {`Check status of ${review.referenceId}`}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
