import { useShallow } from 'zustand/react/shallow';
import { CryptoAmount } from '../../components/amount';
import { UnresolvedIntents } from '../../components/unresolved-intents';
import { selectUnresolved } from '../../stores/money-intent';
import { useSwapStore } from '../../stores/swap-store';

/** Swaps whose answer was lost stay listed until checked, even after a reload or a lock. */
export function UnresolvedSwaps(): React.JSX.Element | null {
  const intents = useSwapStore(useShallow(selectUnresolved));
  return (
    <UnresolvedIntents
      prefix="swap"
      title="Swaps with an unknown outcome"
      lead="Check these before swapping again: they may have gone through."
      {...intents}
      summary={(review) => (
        <>
          <CryptoAmount value={review.cryptoAmount} code={review.fromSymbol} />
          <span>{`to ${review.toSymbol}`}</span>
        </>
      )}
    />
  );
}
