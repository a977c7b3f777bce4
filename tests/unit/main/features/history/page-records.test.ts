import { describe, expect, it } from 'vitest';
import { PageRecords } from '../../../../../src-main/features/history/page-records';
import type { TransactionItem } from '../../../../../src-main/service/interface-a-schemas';

const item: TransactionItem = {
  symbolId: 9,
  symbol: 'BSC-USDC',
  symbolName: 'USD Coin',
  displayName: 'USDC (BEP-20)',
  address: '0xC558DB3e2C152fA96Bc8B62b33e72Bff40F2793a',
  txId: null,
  amount: 1314.518599,
  status: 'Completed',
  type: 'Withdraw',
  date: '2026-11-20T11:37:42.474Z',
  value: 1643.15,
  referenceId: 'ref-1',
  label: 'Refund 1433',
  merchantTransactionId: 'MTX-656425',
  to: null,
  withdrawType: 3,
  prices: { usd: 1.25, eur: 1.15, gbp: 0.99, try: 42.75, jpy: 189.13 },
  isAutoCollected: false,
};

describe('PageRecords', () => {
  it('finds a record by the fields that tell records apart, and only those', () => {
    const page = new PageRecords();
    page.add(item);
    expect(page.has({ ...item })).toBe(true);
    // A missing txId reads as an empty one; fields outside the identity do not matter.
    expect(page.has({ ...item, txId: '', label: 'other', value: 1 })).toBe(true);
    for (const other of [
      { referenceId: 'ref-2' },
      { txId: '0xabc' },
      { date: '2026-11-20T11:37:42.475Z' },
      { symbol: 'BTC' },
      { type: 'Deposit' },
      { amount: 1314.5186 },
    ]) {
      expect(page.has({ ...item, ...other }), JSON.stringify(other)).toBe(false);
    }
  });

  it('tells apart amounts that differ only in a sign or a far bit, and takes 0 and -0 for one', () => {
    const page = new PageRecords();
    page.add({ ...item, amount: 1 });
    // 1 and -(1 + 2^-21) differ in bit 31 of both halves of the double, which a linear hash may cancel.
    expect(page.has({ ...item, amount: -(1 + 2 ** -21) })).toBe(false);
    expect(page.has({ ...item, amount: -1 })).toBe(false);
    expect(page.has({ ...item, amount: 1 + 2 ** -52 })).toBe(false);
    const zero = new PageRecords();
    zero.add({ ...item, amount: 0 });
    expect(zero.has({ ...item, amount: -0 })).toBe(true);
  });

  it('keeps every record behind a shared or empty reference id', () => {
    const page = new PageRecords();
    const legs = [0, 1, 2].map((n) => ({ ...item, referenceId: '', amount: n, txId: `0x${n}` }));
    for (const leg of legs) page.add(leg);
    for (const leg of legs) expect(page.has({ ...leg })).toBe(true);
    expect(page.has({ ...item, referenceId: '', amount: 3, txId: '0x3' })).toBe(false);
    expect(new PageRecords().has(item)).toBe(false);
  });

  it('tells apart a page of records that all share one reference id, as the joined key did', () => {
    // Every payment to one deposit address may carry its reference: a page of 500 of them.
    const page = new PageRecords();
    const payments = Array.from({ length: 500 }, (_, n) => ({ ...item, referenceId: 'addr-ref', amount: n + 0.5 }));
    for (const payment of payments) page.add(payment);
    for (const payment of payments) expect(page.has({ ...payment })).toBe(true);
    expect(page.has({ ...item, referenceId: 'addr-ref', amount: 500.5 })).toBe(false);
    expect(page.has({ ...item, referenceId: 'addr-ref', amount: 0.5, txId: '0xother' })).toBe(false);
    // Fields are compared one by one, so text that would read the same joined with a separator stays apart.
    const odd = new PageRecords();
    odd.add({ ...item, referenceId: 's', txId: 'x\u0000d', date: 'e' });
    odd.add({ ...item, referenceId: 's', txId: 'y', date: 'e' });
    expect(odd.has({ ...item, referenceId: 's', txId: 'x\u0000d', date: 'e' })).toBe(true);
    expect(odd.has({ ...item, referenceId: 's', txId: 'x', date: 'd\u0000e' })).toBe(false);
  });
});

describe('PageRecords beyond one page', () => {
  it('keeps telling records apart past its first arrays, with long texts and a given hash', () => {
    const page = new PageRecords();
    const many = Array.from({ length: 1500 }, (_, n) => ({
      ...item,
      referenceId: `ref-${n}`,
      // Far longer than the room the arrays start with for each record.
      txId: `0x${String(n).padStart(600, 'f')}`,
    }));
    const hashes = many.map((record) => page.add(record));
    many.forEach((record, n) => {
      expect(page.has({ ...record })).toBe(true);
      expect(page.has({ ...record }, hashes[n])).toBe(true);
    });
    expect(page.has({ ...item, referenceId: 'ref-1500', txId: many[0]!.txId })).toBe(false);
    // A hash that is not the record's finds nothing, whatever the record is.
    expect(page.has({ ...many[0]! }, hashes[0]! ^ 1)).toBe(false);
  });

  it('tells apart texts whose lengths share their low 16 bits', () => {
    const page = new PageRecords();
    const long = 'r'.repeat(65_536);
    page.add({ ...item, referenceId: long, txId: '' });
    expect(page.has({ ...item, referenceId: long, txId: '' })).toBe(true);
    expect(page.has({ ...item, referenceId: '', txId: long })).toBe(false);
    expect(page.has({ ...item, referenceId: `${long}r`, txId: '' })).toBe(false);
  });

  it('tells apart texts that differ only in a lone surrogate', () => {
    const page = new PageRecords();
    page.add({ ...item, referenceId: 'ref-\ud800' });
    expect(page.has({ ...item, referenceId: 'ref-\ud800' })).toBe(true);
    expect(page.has({ ...item, referenceId: 'ref-\ud801' })).toBe(false);
    expect(page.has({ ...item, referenceId: 'ref-\ufffd' })).toBe(false);
  });

  it('forgets every record once cleared, and holds the next page as a new one would', () => {
    const page = new PageRecords();
    page.add(item);
    page.clear();
    expect(page.has(item)).toBe(false);
    const next = { ...item, referenceId: 'ref-next' };
    page.add(next);
    expect(page.has(next)).toBe(true);
    expect(page.has(item)).toBe(false);
  });
});
