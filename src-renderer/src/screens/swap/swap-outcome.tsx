import { useShallow } from 'zustand/react/shallow';
import type { SwapOutcome } from '../../../../src-preload/contract/swap';
import { ExplorerButton, focusOnMount, UnknownOutcome } from '../../components/money-outcome';
import { selectUnknownOutcome } from '../../stores/money-intent';
import { useSwapStore } from '../../stores/swap-store';
import { useText } from '../../i18n/use-text';
import { QuoteSummary } from './quote-summary';

function Swapped({ outcome }: { outcome: SwapOutcome }): React.JSX.Element {
  const review = useSwapStore((state) => state.review);
  const startOver = useSwapStore((state) => state.startOver);
  const t = useText();
  return (
    <section aria-labelledby="swap-result-title" className="card swap-result">
      <h3 id="swap-result-title" tabIndex={-1} ref={focusOnMount}>
        {t('swap.outcome.swapped')}
      </h3>
      {review && <QuoteSummary quote={review} />}
      <dl className="facts">
        <dt>{t('swap.outcome.reference')}</dt>
        <dd className="mono swap-reference-id">{outcome.swapReferenceId}</dd>
        {outcome.address && (
          <>
            <dt>{t('swap.outcome.receivedAt')}</dt>
            <dd className="mono">{outcome.address}</dd>
          </>
        )}
        {outcome.sendResult && (
          <>
            <dt>{t('swap.outcome.txId')}</dt>
            <dd className="mono">{outcome.sendResult.txId}</dd>
          </>
        )}
      </dl>
      <div className="row swap-actions">
        {outcome.sendResult?.explorerUrl && <ExplorerButton url={outcome.sendResult.explorerUrl} />}
        <button type="button" className="primary" onClick={startOver}>
          {t('swap.outcome.new')}
        </button>
      </div>
    </section>
  );
}

function Unknown(): React.JSX.Element {
  const review = useSwapStore((state) => state.review);
  const startOver = useSwapStore((state) => state.startOver);
  const intent = useSwapStore(useShallow(selectUnknownOutcome));
  const t = useText();
  return (
    <UnknownOutcome
      prefix="swap"
      explanation={t('swap.outcome.unknown')}
      notFoundMessage={t('swap.outcome.notFound')}
      ambiguousMessage={t('swap.outcome.ambiguous')}
      startNewLabel={t('swap.outcome.startNew')}
      startNew={startOver}
      {...intent}
    >
      {review && <QuoteSummary quote={review} />}
      {review && <p className="mono">{t('swap.review.reference', { reference: review.referenceId })}</p>}
    </UnknownOutcome>
  );
}

export function SwapOutcomePanel(): React.JSX.Element | null {
  const step = useSwapStore((state) => state.step);
  const outcome = useSwapStore((state) => state.outcome);
  if (step === 'result' && outcome) return <Swapped outcome={outcome} />;
  if (step === 'unknown') return <Unknown />;
  return null;
}
