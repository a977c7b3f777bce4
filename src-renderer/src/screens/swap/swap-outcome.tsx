import { useShallow } from 'zustand/react/shallow';
import type { SwapOutcome } from '../../../../src-preload/contract/swap';
import { ExplorerButton, focusOnMount, UnknownOutcome } from '../../components/money-outcome';
import { selectUnknownOutcome } from '../../stores/money-intent';
import { useSwapStore } from '../../stores/swap-store';
import { QuoteSummary } from './quote-summary';

function Swapped({ outcome }: { outcome: SwapOutcome }): React.JSX.Element {
  const review = useSwapStore((state) => state.review);
  const startOver = useSwapStore((state) => state.startOver);
  return (
    <section aria-labelledby="swap-result-title" className="card swap-result">
      <h3 id="swap-result-title" tabIndex={-1} ref={focusOnMount}>
        Swapped
      </h3>
      {review && <QuoteSummary quote={review} />}
      <dl className="facts">
        <dt>Swap reference</dt>
        <dd className="mono swap-reference-id">{outcome.swapReferenceId}</dd>
        {outcome.address && (
          <>
            <dt>Received at</dt>
            <dd className="mono">{outcome.address}</dd>
          </>
        )}
        {outcome.sendResult && (
          <>
            <dt>Transaction id</dt>
            <dd className="mono">{outcome.sendResult.txId}</dd>
          </>
        )}
      </dl>
      <div className="row swap-actions">
        {outcome.sendResult?.explorerUrl && <ExplorerButton url={outcome.sendResult.explorerUrl} />}
        <button type="button" className="primary" onClick={startOver}>
          New swap
        </button>
      </div>
    </section>
  );
}

function Unknown(): React.JSX.Element {
  const review = useSwapStore((state) => state.review);
  const startOver = useSwapStore((state) => state.startOver);
  const intent = useSwapStore(useShallow(selectUnknownOutcome));
  return (
    <UnknownOutcome
      prefix="swap"
      explanation="The service gave no clear answer, so it is not known whether this swap went through. Nothing will be sent again automatically. Check its status: the app looks for it in your transaction history, and swaps nothing."
      notFoundMessage="This swap is not in your transaction history yet. That does not mean it failed: the service may still carry it out, so its outcome stays unknown. Check again later. If you start a new swap instead, you will first be asked to confirm that you know this one may have gone through."
      ambiguousMessage="Your history shows more than one swap of exactly this amount, and the app cannot tell which one is this swap, so its outcome stays unknown. Compare them in your transaction history."
      startNewLabel="Start a new swap"
      startNew={startOver}
      {...intent}
    >
      {review && <QuoteSummary quote={review} />}
      {review && <p className="mono">{`Reference ${review.referenceId}`}</p>}
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
