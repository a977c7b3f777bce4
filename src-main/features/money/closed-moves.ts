import type { IntentClosureView } from '../../../src-preload/contract/money';
import type { Intent, IntentClosure } from './at-most-once';
import type { IntentAudience } from './intent-machine';
import { otherAccountName, type UserAccounts } from './unsettled-list';

/**
 * A move a person closed as "did not go through" that a look-up found at the service after all
 * (security.md 36): what the alarm names.
 */
export interface ClosedMoveFound {
  readonly kind: 'send' | 'swap' | 'withdraw';
  readonly referenceId: string;
  readonly amount: string;
  readonly asset: string;
  /** An address, or for a swap what it became. */
  readonly destination: string;
  readonly closure: IntentClosure;
  /** For a withdrawal, the merchant keys it was confirmed with: whoever holds them sees the alarm too. */
  readonly merchantKey?: { readonly environment: string; readonly publicKey: string } | null;
}

/**
 * Raises the alarm for a closed move found (features/alarms); features take it as an optional dependency.
 * Callers hand its promise off with `void` rather than wait: the alarm is in the journal's content when the
 * call returns, so the ledger's next write (the one that forgets the found move) carries it, and the alarm's
 * own write catches and logs its failure, so the promise never rejects.
 */
export type ClosedMoveAlarm = (found: ClosedMoveFound) => void | Promise<void>;

/** The closing as it is recorded: now, by the signed-in user, with the warning they confirmed. */
export function closureOf(
  user: { readonly userGuid: string; readonly name: string },
  warning: string,
  nowMs: number,
): IntentClosure {
  return { at: new Date(nowMs).toISOString(), by: { userGuid: user.userGuid, name: user.name }, shown: warning };
}

/** What the window sees of a closing: never the user's guid, which it has no use for. */
export function closureView(closure: IntentClosure): IntentClosureView {
  return { at: closure.at, byName: closure.by.name, shown: closure.shown };
}

/**
 * The closed moves of an audience with what the user approved for each, as the closed lists show them, in
 * every account of the user (accountName null for the active one). Moves without a review are skipped, as
 * in the unsettled lists.
 */
export function closedWithReviews<Body extends { accountGuid: string }, Outcome, Review, Status>(
  machine: { closed(audience: IntentAudience<Body, Outcome>): Intent<Body, Outcome>[] },
  reviews: { get(intentId: string): Review | undefined },
  user: UserAccounts,
  audience: IntentAudience<Body, Outcome>,
  statusOf: (intent: Intent<Body, Outcome>) => Status,
): { review: Review; status: Status; accountName: string | null; closure: IntentClosureView }[] {
  return machine.closed(audience).flatMap((intent) => {
    const review = reviews.get(intent.id);
    if (review === undefined || intent.closure === null) return [];
    return [
      {
        review,
        status: statusOf(intent),
        accountName: otherAccountName(user, intent.body.accountGuid),
        closure: closureView(intent.closure),
      },
    ];
  });
}
