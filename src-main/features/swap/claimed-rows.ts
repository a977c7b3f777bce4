import type { SwapReview } from '../../../src-preload/contract/swap';
import type { IntentJournal } from '../money/intent-journal';
import { MAX_CLAIMED_ROWS, type SwapBody } from './swap-body';

/**
 * The history rows settled swaps own (their answer's swapReferenceId, or the row a look-up settled them
 * with), so no other swap's look-up takes one. Kept beside the unresolved swaps in their journal: every
 * save writes the newest rows into each record, and a restart takes back the union, so a row claimed
 * before a quit stays claimed (security.md 27). Only unresolved swaps can look rows up, so rows need not
 * outlive the last of them.
 */
export interface ClaimedRows {
  has(row: string): boolean;
  add(row: string): void;
  /** The journal to give the ledger: the feature's own, with the claimed rows riding along. */
  readonly journal: IntentJournal<SwapBody, SwapReview> | undefined;
}

export function createClaimedRows(journal: IntentJournal<SwapBody, SwapReview> | undefined): ClaimedRows {
  const rows = new Set<string>();
  const add = (row: string) => {
    // Re-adding moves a row to the newest end, so the cap drops the oldest.
    rows.delete(row);
    rows.add(row);
  };
  for (const record of journal?.restored ?? []) for (const row of record.body.claimedRows ?? []) add(row);
  const newest = () => [...rows].slice(-MAX_CLAIMED_ROWS);
  return {
    has: (row) => rows.has(row),
    add,
    journal: journal && {
      restored: journal.restored,
      save: (records) => {
        const claimedRows = newest();
        return journal.save(records.map((record) => ({ ...record, body: { ...record.body, claimedRows } })));
      },
    },
  };
}
