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

/** Seed history ends here so the same seed gives the same dates on any day (README). */
export const HISTORY_ANCHOR_MS = Date.UTC(2026, 10, 20, 12, 0, 0);
const TWO_YEARS_MS = 730 * 24 * 3600 * 1000;

const labels = [
  'Customer deposit',
  'Invoice payment',
  'Payroll',
  'Supplier payout',
  'Treasury rebalance',
  'Refund',
  'Settlement',
  'Exchange transfer',
];

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
function buildRow(
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

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * Deterministic history for one account, newest first: symbols, both types, three statuses, two years of
 * dates, and some dust rows so hideLowAmounts has something to hide. Amounts are drawn as integer minor
 * units (exact) and counterparties come from a small pool, so 20,000 rows take milliseconds, not seconds.
 */
export function generateHistory(
  count: number,
  prng: Prng,
  walletAddress: (symbol: string) => string,
  prices: ReadonlyMap<string, Dec>,
): HistoryRow[] {
  const counterparties = { btc: [] as string[], ltc: [] as string[], evm: [] as string[] };
  for (let i = 0; i < 40; i += 1) {
    counterparties.btc.push(generateAddress('btc', prng));
    counterparties.ltc.push(generateAddress('ltc', prng));
    counterparties.evm.push(generateAddress('evm', prng));
  }
  const priceNow = new Map(ASSETS.map((a) => [a.symbol, (prices.get(a.symbol) ?? new Dec(1)).toNumber()]));
  const rows: HistoryRow[] = [];
  for (let i = 0; i < count; i += 1) {
    const asset = prng.pick(ASSETS);
    // Historic price within +-40% of today's, so `value` differs from amount x current price.
    const usdPrice = round2((priceNow.get(asset.symbol) ?? 1) * (0.6 + prng.next() * 0.8)) || 0.01;
    const type: TxType = prng.next() < 0.55 ? 'Deposit' : 'Withdraw';
    const roll = prng.next();
    const status: TxStatus = roll < 0.9 ? 'Completed' : roll < 0.96 ? 'Pending' : 'Failed';
    const dust = prng.next() < 0.05;
    const usdValue = dust ? 0.01 + prng.next() * 0.9 : 5 + Math.pow(prng.next(), 3) * 25_000;
    const minor = Math.max(1, Math.round((usdValue / usdPrice) * 10 ** asset.decimals));
    const amount = minorToDecimal(minor, asset.decimals);
    const withdrawType =
      type === 'Deposit'
        ? WITHDRAW_TYPE.none
        : prng.pick([WITHDRAW_TYPE.send, WITHDRAW_TYPE.send, WITHDRAW_TYPE.swap, WITHDRAW_TYPE.apiWithdrawal]);
    const hasMerchantId = withdrawType === WITHDRAW_TYPE.apiWithdrawal || prng.next() < 0.3;
    rows.push(
      buildRow({
        asset,
        address: walletAddress(asset.symbol),
        txId: status === 'Pending' && prng.next() < 0.5 ? '' : txIdFor(asset, prng),
        amount,
        value: (Number(amount) * usdPrice).toFixed(2),
        prices: {
          usd: usdPrice,
          eur: round2(usdPrice * 0.92),
          gbp: round2(usdPrice * 0.79),
          try: round2(usdPrice * 34.2),
          jpy: round2(usdPrice * 151.3),
        },
        status,
        type,
        dateMs: HISTORY_ANCHOR_MS - Math.floor(prng.next() * TWO_YEARS_MS),
        referenceId: prng.guid(),
        label: `${prng.pick(labels)} ${prng.int(1000, 99999)}`,
        merchantTransactionId: hasMerchantId ? `MTX-${prng.int(100000, 999999)}` : '',
        to: type === 'Withdraw' ? prng.pick(counterparties[asset.addressKind]) : '',
        withdrawType,
        isAutoCollected: type === 'Deposit' && prng.next() < 0.2,
      }),
    );
  }
  rows.sort((a, b) => b.dateMs - a.dateMs);
  return rows;
}
