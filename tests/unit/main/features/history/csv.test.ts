import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  csvColumnTitles,
  csvField,
  csvHeader,
  completeCells,
  csvLine,
  csvRow,
  isoUtc,
  neutraliseFormula,
} from '../../../../../src-main/features/history/csv';
import { exportRecordOf } from '../../../../../src-main/features/history/export-record';
import { presets } from '../../../../../src-main/features/history/export-presets';
import { serviceNumberText as decimalText } from '../../../../../src-main/service/wire-amount';
import { inDateRange } from '../../../../../src-main/features/history/date-range';
import { explorerUrlFor } from '../../../../../src-main/features/history/explorer';
import { isAllowedExternalUrl } from '../../../../../src-main/links';
import type { TransactionItem } from '../../../../../src-main/service/interface-a-schemas';
import { setMainLanguage } from '../../../../../src-main/i18n/main-text';

const item: TransactionItem = {
  symbolId: 1,
  symbol: 'BTC',
  symbolName: 'Bitcoin',
  displayName: 'Bitcoin',
  address: 'bc1qexample',
  txId: undefined,
  amount: 1e-7,
  status: 'Settling, "soon"',
  type: 'Deposit',
  date: '2026-11-20T13:00:00+01:00',
  value: 0.1 + 0.2,
  referenceId: 'ref-1',
  label: 'Line one\nline two, with comma',
  merchantTransactionId: '=HYPERLINK("http://evil")',
  to: null,
  withdrawType: 0,
  prices: { usd: 64250.12, eur: 59110.11, gbp: 50757.59, try: 2197354.1, jpy: 9721043.16 },
  isAutoCollected: true,
};

const line = (of: TransactionItem, userLabel = ''): string =>
  csvLine(exportRecordOf(of, userLabel, { account: 'Trading, "main"', currency: 'USD' }));

describe('CSV rows (RFC 4180)', () => {
  it('quotes only fields that need it and doubles inner quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('quotes a comma-free line that holds only a quote, a CR or an LF', () => {
    const plain: TransactionItem = {
      ...item,
      status: 'Completed',
      label: 'Refund',
      merchantTransactionId: 'MTX-1',
      date: '2026-11-20T12:00:00.000Z',
    };
    const context = { account: 'Trading', currency: 'USD' } as const;
    // The base line needs no quoting at all, so each case below differs from it by one character only.
    expect(csvLine(exportRecordOf(plain, '', context)).slice(0, -2)).not.toMatch(/["\r\n]/);
    for (const [what, note, quoted] of [
      ['a quote', 'say "hi"', '"say ""hi"""'],
      ['a CR', 'one\rtwo', '"one\rtwo"'],
      ['an LF', 'one\ntwo', '"one\ntwo"'],
    ] as const) {
      const record = exportRecordOf({ ...plain, label: note }, '', context);
      const text = csvLine(record);
      expect(text, what).toBe(`${completeCells(record).map(csvField).join(',')}\r\n`);
      expect(text, what).toContain(`,${quoted},`);
      const [row] = parse(csvHeader() + text, { columns: true }) as Array<Record<string, string>>;
      expect(row?.['Note'], what).toBe(note);
    }
  });

  it('joins any number of cells, quoting only the ones that need it, the last one too', () => {
    expect(csvRow([])).toBe('\r\n');
    expect(csvRow(['one'])).toBe('one\r\n');
    expect(csvRow(['a', '', 'b'])).toBe('a,,b\r\n');
    for (const last of ['say "hi"', 'a,b', 'one\rtwo', 'one\ntwo', 'ends\r', 'ends\n']) {
      const text = csvRow(['plain', last]);
      expect(text, JSON.stringify(last)).toBe(`plain,${csvField(last)}\r\n`);
      expect(parse(text), JSON.stringify(last)).toEqual([['plain', last]]);
    }
  });

  it('round-trips through an independent parser, with CRLF line ends and a header row', () => {
    const text = csvHeader() + line(item);
    expect(text.endsWith('\r\n')).toBe(true);
    const [row] = parse(text, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(row ?? {})).toEqual(csvColumnTitles());
    expect(row).toMatchObject({
      Account: 'Trading, "main"',
      'Date (UTC)': '2026-11-20T12:00:00.000Z',
      Direction: 'in',
      Kind: 'Deposit',
      Amount: '0.0000001',
      'Fiat value': '0.01',
      'Fiat currency': 'USD',
      Status: 'Settling, "soon"',
      Note: 'Line one\nline two, with comma',
      'Transaction hash': '',
      'Counterparty address': '',
      Network: 'Bitcoin Mainnet',
      'Collected automatically': 'yes',
    });
  });

  it('keeps spreadsheet formulas from running, but leaves numbers alone', () => {
    expect(neutraliseFormula('=1+1')).toBe("'=1+1");
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormula('Refund 12')).toBe('Refund 12');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseFormula(`${start}A1`)).toBe(`'${start}A1`);
    // Only the first character counts; a line feed, a space or an empty text starts no formula.
    for (const plain of ['', 'A1=B1', ' =A1', '\n=A1', '\u0000=A1']) expect(neutraliseFormula(plain)).toBe(plain);
    const [row] = parse(csvHeader() + line(item, '+cmd|calc'), { columns: true }) as Array<Record<string, string>>;
    expect(row?.['Merchant transaction id']).toBe('\'=HYPERLINK("http://evil")');
    expect(row?.Label).toBe("'+cmd|calc");
    // A bank statement's money out is a negative number the app writes: it stays a number.
    const cells = presets.xero.cells(
      exportRecordOf({ ...item, status: 'Completed', type: 'Withdraw', withdrawType: 1, amount: 0.5 }, '', {
        account: '',
        currency: 'EUR',
      }),
    );
    expect(cells[1]).toBe('-29555.06');
  });

  it('writes service numbers as exact decimal text, never in exponent form', () => {
    expect(decimalText(1e-7)).toBe('0.0000001');
    expect(decimalText(1e21)).toBe('1000000000000000000000');
    expect(decimalText(0.1)).toBe('0.1');
    expect(decimalText(-0.00012345)).toBe('-0.00012345');
  });

  it('skips Decimal only where String(n) already is the exact decimal text', () => {
    const samples = [0, -0, 1, -1, 0.1 + 0.2, 123456.789, 1e-6, 1.5e-7, -2.5e-9, 9.99e20, 1e21, 1.234e25, 5e-324];
    for (const n of samples) expect(decimalText(n)).toBe(new Decimal(String(n)).toFixed());
  });

  it('normalises dates to ISO 8601 UTC and leaves non-dates as they came', () => {
    expect(isoUtc('2026-01-02T03:04:05Z')).toBe('2026-01-02T03:04:05.000Z');
    expect(isoUtc('not a date')).toBe('not a date');
  });

  it('reads a date without a zone as the UTC the spec says the service writes, wherever the computer is', () => {
    const zoneBefore = process.env.TZ;
    try {
      for (const zone of ['America/New_York', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = zone;
        expect(isoUtc('2026-01-02T03:04:05')).toBe('2026-01-02T03:04:05.000Z');
        expect(isoUtc('2026-01-02T03:04:05+02:00')).toBe('2026-01-02T01:04:05.000Z');
        const range = { sinceMs: Date.UTC(2026, 0, 2), untilMs: Date.UTC(2026, 0, 3) };
        expect(inDateRange({ ...item, date: '2026-01-02T23:30:00' }, range)).toBe(true);
        expect(inDateRange({ ...item, date: '2026-01-03T00:30:00' }, range)).toBe(false);
      }
      // A day that does not exist is no date, not the next month's.
      expect(isoUtc('2026-02-30T00:00:00Z')).toBe('2026-02-30T00:00:00Z');
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    }
  });
});

describe('explorer links', () => {
  it('builds an allowlisted https link only for a known network and a hash-shaped txId', () => {
    const btc = explorerUrlFor('BTC', 'ab'.repeat(32));
    expect(btc).toBe(`https://mempool.space/tx/${'ab'.repeat(32)}`);
    for (const symbol of ['LTC', 'ETH', 'OPT-ETH', 'USDT', 'BSC-USD', 'OPT-USD', 'ETH-USDC', 'BSC-USDC', 'BNB']) {
      const url = explorerUrlFor(symbol, `0x${'cd'.repeat(32)}`);
      expect(url && isAllowedExternalUrl(url)).toBe(true);
    }
    expect(explorerUrlFor('BTC', '')).toBeNull();
    expect(explorerUrlFor('BTC', '../../evil?x=1')).toBeNull();
    expect(explorerUrlFor('DOGE', 'ab'.repeat(32))).toBeNull();
  });

  it('links TRON, Avalanche and Solana transactions to their explorers, a Solana signature in base58', () => {
    expect(explorerUrlFor('TRX-USD', 'ab'.repeat(32))).toBe(`https://tronscan.org/#/transaction/${'ab'.repeat(32)}`);
    expect(explorerUrlFor('AVAX', `0x${'cd'.repeat(32)}`)).toBe(`https://snowtrace.io/tx/0x${'cd'.repeat(32)}`);
    const signature = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    expect(explorerUrlFor('SOL', signature)).toBe(`https://solscan.io/tx/${signature}`);
    for (const symbol of ['TRX', 'TRX-USD', 'AVAX', 'SOL']) {
      const url = explorerUrlFor(symbol, symbol === 'SOL' ? signature : 'ab'.repeat(32));
      expect(url && isAllowedExternalUrl(url)).toBe(true);
    }
    expect(explorerUrlFor('SOL', `${signature}/../x`)).toBeNull();
    expect(explorerUrlFor('SOL', `0x${'cd'.repeat(32)}`)).toBeNull();
  });
});

describe("the complete export in the user's language, the presets as their tools require", () => {
  afterEach(() => setMainLanguage('en', ['en-US']));

  it.each([
    ['de', 'Konto,Datum (UTC),Richtung,Art,Asset', 'Einzahlung', 'Eingang', 'ja'],
    ['tr', 'Hesap,Tarih (UTC),Yön,Tür,Varlık', 'Para yatırma', 'giriş', 'evet'],
  ] as const)('%s: headers, direction, kind and yes/no in words', (language, header, kind, direction, yes) => {
    setMainLanguage(language, ['en-US']);
    const [row] = parse(csvHeader() + line(item), { columns: true }) as Array<Record<string, string>>;
    expect(csvHeader().startsWith(header)).toBe(true);
    const cells = Object.values(row ?? {});
    expect(cells[2]).toBe(direction);
    expect(cells[3]).toBe(kind);
    expect(cells[21]).toBe(yes);
    // Koinly's header is Koinly's, whatever the app's language.
    expect(presets.koinly.header[0]).toBe('Date');
  });
});
