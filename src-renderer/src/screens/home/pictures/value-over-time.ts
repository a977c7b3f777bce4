import { ExactDecimal as Decimal } from '../../../../../src-preload/contract/exact-decimal';
import { fromFixedPoint, SCALE, toFixedPoint } from './fixed-point';

type Decimal = InstanceType<typeof Decimal>;

/** The fiat currencies each history record is priced in (spec 2.2 TransactionItem `prices`). */
export const FIAT_CURRENCIES = ['usd', 'eur', 'gbp', 'try', 'jpy'] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];

/** What the rebuild needs of a history record (HistoryItem in contract/history.ts). */
export interface ValueRecord {
  /** ISO 8601 UTC instant. */
  readonly date: string;
  /** The network-specific symbol, as the wallets name it. */
  readonly symbol: string;
  /** Exact decimal text, in the asset's units. */
  readonly amount: string;
  /** `Deposit` or `Withdraw` (spec 2.2); a swap is one of each. */
  readonly type: string;
  readonly status: string;
  /** Price of one unit at the record's time, exact decimal text per currency. */
  readonly prices: Readonly<Record<FiatCurrency, string>>;
}

/** One wallet as GET /wallets gives it now (PortfolioWallet in contract/portfolio.ts). */
export interface HoldingNow {
  readonly code: string;
  readonly amount: string;
  readonly priceUsd: string;
}

/** A local calendar day and the instant it ends (the next local midnight). */
export interface DaySpan {
  /** YYYY-MM-DD. */
  readonly day: string;
  readonly endMs: number;
}

/** Why a day has no value: its records were not all read, or an asset held then has no price. */
export type MissingReason = 'not-loaded' | 'unreadable' | 'no-price';

export interface ValueDay {
  readonly day: string;
  /** Exact decimal text in the chosen currency, or null when it cannot be worked out (see `missing`). */
  readonly value: string | null;
  readonly missing: MissingReason | null;
  /** Assets valued at a price a record of that day gives, and at today's price. */
  readonly recordPriced: number;
  readonly todayPriced: number;
  /** Some asset's rebuilt balance is below zero: the history does not add up to today's balances here. */
  readonly belowZero: boolean;
}

/**
 * A record as the walk reads it, worked out once: its instant, and what undoing it does to its asset's
 * balance. A history reading prepares each page's records while the next page is on its way
 * (value-history.ts), so that after the last page the rebuild does not date and convert ten thousand
 * records before it can draw.
 */
export interface DatedRecord {
  readonly record: ValueRecord;
  readonly at: number;
  /**
   * Added to the asset's balance after the record, the balance before it, in fixed point (fixed-point.ts);
   * 'none' for a record that moved nothing (not completed), 'unknown' for a completed record of a kind the
   * walk cannot undo.
   */
  readonly undo: bigint | 'none' | 'unknown';
}

function undoOf(record: ValueRecord): DatedRecord['undo'] {
  if (record.status !== 'Completed') return 'none';
  if (record.type === 'Deposit') return -toFixedPoint(record.amount);
  if (record.type === 'Withdraw') return toFixedPoint(record.amount);
  return 'unknown';
}

/** One record dated `at` (its `date` already parsed, and readable), ready for the walk. */
export function datedRecord(record: ValueRecord, at: number): DatedRecord {
  return { record, at, undo: undoOf(record) };
}

/** Records in any order, ready for the walk: newest first, those without a readable date left out. */
export function datedRecords(records: readonly ValueRecord[]): DatedRecord[] {
  const dated: DatedRecord[] = [];
  for (const record of records) {
    const at = Date.parse(record.date);
    if (Number.isFinite(at)) dated.push(datedRecord(record, at));
  }
  return dated.sort((a, b) => b.at - a.at);
}

export interface ValueOverTimeInput {
  readonly holdings: readonly HoldingNow[];
  /**
   * Every record from the first day's start to now that was read, newest first, as a history reading or
   * `datedRecords` gives them.
   */
  readonly records: readonly DatedRecord[];
  /** Oldest first; the last is today. */
  readonly days: readonly DaySpan[];
  /** When today's balances were read: a record dated after it is not in them, so it is not undone. */
  readonly balancesAtMs: number;
  /** Records are known only from this instant on (null: from the first day's start). */
  readonly completeFromMs: number | null;
  readonly currency: FiatCurrency;
}

export interface ValueOverTime {
  readonly days: readonly ValueDay[];
  /** How many units of the currency one USD is, as the newest record gives it; null when none does. */
  readonly usdRate: string | null;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function localDayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last `count` local calendar days ending with today's, oldest first. */
export function lastDaySpans(count: number, now: Date): DaySpan[] {
  const spans: DaySpan[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
    const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
    spans.push({ day: localDayKey(start), endMs: end.getTime() });
  }
  return spans;
}

/** The first day's local midnight: where the history must be read back to. */
export function startOfSpans(days: readonly DaySpan[]): number {
  const first = days[0];
  if (!first) return 0;
  const [year, month, date] = first.day.split('-').map(Number);
  return new Date(year!, month! - 1, date!).getTime();
}

/** What each asset came to at the end of one day, or why that cannot be known. */
export interface DayHoldings {
  readonly day: string;
  /** Symbol to exact decimal text; null when the day is missing. */
  readonly balances: ReadonlyMap<string, string> | null;
  readonly missing: Exclude<MissingReason, 'no-price'> | null;
}

/** One day of the walk: holdings in fixed point (fixed-point.ts) and the prices its own records give. */
interface WalkedDay {
  readonly day: string;
  readonly balances: ReadonlyMap<string, bigint> | null;
  readonly missing: Exclude<MissingReason, 'no-price'> | null;
  /** Symbol to the record closest to the day's end, whose prices value that asset that day. */
  readonly priced: ReadonlyMap<string, ValueRecord>;
}

/** The records today's balances hold: one dated after they were read is not in them, so it is not undone. */
function inBalances(records: readonly DatedRecord[], balancesAtMs: number): readonly DatedRecord[] {
  // Newest first, so the records after the balances are a prefix.
  const first = records.findIndex((dated) => dated.at <= balancesAtMs);
  return first === 0 ? records : first < 0 ? [] : records.slice(first);
}

function usdRateOf(records: readonly DatedRecord[], currency: FiatCurrency): Decimal | null {
  if (currency === 'usd') return new Decimal(1);
  for (const { record } of records) {
    const usd = new Decimal(record.prices.usd);
    if (usd.gt(0)) return new Decimal(record.prices[currency]).div(usd);
  }
  return null;
}

/** `walkBack` over the records today's balances hold, newest first, in fixed point. */
function walkDated(input: ValueOverTimeInput, records: readonly DatedRecord[]): WalkedDay[] {
  const balances = new Map<string, bigint>();
  for (const holding of input.holdings) {
    balances.set(holding.code, (balances.get(holding.code) ?? 0n) + toFixedPoint(holding.amount));
  }
  const out: WalkedDay[] = [];
  let next = 0;
  let unreadable = false;
  const lastIndex = input.days.length - 1;
  for (let index = lastIndex; index >= 0; index -= 1) {
    const span = input.days[index]!;
    // Today ends now: today's balances are as they are.
    const endMs = index === lastIndex ? Number.POSITIVE_INFINITY : span.endMs;
    for (; next < records.length && records[next]!.at >= endMs && !unreadable; next += 1) {
      const { record, undo } = records[next]!;
      if (undo === 'none') continue;
      if (undo === 'unknown') unreadable = true;
      else balances.set(record.symbol, (balances.get(record.symbol) ?? 0n) + undo);
    }
    // The day's own records follow, newest first, down to its start (the previous day's end).
    const priced = new Map<string, ValueRecord>();
    const startMs = index > 0 ? input.days[index - 1]!.endMs : startOfSpans(input.days);
    for (let ahead = next; ahead < records.length && records[ahead]!.at >= startMs; ahead += 1) {
      const { record } = records[ahead]!;
      if (!priced.has(record.symbol)) priced.set(record.symbol, record);
    }
    const notLoaded = input.completeFromMs !== null && endMs < input.completeFromMs;
    const missing = unreadable ? 'unreadable' : notLoaded ? 'not-loaded' : null;
    out.push({ day: span.day, balances: missing ? null : new Map(balances), missing, priced });
  }
  return out.reverse();
}

/**
 * The holdings at the end of each day, walked back from today's balances
 * (design.md "Portfolio value over time"): every completed record after a day's end is undone, a deposit
 * taken off and a withdrawal given back. The service's history gives no fee (spec 2.2), so a fee paid after
 * a day is not given back. A day whose later records were not all read, or that a record of an unknown
 * kind follows, is missing.
 */
export function walkBack(input: ValueOverTimeInput): DayHoldings[] {
  return walkDated(input, inBalances(input.records, input.balancesAtMs)).map((walked) => ({
    day: walked.day,
    balances: walked.balances
      ? new Map([...walked.balances].map(([symbol, amount]) => [symbol, fromFixedPoint(amount)]))
      : null,
    missing: walked.missing,
  }));
}

/**
 * Portfolio value at the end of each day in the chosen currency: the holdings `walkBack` gives, each asset
 * at the price the day's newest record of it gives, otherwise at today's price; today at today's prices,
 * as Home's total. A missing day has no value rather than a guess; so does a day holding an asset no price
 * is known for. Sums are exact: amounts and prices in fixed point, products at twice its scale.
 */
export function rebuildValueOverTime(input: ValueOverTimeInput): ValueOverTime {
  const records = inBalances(input.records, input.balancesAtMs);
  const rate = usdRateOf(records, input.currency);
  const todayPrices = new Map<string, bigint>();
  if (rate) {
    for (const holding of input.holdings) {
      todayPrices.set(holding.code, toFixedPoint(rate.times(holding.priceUsd).toFixed(SCALE)));
    }
  }
  const lastIndex = input.days.length - 1;
  const days = walkDated(input, records).map((walked, index): ValueDay => {
    if (!walked.balances) {
      return {
        day: walked.day,
        value: null,
        missing: walked.missing,
        recordPriced: 0,
        todayPriced: 0,
        belowZero: false,
      };
    }
    let total = 0n;
    let recordPriced = 0;
    let todayPriced = 0;
    let belowZero = false;
    let noPrice = false;
    for (const [symbol, amount] of walked.balances) {
      if (amount === 0n) continue;
      if (amount < 0n) belowZero = true;
      const record = index === lastIndex ? undefined : walked.priced.get(symbol);
      const price = record ? toFixedPoint(record.prices[input.currency]) : todayPrices.get(symbol);
      if (price === undefined) {
        noPrice = true;
        continue;
      }
      if (record) recordPriced += 1;
      else todayPriced += 1;
      total += amount * price;
    }
    return {
      day: walked.day,
      value: noPrice ? null : fromFixedPoint(total, 2 * SCALE),
      missing: noPrice ? 'no-price' : null,
      recordPriced,
      todayPriced,
      belowZero,
    };
  });
  return { days, usdRate: rate ? rate.toString() : null };
}
