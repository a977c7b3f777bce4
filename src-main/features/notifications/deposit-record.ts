import Decimal from 'decimal.js';
import type { HistoryItem } from '../../../src-preload/contract/history';

/**
 * What a deposit without a transaction id (the spec allows an empty or absent txId, 2.2) is recognised by
 * from one look to the next. The spec's history item has no record id of its own: referenceId is the
 * reference of the deposit address (every deposit to that address shares it), merchantTransactionId is the
 * merchant's withdrawal id, and the date may move while the service fills the deposit in (listed when seen,
 * dated again when confirmed). What is left is the asset, the address and the amount, the amount as a
 * decimal so that "0.25" and "0.250" are one. Two such deposits of the same amount to the same address are
 * told apart by counting them (see createDepositRecord). A service that also changed the amount or the
 * address before filling in the txId would still be announced twice: no field is left to say otherwise.
 */
export function depositIdentityOf(item: HistoryItem): string {
  return `${item.symbol.trim().toUpperCase()}|${item.address.trim()}|${amountKeyOf(item.amount)}`;
}

function amountKeyOf(amount: string): string {
  try {
    return new Decimal(amount.trim()).toFixed();
  } catch {
    // Not a number (history items carry service numbers as text, so this is not expected): compared as written.
    return amount.trim();
  }
}

/**
 * The deposits one account has shown so far, to tell which in a later look are new: those with a txId by
 * it; those without one by how many of each identity (depositIdentityOf) have been accounted for. The count of
 * those without is not lowered when one drops off the page looked at (it would come back as new when the
 * page shifts again), only when one gets its txId.
 *
 * A deposit with a txId not seen before is taken for one without a txId getting it filled in only against
 * the rows without a txId of its identity that the previous look listed and this one no longer does, each
 * taken once. Not against the count of all announced so far: a deposit that was listed without a txId and
 * then dropped off the list (a payment that never confirmed) would make a later, genuinely new deposit of
 * the same asset, address and amount pass for it, and never be announced. A look with no deposits (which
 * the notifier never passes here) leaves the previous look as it was.
 */
export function createDepositRecord() {
  const txIds = new Set<string>();
  const accountedWithout = new Map<string, number>();
  let previousWithout = new Map<string, number>();

  return {
    /** Records every deposit of this look as seen and returns those not seen in an earlier one. */
    takeNew(deposits: readonly HistoryItem[]): HistoryItem[] {
      const listedWithout = new Map<string, HistoryItem[]>();
      for (const item of deposits) {
        if (item.txId !== '') continue;
        const identity = depositIdentityOf(item);
        listedWithout.set(identity, [...(listedWithout.get(identity) ?? []), item]);
      }
      // Rows without a txId the previous look listed that this one lists no more: each may be filled in once.
      const fillable = new Map<string, number>();
      for (const [identity, count] of previousWithout) {
        const gone = count - (listedWithout.get(identity)?.length ?? 0);
        if (gone > 0) fillable.set(identity, gone);
      }
      const fresh: HistoryItem[] = [];
      for (const item of deposits) {
        if (item.txId === '' || txIds.has(item.txId)) continue;
        txIds.add(item.txId);
        const identity = depositIdentityOf(item);
        const left = fillable.get(identity) ?? 0;
        if (left > 0) {
          fillable.set(identity, left - 1);
          accountedWithout.set(identity, Math.max(0, (accountedWithout.get(identity) ?? 0) - 1));
          continue;
        }
        fresh.push(item);
      }
      for (const [identity, items] of listedWithout) {
        const accounted = accountedWithout.get(identity) ?? 0;
        if (items.length <= accounted) continue;
        fresh.push(...items.slice(accounted));
        accountedWithout.set(identity, items.length);
      }
      previousWithout = new Map([...listedWithout].map(([identity, items]) => [identity, items.length]));
      return fresh;
    },
  };
}

export type DepositRecord = ReturnType<typeof createDepositRecord>;
