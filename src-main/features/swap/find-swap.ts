import type Decimal from 'decimal.js';
import { findAssetNetwork, findByNetworkName } from '../../../src-preload/contract/assets';
import type { InterfaceAClient } from '../../service/interface-a';
import type { SwapRequest, TransactionItem } from '../../service/interface-a-schemas';
import { fromServiceNumber } from '../send/service-amounts';

/** Clock difference between the app and the service that a history date may show. */
const CLOCK_SKEW_MS = 5 * 60_000;
const RECENT_RECORDS = 100;

/** The wallet code (network-specific symbol) a swap takes its amount from, when the app knows it. */
export function swapSourceCode(request: Pick<SwapRequest, 'fromSymbol' | 'fromNetwork'>): string {
  const symbol = request.fromSymbol.toUpperCase();
  return findByNetworkName(symbol, request.fromNetwork)?.code ?? findAssetNetwork(symbol)?.code ?? symbol;
}

/**
 * History rows a swap of this source and amount would leave: withdrawals of exactly the quoted amount of
 * the source wallet, newest first. POST /swap has no reference id of ours (spec 4.1 #11), so this is all a
 * look-up can go by.
 */
export async function swapLookalikes(
  client: InterfaceAClient,
  request: SwapRequest,
  cryptoAmount: Decimal,
): Promise<TransactionItem[]> {
  const code = swapSourceCode(request);
  const recent = await client.getTransactions({
    page: 1,
    recordsPerPage: RECENT_RECORDS,
    sortOrder: 'desc',
    symbols: [code],
  });
  return recent.items.filter(
    (item) =>
      item.type === 'Withdraw' &&
      item.symbol.toUpperCase() === code.toUpperCase() &&
      fromServiceNumber(item.amount).equals(cryptoAmount),
  );
}

export type SwapLookup =
  | { readonly kind: 'found'; readonly item: TransactionItem }
  | { readonly kind: 'not_found' }
  /** More than one row could be this swap: an identical swap made elsewhere, or a second unknown one. */
  | { readonly kind: 'ambiguous' };

/**
 * Looks for the one history row a lost swap left. A row counts only when it is new — dated after the swap
 * was sent (less clock skew), not among the equal rows seen before it was sent (`priorRows`, read at
 * confirmation), and not claimed by another swap. Exactly one such row settles the swap; none or several
 * keep it unknown: absence is no proof, and a guess between equal rows could pay twice (security.md 27).
 */
export async function findSwapInHistory(
  client: InterfaceAClient,
  sought: {
    request: SwapRequest;
    cryptoAmount: Decimal;
    sentAtMs: number;
    claimed: ReadonlySet<string>;
    /** Row ids of equal withdrawals before the swap was sent; null when unknown (an older journal). */
    priorRows: ReadonlySet<string> | null;
  },
): Promise<SwapLookup> {
  const rows = await swapLookalikes(client, sought.request, sought.cryptoAmount);
  const fresh = rows.filter(
    (item) =>
      Date.parse(item.date) >= sought.sentAtMs - CLOCK_SKEW_MS &&
      !(sought.priorRows?.has(rowKey(item)) ?? false) &&
      !sought.claimed.has(rowKey(item)),
  );
  if (fresh.length === 0) return { kind: 'not_found' };
  if (fresh.length > 1) return { kind: 'ambiguous' };
  return { kind: 'found', item: fresh[0] as TransactionItem };
}

/** What identifies a history row: the service's reference of the swap, else its transaction id. */
export function rowKey(item: Pick<TransactionItem, 'referenceId' | 'txId'>): string {
  return item.referenceId !== '' ? item.referenceId : `tx:${item.txId ?? ''}`;
}
