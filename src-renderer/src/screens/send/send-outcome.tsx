import { useShallow } from 'zustand/react/shallow';
import type { SendOutcome } from '../../../../src-preload/contract/send';
import { CryptoAmount } from '../../components/amount';
import { ExplorerButton, focusOnMount, UnknownOutcome } from '../../components/money-outcome';
import { SaveToAddressBook } from '../../components/save-to-address-book';
import { selectUnknownOutcome } from '../../stores/money-intent';
import { useSendStore } from '../../stores/send-store';
import { statusWords } from '../../i18n/service-words';
import { RichText, useText } from '../../i18n/use-text';
import { EmphasisedAddress } from './emphasised-address';

function Sent({ outcome }: { outcome: SendOutcome }): React.JSX.Element {
  const review = useSendStore((state) => state.review);
  const startOver = useSendStore((state) => state.startOver);
  const t = useText();
  return (
    <section aria-labelledby="send-result-title" className="card send-result">
      <h3 id="send-result-title" tabIndex={-1} ref={focusOnMount}>
        {t('send.outcome.sent')}
      </h3>
      {outcome.status && <p role="status">{t('send.outcome.found', { status: statusWords(outcome.status) })}</p>}
      {review && (
        <p>
          <RichText
            id="send.outcome.amountTo"
            values={{ amount: <CryptoAmount value={review.amount} code={review.code} /> }}
          />
        </p>
      )}
      {review && <EmphasisedAddress address={review.destination} caption={t('send.outcome.sentTo')} />}
      {review && <SaveToAddressBook code={review.code} address={review.destination} />}
      <dl className="facts">
        <dt>{t('send.outcome.txId')}</dt>
        <dd className="mono send-txid">{outcome.txId || t('send.outcome.txId.none')}</dd>
        <dt>{t('send.outcome.reference')}</dt>
        <dd className="mono">{outcome.referenceId}</dd>
      </dl>
      <div className="row send-actions">
        {outcome.explorerUrl && <ExplorerButton url={outcome.explorerUrl} />}
        <button type="button" className="primary" onClick={startOver}>
          {t('send.outcome.new')}
        </button>
      </div>
    </section>
  );
}

function Unknown(): React.JSX.Element {
  const review = useSendStore((state) => state.review);
  const startOver = useSendStore((state) => state.startOver);
  const intent = useSendStore(useShallow(selectUnknownOutcome));
  const t = useText();
  return (
    <UnknownOutcome
      prefix="send"
      explanation={t('send.outcome.unknown')}
      notFoundMessage={t('send.outcome.notFound')}
      startNewLabel={t('send.outcome.startNew')}
      startNew={startOver}
      {...intent}
    >
      {review && (
        <p>
          <CryptoAmount value={review.amount} code={review.code} />
          <span className="mono">
            {t('send.outcome.unknownRef', { address: review.destination, reference: review.referenceId })}
          </span>
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
