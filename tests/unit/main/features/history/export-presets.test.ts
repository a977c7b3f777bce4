import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvRow } from '../../../../../src-main/features/history/csv';
import { presetHeader, presets, type PresetId } from '../../../../../src-main/features/history/export-presets';
import { exportRecordOf } from '../../../../../src-main/features/history/export-record';
import type { TransactionItem } from '../../../../../src-main/service/interface-a-schemas';

/**
 * Each preset against its tool's published layout (fixtures/presets, transcribed from the tool's own help):
 * the same header, cell for cell; rows as long as the header; and dates, amounts and currencies in the
 * shape the tool's examples use.
 */

const fixture = (name: string): string[][] =>
  parse(readFileSync(join(import.meta.dirname, 'fixtures/presets', name), 'utf8'), { relax_column_count: false });

const base: TransactionItem = {
  symbolId: 7,
  symbol: 'BSC-USD',
  symbolName: 'Tether',
  displayName: 'USDT (BEP20)',
  address: '0xwallet',
  txId: '0xabc',
  amount: 1250.5,
  status: 'Completed',
  type: 'Deposit',
  date: '2026-11-20T09:05:07Z',
  value: 1250.5,
  referenceId: 'ref-1',
  label: 'Invoice 7',
  merchantTransactionId: '',
  to: '',
  withdrawType: 0,
  prices: { usd: 1, eur: 0.92, gbp: 0.79, try: 34.2, jpy: 151.3 },
  isAutoCollected: false,
};
const send: TransactionItem = {
  ...base,
  symbol: 'BTC',
  symbolName: 'Bitcoin',
  type: 'Withdraw',
  withdrawType: 1,
  amount: 0.25,
  fee: 0.0001,
  to: 'bc1qpayee',
  date: '2026-01-05T23:59:00Z',
  prices: { usd: 64000, eur: 59000.5, gbp: 50000, try: 2190000, jpy: 9700000 },
};

const rows = (id: PresetId, currency: 'USD' | 'EUR' = 'USD'): string[][] => {
  const lines = [send, base].map((item) => {
    const cells = presets[id].cells(exportRecordOf(item, 'Rent', { account: 'Trading', currency }));
    if (typeof cells === 'string') throw new Error(`left out: ${cells}`);
    return csvRow(cells);
  });
  return parse(presetHeader(id) + lines.join(''));
};

/** A cell's shape: every run of digits as \d+, the rest as it is. */
const shape = (cell: string): RegExp =>
  new RegExp(`^${cell.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/\d+/g, '\\d+')}$`);

function expectLayoutOf(id: PresetId, file: string, dateColumn: number, numberColumns: readonly number[]): string[][] {
  const published = fixture(file);
  const ours = rows(id);
  expect(ours[0]).toEqual(published[0]);
  for (const row of ours.slice(1)) {
    expect(row).toHaveLength(published[0]!.length);
    expect(row[dateColumn]).toMatch(shape(published[1]![dateColumn]!));
    for (const column of numberColumns) if (row[column] !== '') expect(row[column]).toMatch(/^-?\d+(\.\d+)?$/);
  }
  return ours;
}

describe('export presets against the tools’ published layouts', () => {
  it('Koinly universal: sent or received by direction, fee, net worth, UTC date to the minute', () => {
    const [, out, into] = expectLayoutOf('koinly', 'koinly-universal.csv', 0, [1, 3, 5, 7]);
    expect(out).toEqual([
      '2026-01-05 23:59 UTC',
      '0.25',
      'BTC',
      '',
      '',
      '0.0001',
      'BTC',
      '16000.00',
      'USD',
      '',
      'Send | Rent | Invoice 7',
      '0xabc',
    ]);
    // The network-specific symbol becomes the asset's ticker, which tax tools know.
    expect(into?.slice(0, 5)).toEqual(['2026-11-20 09:05 UTC', '', '', '1250.5', 'USDT']);
  });

  it('CoinTracking: Deposit or Withdrawal, buy or sell side, value in the account currency', () => {
    const [, out, into] = expectLayoutOf('cointracking', 'cointracking.csv', 10, [1, 3, 5, 12, 13]);
    expect(out?.slice(0, 8)).toEqual(['Withdrawal', '', '', '0.25', 'BTC', '0.0001', 'BTC', 'Trading']);
    expect(out?.[10]).toBe('2026-01-05 23:59:00');
    expect(out?.slice(12)).toEqual(['', '16000.00']);
    expect(into?.slice(0, 3)).toEqual(['Deposit', '1250.5', 'USDT']);
    expect(into?.slice(12)).toEqual(['1250.50', '']);
  });

  it('Xero statement: day-first date, signed fiat amount, payee and reference', () => {
    const [, out, into] = expectLayoutOf('xero', 'xero-statement.csv', 0, [1]);
    expect(out).toEqual(['05/01/2026', '-16000.00', 'bc1qpayee', 'Send of 0.25 BTC | Rent', '0xabc', '']);
    expect(into?.slice(0, 2)).toEqual(['20/11/2026', '1250.50']);
  });

  it('QuickBooks 3-column: month-first date, description, signed fiat amount', () => {
    const [, out, into] = expectLayoutOf('quickbooks', 'quickbooks-3-column.csv', 0, [2]);
    expect(out).toEqual(['1/5/2026', 'Send of 0.25 BTC | Rent', '-16000.00']);
    expect(into?.[0]).toBe('11/20/2026');
  });

  it('bank statements are in the chosen currency, from each record’s own price', () => {
    const [, out] = rows('quickbooks', 'EUR');
    expect(out?.[2]).toBe('-14750.13');
  });

  it('leaves out what did not move money, and a bank line without a price, saying why', () => {
    const record = (item: TransactionItem) => exportRecordOf(item, '', { account: '', currency: 'JPY' });
    for (const id of ['koinly', 'cointracking', 'xero', 'quickbooks'] as const) {
      expect(presets[id].cells(record({ ...send, status: 'Pending' }))).toBe('not-completed');
      expect(presets[id].cells(record({ ...send, date: 'yesterday' }))).toBe('no-date');
    }
    const noYen = { ...send, prices: { ...send.prices, jpy: 0 } };
    expect(presets.xero.cells(record(noYen))).toBe('no-price');
    expect(presets.quickbooks.cells(record(noYen))).toBe('no-price');
    // A tax tool takes the movement without its value rather than lose it.
    expect(presets.koinly.cells(record(noYen))).toContain('');
  });
});

describe("preset dates from the service's own text", () => {
  const recordAt = (date: string) => exportRecordOf({ ...base, date }, '', { account: 'Trading', currency: 'USD' });
  const cellsOf = (id: PresetId, date: string): readonly string[] => {
    const cells = presets[id].cells(recordAt(date));
    if (typeof cells === 'string') throw new Error(`left out: ${cells}`);
    return cells;
  };

  it("cuts the date from toISOString's form as it would be written from the instant", () => {
    // The service writes every date in toISOString's form; the other two are read from the instant.
    for (const [date, koinly, coinTracking, xero] of [
      ['2026-11-20T09:05:07.123Z', '2026-11-20 09:05 UTC', '2026-11-20 09:05:07', '20/11/2026'],
      ['0999-01-02T03:04:05.000Z', '0999-01-02 03:04 UTC', '0999-01-02 03:04:05', '02/01/0999'],
      ['2026-11-20T09:05:07Z', '2026-11-20 09:05 UTC', '2026-11-20 09:05:07', '20/11/2026'],
      ['2026-11-20T01:05:07.123+02:00', '2026-11-19 23:05 UTC', '2026-11-19 23:05:07', '19/11/2026'],
    ] as const) {
      expect(cellsOf('koinly', date)[0], date).toBe(koinly);
      expect(cellsOf('cointracking', date)[10], date).toBe(coinTracking);
      expect(cellsOf('xero', date)[0], date).toBe(xero);
    }
  });

  it('leaves out a record whose date in that form names a day that does not exist', () => {
    expect(presets.koinly.cells(recordAt('2026-02-30T09:05:07.123Z'))).toBe('no-date');
  });
});
