import { isCanonicalUtc } from '../../service/service-date';
import { csvRow, neutraliseFormula } from './csv';
import type { ExportRecord } from './export-record';

/**
 * Layouts other tools import as they are (docs/exports.md, one heading each). Each writes only what moved
 * money (status Completed) and says how many records it left out and why; the complete export keeps them all.
 */
export type PresetId = 'koinly' | 'cointracking' | 'xero' | 'quickbooks';

/** Why a record is not in a preset's file. */
export type LeftOutReason = 'not-completed' | 'no-date' | 'no-price';

export interface Preset {
  readonly header: readonly string[];
  /** The row's cells, or why the record is left out. */
  cells(record: ExportRecord): readonly string[] | LeftOutReason;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** UTC parts of an instant: tax tools read UTC, and a file must not change with the computer's zone. */
function utc(ms: number): { y: string; mo: string; d: string; h: string; mi: string; s: string } {
  const at = new Date(ms);
  return {
    y: pad(at.getUTCFullYear(), 4),
    mo: pad(at.getUTCMonth() + 1),
    d: pad(at.getUTCDate()),
    h: pad(at.getUTCHours()),
    mi: pad(at.getUTCMinutes()),
    s: pad(at.getUTCSeconds()),
  };
}

/**
 * A record's date as toISOString writes it ("2026-11-20T11:37:42.474Z"), when the service's text is in that form
 * (nearly every record's is); null otherwise. Its parts are then the instant's UTC parts, as a day that does not
 * exist has no dateMs and is left out before any date is written: cut from it, a date cell costs a slice or two
 * rather than a Date and six padded numbers, a large part of a preset export's garbage per record.
 */
function isoText(record: ExportRecord): string | null {
  return isCanonicalUtc(record.dateText) ? record.dateText : null;
}

/** "2026-11-20 12:00 UTC" (Koinly's documented date). */
export function koinlyDate(ms: number): string {
  const t = utc(ms);
  return `${t.y}-${t.mo}-${t.d} ${t.h}:${t.mi} UTC`;
}

/** "2026-11-20 12:00:00" in UTC (CoinTracking's import date). */
export function coinTrackingDate(ms: number): string {
  const t = utc(ms);
  return `${t.y}-${t.mo}-${t.d} ${t.h}:${t.mi}:${t.s}`;
}

/** "20/11/2026" (Xero's statement template, day first). */
export function xeroDate(ms: number): string {
  const t = utc(ms);
  return `${t.d}/${t.mo}/${t.y}`;
}

/** "11/20/2026", "1/5/2026" (QuickBooks Online's upload, month first, written as its help page writes it). */
export function quickBooksDate(ms: number): string {
  const at = new Date(ms);
  return `${at.getUTCMonth() + 1}/${at.getUTCDate()}/${pad(at.getUTCFullYear(), 4)}`;
}

function koinlyDateOf(record: ExportRecord): string {
  const iso = isoText(record);
  return iso === null ? koinlyDate(record.dateMs!) : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function coinTrackingDateOf(record: ExportRecord): string {
  const iso = isoText(record);
  return iso === null ? coinTrackingDate(record.dateMs!) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

function xeroDateOf(record: ExportRecord): string {
  const iso = isoText(record);
  return iso === null ? xeroDate(record.dateMs!) : `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** What every preset refuses before writing a row. */
function admitted(record: ExportRecord): LeftOutReason | null {
  if (record.status !== 'Completed') return 'not-completed';
  if (record.dateMs === null) return 'no-date';
  return null;
}

/** Two parts of a free-text column, ' | ' between them when both are there. */
function joined(first: string, second: string): string {
  if (second === '') return first;
  return first === '' ? second : `${first} | ${second}`;
}

/** Kind, the user's label and the service's note, for a tool's one free-text column (no array per record). */
function description(record: ExportRecord): string {
  return neutraliseFormula(joined(joined(record.kind, record.label), record.note));
}

/** A signed fiat amount for a bank statement: money out is negative. */
function signedFiat(record: ExportRecord): string {
  return record.direction === 'out' ? `-${record.fiatValue}` : record.fiatValue;
}

export const presets: Readonly<Record<PresetId, Preset>> = {
  koinly: {
    header: [
      'Date',
      'Sent Amount',
      'Sent Currency',
      'Received Amount',
      'Received Currency',
      'Fee Amount',
      'Fee Currency',
      'Net Worth Amount',
      'Net Worth Currency',
      'Label',
      'Description',
      'TxHash',
    ],
    cells(record) {
      const refused = admitted(record);
      if (refused) return refused;
      const out = record.direction === 'out';
      const ticker = neutraliseFormula(record.ticker);
      return [
        koinlyDateOf(record),
        out ? record.amount : '',
        out ? ticker : '',
        out ? '' : record.amount,
        out ? '' : ticker,
        record.fee,
        record.fee === '' ? '' : ticker,
        record.fiatValue,
        record.fiatValue === '' ? '' : record.fiatCurrency,
        '',
        description(record),
        neutraliseFormula(record.txId),
      ];
    },
  },
  cointracking: {
    header: [
      'Type',
      'Buy Amount',
      'Buy Currency',
      'Sell Amount',
      'Sell Currency',
      'Fee',
      'Fee Currency',
      'Exchange',
      'Trade-Group',
      'Comment',
      'Date',
      'Tx-ID',
      'Buy Value in Account Currency',
      'Sell Value in Account Currency',
    ],
    cells(record) {
      const refused = admitted(record);
      if (refused) return refused;
      const out = record.direction === 'out';
      const ticker = neutraliseFormula(record.ticker);
      return [
        out ? 'Withdrawal' : 'Deposit',
        out ? '' : record.amount,
        out ? '' : ticker,
        out ? record.amount : '',
        out ? ticker : '',
        record.fee,
        record.fee === '' ? '' : ticker,
        neutraliseFormula(record.account),
        '',
        description(record),
        coinTrackingDateOf(record),
        neutraliseFormula(record.txId),
        out ? '' : record.fiatValue,
        out ? record.fiatValue : '',
      ];
    },
  },
  xero: {
    header: ['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Cheque Number'],
    cells(record) {
      const refused = admitted(record);
      if (refused) return refused;
      if (record.fiatValue === '') return 'no-price';
      return [
        xeroDateOf(record),
        signedFiat(record),
        neutraliseFormula(record.counterparty),
        neutraliseFormula(
          `${record.kind} of ${record.amount} ${record.ticker}${record.label === '' ? '' : ` | ${record.label}`}`,
        ),
        neutraliseFormula(record.txId === '' ? record.referenceId : record.txId),
        '',
      ];
    },
  },
  quickbooks: {
    header: ['Date', 'Description', 'Amount'],
    cells(record) {
      const refused = admitted(record);
      if (refused) return refused;
      if (record.fiatValue === '') return 'no-price';
      return [
        quickBooksDate(record.dateMs!),
        neutraliseFormula(
          `${record.kind} of ${record.amount} ${record.ticker}${record.label === '' ? '' : ` | ${record.label}`}`,
        ),
        signedFiat(record),
      ];
    },
  },
};

export function presetHeader(id: PresetId): string {
  return csvRow(presets[id].header);
}
