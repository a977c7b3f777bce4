import { useId } from 'react';
import type { HistoryItem } from '../../../../src-preload/contract/history';
import { CryptoAmount, UsdAmount } from '../../components/amount';
import { SaveToAddressBook } from '../../components/save-to-address-book';
import { formatDateTime } from '../../format/dates';
import { ExplorerLink } from './explorer-link';
import { counterpartyOf, formatFiat } from './history-format';
import { assetWords, kindOf, statusWords } from './history-words';
import { UserLabelForm } from './user-label-form';
import { useModalDialog } from '../../hooks/use-modal-dialog';
import { useText } from '../../i18n/use-text';

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

const DASH = '—';
const orDash = (text: string): string => (text === '' ? DASH : text);
/** The service's own date text beside the one written in the user's locale, so both can be compared. */
const asSent = (text: string): string => `(${text})`;
/** Network and the service's display name, apart by a dot: two names, not a sentence. */
const networkWords = (item: HistoryItem): string => [item.network ?? DASH, item.displayName].join(' · ');

/**
 * Every field of one transaction in a modal dialog. The native <dialog> traps focus and closes on Escape;
 * focus goes back to the row that opened it.
 */
export function HistoryDetail({ item, onClose }: { item: HistoryItem; onClose: () => void }): React.JSX.Element {
  const t = useText();
  const ref = useModalDialog();
  const titleId = useId();
  const counterparty = counterpartyOf(item);

  return (
    <dialog ref={ref} className="history-detail" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <header className="row">
        <h3 id={titleId}>{t('history.detail.title', { kind: kindOf(item), asset: assetWords(item) })}</h3>
        <button type="button" className="secondary" onClick={onClose} autoFocus>
          {t('history.detail.close')}
        </button>
      </header>
      <dl>
        <Field term={t('history.detail.date')}>
          {formatDateTime(item.date)} <span className="history-muted mono">{asSent(item.date)}</span>
        </Field>
        <Field term={t('history.detail.type')}>{kindOf(item)}</Field>
        <Field term={t('history.detail.status')}>{statusWords(item.status)}</Field>
        <Field term={t('history.detail.asset')}>{assetWords(item)}</Field>
        <Field term={t('history.detail.network')}>{networkWords(item)}</Field>
        <Field term={t('history.detail.amount')}>
          <CryptoAmount value={item.amount} code={item.symbol} />
        </Field>
        <Field term={t('history.detail.usdValue')}>
          <UsdAmount value={item.value} />
        </Field>
        <Field term={t(counterparty.direction === 'to' ? 'history.detail.to' : 'history.detail.from')}>
          {counterparty.address === null ? t(counterparty.words) : <span className="mono">{counterparty.address}</span>}
          {/* A past send's destination; a swap's goes to the service's own swap address, not worth a name. */}
          {item.type === 'Withdraw' && item.withdrawType !== 2 && counterparty.address !== null && (
            <SaveToAddressBook code={item.symbol} address={counterparty.address} />
          )}
        </Field>
        <Field term={t('history.detail.walletAddress')}>
          <span className="mono">{orDash(item.address)}</span>
        </Field>
        <Field term={t('history.detail.txId')}>
          <ExplorerLink txId={item.txId} url={item.explorerUrl} full />
        </Field>
        <Field term={t('history.detail.referenceId')}>
          <span className="mono">{orDash(item.referenceId)}</span>
        </Field>
        <Field term={t('history.detail.label')}>{orDash(item.label)}</Field>
        <Field term={t('history.detail.userLabel')}>{orDash(item.userLabel)}</Field>
        <Field term={t('history.detail.merchantTxId')}>
          <span className="mono">{orDash(item.merchantTransactionId)}</span>
        </Field>
        <Field term={t('history.detail.autoCollected')}>
          {t(item.isAutoCollected ? 'history.detail.yes' : 'history.detail.no')}
        </Field>
      </dl>
      <UserLabelForm item={item} />
      <h4>{t('history.detail.prices', { symbol: item.symbol })}</h4>
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
