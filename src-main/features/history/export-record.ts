import type { FiatCurrency } from '../../../src-preload/contract/receive';
import { withdrawTypeLabels } from '../../../src-preload/contract/history';
import { findAssetNetwork } from '../../../src-preload/contract/assets';
import type { TransactionItem } from '../../service/interface-a-schemas';
import { serviceDateMs } from '../../service/service-date';
import { serviceNumberText } from '../../service/wire-amount';
import { fiatAtTime } from './fiat-at-time';
import { networkNameOf } from './history-item';

export type Direction = 'in' | 'out';

/** The kinds of movement the app names: withdrawType 1, 2 and 3, a deposit, or an outgoing one it does not know. */
export type ExportKind = 'deposit' | 'send' | 'swap' | 'merchantApi' | 'withdrawal';
const kindsByWithdrawType: Readonly<Record<number, ExportKind>> = { 1: 'send', 2: 'swap', 3: 'merchantApi' };

/** What every export layout is written from: one record of the service, read for people. */
export interface ExportRecord {
  readonly account: string;
  /** ms since the epoch, or null when the service's date cannot be read as an instant. */
  readonly dateMs: number | null;
  /** The service's date text, kept for a date that cannot be read. */
  readonly dateText: string;
  readonly direction: Direction;
  /** The kind of movement in English words, as the tools' presets write it: Deposit, Send, Swap… */
  readonly kind: string;
  /** The same kind, for the complete export to name in the user's language. */
  readonly kindKey: ExportKind;
  /** The service's network-specific symbol (BSC-USD). */
  readonly symbol: string;
  /** The asset's own ticker where the app knows it (USDT for BSC-USD), else the symbol: what tax tools know. */
  readonly ticker: string;
  readonly assetName: string;
  readonly network: string;
  /** Exact decimal text, never negative: the direction says which way it went. */
  readonly amount: string;
  /** Exact decimal text in the record's own asset, '' where the service gives no fee. */
  readonly fee: string;
  readonly fiatCurrency: FiatCurrency;
  /** Exact decimal text in `fiatCurrency`, '' where the record has no price in it. */
  readonly fiatValue: string;
  /** Why `fiatValue` is empty, in a sentence; '' when it is not. */
  readonly fiatMissing: string;
  readonly status: string;
  /** The signed-in user's own label of this record. */
  readonly label: string;
  /** The service's own text on the record (its `label` field). */
  readonly note: string;
  /** Where a withdrawal went; '' for a deposit (the service reports no sender). */
  readonly counterparty: string;
  readonly walletAddress: string;
  readonly txId: string;
  readonly referenceId: string;
  readonly merchantTransactionId: string;
  readonly autoCollected: boolean;
}

export interface ExportRecordContext {
  readonly account: string;
  readonly currency: FiatCurrency;
}

/**
 * In or out. Spec 2.2 names two types, Deposit and Withdraw; a type it does not name is read from
 * withdrawType, whose 0 is a deposit and every other value a kind of outgoing movement (history-limits.ts).
 */
export function directionOf(item: Pick<TransactionItem, 'type' | 'withdrawType'>): Direction {
  if (item.type === 'Deposit') return 'in';
  if (item.type === 'Withdraw') return 'out';
  return item.withdrawType === 0 ? 'in' : 'out';
}

/** The kind of movement; a withdrawType the app does not know is named by its direction only. */
export function kindKeyOf(item: Pick<TransactionItem, 'type' | 'withdrawType'>): ExportKind {
  if (directionOf(item) === 'in') return 'deposit';
  return kindsByWithdrawType[item.withdrawType] ?? 'withdrawal';
}

/** The movement in English words; a withdrawType the app does not know is named by its direction only. */
export function kindOf(item: Pick<TransactionItem, 'type' | 'withdrawType'>): string {
  const direction = directionOf(item);
  if (direction === 'in') return 'Deposit';
  const known = item.withdrawType === 0 ? undefined : withdrawTypeLabels[item.withdrawType];
  return known ?? 'Withdrawal';
}

export function exportRecordOf(item: TransactionItem, userLabel: string, context: ExportRecordContext): ExportRecord {
  const direction = directionOf(item);
  const amount = serviceNumberText(Math.abs(item.amount));
  const fiat = fiatAtTime(item, context.currency, amount);
  const fee = item.fee;
  return {
    account: context.account,
    dateMs: serviceDateMs(item.date),
    dateText: item.date,
    direction,
    kind: kindOf(item),
    kindKey: kindKeyOf(item),
    symbol: item.symbol,
    ticker: findAssetNetwork(item.symbol)?.asset ?? item.symbol,
    assetName: item.symbolName,
    network: networkNameOf(item.symbol) ?? item.displayName,
    amount,
    fee: fee === null || fee === undefined ? '' : serviceNumberText(fee),
    fiatCurrency: context.currency,
    fiatValue: fiat.value ?? '',
    fiatMissing: fiat.missing ?? '',
    status: item.status,
    label: userLabel,
    note: item.label,
    counterparty: direction === 'out' ? (item.to ?? '') : '',
    walletAddress: item.address,
    txId: item.txId ?? '',
    referenceId: item.referenceId,
    merchantTransactionId: item.merchantTransactionId,
    autoCollected: item.isAutoCollected,
  };
}
