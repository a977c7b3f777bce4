import type { HistoryItem } from '../../../../src-preload/contract/history';

import { formatterFor } from '../../format/display-locale';
import type { MessageId } from '../../i18n/text';

export { withdrawTypeLabel } from './history-words';

type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];

/** A fiat price from its exact decimal text; one formatter per currency, made once. */
export function formatFiat(amount: string, currency: string): string {
  return formatterFor(
    `fiat-${currency}`,
    (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 8 }),
  ).format(amount as IntlDecimal);
}

/** "0x12ab…9f3e": enough to recognise a hash; the full text stays in the title and the detail panel. */
export function shortHash(text: string, keep = 6): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}

/**
 * Who the money went to or came from, which is what a user scans a history for. `address` is the
 * account's own wallet address on every row, so it never answers that; `to` is the destination of a
 * withdrawal (it may be empty), and the service reports no sender for a deposit (spec 2.2, TransactionItem).
 */
export type Counterparty =
  | { readonly direction: 'to'; readonly address: string }
  | { readonly direction: 'to' | 'from'; readonly address: null; readonly words: MessageId };

export function counterpartyOf(item: Pick<HistoryItem, 'type' | 'to'>): Counterparty {
  if (item.type === 'Deposit') return { direction: 'from', address: null, words: 'history.counterparty.noSender' };
  const to = item.to.trim();
  return to === ''
    ? { direction: 'to', address: null, words: 'history.counterparty.noRecipient' }
    : { direction: 'to', address: to };
}

/** The type filter: each choice is a set of withdrawTypes the service filters on. */
export const typeChoices: ReadonlyArray<{
  readonly key: string;
  readonly label: MessageId;
  readonly withdrawTypes: readonly number[];
}> = [
  { key: 'all', label: 'history.filters.allTypes', withdrawTypes: [] },
  { key: 'deposits', label: 'history.filters.deposits', withdrawTypes: [0] },
  { key: 'withdrawals', label: 'history.filters.withdrawals', withdrawTypes: [1, 2, 3] },
  { key: 'sends', label: 'history.filters.sends', withdrawTypes: [1] },
  { key: 'swaps', label: 'history.filters.swaps', withdrawTypes: [2] },
  { key: 'api', label: 'history.filters.merchantApi', withdrawTypes: [3] },
];

export function typeChoiceKey(withdrawTypes: readonly number[]): string {
  const wanted = [...withdrawTypes].sort((a, b) => a - b).join(',');
  return typeChoices.find((choice) => choice.withdrawTypes.join(',') === wanted)?.key ?? 'custom';
}
