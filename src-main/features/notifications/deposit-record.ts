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
 * it; those without one by how many of each identity (depositIdentityOf) have been accounted for. A txId
 * deposit that is new by its id while fewer of its identity are listed without one than were accounted for
 * is such a deposit having its txId filled in, and is not new. A count is not lowered when a deposit drops
 * off the page looked at: it would come back as new when the page shifts again.
 */
export function createDepositRecord() {
  const txIds = new Set<string>();
  const withoutTxId = new Map<string, number>();

  return {
    /** Records every deposit of this look as seen and returns those not seen in an earlier one. */
    takeNew(deposits: readonly HistoryItem[]): HistoryItem[] {
      const listedWithout = new Map<string, HistoryItem[]>();
      for (const item of deposits) {
        if (item.txId !== '') continue;
        const identity = depositIdentityOf(item);
        listedWithout.set(identity, [...(listedWithout.get(identity) ?? []), item]);
      }
      const fresh: HistoryItem[] = [];
      for (const item of deposits) {
        if (item.txId === '' || txIds.has(item.txId)) continue;
        txIds.add(item.txId);
        const identity = depositIdentityOf(item);
        const accounted = withoutTxId.get(identity) ?? 0;
        if (accounted > (listedWithout.get(identity)?.length ?? 0)) {
          withoutTxId.set(identity, accounted - 1);
          continue;
        }
        fresh.push(item);
      }
      for (const [identity, items] of listedWithout) {
        const accounted = withoutTxId.get(identity) ?? 0;
        if (items.length <= accounted) continue;
        fresh.push(...items.slice(accounted));
        withoutTxId.set(identity, items.length);
      }
      return fresh;
    },
  };
}

export type DepositRecord = ReturnType<typeof createDepositRecord>;
