import type { TransactionItem } from '../../../src-main/service/interface-a-schemas';

/** A completed BTC deposit as the service's history lists it (spec 2.2), with `changes` laid over it. */
export function transactionItem(changes: Partial<TransactionItem> = {}): TransactionItem {
  return {
    symbolId: 1,
    symbol: 'BTC',
    symbolName: 'Bitcoin',
    displayName: 'Bitcoin',
    address: 'bc1qexample',
    txId: 'aa'.repeat(32),
    amount: 0.5,
    status: 'Completed',
    type: 'Deposit',
    date: '2026-11-20T12:00:00Z',
    value: 1,
    referenceId: 'ref-1',
    label: '',
    merchantTransactionId: '',
    to: null,
    withdrawType: 0,
    prices: { usd: 1, eur: 1, gbp: 1, try: 1, jpy: 1 },
    isAutoCollected: false,
    ...changes,
  };
}
