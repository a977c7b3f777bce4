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

/** The fields zod lets the service leave out (`.nullish()`): an item may lack them. */
const OPTIONAL_ITEM_FIELDS: ReadonlySet<string> = new Set(['txId', 'to', 'fee']);
const PRICE_FIELDS = ['usd', 'eur', 'gbp', 'try', 'jpy'] as const;

/**
 * Whether `value`'s own keys are `fields` in that order, some of the optional ones perhaps left out, and
 * nothing else: then the object is already the one zod would build (zod writes the schema's keys in its
 * order and leaves out an optional one the input lacks). No key list is made: for-in walks the keys of
 * JSON.parse's objects, which share one shape per layout, from that shape's cache.
 */
function hasExactly(value: Fields, fields: readonly string[], optional: ReadonlySet<string>): boolean {
  let next = 0;
  for (const key in value) {
    while (next < fields.length && fields[next] !== key) {
      if (!optional.has(fields[next]!)) return false;
      next += 1;
    }
    // A key not in `fields`, or one out of order.
    if (next === fields.length) return false;
    next += 1;
  }
  for (; next < fields.length; next += 1) if (!optional.has(fields[next]!)) return false;
  return true;
}

const NO_OPTIONAL: ReadonlySet<string> = new Set();

/**
 * What `TransactionItem.safeParse(value).data` is for an item that passes, or null for one that does not;
 * the caller then asks the schema itself, whose issues say what is wrong (so the words logged stay zod's).
 * A history export checks every record of every page, and zod's general object parsing was one of its
 * largest costs in time and garbage; this reads each field once and, for an object that is not already the
 * one zod would build, builds it. Like zod it keeps only the schema's fields (prices too), so nothing else the
 * service sends travels on. The one difference, in a built copy only: an optional field the service left out
 * is present there as undefined, which no reader of an item tells apart (`?? ''`, `=== undefined`,
 * JSON.stringify).
 */
export function checkedTransactionItem(value: unknown): TransactionItem | null {
  if (!isRecord(value) || !hasItemFields(value)) return null;
  const v = value as Fields & TransactionItem;
  // What the service usually sends, JSON.parse's own object, is handed on as it is: a copy per record was
  // some 280 bytes of an export's garbage each.
  if (hasExactly(v, CHECKED_ITEM_FIELDS, OPTIONAL_ITEM_FIELDS) && hasExactly(v.prices, PRICE_FIELDS, NO_OPTIONAL))
    return v;
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
