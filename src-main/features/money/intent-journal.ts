import { IntentLedger, type RestoredIntent } from './at-most-once';

/**
 * An intent whose request may have reached the service, with what the user was shown for it; a closed one
 * carries its closure (security.md 36).
 */
export interface UnresolvedRecord<Body, Review> extends RestoredIntent<Body> {
  readonly review: Review;
  /** The service said it waits for approval by e-mail (Z509, docs/z-codes.md); absent otherwise. */
  readonly awaiting?: 'email-approval' | undefined;
}

/** Where unresolved intents outlive the app: what the last run left, and a way to save the current set. */
export interface IntentJournal<Body, Review> {
  readonly restored: readonly UnresolvedRecord<Body, Review>[];
  save(records: readonly UnresolvedRecord<Body, Review>[]): Promise<void>;
}

/** The feature's reviews by intent id (a Map fits). */
export interface ReviewBook<Review> {
  get(intentId: string): Review | undefined;
  set(intentId: string, review: Review): void;
}

/**
 * Unknown intents the service said wait for approval by e-mail, kept beside them in the journal so the
 * state outlives a restart (a Set fits).
 */
export interface AwaitingMarks {
  has(intentId: string): boolean;
  add(intentId: string): unknown;
}

/**
 * A ledger whose unresolved intents survive a crash or a quit: it takes back what the journal holds
 * (as unknown outcomes, with their reviews and awaiting marks) and writes the set on every change. Without
 * a journal, a plain in-memory ledger.
 */
export function journaledLedger<Body, Outcome, Review>(
  journal: IntentJournal<Body, Review> | undefined,
  reviews: ReviewBook<Review>,
  awaiting?: AwaitingMarks,
): IntentLedger<Body, Outcome> {
  if (!journal) return new IntentLedger<Body, Outcome>();
  const ledger = new IntentLedger<Body, Outcome>({
    persist: (unresolved) =>
      journal.save(
        unresolved.flatMap((intent) => {
          const review = reviews.get(intent.id);
          if (review === undefined) return [];
          const { id, referenceId, attempts, body, closure } = intent;
          const marked = intent.state === 'unknown' && awaiting?.has(id) === true;
          return [
            {
              id,
              referenceId,
              attempts,
              body,
              review,
              ...(closure ? { closure } : {}),
              ...(marked ? { awaiting: 'email-approval' as const } : {}),
            },
          ];
        }),
      ),
  });
  for (const record of journal.restored) {
    const restored = ledger.restore(record);
    reviews.set(record.id, record.review);
    if (record.awaiting === 'email-approval' && restored.state === 'unknown') awaiting?.add(record.id);
  }
  return ledger;
}
