import { useShallow } from 'zustand/react/shallow';
import type { SwapReview } from '../../../../src-preload/contract/swap';
import { CryptoAmount } from '../../components/amount';
import { ClosedIntents } from '../../components/closed-intents';
import { UnresolvedIntents } from '../../components/unresolved-intents';
import { useAmountText } from '../../components/unsettled-words';
import { t } from '../../i18n/text';
import { useText } from '../../i18n/use-text';
import { selectClosed, selectUnresolved } from '../../stores/money-intent';
import { useSwapStore } from '../../stores/swap-store';

/** The panel's title in the window's language, read at render time so a language switch reaches it. */
export const unresolvedSwapsTitle = (): string => t('swap.unresolved.title');

function SwapSummary({ review }: { review: SwapReview }): React.JSX.Element {
  const t = useText();
  return (
    <>
      <CryptoAmount value={review.cryptoAmount} code={review.fromSymbol} />
      <span>
        {t('swap.unresolved.summary', {
          fromNetwork: review.fromNetwork,
          toSymbol: review.toSymbol,
          toNetwork: review.toNetwork,
        })}
      </span>
    </>
  );
}

function useDescribeSwap(): (review: SwapReview) => string {
  const amountText = useAmountText();
  const t = useText();
  return (review) =>
    t('swap.unresolved.describe', {
      amount: amountText(review.cryptoAmount, review.fromSymbol),
      fromNetwork: review.fromNetwork,
      toSymbol: review.toSymbol,
      toNetwork: review.toNetwork,
    });
}

/** Swaps whose answer was lost stay listed until checked, even after a reload or a lock. */
export function UnresolvedSwaps(): React.JSX.Element | null {
  const intents = useSwapStore(useShallow(selectUnresolved));
  const describe = useDescribeSwap();
  const t = useText();
  return (
    <UnresolvedIntents
      prefix="swap"
      kind="swap"
      title={t('swap.unresolved.title')}
      lead={t('swap.unresolved.lead')}
      {...intents}
      describe={describe}
      referenceOf={(review) => review.referenceId}
      summary={(review) => <SwapSummary review={review} />}
    />
  );
}

/** Swaps a person closed as "did not go through", with who closed them and when (security.md 36). */
export function ClosedSwaps(): React.JSX.Element | null {
  const intents = useSwapStore(useShallow(selectClosed));
  const describe = useDescribeSwap();
  const t = useText();
  return (
    <ClosedIntents
      prefix="swap"
      title={t('swap.closed.title')}
      {...intents}
      describe={describe}
      referenceOf={(review) => review.referenceId}
      summary={(review) => <SwapSummary review={review} />}
    />
  );
}
