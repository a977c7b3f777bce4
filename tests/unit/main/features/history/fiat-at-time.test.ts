import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvHeader, csvLine } from '../../../../../src-main/features/history/csv';
import { exportRecordOf } from '../../../../../src-main/features/history/export-record';
import { fiatAtTime } from '../../../../../src-main/features/history/fiat-at-time';
import type { TransactionItem } from '../../../../../src-main/service/interface-a-schemas';

const item: TransactionItem = {
  symbolId: 2,
  symbol: 'ETH',
  symbolName: 'Ethereum',
  displayName: 'Ethereum',
  address: '0xwallet',
  txId: '0x1',
  amount: 1.2345,
  status: 'Completed',
  type: 'Withdraw',
  date: '2026-03-01T10:00:00Z',
  value: 3703.5,
  referenceId: 'r',
  label: '',
  merchantTransactionId: '',
  to: '0xpayee',
  withdrawType: 2,
  prices: { usd: 3000, eur: 2760.55, gbp: 2370.1, try: 102600.99, jpy: 453900.4 },
  isAutoCollected: false,
};

describe('fiat value at the time of each record', () => {
  it('is the amount times the record’s own price in the chosen currency, exact, to the minor unit', () => {
    expect(fiatAtTime(item, 'USD')).toEqual({ value: '3703.50', missing: null });
    // 1.2345 x 2760.55 = 3407.898975: half up to cents.
    expect(fiatAtTime(item, 'EUR')).toEqual({ value: '3407.90', missing: null });
    expect(fiatAtTime(item, 'GBP').value).toBe('2925.89');
    expect(fiatAtTime(item, 'TRY').value).toBe('126660.92');
    // The yen has no minor unit: 560339.7438 rounds to whole yen.
    expect(fiatAtTime(item, 'JPY').value).toBe('560340');
    // Binary floating point would say 0.30000000000000004 x 3 = 0.9000000000000001.
    expect(fiatAtTime({ amount: 0.1, prices: { ...item.prices, usd: 0.3 } }, 'USD').value).toBe('0.03');
  });

  it('is left empty, with the reason in words, where the record has no price, never guessed', () => {
    const noEuro = { ...item, prices: { ...item.prices, eur: 0 } };
    expect(fiatAtTime(noEuro, 'EUR')).toEqual({ value: null, missing: 'This record carries no EUR price.' });
    expect(fiatAtTime(noEuro, 'USD').value).toBe('3703.50');
    expect(fiatAtTime({ ...item, prices: { ...item.prices, gbp: Number.NaN } }, 'GBP').value).toBeNull();

    const text = csvHeader() + csvLine(exportRecordOf(noEuro, '', { account: 'Main', currency: 'EUR' }));
    const [row] = parse(text, { columns: true }) as Array<Record<string, string>>;
    expect(row).toMatchObject({
      'Fiat value': '',
      'Fiat currency': 'EUR',
      'Fiat value missing': 'This record carries no EUR price.',
    });
  });

  it('goes with a direction, the kind in words and the fee where the service gives it', () => {
    const record = exportRecordOf({ ...item, fee: 0.00042 }, 'Office', { account: 'Main', currency: 'USD' });
    expect(record).toMatchObject({
      direction: 'out',
      kind: 'Swap',
      fee: '0.00042',
      counterparty: '0xpayee',
      label: 'Office',
    });
    expect(exportRecordOf(item, '', { account: '', currency: 'USD' }).fee).toBe('');
    expect(
      exportRecordOf({ ...item, type: 'Deposit', withdrawType: 0 }, '', { account: '', currency: 'USD' }),
    ).toMatchObject({
      direction: 'in',
      kind: 'Deposit',
      counterparty: '',
    });
    // A type spec 2.2 does not name is read from withdrawType; an unknown withdrawType is only a withdrawal.
    expect(
      exportRecordOf({ ...item, type: 'Payout', withdrawType: 9 }, '', { account: '', currency: 'USD' }).kind,
    ).toBe('Withdrawal');
  });
});
