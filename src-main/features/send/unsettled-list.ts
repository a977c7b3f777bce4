import type { Intent, IntentLedger } from '../money/at-most-once';

/**
 * The account's intents that may have moved money without the app knowing yet — answer lost or request
 * still out (IntentLedger.unsettled) — with what the user was shown for each, oldest first. A lock or a
 * reload empties the window while a request is out, so these lists are where the user sees them again
 * (security.md 27). Reviews of intents the ledger has forgotten are dropped with them.
 */
export function unsettledWithReviews<Body extends { accountGuid: string }, Outcome, Review, Status>(
  ledger: IntentLedger<Body, Outcome>,
  reviews: Map<string, Review>,
  accountGuid: string,
  statusOf: (intent: Intent<Body, Outcome>) => Status,
): { review: Review; status: Status }[] {
  for (const intentId of reviews.keys()) {
    try {
      ledger.get(intentId);
    } catch {
      reviews.delete(intentId);
    }
  }
  return ledger.unsettled().flatMap((intent) => {
    const review = reviews.get(intent.id);
    return review !== undefined && intent.body.accountGuid === accountGuid
      ? [{ review, status: statusOf(intent) }]
      : [];
  });
}

/** The account's unsettled intents a new one could repeat, for the acknowledgement guard. */
export function unsettledOf<Body extends { accountGuid: string }, Outcome>(
  ledger: IntentLedger<Body, Outcome>,
  accountGuid: string,
): Intent<Body, Outcome>[] {
  return ledger.unsettled().filter((intent) => intent.body.accountGuid === accountGuid);
}

/** How an unsettled intent is named in a warning: one still out is said to be so. */
export function stillOut(intent: Pick<Intent<unknown, unknown>, 'state'>): string {
  return intent.state === 'in-flight' ? ', still being sent' : '';
}
