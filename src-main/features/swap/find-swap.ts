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

/** When a swap was sent and which equal rows it saw before: what decides whether a row can be its own. */
export interface SwapWindow {
  readonly sentAtMs: number;
  /** Row ids of equal withdrawals before the swap was sent; null when unknown (an older journal). */
  readonly priorRows: ReadonlySet<string> | null;
}

/** A row is new to a swap when dated after it was sent (less clock skew) and not among those seen before. */
function couldBeFrom(window: SwapWindow, item: TransactionItem): boolean {
  return Date.parse(item.date) >= window.sentAtMs - CLOCK_SKEW_MS && !(window.priorRows?.has(rowKey(item)) ?? false);
}

/**
 * Looks for the one history row a lost swap left. A row counts only when it is new to the swap (see
 * couldBeFrom) and not claimed by a settled swap. Exactly one such row settles the swap, and only when no
 * other unsettled swap of the same source and amount (`rivals`: unknown or in flight, this run's or
 * restored) could have left it too: a swap that committed late lands after the next one was sent, so its
 * row is new to both. None keeps the swap unknown; several, or one a rival could own, are `ambiguous` and
 * keep it unknown too: absence is no proof, and a guess between swaps could pay twice (security.md 27).
 */
export async function findSwapInHistory(
  client: InterfaceAClient,
  sought: SwapWindow & {
    request: SwapRequest;
    cryptoAmount: Decimal;
    claimed: Pick<ReadonlySet<string>, 'has'>;
    rivals: readonly SwapWindow[];
  },
): Promise<SwapLookup> {
  const rows = await swapLookalikes(client, sought.request, sought.cryptoAmount);
  const fresh = rows.filter((item) => couldBeFrom(sought, item) && !sought.claimed.has(rowKey(item)));
  if (fresh.length === 0) return { kind: 'not_found' };
  if (fresh.length > 1) return { kind: 'ambiguous' };
  const item = fresh[0] as TransactionItem;
  if (sought.rivals.some((rival) => couldBeFrom(rival, item))) return { kind: 'ambiguous' };
  return { kind: 'found', item };
}

/** What identifies a history row: the service's reference of the swap, else its transaction id. */
export function rowKey(item: Pick<TransactionItem, 'referenceId' | 'txId'>): string {
  return item.referenceId !== '' ? item.referenceId : `tx:${item.txId ?? ''}`;
}
