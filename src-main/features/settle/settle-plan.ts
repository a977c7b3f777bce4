import type { TransactionsResult } from '../../service/interface-a-schemas';
import { serviceDateMs } from '../../service/service-date';
import type { SettleCandidate, SettleSource } from '../money/settle-source';

/** One unknown move, with the feature that settles it. */
export interface PlannedLook {
  readonly source: SettleSource;
  readonly candidate: SettleCandidate;
}

/**
 * The round's plan: for each of the user's accounts, the moves its history could show. A move of one
 * account goes under that account only; one that may show in any (a merchant withdrawal, whose linked
 * account the app cannot tell) goes under every account. Accounts that are not the user's are never read.
 */
export function groupCandidates(
  bySource: readonly { readonly source: SettleSource; readonly candidates: readonly SettleCandidate[] }[],
  userAccounts: readonly string[],
): Map<string, PlannedLook[]> {
  const groups = new Map<string, PlannedLook[]>();
  const add = (accountGuid: string, look: PlannedLook) => {
    const group = groups.get(accountGuid);
    if (group) group.push(look);
    else groups.set(accountGuid, [look]);
  };
  for (const { source, candidates } of bySource) {
    for (const candidate of candidates) {
      const look = { source, candidate };
      if (candidate.accountGuid === null) for (const account of userAccounts) add(account, look);
      else if (userAccounts.includes(candidate.accountGuid)) add(candidate.accountGuid, look);
    }
  }
  return groups;
}

/** Each account to read once, whatever number of moves it holds. */
export function accountsToRead(groups: ReadonlyMap<string, readonly PlannedLook[]>): string[] {
  return [...groups.keys()];
}

/**
 * Whether a page of newest rows holds every row dated from `sinceMs` on: it holds every record the service
 * counts, or it is in date order, newest first, and its oldest row is older than `sinceMs`. Fewer rows than
 * asked for prove nothing (the spec leaves the largest page open, 4.1), nor does a page out of order or a
 * date that cannot be read.
 */
export function pageReaches(result: TransactionsResult, sinceMs: number): boolean {
  if (result.totalRecords <= result.items.length) return true;
  const dates = result.items.map((item) => serviceDateMs(item.date));
  let previous = Number.POSITIVE_INFINITY;
  for (const date of dates) {
    if (date === null || date > previous) return false;
    previous = date;
  }
  return previous < sinceMs;
}
