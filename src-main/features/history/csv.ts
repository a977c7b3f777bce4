import { serviceDateMs } from '../../service/service-date';
import type { ExportRecord } from './export-record';

/** RFC 4180 line break. */
export const CSV_EOL = '\r\n';

/** RFC 4180: quote a field holding a comma, quote or line break, doubling inner quotes. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Free text from the service or the user (labels, references, addresses) opened in a spreadsheet could run
 * as a formula; a leading apostrophe keeps it text (OWASP "CSV injection"). Numbers and dates are written by
 * the app and never pass through it, so a negative amount stays a number.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** ISO 8601 UTC whatever offset the service used; text that is not a date stays as it came. */
export function isoUtc(date: string): string {
  const ms = serviceDateMs(date);
  return ms === null ? date : new Date(ms).toISOString();
}

/** One CSV line (with its line break) from cells already guarded. */
export function csvRow(cells: readonly string[]): string {
  // Appended cell by cell: an export writes a million of these, and map + join cost two arrays a row.
  let line = csvField(cells[0] ?? '');
  for (let i = 1; i < cells.length; i += 1) line += `,${csvField(cells[i]!)}`;
  return line + CSV_EOL;
}

/** Column names of the complete export, for people and spreadsheets (docs/exports.md "The complete export"). */
export const CSV_COLUMNS = [
  'Account',
  'Date (UTC)',
  'Direction',
  'Kind',
  'Asset',
  'Asset name',
  'Network',
  'Amount',
  'Fee',
  'Fee asset',
  'Fiat value',
  'Fiat currency',
  'Fiat value missing',
  'Status',
  'Label',
  'Note',
  'Counterparty address',
  'Wallet address',
  'Transaction hash',
  'Reference',
  'Merchant transaction id',
  'Collected automatically',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export function csvHeader(): string {
  return csvRow(CSV_COLUMNS);
}

/** The complete export's cells of one record, in CSV_COLUMNS order. */
export function completeCells(record: ExportRecord): string[] {
  const text = neutraliseFormula;
  return [
    text(record.account),
    record.dateMs === null ? text(record.dateText) : new Date(record.dateMs).toISOString(),
    record.direction,
    record.kind,
    text(record.symbol),
    text(record.assetName),
    text(record.network),
    record.amount,
    record.fee,
    record.fee === '' ? '' : text(record.symbol),
    record.fiatValue,
    record.fiatCurrency,
    record.fiatMissing,
    text(record.status),
    text(record.label),
    text(record.note),
    text(record.counterparty),
    text(record.walletAddress),
    text(record.txId),
    text(record.referenceId),
    text(record.merchantTransactionId),
    record.autoCollected ? 'yes' : 'no',
  ];
}

/** One line of the complete export. */
export function csvLine(record: ExportRecord): string {
  return csvRow(completeCells(record));
}
