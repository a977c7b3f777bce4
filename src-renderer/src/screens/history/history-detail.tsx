import { useId } from 'react';
import type { HistoryItem } from '../../../../src-preload/contract/history';
import { CryptoAmount, UsdAmount } from '../../components/amount';
import { SaveToAddressBook } from '../../components/save-to-address-book';
import { formatDateTime } from '../../format/dates';
import { ExplorerLink } from './explorer-link';
import { counterpartyOf, formatFiat } from './history-format';
import { assetWords, kindOf } from './history-words';
import { UserLabelForm } from './user-label-form';
import { useModalDialog } from '../../hooks/use-modal-dialog';

const currencies = [
  ['usd', 'USD'],
  ['eur', 'EUR'],
  ['gbp', 'GBP'],
  ['try', 'TRY'],
  ['jpy', 'JPY'],
] as const;

function Field({ term, children }: { term: string; children: React.ReactNode }): React.JSX.Element {
  return (
    <div className="history-field">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const orDash = (text: string): string => (text === '' ? '—' : text);

/**
 * Every field of one transaction in a modal dialog. The native <dialog> traps focus and closes on Escape;
 * focus goes back to the row that opened it.
 */
export function HistoryDetail({ item, onClose }: { item: HistoryItem; onClose: () => void }): React.JSX.Element {
  const ref = useModalDialog();
  const titleId = useId();
  const counterparty = counterpartyOf(item);

  return (
    <dialog ref={ref} className="history-detail" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <header className="row">
        <h3 id={titleId}>{`${kindOf(item)} of ${assetWords(item)}`}</h3>
        <button type="button" className="secondary" onClick={onClose} autoFocus>
          Close
        </button>
      </header>
      <dl>
        <Field term="Date">
          {formatDateTime(item.date)} <span className="history-muted mono">({item.date})</span>
        </Field>
        <Field term="Type">{kindOf(item)}</Field>
        <Field term="Status">{item.status}</Field>
        <Field term="Asset">{assetWords(item)}</Field>
        <Field term="Network">
          {item.network ?? '—'} · {item.displayName}
        </Field>
        <Field term="Amount">
          <CryptoAmount value={item.amount} code={item.symbol} />
        </Field>
        <Field term="USD value">
          <UsdAmount value={item.value} />
        </Field>
        <Field term={counterparty.direction === 'to' ? 'To' : 'From'}>
          {counterparty.address === null ? counterparty.words : <span className="mono">{counterparty.address}</span>}
          {/* A past send's destination; a swap's goes to the service's own swap address, not worth a name. */}
          {item.type === 'Withdraw' && item.withdrawType !== 2 && counterparty.address !== null && (
            <SaveToAddressBook code={item.symbol} address={counterparty.address} />
          )}
        </Field>
        <Field term="Your wallet address">
          <span className="mono">{orDash(item.address)}</span>
        </Field>
        <Field term="Transaction id">
          <ExplorerLink txId={item.txId} url={item.explorerUrl} full />
        </Field>
        <Field term="Reference id">
          <span className="mono">{orDash(item.referenceId)}</span>
        </Field>
        <Field term="Label">{orDash(item.label)}</Field>
        <Field term="My label">{orDash(item.userLabel)}</Field>
        <Field term="Merchant transaction id">
          <span className="mono">{orDash(item.merchantTransactionId)}</span>
        </Field>
        <Field term="Collected automatically">{item.isAutoCollected ? 'Yes' : 'No'}</Field>
      </dl>
      <UserLabelForm item={item} />
      <h4>Price per {item.symbol} at the time</h4>
      <dl className="history-prices">
        {currencies.map(([key, code]) => (
          <Field key={key} term={code}>
            {formatFiat(item.prices[key], code)}
          </Field>
        ))}
      </dl>
    </dialog>
  );
}
