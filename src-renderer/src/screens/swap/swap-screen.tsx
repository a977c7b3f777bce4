import { useSwapStore } from '../../stores/swap-store';
import { useText } from '../../i18n/use-text';
import { RoleNotice, useMoneyRole } from '../send/role-notice';
import { SwapFormPanel } from './swap-form';
import { SwapOutcomePanel } from './swap-outcome';
import { SwapReviewPanel } from './swap-review';
import { ClosedSwaps, UnresolvedSwaps } from './unresolved-swaps';

/** Swap: pick the pair and amount (crypto or USD) → live quote → review with the code → result. */
export function SwapScreen(): React.JSX.Element {
  const step = useSwapStore((state) => state.step);
  const role = useMoneyRole('swap');
  const t = useText();
  return (
    <section aria-labelledby="swap-title" className="screen swap-screen">
      <h2 id="swap-title">{t('swap.title')}</h2>
      {role.explanation && <RoleNotice explanation={role.explanation} />}
      {/* On the review too: a move lost after this one was confirmed must be acknowledged before it leaves. */}
      {(step === 'form' || step === 'review') && role.allowed && <UnresolvedSwaps />}
      {step === 'form' && <SwapFormPanel disabled={!role.allowed} />}
      {step === 'form' && role.allowed && <ClosedSwaps />}
      {step === 'review' && <SwapReviewPanel />}
      {(step === 'result' || step === 'unknown') && <SwapOutcomePanel />}
    </section>
  );
}
