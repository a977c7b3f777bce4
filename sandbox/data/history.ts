import { ASSETS, type AssetDef } from './assets';
import { generateAddress } from './addresses';
import { Dec, fiatPrices, type FiatPrices } from './money';
import type { Prng } from './prng';

export type TxType = 'Deposit' | 'Withdraw';
/** Completed is the spec's value; Pending and Failed are the sandbox's additions (README). */
export type TxStatus = 'Completed' | 'Pending' | 'Failed';

/**
 * withdrawType values (spec leaves them open; README): 0 none (deposits), 1 send (Interface A),
 * 2 swap, 3 merchant API withdrawal (Interface B).
 */
export const WITHDRAW_TYPE = { none: 0, send: 1, swap: 2, apiWithdrawal: 3 } as const;

/** One history row; amounts are decimal strings, the numeric copies only serve sorting and filtering. */
export interface HistoryRow {
  symbolId: number;
  symbol: string;
  symbolName: string;
  displayName: string;
  address: string;
  txId: string;
  amount: string;
  status: TxStatus;
  type: TxType;
  date: string;
  value: string;
  referenceId: string;
  label: string;
  merchantTransactionId: string;
  to: string;
  withdrawType: number;
  prices: FiatPrices;
  isAutoCollected: boolean;
  amountNum: number;
  valueNum: number;
  dateMs: number;
  /** Lower-cased text the `filter` search runs over. */
  search: string;
}

/** Seed history ends here so the same seed gives the same dates on any day (README). */
export const HISTORY_ANCHOR_MS = Date.UTC(2026, 10, 20, 12, 0, 0);
const TWO_YEARS_MS = 730 * 24 * 3600 * 1000;

const labels = ['Customer deposit', 'Invoice payment', 'Payroll', 'Supplier payout', 'Treasury rebalance', 'Refund', 'Settlement', 'Exchange transfer'];

export function txIdFor(asset: AssetDef, prng: Prng): string {
  return asset.addressKind === 'evm' ? `0x${prng.hex(32)}` : prng.hex(32);
}

export interface RowInput {
  asset: AssetDef;
  address: string;
  txId: string;
  amount: Dec;
  usdPrice: Dec;
  status: TxStatus;
  type: TxType;
  dateMs: number;
  referenceId: string;
  label: string;
  merchantTransactionId: string;
  to: string;
  withdrawType: number;
  isAutoCollected: boolean;
}

export function makeRow(input: RowInput): HistoryRow {
  const amount = input.amount.toDecimalPlaces(input.asset.decimals);
  const value = amount.times(input.usdPrice).toDecimalPlaces(2);
  const row: Omit<HistoryRow, 'search'> = {
    symbolId: input.asset.symbolId,
    symbol: input.asset.symbol,
    symbolName: input.asset.name,
    displayName: input.asset.displayName,
    address: input.address,
    txId: input.txId,
    amount: amount.toFixed(),
    status: input.status,
    type: input.type,
    date: new Date(input.dateMs).toISOString(),
    value: value.toFixed(),
    referenceId: input.referenceId,
    label: input.label,
    merchantTransactionId: input.merchantTransactionId,
    to: input.to,
    withdrawType: input.withdrawType,
    prices: fiatPrices(input.usdPrice),
    isAutoCollected: input.isAutoCollected,
    amountNum: amount.toNumber(),
    valueNum: value.toNumber(),
    dateMs: input.dateMs,
  };
  const search = [row.symbol, row.displayName, row.address, row.txId, row.referenceId, row.label, row.merchantTransactionId, row.to, row.status, row.type]
    .join('\n')
    .toLowerCase();
  return { ...row, search };
}

/**
 * Deterministic history for one account, newest first: symbols, both types, three statuses, two years of
 * dates, and some dust rows so hideLowAmounts has something to hide.
 */
export function generateHistory(count: number, prng: Prng, walletAddress: (symbol: string) => string, prices: ReadonlyMap<string, Dec>): HistoryRow[] {
  const rows: HistoryRow[] = [];
  for (let i = 0; i < count; i += 1) {
    const asset = prng.pick(ASSETS);
    const price = prices.get(asset.symbol) ?? new Dec(1);
    // Historic price within +-40% of today's, so `value` differs from amount x current price.
    const usdPrice = price.times(0.6 + prng.next() * 0.8).toDecimalPlaces(2);
    const type: TxType = prng.next() < 0.55 ? 'Deposit' : 'Withdraw';
    const roll = prng.next();
    const status: TxStatus = roll < 0.9 ? 'Completed' : roll < 0.96 ? 'Pending' : 'Failed';
    const dust = prng.next() < 0.05;
    const usdValue = dust ? 0.01 + prng.next() * 0.9 : 5 + Math.pow(prng.next(), 3) * 25_000;
    const amount = new Dec(usdValue.toFixed(2)).dividedBy(usdPrice);
    const withdrawType = type === 'Deposit' ? WITHDRAW_TYPE.none : prng.pick([WITHDRAW_TYPE.send, WITHDRAW_TYPE.send, WITHDRAW_TYPE.swap, WITHDRAW_TYPE.apiWithdrawal]);
    const hasMerchantId = withdrawType === WITHDRAW_TYPE.apiWithdrawal || prng.next() < 0.3;
    rows.push(
      makeRow({
        asset,
        address: walletAddress(asset.symbol),
        txId: status === 'Pending' && prng.next() < 0.5 ? '' : txIdFor(asset, prng),
        amount,
        usdPrice,
        status,
        type,
        dateMs: HISTORY_ANCHOR_MS - Math.floor(prng.next() * TWO_YEARS_MS),
        referenceId: prng.guid(),
        label: `${prng.pick(labels)} ${prng.int(1000, 99999)}`,
        merchantTransactionId: hasMerchantId ? `MTX-${prng.int(100000, 999999)}` : '',
        to: type === 'Withdraw' ? generateAddress(asset.addressKind, prng) : '',
        withdrawType,
        isAutoCollected: type === 'Deposit' && prng.next() < 0.2,
      }),
    );
  }
  rows.sort((a, b) => b.dateMs - a.dateMs);
  return rows;
}
