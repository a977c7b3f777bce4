import type { TransactionItem } from '../../service/interface-a-schemas';

/** What is kept of a record besides its reference id: the other fields that tell two records apart. */
interface Kept {
  readonly amount: number;
  readonly date: string;
  readonly txId: string | null | undefined;
  readonly symbol: string;
  readonly type: string;
}

function sameRecord(kept: Kept, item: TransactionItem): boolean {
  // For the finite numbers an item holds, === agrees with comparing their String() forms (0 and -0 both "0").
  return (
    kept.amount === item.amount &&
    kept.date === item.date &&
    (kept.txId ?? '') === (item.txId ?? '') &&
    kept.symbol === item.symbol &&
    kept.type === item.type
  );
}

/**
 * One page's records, to tell whether a record of the next page is one of them. Held by reference id, the
 * service's own string, with only the fields compared rather than the record itself: a page held until the next
 * one was written outlived the young generation, and promoting and marking every record of every page weighed on
 * a history export's CPU. The fields' strings are the parsed record's own, compared natively; a digest of them
 * (a loop over some hundred characters a record) cost more than keeping them, and a string joined from every
 * field more than both.
 */
export class PageRecords {
  private readonly byReference = new Map<string, Kept | Kept[]>();

  add(item: TransactionItem): void {
    const kept: Kept = { amount: item.amount, date: item.date, txId: item.txId, symbol: item.symbol, type: item.type };
    const held = this.byReference.get(item.referenceId);
    if (held === undefined) this.byReference.set(item.referenceId, kept);
    else if (Array.isArray(held)) held.push(kept);
    // A shared or empty reference id (a swap's two legs, payments to one address): each record is kept.
    else this.byReference.set(item.referenceId, [held, kept]);
  }

  has(item: TransactionItem): boolean {
    const held = this.byReference.get(item.referenceId);
    if (held === undefined) return false;
    return Array.isArray(held) ? held.some((kept) => sameRecord(kept, item)) : sameRecord(held, item);
  }
}
