import { isCanonicalUtc, serviceDateMs } from '../../service/service-date';
import type { MessageId } from '../../../resources/locales/catalogues';
import { t } from '../../i18n/main-text';
import type { ExportKind, ExportRecord } from './export-record';

/** RFC 4180 line break. */
export const CSV_EOL = '\r\n';

// Built once: a regular expression literal makes a new RegExp object each time it is evaluated, and these
// are tested on every cell of every row.
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

/** RFC 4180: quote a field holding a comma, quote or line break, doubling inner quotes. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(QUOTES, '""')}"` : value;
}

/**
 * Free text from the service or the user (labels, references, addresses) opened in a spreadsheet could run
 * as a formula; a leading apostrophe keeps it text (OWASP "CSV injection"). Numbers and dates are written by
 * the app and never pass through it, so a negative amount stays a number.
 */
export function neutraliseFormula(value: string): string {
  // The first character alone decides (= + - @ tab CR): read by code rather than by a regular expression,
  // which this called for some fourteen cells of every row. String() reads a value that is no text as the
  // expression's test did (undefined is no formula).
  return startsFormula(String(value).charCodeAt(0)) ? `'${value}` : value;
}

/** = + - @ tab CR; NaN (an empty text) is none of them. */
function startsFormula(code: number): boolean {
  return code === 0x3d || code === 0x2b || code === 0x2d || code === 0x40 || code === 0x09 || code === 0x0d;
}

/** ISO 8601 UTC whatever offset the service used; text that is not a date stays as it came. */
export function isoUtc(date: string): string {
  return isoCell(date, serviceDateMs(date));
}

/**
 * The date cell of a record: ISO 8601 UTC, or the service's text when it is no date. Text already in
 * toISOString's form is what toISOString would write back for a date that exists, and the text itself for
 * one that does not: it is kept as it is, without a Date and a new string per record.
 */
function isoCell(dateText: string, dateMs: number | null): string {
  if (dateMs === null || isCanonicalUtc(dateText)) return dateText;
  return new Date(dateMs).toISOString();
}

/** Patterns of a row of `n` cells none of which needs quoting, by `n`; built once each. */
const plainRows: RegExp[] = [];

/**
 * A joined row of `cells` cells none of which needed quoting: exactly one comma between each two cells and no
 * quote or line break before the row's own break. Almost every row of an export is one; the regular expression
 * reads it in one native pass, where testing each cell took a call per cell and a loop over its characters ran
 * in the interpreter for the first thousands of rows.
 */
function plainRow(cells: number): RegExp {
  return (plainRows[cells] ??= new RegExp(`^[^",\\r\\n]*(?:,[^",\\r\\n]*){${cells - 1}}\\r\\n$`));
}

/**
 * The cells of the row being joined, reused for every row (csvRow runs to its end without yielding): a new array
 * per row, and the quoted copy of it, were a large part of an export's garbage.
 */
const rowCells: string[] = [];

/** One CSV line (with its line break) from cells already guarded. */
export function csvRow(cells: readonly string[]): string {
  const count = cells.length;
  if (count === 0) return CSV_EOL;
  for (let i = 0; i < count; i += 1) rowCells[i] = cells[i]!;
  rowCells.length = count;
  // The line break goes with the last cell, so the joined line is one flat string, not a pair that writing it
  // into the file's buffer would copy into one.
  rowCells[count - 1] += CSV_EOL;
  const plain = rowCells.join(',');
  if (plainRow(count).test(plain)) return plain;
  return `${cells.map(csvField).join(',')}${CSV_EOL}`;
}

/**
 * Columns of the complete export, for people and spreadsheets (docs/exports.md "The complete export"): their
 * names come from the catalogue in the user's language, unlike the presets', which the tools fix.
 */
export const CSV_COLUMNS = [
  'mainHistory.csv.account',
  'mainHistory.csv.date',
  'mainHistory.csv.direction',
  'mainHistory.csv.kind',
  'mainHistory.csv.asset',
  'mainHistory.csv.assetName',
  'mainHistory.csv.network',
  'mainHistory.csv.amount',
  'mainHistory.csv.fee',
  'mainHistory.csv.feeAsset',
  'mainHistory.csv.fiatValue',
  'mainHistory.csv.fiatCurrency',
  'mainHistory.csv.fiatMissing',
  'mainHistory.csv.status',
  'mainHistory.csv.label',
  'mainHistory.csv.note',
  'mainHistory.csv.counterparty',
  'mainHistory.csv.walletAddress',
  'mainHistory.csv.txId',
  'mainHistory.csv.reference',
  'mainHistory.csv.merchantTxId',
  'mainHistory.csv.autoCollected',
] as const satisfies readonly MessageId[];
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The column names in the user's language. */
export function csvColumnTitles(): string[] {
  return CSV_COLUMNS.map((column) => t(column));
}

export function csvHeader(): string {
  return csvRow(csvColumnTitles());
}

const kindWords: Readonly<Record<ExportKind, MessageId>> = {
  deposit: 'mainHistory.kind.deposit',
  send: 'mainHistory.kind.send',
  swap: 'mainHistory.kind.swap',
  merchantApi: 'mainHistory.kind.merchantApi',
  withdrawal: 'mainHistory.kind.withdrawal',
};

/** The complete export's fixed words (direction, kind, yes and no) in the user's language. */
export interface CompleteExportWords {
  readonly in: string;
  readonly out: string;
  readonly kinds: Readonly<Record<ExportKind, string>>;
  readonly yes: string;
  readonly no: string;
}

/**
 * Looked up once per export rather than per row: formatting a catalogue message costs more than the rest
 * of a row, and one file keeps the language it started in even if the user switches while it is written.
 */
export function completeExportWords(): CompleteExportWords {
  return {
    in: t('mainHistory.csv.in'),
    out: t('mainHistory.csv.out'),
    kinds: {
      deposit: t(kindWords.deposit),
      send: t(kindWords.send),
      swap: t(kindWords.swap),
      merchantApi: t(kindWords.merchantApi),
      withdrawal: t(kindWords.withdrawal),
    },
    yes: t('mainHistory.csv.yes'),
    no: t('mainHistory.csv.no'),
  };
}

/** Puts the complete export's cells of one record into `cells`, in CSV_COLUMNS order. */
function fillCompleteCells(record: ExportRecord, words: CompleteExportWords, cells: string[]): void {
  const text = neutraliseFormula;
  cells[0] = text(record.account);
  cells[1] = record.dateMs === null ? text(record.dateText) : isoCell(record.dateText, record.dateMs);
  cells[2] = record.direction === 'in' ? words.in : words.out;
  cells[3] = words.kinds[record.kindKey];
  cells[4] = text(record.symbol);
  cells[5] = text(record.assetName);
  cells[6] = text(record.network);
  cells[7] = record.amount;
  cells[8] = record.fee;
  cells[9] = record.fee === '' ? '' : text(record.symbol);
  cells[10] = record.fiatValue;
  cells[11] = record.fiatCurrency;
  cells[12] = record.fiatMissing;
  cells[13] = text(record.status);
  cells[14] = text(record.label);
  cells[15] = text(record.note);
  cells[16] = text(record.counterparty);
  cells[17] = text(record.walletAddress);
  cells[18] = text(record.txId);
  cells[19] = text(record.referenceId);
  cells[20] = text(record.merchantTransactionId);
  cells[21] = record.autoCollected ? words.yes : words.no;
}

/** The complete export's cells of one record, in CSV_COLUMNS order. */
export function completeCells(record: ExportRecord, words: CompleteExportWords = completeExportWords()): string[] {
  const cells = new Array<string>(CSV_COLUMNS.length);
  fillCompleteCells(record, words, cells);
  return cells;
}

/** The cells of the line being written, reused for every line (csvLine runs to its end without yielding). */
const lineCells = new Array<string>(CSV_COLUMNS.length).fill('');

/** One line of the complete export; `words` from completeExportWords, once per export. */
export function csvLine(record: ExportRecord, words: CompleteExportWords = completeExportWords()): string {
  fillCompleteCells(record, words, lineCells);
  return csvRow(lineCells);
}
