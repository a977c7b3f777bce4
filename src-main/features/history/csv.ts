import type { TransactionItem } from '../../service/interface-a-schemas';
import { serviceDateMs } from '../../service/service-date';
import { serviceNumberText } from '../../service/wire-amount';
import { networkNameOf } from './history-item';

/** Column order of the export; the header row uses these names. */
export const CSV_COLUMNS = [
  'date',
  'type',
  'withdrawType',
  'symbol',
  'network',
  'displayName',
  'amount',
  'usdValue',
  'status',
  'address',
  'to',
  'txId',
  'referenceId',
  'label',
  'merchantTransactionId',
  'isAutoCollected',
  'priceUsd',
  'priceEur',
  'priceGbp',
  'priceTry',
  'priceJpy',
  /** The signed-in user's own label (kept locally, not the service's `label`). */
  'userLabel',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** RFC 4180 line break. */
export const CSV_EOL = '\r\n';

/** RFC 4180: quote a field holding a comma, quote or line break, doubling inner quotes. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Free text from the service (labels, references) opened in a spreadsheet could run as a formula; a leading
 * apostrophe keeps it text (OWASP "CSV injection"). Numbers and dates are written by the app and never need it.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** ISO 8601 UTC whatever offset the service used; text that is not a date stays as it came. */
export function isoUtc(date: string): string {
  const ms = serviceDateMs(date);
  return ms === null ? date : new Date(ms).toISOString();
}

export function csvHeader(): string {
  return CSV_COLUMNS.join(',') + CSV_EOL;
}

export function csvRecord(item: TransactionItem, userLabel = ''): Record<CsvColumn, string> {
  const text = (value: string | null | undefined): string => neutraliseFormula(value ?? '');
  return {
    date: isoUtc(item.date),
    type: text(item.type),
    withdrawType: String(item.withdrawType),
    symbol: text(item.symbol),
    network: text(networkNameOf(item.symbol)),
    displayName: text(item.displayName),
    amount: serviceNumberText(item.amount),
    usdValue: serviceNumberText(item.value),
    status: text(item.status),
    address: text(item.address),
    to: text(item.to),
    txId: text(item.txId),
    referenceId: text(item.referenceId),
    label: text(item.label),
    merchantTransactionId: text(item.merchantTransactionId),
    isAutoCollected: item.isAutoCollected ? 'true' : 'false',
    priceUsd: serviceNumberText(item.prices.usd),
    priceEur: serviceNumberText(item.prices.eur),
    priceGbp: serviceNumberText(item.prices.gbp),
    priceTry: serviceNumberText(item.prices.try),
    priceJpy: serviceNumberText(item.prices.jpy),
    userLabel: text(userLabel),
  };
}

/** One CSV line (with its line break) per item. */
export function csvLine(item: TransactionItem, userLabel = ''): string {
  const record = csvRecord(item, userLabel);
  // Appended field by field: an export writes a million of these, and map + join cost two arrays a row.
  let line = csvField(record[CSV_COLUMNS[0]]);
  for (let i = 1; i < CSV_COLUMNS.length; i += 1) line += `,${csvField(record[CSV_COLUMNS[i]!])}`;
  return line + CSV_EOL;
}
