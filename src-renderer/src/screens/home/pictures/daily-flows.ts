import { ExactDecimal as Decimal } from '../../../../../src-preload/contract/exact-decimal';

/** The parts of a history record the picture needs (HistoryItem in contract/history.ts). */
export interface FlowRecord {
  /** ISO 8601 UTC instant. */
  readonly date: string;
  /** USD value, exact decimal text. */
  readonly value: string;
  /** `Deposit` or `Withdraw` (spec 2.2); a swap is one of each, both with the swap's withdrawType. */
  readonly type: string;
  /** What tells the direction of a type the spec does not name: 0 came in, any other went out. */
  readonly withdrawType: number;
  readonly status: string;
}

export interface DayFlow {
  /** Local calendar day, YYYY-MM-DD. */
  readonly day: string;
  readonly depositsUsd: string;
  readonly withdrawalsUsd: string;
}

function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The last `days` local calendar days ending with today's, oldest first, and the instants that bound them
 * (since: first day's local midnight; until: the midnight after today) for history.page.
 */
export function lastDays(days: number, now: Date): { days: string[]; since: string; until: string } {
  const first = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  const list: string[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    list.push(dayKey(new Date(first.getFullYear(), first.getMonth(), first.getDate() + offset)));
  }
  const after = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { days: list, since: first.toISOString(), until: after.toISOString() };
}

function cameIn(record: FlowRecord): boolean {
  if (record.type === 'Deposit') return true;
  if (record.type === 'Withdraw') return false;
  return record.withdrawType === 0;
}

/**
 * USD deposited and withdrawn per local day (the runtime's time zone), summed in decimals. The direction is
 * the record's `type`, not its withdrawType: a swap's incoming leg is a `Deposit` carrying the swap's
 * withdrawType (sandbox/README.md), and it brought money in. A type the spec does not name goes by its
 * withdrawType, as History and the CSV export tell it (src-main/features/history/export-record.ts directionOf),
 * so a record they show as in or out is never missing here.
 * Only Completed records count, since pending and failed ones moved no money (yet). Records outside `days`
 * are ignored; every day appears, empty ones as zero.
 */
export function dailyFlows(records: readonly FlowRecord[], days: readonly string[]): DayFlow[] {
  const sums = new Map(days.map((day) => [day, { deposits: new Decimal(0), withdrawals: new Decimal(0) }]));
  for (const record of records) {
    if (record.status !== 'Completed') continue;
    const bucket = sums.get(dayKey(new Date(record.date)));
    if (!bucket) continue;
    const value = new Decimal(record.value).abs();
    if (cameIn(record)) bucket.deposits = bucket.deposits.plus(value);
    else bucket.withdrawals = bucket.withdrawals.plus(value);
  }
  return days.map((day) => {
    const bucket = sums.get(day)!;
    return { day, depositsUsd: bucket.deposits.toString(), withdrawalsUsd: bucket.withdrawals.toString() };
  });
}
