import type { HistoryItem } from '../../../../src-preload/contract/history';
import { type MessageId, t } from '../../i18n/text';

// No number or date formats here (unlike history-format.ts): words only, so tests can read them without a browser.

/** withdrawType values as the service uses them (the spec does not name them); 0 is a deposit. */
const kindWords: Readonly<Record<number, MessageId>> = {
  0: 'history.kind.deposit',
  1: 'history.kind.send',
  2: 'history.kind.swap',
  3: 'history.kind.merchantApi',
};

/** The kind of movement in words; a kind the app does not know is only called a withdrawal, never a number. */
export function withdrawTypeLabel(withdrawType: number): string {
  return t(kindWords[withdrawType] ?? 'history.kind.other');
}

/** A record's kind in words, from its type first (spec 2.2 names Deposit and Withdraw), then its withdrawType. */
export function kindOf(item: Pick<HistoryItem, 'type' | 'withdrawType'>): string {
  if (item.type === 'Deposit' || (item.type !== 'Withdraw' && item.withdrawType === 0))
    return t('history.kind.deposit');
  return item.withdrawType === 0 ? t('history.kind.other') : withdrawTypeLabel(item.withdrawType);
}

/** The service's own type word (spec 2.2) in the user's language; one the spec does not name is shown as sent. */
export function typeWords(type: string): string {
  if (type === 'Deposit') return t('history.type.deposit');
  if (type === 'Withdraw') return t('history.type.withdraw');
  return type;
}

export { statusWords } from '../../i18n/service-words';

/** "Bitcoin (BTC)": the asset's name first, its symbol only to tell networks apart. */
export function assetWords(item: Pick<HistoryItem, 'symbol' | 'symbolName'>): string {
  const name = item.symbolName.trim();
  return name === '' || name === item.symbol ? item.symbol : t('history.asset', { name, symbol: item.symbol });
}
