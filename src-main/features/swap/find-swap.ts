import type Decimal from 'decimal.js';
import { findAssetNetwork, findByNetworkName } from '../../../src-preload/contract/assets';
import type { InterfaceAClient } from '../../service/interface-a';
import type { SwapRequest, TransactionItem } from '../../service/interface-a-schemas';
import { serviceDateMs } from '../../service/service-date';
import { fromServiceNumber } from '../../service/wire-amount';

/** Clock difference between the app and the service that a history date may show. */
export const CLOCK_SKEW_MS = 5 * 60_000;
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
  /** Its outgoing row (and incoming leg, when the history shows legs); their status decides. */
  | { readonly kind: 'found'; readonly item: TransactionItem; readonly legs: readonly TransactionItem[] }
  | { readonly kind: 'not_found' }
  /** A new row could be this swap but is not provably its own, or more than one swap could own it. */
  | { readonly kind: 'ambiguous' };

/** When a swap was sent and which equal rows it saw before: what decides whether a row can be its own. */
export interface SwapWindow {
  readonly sentAtMs: number;
  /** Row ids of equal withdrawals before the swap was sent; null when unknown (an older journal). */
  readonly priorRows: ReadonlySet<string> | null;
}

/** A row's date as the service means it (UTC); NaN when unreadable, so it is never near or after anything. */
function rowDateMs(row: TransactionItem): number {
  return serviceDateMs(row.date) ?? Number.NaN;
}

/** A row is new to a swap when dated after it was sent (less clock skew) and not among those seen before. */
function couldBeFrom(window: SwapWindow, item: TransactionItem): boolean {
  return rowDateMs(item) >= window.sentAtMs - CLOCK_SKEW_MS && !(window.priorRows?.has(rowKey(item)) ?? false);
}

/** What the app knows about whose a row is, beside the rows settled swaps claimed. */
export interface RowOwners {
  /** The app's own sends' reference ids. */
  isOwnSend(referenceId: string): boolean;
}

/** Two legs of one swap are written at one moment; a little slack for a service that stamps each. */
const LEG_SLACK_MS = 2_000;

/**
 * The withdrawType a swap row carries, learnt from this page, never assumed (the sandbox's numbers are
 * its own): the types of rows settled swaps claimed, when those agree on one number that none of the app's
 * own sends also carries; and the types of the app's own sends that no claimed swap row carries. A
 * merchant transaction id says whose one row is, not what its type means (services set it on other rows
 * too), so it teaches no type.
 */
function learnTypes(rows: readonly TransactionItem[], claimed: Pick<ReadonlySet<string>, 'has'>, owners: RowOwners) {
  const swap = new Set<number>();
  const other = new Set<number>();
  for (const row of rows) {
    if (row.type !== 'Withdraw') continue;
    if (row.referenceId !== '' && owners.isOwnSend(row.referenceId)) other.add(row.withdrawType);
    else if (claimed.has(rowKey(row)) && row.merchantTransactionId === '') swap.add(row.withdrawType);
  }
  const [only] = swap;
  const swapType = swap.size === 1 && only !== undefined && !other.has(only) ? only : null;
  for (const type of swap) other.delete(type);
  return { swapType, otherTypes: other };
}

/** A row that says it is someone else's: a merchant withdrawal, or one of the app's own sends. */
function isOthers(row: TransactionItem, owners: RowOwners): boolean {
  return row.merchantTransactionId !== '' || (row.referenceId !== '' && owners.isOwnSend(row.referenceId));
}

/** The incoming leg written with an outgoing one: the target's deposit, same moment, same reference if any. */
function depositLeg(
  rows: readonly TransactionItem[],
  withdrawal: TransactionItem,
  targetCode: string,
): TransactionItem | undefined {
  const at = rowDateMs(withdrawal);
  return rows.find(
    (row) =>
      row.type === 'Deposit' &&
      row.symbol.toUpperCase() === targetCode.toUpperCase() &&
      Math.abs(rowDateMs(row) - at) <= LEG_SLACK_MS &&
      (withdrawal.referenceId === '' || row.referenceId === withdrawal.referenceId),
  );
}

/**
 * Looks for the rows a lost swap left. A candidate is a new (couldBeFrom), unclaimed
 * withdrawal of exactly the quoted amount of the source wallet that no one else owns: never a merchant
 * withdrawal, one of the app's sends, or a row whose withdrawType the page shows to be a send's or a
 * merchant's, or other than the swaps' own when that is known. A candidate is provably this swap when the
 * history shows its incoming leg (the target's deposit, same moment); when the history shows no legs for
 * settled swaps either, a row carrying the swaps' learnt withdrawType is accepted instead. Exactly one
 * provable candidate and no other new candidate settles the swap, and only when no other unsettled swap of
 * the same source and amount (`rivals`) could have left it. None keeps it unknown; anything else is
 * `ambiguous` and keeps it unknown too: absence is no proof, and a guess could pay twice (security.md 27).
 */
export async function findSwapInHistory(client: InterfaceAClient, sought: SoughtSwap): Promise<SwapLookup> {
  const code = swapSourceCode(sought.request);
  const target = swapTargetCode(sought.request);
  // One page per wallet, so the target's rows never push the source's newest out of the page.
  const page = (symbol: string) =>
    client.getTransactions({ page: 1, recordsPerPage: RECENT_RECORDS, sortOrder: 'desc', symbols: [symbol] });
  const [outgoing, incoming] = await Promise.all([
    page(code),
    code.toUpperCase() === target.toUpperCase() ? Promise.resolve({ items: [] }) : page(target),
  ]);
  return matchSwapInRows([...outgoing.items, ...incoming.items], sought);
}

/** What a look-up for one lost swap goes by (findSwapInHistory, matchSwapInRows). */
export interface SoughtSwap extends SwapWindow {
  readonly request: SwapRequest;
  readonly cryptoAmount: Decimal;
  readonly claimed: Pick<ReadonlySet<string>, 'has'>;
  readonly rivals: readonly SwapWindow[];
  readonly owners: RowOwners;
}

/**
 * The rules of findSwapInHistory over rows already read: only the source and target wallets' rows count,
 * so a page of every wallet (a settle round's) decides as the two pages of one look-up would, provided it
 * reaches back past the swap's window (the caller's to check: a row cut off could make a match ambiguous).
 */
export function matchSwapInRows(page: readonly TransactionItem[], sought: SoughtSwap): SwapLookup {
  const code = swapSourceCode(sought.request);
  const target = swapTargetCode(sought.request);
  const wallets = new Set([code.toUpperCase(), target.toUpperCase()]);
  const rows = page.filter((row) => wallets.has(row.symbol.toUpperCase()));
  const types = learnTypes(rows, sought.claimed, sought.owners);
  const legsShown = rows.some(
    (row) => row.type === 'Withdraw' && sought.claimed.has(rowKey(row)) && depositLeg(rows, row, target) !== undefined,
  );
  const fresh = rows.filter(
    (item) =>
      isEqualWithdrawal(item, code, sought.cryptoAmount) &&
      couldBeFrom(sought, item) &&
      !sought.claimed.has(rowKey(item)) &&
      !isOthers(item, sought.owners) &&
      !types.otherTypes.has(item.withdrawType) &&
      (types.swapType === null || item.withdrawType === types.swapType),
  );
  if (fresh.length === 0) return { kind: 'not_found' };
  if (fresh.length > 1) return { kind: 'ambiguous' };
  const item = fresh[0] as TransactionItem;
  const deposit = depositLeg(rows, item, target);
  const provable = deposit !== undefined || (!legsShown && types.swapType !== null);
  if (!provable) return { kind: 'ambiguous' };
  if (sought.rivals.some((rival) => couldBeFrom(rival, item))) return { kind: 'ambiguous' };
  return { kind: 'found', item, legs: deposit ? [item, deposit] : [item] };
}

function isEqualWithdrawal(item: TransactionItem, code: string, amount: Decimal): boolean {
  return (
    item.type === 'Withdraw' &&
    item.symbol.toUpperCase() === code.toUpperCase() &&
    fromServiceNumber(item.amount).equals(amount)
  );
}

/** The wallet code (network-specific symbol) a swap pays into, when the app knows it. */
export function swapTargetCode(request: Pick<SwapRequest, 'toSymbol' | 'toNetwork'>): string {
  const symbol = request.toSymbol.toUpperCase();
  return findByNetworkName(symbol, request.toNetwork)?.code ?? findAssetNetwork(symbol)?.code ?? symbol;
}

/** What identifies a history row: the service's reference of the swap, else its transaction id. */
export function rowKey(item: Pick<TransactionItem, 'referenceId' | 'txId'>): string {
  return item.referenceId !== '' ? item.referenceId : `tx:${item.txId ?? ''}`;
}
