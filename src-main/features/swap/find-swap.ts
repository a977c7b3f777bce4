import type Decimal from 'decimal.js';
import { findByNetworkName } from '../../../src-preload/contract/assets';
import type { InterfaceAClient } from '../../service/interface-a';
import type { SwapRequest, TransactionItem } from '../../service/interface-a-schemas';
import { fromServiceNumber } from '../send/service-amounts';

/** Clock difference between the app and the service that a history date may show. */
const CLOCK_SKEW_MS = 5 * 60_000;
const RECENT_RECORDS = 100;

/**
 * POST /swap has no reference id of ours (spec 4.1 #11), so a lost answer is matched in the history by
 * what the swap must have left there: a withdrawal of exactly the quoted amount of the source asset, dated
 * after the request was sent, not already matched to another swap of this run. This is weaker than a
 * reference id; when in doubt it finds nothing and the user decides, it never resubmits on its own.
 */
export async function findSwapInHistory(
  client: InterfaceAClient,
  sought: { request: SwapRequest; cryptoAmount: Decimal; sentAtMs: number; claimed: ReadonlySet<string> },
): Promise<TransactionItem | null> {
  const code =
    findByNetworkName(sought.request.fromSymbol.toUpperCase(), sought.request.fromNetwork)?.code ??
    sought.request.fromSymbol;
  const recent = await client.getTransactions({
    page: 1,
    recordsPerPage: RECENT_RECORDS,
    sortOrder: 'desc',
    symbols: [code],
  });
  const matches = recent.items.filter(
    (item) =>
      item.type === 'Withdraw' &&
      item.symbol.toUpperCase() === code.toUpperCase() &&
      fromServiceNumber(item.amount).equals(sought.cryptoAmount) &&
      Date.parse(item.date) >= sought.sentAtMs - CLOCK_SKEW_MS &&
      !sought.claimed.has(item.referenceId),
  );
  // Two equal swaps within minutes cannot be told apart: report none rather than guess.
  return matches.length === 1 ? (matches[0] ?? null) : null;
}
