import type { TransactionItem } from '../../service/interface-a-schemas';
import { isoUtc } from './csv';
import { serviceNumberText } from '../../service/wire-amount';
import { networkNameOf } from './history-item';

/**
 * One exported record as JSON for programs: the service's fields under its own names, the account it belongs
 * to and the user's label, with amounts as exact decimal strings
 * (a JSON number would lose digits in most readers) and flags and counts as JSON values. No formula guard:
 * JSON is not opened as a spreadsheet.
 */
export function jsonRecord(
  item: TransactionItem,
  userLabel = '',
  account = '',
): Record<string, string | number | boolean> {
  return {
    account,
    date: isoUtc(item.date),
    type: item.type,
    withdrawType: item.withdrawType,
    symbol: item.symbol,
    network: networkNameOf(item.symbol) ?? '',
    displayName: item.displayName,
    amount: serviceNumberText(item.amount),
    usdValue: serviceNumberText(item.value),
    status: item.status,
    address: item.address,
    to: item.to ?? '',
    txId: item.txId ?? '',
    referenceId: item.referenceId,
    label: item.label,
    merchantTransactionId: item.merchantTransactionId,
    isAutoCollected: item.isAutoCollected,
    fee: item.fee === null || item.fee === undefined ? '' : serviceNumberText(item.fee),
    priceUsd: serviceNumberText(item.prices.usd),
    priceEur: serviceNumberText(item.prices.eur),
    priceGbp: serviceNumberText(item.prices.gbp),
    priceTry: serviceNumberText(item.prices.try),
    priceJpy: serviceNumberText(item.prices.jpy),
    userLabel,
  };
}

/**
 * A JSON array written one record per line, so it streams like the CSV: the opening bracket first, each
 * record with its separator as it comes, the closing bracket last. The file only takes its name once
 * complete, so a reader never sees an unclosed array.
 */
export const jsonArray = {
  open: (): string => '[',
  record: (item: TransactionItem, userLabel: string, account: string, first: boolean): string =>
    `${first ? '\n' : ',\n'}${JSON.stringify(jsonRecord(item, userLabel, account))}`,
  close: (wroteAny: boolean): string => (wroteAny ? '\n]\n' : ']\n'),
};
