import { useShallow } from 'zustand/react/shallow';
import { CryptoAmount } from '../../components/amount';
import { UnresolvedIntents } from '../../components/unresolved-intents';
import { useAmountText } from '../../components/unsettled-words';
import { selectUnresolved } from '../../stores/money-intent';
import { useSwapStore } from '../../stores/swap-store';

export const UNRESOLVED_SWAPS_TITLE = 'Swaps with an unknown outcome';

/** Swaps whose answer was lost stay listed until checked, even after a reload or a lock. */
export function UnresolvedSwaps(): React.JSX.Element | null {
  const intents = useSwapStore(useShallow(selectUnresolved));
  const amountText = useAmountText();
  return (
    <UnresolvedIntents
      prefix="swap"
      title={UNRESOLVED_SWAPS_TITLE}
      lead="These swaps may have gone through. Check their status first. To start a new swap anyway, tick each one to confirm you know it may already have been made."
      {...intents}
      describe={(review) =>
        `swap of ${amountText(review.cryptoAmount, review.fromSymbol)} (${review.fromNetwork}) to ${review.toSymbol} (${review.toNetwork})`
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
