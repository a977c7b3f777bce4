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
      lead="These swaps may have gone through. Check their status first. To start a new swap anyway, tick each one to confirm you know it may already have been made."
      {...intents}
      acknowledgeLabel={(review) =>
        `I know the swap of ${review.cryptoAmount} ${review.fromSymbol} to ${review.toSymbol} (reference ${review.referenceId}) may already have gone through`
      }
      summary={(review) => (
        <>
          <CryptoAmount value={review.cryptoAmount} code={review.fromSymbol} />
          <span>{`(${review.fromNetwork}) to ${review.toSymbol} (${review.toNetwork})`}</span>
        </>
      )}
    />
  );
}
