import { useEffect, useId } from 'react';

export interface UnresolvedIntentsProps<Review extends { intentId: string; referenceId: string }> {
  /** Class and id prefix of the domain ("send", "swap"). */
  readonly prefix: string;
  readonly title: string;
  readonly lead: string;
  readonly unresolved: readonly {
    review: Review;
    status?: { confirmedAt?: string | null; state?: string };
    /** Set for one of another of the user's accounts: switching accounts must not hide it. */
    accountName?: string | null;
  }[];
  readonly loadUnresolved: () => Promise<void>;
  readonly resume: (review: Review) => void;
  /** What the intent moved, in the domain's words (amount, destination). */
  readonly summary: (review: Review) => React.ReactNode;
  /**
   * With these, each entry gets an acknowledgement checkbox: a new intent beside an unknown one may start
   * only once the user has said, for each, that it may already have gone through (security.md 27).
   */
  readonly acknowledged?: readonly string[];
  readonly acknowledge?: (intentId: string, known: boolean) => void;
  /** The acknowledgement's words for one entry: it names what may have moved. */
  readonly acknowledgeLabel?: (review: Review) => string;
}

/** When an intent was confirmed, in the reader's locale; nothing for one kept by an older version. */
function When({ at }: { at: string | null | undefined }): React.JSX.Element | null {
  if (!at) return null;
  const date = new Date(at);
  return <time dateTime={at}>{`confirmed ${date.toLocaleString()}`}</time>;
}

/** While a listed request is still out, the list is read again this often to show its answer. */
const IN_FLIGHT_REFRESH_MS = 2_000;

/**
 * Money moves whose answer was lost, or that are still being sent (a lock or a reload empties the window
 * while one is out), stay listed until a look-up finds them, even after a reload or a lock,
 * so nobody enters the same one again without knowing the first may have gone through. "Check status" only
 * looks the move up; it never sends anything (security.md 29).
 */
export function UnresolvedIntents<Review extends { intentId: string; referenceId: string }>(
  props: UnresolvedIntentsProps<Review>,
): React.JSX.Element | null {
  const { prefix, unresolved, loadUnresolved, resume, acknowledged, acknowledge, acknowledgeLabel } = props;
  const idPrefix = useId();

  useEffect(() => {
    void loadUnresolved();
  }, [loadUnresolved]);

  const anyInFlight = unresolved.some((entry) => entry.status?.state === 'in-flight');
  useEffect(() => {
    if (!anyInFlight) return;
    const timer = setInterval(() => void loadUnresolved(), IN_FLIGHT_REFRESH_MS);
    return () => clearInterval(timer);
  }, [anyInFlight, loadUnresolved]);

  if (unresolved.length === 0) return null;
  return (
    <section aria-labelledby={`${prefix}-unresolved-title`} className={`card warning ${prefix}-unresolved`}>
      <h3 id={`${prefix}-unresolved-title`}>{props.title}</h3>
      <p>{props.lead}</p>
      <ul>
        {unresolved.map(({ review, status, accountName }) => {
          const describedBy = `${idPrefix}-${review.intentId}`;
          const inFlight = status?.state === 'in-flight';
          return (
            <li key={review.intentId} className={`${prefix}-unresolved-entry`}>
              <p id={describedBy} className="row">
                {props.summary(review)}
                <span className="mono">{`reference ${review.referenceId}`}</span>
                <When at={status?.confirmedAt} />
                {accountName && <strong>{`In ${accountName}`}</strong>}
                {inFlight && <strong>Still being sent: its answer has not arrived yet.</strong>}
              </p>
              <div className="row">
                {/* Nothing to look up while the request is out; its answer settles it. */}
                {!inFlight && (
                  <button type="button" className="secondary" onClick={() => resume(review)}>
                    {`Check status of ${review.referenceId}`}
                  </button>
                )}
                {acknowledge && acknowledged && (
                  <label className="row">
                    <input
                      type="checkbox"
                      checked={acknowledged.includes(review.intentId)}
                      aria-describedby={describedBy}
                      onChange={(event) => acknowledge(review.intentId, event.target.checked)}
                    />
                    {acknowledgeLabel?.(review) ??
                      `I know reference ${review.referenceId} may already have gone through`}
                  </label>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
