import { CryptoAmount } from '../../components/amount';
import { UnresolvedIntents } from '../../components/unresolved-intents';
import { useSwapStore } from '../../stores/swap-store';

/** Swaps whose answer was lost stay listed until checked, even after a reload or a lock. */
export function UnresolvedSwaps(): React.JSX.Element | null {
  const unresolved = useSwapStore((state) => state.unresolved);
  const loadUnresolved = useSwapStore((state) => state.loadUnresolved);
  const resume = useSwapStore((state) => state.resume);
  return (
    <UnresolvedIntents
      prefix="swap"
      title="Swaps with an unknown outcome"
      lead="Check these before swapping again: they may have gone through."
      unresolved={unresolved}
      loadUnresolved={loadUnresolved}
      resume={resume}
      summary={(review) => (
        <>
          <CryptoAmount value={review.cryptoAmount} code={review.fromSymbol} />
          <span>{`to ${review.toSymbol}`}</span>
        </>
      )}
    />
  );
}
