import type { AssetDef } from './assets';
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
  /** Lower-cased text the `filter` search runs over; built on the first search, not at generation. */
  search?: string;
  /** The row's TransactionItem JSON, cached on first serialisation (rows never change once written). */
  json?: string;
}

export function isoDate(row: HistoryRow): string {
  return new Date(row.dateMs).toISOString();
}

export function searchText(row: HistoryRow): string {
  row.search ??= [
    row.symbol,
    row.displayName,
    row.address,
    row.txId,
    row.referenceId,
    row.label,
    row.merchantTransactionId,
    row.to,
    row.status,
    row.type,
  ]
    .join('\n')
    .toLowerCase();
  return row.search;
}

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

/** Builds a row from exact decimal strings; the numeric copies serve sorting and filtering only. */
export function buildRow(
  input: Omit<RowInput, 'amount' | 'usdPrice'> & { amount: string; value: string; prices: FiatPrices },
): HistoryRow {
  const { asset } = input;
  return {
    symbolId: asset.symbolId,
    symbol: asset.symbol,
    symbolName: asset.name,
    displayName: asset.displayName,
    address: input.address,
    txId: input.txId,
    amount: input.amount,
    status: input.status,
    type: input.type,
    value: input.value,
    referenceId: input.referenceId,
    label: input.label,
    merchantTransactionId: input.merchantTransactionId,
    to: input.to,
    withdrawType: input.withdrawType,
    prices: input.prices,
    isAutoCollected: input.isAutoCollected,
    amountNum: Number(input.amount),
    valueNum: Number(input.value),
    dateMs: input.dateMs,
  };
}

/** A row for a movement made at run time (send, swap), computed in exact decimals. */
export function makeRow(input: RowInput): HistoryRow {
  const amount = input.amount.toDecimalPlaces(input.asset.decimals);
  return buildRow({
    ...input,
    amount: amount.toFixed(),
    value: amount.times(input.usdPrice).toDecimalPlaces(2).toFixed(),
    prices: fiatPrices(input.usdPrice),
  });
}

/** Integer minor units as an exact decimal string (12345 with 4 decimals is "1.2345"). */
export function minorToDecimal(minor: number, decimals: number): string {
  const digits = String(minor).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
