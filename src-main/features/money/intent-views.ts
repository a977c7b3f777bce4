import type { BridgeError } from '../../../src-preload/result';
import type { Intent, IntentLedger, IntentState } from './at-most-once';

/** What the renderer may see of an intent: never its body (the frozen request stays in main). */
export interface IntentStatusView<Outcome> {
  intentId: string;
  referenceId: string;
  state: IntentState;
  outcome: Outcome | null;
  error: BridgeError | null;
  canRetry: boolean;
}

/** canRetry is the feature's own rule (a swap's quote must also still be valid). */
export function intentStatusView<Outcome>(
  intent: Intent<unknown, Outcome>,
  canRetry: boolean,
): IntentStatusView<Outcome> {
  return {
    intentId: intent.id,
    referenceId: intent.referenceId,
    state: intent.state,
    outcome: intent.outcome,
    error: intent.error,
    canRetry,
  };
}

/**
 * The account's intents whose outcome is still unknown, with their reviews, so a reload or a lock cannot
 * hide them. The ledger forgets old finished intents; their reviews are dropped with them.
 */
export function unresolvedIntents<
  Body extends { accountGuid: string },
  Outcome,
  Review extends { intentId: string },
  Status,
>(
  ledger: IntentLedger<Body, Outcome>,
  reviews: Map<string, Review>,
  accountGuid: string,
  statusOf: (intent: Intent<Body, Outcome>) => Status,
): { review: Review; status: Status }[] {
  return [...reviews.values()].flatMap((review) => {
    let intent: Intent<Body, Outcome>;
    try {
      intent = ledger.get(review.intentId);
    } catch {
      reviews.delete(review.intentId);
      return [];
    }
    return intent.state === 'unknown' && intent.body.accountGuid === accountGuid
      ? [{ review, status: statusOf(intent) }]
      : [];
  });
}
