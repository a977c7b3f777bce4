import { useShallow } from 'zustand/react/shallow';
import type { SwapReview } from '../../../../src-preload/contract/swap';
import { CryptoAmount } from '../../components/amount';
import { ClosedIntents } from '../../components/closed-intents';
import { UnresolvedIntents } from '../../components/unresolved-intents';
import { useAmountText } from '../../components/unsettled-words';
import { selectClosed, selectUnresolved } from '../../stores/money-intent';
import { useSwapStore } from '../../stores/swap-store';

export const UNRESOLVED_SWAPS_TITLE = 'Swaps with an unknown outcome';
export const CLOSED_SWAPS_TITLE = 'Swaps closed as did not go through';

const NOUN = { one: 'swap', many: 'swaps' } as const;

function SwapSummary({ review }: { review: SwapReview }): React.JSX.Element {
  return (
    <>
      <CryptoAmount value={review.cryptoAmount} code={review.fromSymbol} />
      <span>{`(${review.fromNetwork}) to ${review.toSymbol} (${review.toNetwork})`}</span>
    </>
  );
}

function useDescribeSwap(): (review: SwapReview) => string {
  const amountText = useAmountText();
  return (review) =>
    `swap of ${amountText(review.cryptoAmount, review.fromSymbol)} (${review.fromNetwork}) to ${review.toSymbol} (${review.toNetwork})`;
}

/** Swaps whose answer was lost stay listed until checked, even after a reload or a lock. */
export function UnresolvedSwaps(): React.JSX.Element | null {
  const intents = useSwapStore(useShallow(selectUnresolved));
  const describe = useDescribeSwap();
  return (
    <UnresolvedIntents
      prefix="swap"
      noun={NOUN}
      title={UNRESOLVED_SWAPS_TITLE}
      lead="These swaps may have gone through. Check their status first. To start a new swap anyway, tick each one to confirm you know it may already have been made. If you are sure one did not go through, you can close it."
      {...intents}
      describe={describe}
      summary={(review) => <SwapSummary review={review} />}
    />
  );
}

/** Swaps a person closed as "did not go through", with who closed them and when (security.md 36). */
export function ClosedSwaps(): React.JSX.Element | null {
  const intents = useSwapStore(useShallow(selectClosed));
  const describe = useDescribeSwap();
  return (
    <ClosedIntents
      prefix="swap"
      title={CLOSED_SWAPS_TITLE}
      {...intents}
      describe={describe}
      referenceOf={(review) => review.referenceId}
      summary={(review) => <SwapSummary review={review} />}
    />
  );
}
