import type { TransactionItem } from '../../service/interface-a-schemas';

/** The kinds of money move a settle round looks for. */
export type SettleKind = 'send' | 'swap' | 'withdraw';

/** One unknown move a settle round looks for, and in which history. */
export interface SettleCandidate {
  readonly intentId: string;
  /** The account whose history would show it; null for any account of the user (a merchant withdrawal). */
  readonly accountGuid: string | null;
  /**
   * The oldest moment whose rows the match needs to see, when it needs all of them (a swap, told apart from
   * look-alike rows only by seeing every new one); null when one exact row decides (a reference id).
   */
  readonly needsRowsSinceMs: number | null;
}

/** One account's newest history, as a settle round read it. */
export interface HistoryPage {
  readonly accountGuid: string;
  /** Newest first. */
  readonly items: readonly TransactionItem[];
}

/**
 * A money feature as a settle round sees it: its unknown moves the signed-in user may see, and a way to
 * settle one from a page already read, by the same rules as the feature's own "Check status". Settling
 * goes through the feature's intent machine; a page that does not show the move changes nothing, since
 * absence proves nothing (security.md 27). Never sends.
 */
export interface SettleSource {
  readonly kind: SettleKind;
  candidates(): readonly SettleCandidate[];
  /** True when the page showed the move completed and it is now settled. */
  settleFrom(intentId: string, page: HistoryPage): Promise<boolean>;
}
