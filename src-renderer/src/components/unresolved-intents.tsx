import { useEffect } from 'react';

export interface UnresolvedIntentsProps<Review extends { intentId: string; referenceId: string }> {
  /** Class and id prefix of the domain ("send", "swap"). */
  readonly prefix: string;
  readonly title: string;
  readonly lead: string;
  readonly unresolved: readonly { review: Review }[];
  readonly loadUnresolved: () => Promise<void>;
  readonly resume: (review: Review) => void;
  /** What the intent moved, in the domain's words (amount, destination). */
  readonly summary: (review: Review) => React.ReactNode;
}

/**
 * Money moves whose answer was lost stay listed until checked, even after a reload or a lock, so nobody
 * enters the same one again while the first may have gone through.
 */
export function UnresolvedIntents<Review extends { intentId: string; referenceId: string }>(
  props: UnresolvedIntentsProps<Review>,
): React.JSX.Element | null {
  const { prefix, unresolved, loadUnresolved, resume } = props;

  useEffect(() => {
    void loadUnresolved();
  }, [loadUnresolved]);

  if (unresolved.length === 0) return null;
  return (
    <section aria-labelledby={`${prefix}-unresolved-title`} className={`card warning ${prefix}-unresolved`}>
      <h3 id={`${prefix}-unresolved-title`}>{props.title}</h3>
      <p>{props.lead}</p>
      <ul>
        {unresolved.map(({ review }) => (
          <li key={review.intentId} className="row">
            {props.summary(review)}
            <button type="button" className="secondary" onClick={() => resume(review)}>
              {`Check status of ${review.referenceId}`}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
