import { describe, expect, it } from 'vitest';
import type { TransactionItem } from '../../../../../src-main/service/interface-a-schemas';
import { depositsOf, paymentStatus, type RequestTerms } from '../../../../../src-main/features/payment-requests';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

const request: RequestTerms = {
  referenceId: 'inv-1',
  address: ADDRESS,
  code: 'ETH',
  expected: { amount: '0.3', unit: 'ETH', kind: 'asset' },
};

function row(amount: number, extra: Partial<TransactionItem> = {}): TransactionItem {
  return {
    symbolId: 3,
    symbol: 'ETH',
    symbolName: 'Ethereum',
    displayName: 'Ethereum',
    address: ADDRESS,
    txId: `0x${amount}`,
    amount,
    status: 'Completed',
    type: 'Deposit',
    date: '2026-11-20T10:00:00Z',
    value: amount * 3000,
    referenceId: 'inv-1',
    label: '',
    merchantTransactionId: '',
    to: '',
    withdrawType: 0,
    prices: { usd: 3000.1, eur: 2760.09, gbp: 2370.08, try: 97203.24, jpy: 453615.12 },
    isAutoCollected: false,
    ...extra,
  };
}

const statusOf = (items: TransactionItem[], terms: RequestTerms = request) =>
  paymentStatus(terms, depositsOf(terms, items));

describe('payment request status', () => {
  it('is waiting with no deposit, partly paid below, paid at and overpaid above the expected amount', () => {
    expect(statusOf([])).toMatchObject({ status: 'waiting', received: '0' });
    expect(statusOf([row(0.1)])).toMatchObject({ status: 'partly-paid', received: '0.1' });
    // Decimal arithmetic: 0.1 + 0.2 is exactly the 0.3 asked for.
    expect(statusOf([row(0.1), row(0.2)])).toMatchObject({ status: 'paid', received: '0.3' });
    expect(statusOf([row(0.1), row(0.2), row(1e-8)])).toMatchObject({ status: 'overpaid', received: '0.30000001' });
  });

  it('counts only Completed deposits in the same asset to the same address with the same or no reference', () => {
    const items = [
      row(0.1),
      row(0.1, { status: 'Pending', txId: 'pending' }),
      row(0.1, { type: 'Withdraw', txId: 'out' }),
      row(0.1, { symbol: 'OPT-ETH', txId: 'other-network' }),
      row(0.1, { address: '0x0000000000000000000000000000000000000001', txId: 'other-address' }),
      row(0.1, { referenceId: 'inv-2', txId: 'other-reference' }),
      row(0.2, { referenceId: '', txId: 'no-reference', address: ADDRESS.toLowerCase() }),
    ];
    const deposits = depositsOf(request, items);
    expect(deposits.map((deposit) => [deposit.txId, deposit.counted, deposit.matchedBy])).toEqual([
      ['0x0.1', true, 'reference'],
      ['pending', false, 'reference'],
      ['no-reference', true, 'address'],
    ]);
    expect(paymentStatus(request, deposits)).toMatchObject({ status: 'paid', received: '0.3' });
  });

  it('only a pending deposit leaves the request waiting', () => {
    expect(statusOf([row(0.3, { status: 'Pending' })])).toMatchObject({ status: 'waiting' });
  });

  it('without an expected amount, any counted deposit pays the request', () => {
    const open: RequestTerms = { ...request, expected: null };
    expect(statusOf([], open)).toMatchObject({ status: 'waiting', receivedUnit: 'ETH' });
    expect(statusOf([row(0.05)], open)).toMatchObject({ status: 'paid', received: '0.05', receivedUnit: 'ETH' });
  });

  it('a deposit worth just under a cent boundary is not rounded past it on the way', () => {
    // 10.0049999989995 x 1.0000000001 is exactly 10.00499999999999999989995: 10 to the cent. Rounded to
    // decimal.js's default 20 digits first, it would read 10.005 and then 10.01.
    const fiat: RequestTerms = { ...request, expected: { amount: '10.01', unit: 'USD', kind: 'fiat' } };
    const deposit = row(10.0049999989995, { prices: { usd: 1.0000000001, eur: 1, gbp: 1, try: 1, jpy: 1 } });
    expect(statusOf([deposit], fiat)).toMatchObject({ status: 'partly-paid', received: '10' });
  });

  it('a fiat amount is compared with each deposit at its own price, to the cent', () => {
    const fiat: RequestTerms = { ...request, expected: { amount: '600.02', unit: 'USD', kind: 'fiat' } };
    // 0.1 × 3000.1 = 300.01 twice.
    expect(statusOf([row(0.1)], fiat)).toMatchObject({
      status: 'partly-paid',
      received: '300.01',
      receivedUnit: 'USD',
    });
    expect(statusOf([row(0.1), row(0.1, { txId: 'second' })], fiat)).toMatchObject({
      status: 'paid',
      received: '600.02',
    });
    const eur: RequestTerms = { ...request, expected: { amount: '276', unit: 'EUR', kind: 'fiat' } };
    expect(statusOf([row(0.1)], eur)).toMatchObject({ status: 'overpaid', received: '276.01' });
  });
});
