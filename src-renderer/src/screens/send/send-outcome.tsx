import { useShallow } from 'zustand/react/shallow';
import type { SendOutcome } from '../../../../src-preload/contract/send';
import { CryptoAmount } from '../../components/amount';
import { ExplorerButton, focusOnMount, UnknownOutcome } from '../../components/money-outcome';
import { SaveToAddressBook } from '../../components/save-to-address-book';
import { selectUnknownOutcome } from '../../stores/money-intent';
import { useSendStore } from '../../stores/send-store';
import { EmphasisedAddress } from './emphasised-address';

function Sent({ outcome }: { outcome: SendOutcome }): React.JSX.Element {
  const review = useSendStore((state) => state.review);
  const startOver = useSendStore((state) => state.startOver);
  return (
    <section aria-labelledby="send-result-title" className="card send-result">
      <h3 id="send-result-title" tabIndex={-1} ref={focusOnMount}>
        Sent
      </h3>
      {outcome.status && (
        <p role="status">{`Found in your transaction history (${outcome.status}). It was sent once.`}</p>
      )}
      {review && (
        <p>
          <CryptoAmount value={review.amount} code={review.code} /> to
        </p>
      )}
      {review && <EmphasisedAddress address={review.destination} caption="Sent to" />}
      {review && <SaveToAddressBook code={review.code} address={review.destination} />}
      <dl className="facts">
        <dt>Transaction id</dt>
        <dd className="mono send-txid">{outcome.txId || 'not assigned yet'}</dd>
        <dt>Reference</dt>
        <dd className="mono">{outcome.referenceId}</dd>
      </dl>
      <div className="row send-actions">
        {outcome.explorerUrl && <ExplorerButton url={outcome.explorerUrl} />}
        <button type="button" className="primary" onClick={startOver}>
          New send
        </button>
      </div>
    </section>
  );
}

function Unknown(): React.JSX.Element {
  const review = useSendStore((state) => state.review);
  const startOver = useSendStore((state) => state.startOver);
  const intent = useSendStore(useShallow(selectUnknownOutcome));
  return (
    <UnknownOutcome
      prefix="send"
      explanation="The service gave no clear answer, so it is not known whether this send went through. Nothing will be sent again automatically. Check its status: the app looks its reference up in your transaction history, and sends nothing."
      notFoundMessage="This send is not in your transaction history yet. That does not mean it failed: the service may still carry it out, so its outcome stays unknown. Check again later. If you start a new send instead, you will first be asked to confirm that you know this one may have gone through."
      startNewLabel="Start a new send"
      startNew={startOver}
      {...intent}
    >
      {review && (
        <p>
          <CryptoAmount value={review.amount} code={review.code} />
          <span className="mono">{` to ${review.destination}, reference ${review.referenceId}`}</span>
        </p>
      )}
    </UnknownOutcome>
  );
}

export function SendOutcomePanel(): React.JSX.Element | null {
  const step = useSendStore((state) => state.step);
  const outcome = useSendStore((state) => state.outcome);
  if (step === 'result' && outcome) return <Sent outcome={outcome} />;
  if (step === 'unknown') return <Unknown />;
  return null;
}
