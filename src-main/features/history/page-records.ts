import type { TransactionItem } from '../../service/interface-a-schemas';

/** Whether two records with the same reference id are one record: the other fields row-key.ts hashes, compared. */
function sameRecord(a: TransactionItem, b: TransactionItem): boolean {
  // For the finite numbers an item holds, === agrees with comparing their String() forms (0 and -0 both "0").
  return (
    a.amount === b.amount &&
    a.date === b.date &&
    (a.txId ?? '') === (b.txId ?? '') &&
    a.symbol === b.symbol &&
    a.type === b.type
  );
}

/**
 * One page's records, to tell whether a record of the next page is one of them. Held by reference id, the
 * service's own string, rather than by a key joined from every field: that was a new string (and the
 * amount's text) per record of every export, and building it cost more than the rest of this check.
 */
export class PageRecords {
  private readonly byReference = new Map<string, TransactionItem | TransactionItem[]>();

  add(item: TransactionItem): void {
    const held = this.byReference.get(item.referenceId);
    if (held === undefined) this.byReference.set(item.referenceId, item);
    else if (Array.isArray(held)) held.push(item);
    // A shared or empty reference id (a swap's two legs): the few records behind it are compared one by one.
    else this.byReference.set(item.referenceId, [held, item]);
  }

  has(item: TransactionItem): boolean {
    const held = this.byReference.get(item.referenceId);
    if (held === undefined) return false;
    return Array.isArray(held) ? held.some((other) => sameRecord(other, item)) : sameRecord(held, item);
  }
}
