import type { TransactionItem } from './interface-a-schemas';

/**
 * TransactionItem's fields in the schema's order: the unit test holds this list to the schema's shape, so a
 * field added there and not here fails it rather than being dropped from streamed pages.
 */
export const CHECKED_ITEM_FIELDS = [
  'symbolId',
  'symbol',
  'symbolName',
  'displayName',
  'address',
  'txId',
  'amount',
  'status',
  'type',
  'date',
  'value',
  'referenceId',
  'label',
  'merchantTransactionId',
  'to',
  'withdrawType',
  'prices',
  'isAutoCollected',
  'fee',
] as const satisfies readonly (keyof TransactionItem)[];

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** z.number(): finite (JSON.parse reads 1e400 as Infinity, which zod refuses). */
function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isNullishString(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || typeof value === 'string';
}

function isNullishFee(value: unknown): value is number | null | undefined {
  return value === undefined || value === null || (isNumber(value) && value >= 0);
}

function isPrices(value: unknown): value is TransactionItem['prices'] {
  return (
    isRecord(value) &&
    isNumber(value.usd) &&
    isNumber(value.eur) &&
    isNumber(value.gbp) &&
    isNumber(value.try) &&
    isNumber(value.jpy)
  );
}

function hasItemFields(v: Fields): boolean {
  return (
    isNumber(v.symbolId) &&
    typeof v.symbol === 'string' &&
    typeof v.symbolName === 'string' &&
    typeof v.displayName === 'string' &&
    typeof v.address === 'string' &&
    isNullishString(v.txId) &&
    isNumber(v.amount) &&
    typeof v.status === 'string' &&
    typeof v.type === 'string' &&
    typeof v.date === 'string' &&
    isNumber(v.value) &&
    typeof v.referenceId === 'string' &&
    typeof v.label === 'string' &&
    typeof v.merchantTransactionId === 'string' &&
    isNullishString(v.to) &&
    isNumber(v.withdrawType) &&
    isPrices(v.prices) &&
    typeof v.isAutoCollected === 'boolean' &&
    isNullishFee(v.fee)
  );
}

/**
 * What `TransactionItem.safeParse(value).data` is for an item that passes, or null for one that does not;
 * the caller then asks the schema itself, whose issues say what is wrong (so the words logged stay zod's).
 * A history export checks every record of every page, and zod's general object parsing was one of its
 * largest costs in time and garbage; this reads each field once and builds the one object zod would. Like
 * zod it keeps only the schema's fields (prices too), so nothing else the service sends travels on. The one
 * difference: an optional field the service left out is present here as undefined, which no reader of an
 * item tells apart (`?? ''`, `=== undefined`, JSON.stringify).
 */
export function checkedTransactionItem(value: unknown): TransactionItem | null {
  if (!isRecord(value) || !hasItemFields(value)) return null;
  const v = value as Fields & TransactionItem;
  const prices = v.prices;
  return {
    symbolId: v.symbolId,
    symbol: v.symbol,
    symbolName: v.symbolName,
    displayName: v.displayName,
    address: v.address,
    txId: v.txId,
    amount: v.amount,
    status: v.status,
    type: v.type,
    date: v.date,
    value: v.value,
    referenceId: v.referenceId,
    label: v.label,
    merchantTransactionId: v.merchantTransactionId,
    to: v.to,
    withdrawType: v.withdrawType,
    prices: { usd: prices.usd, eur: prices.eur, gbp: prices.gbp, try: prices.try, jpy: prices.jpy },
    isAutoCollected: v.isAutoCollected,
    fee: v.fee,
  };
}
