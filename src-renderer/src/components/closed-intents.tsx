import { useEffect, useState } from 'react';
import { formatDateTime } from '../format/dates';
import { useText } from '../i18n/use-text';
import { selectPrivacyMode, useAppStore } from '../stores/app-store';
import { ListPager, PAGE_SIZE } from './close-words';

export interface ClosedIntentsProps<Review extends { intentId: string }> {
  readonly prefix: string;
  readonly title: string;
  readonly closed: readonly {
    review: Review;
    accountName?: string | null;
    closure: { readonly at: string; readonly byName: string; readonly shown: string };
  }[];
  readonly loadClosed: () => Promise<void>;
  /** "Check status": opens the move on its outcome page and looks it up, in one press. */
  readonly openAndCheck: (review: Review) => Promise<void>;
  readonly summary: (review: Review) => React.ReactNode;
  readonly describe: (review: Review) => string;
  /** The move's reference at the service (a send's reference, a withdrawal's merchant transaction id). */
  readonly referenceOf: (review: Review) => string;
}

/**
 * Moves a person closed as "did not go through" stay visible with their details: who closed them, when, and
 * the warning they confirmed (security.md 36). Collapsed, as they need no action; "Check status" still looks
 * each up, and one found raises the app-wide alarm.
 */
export function ClosedIntents<Review extends { intentId: string }>(
  props: ClosedIntentsProps<Review>,
): React.JSX.Element | null {
  const { prefix, closed, loadClosed, openAndCheck, describe, referenceOf } = props;
  const [page, setPage] = useState(0);
  const privacy = useAppStore(selectPrivacyMode);
  const t = useText();
  useEffect(() => {
    void loadClosed();
  }, [loadClosed]);
  if (closed.length === 0) return null;
  const pages = Math.max(1, Math.ceil(closed.length / PAGE_SIZE));
  const shownPage = Math.min(page, pages - 1);
  // Newest first: the move just closed is the one the reader looks for.
  const shown = [...closed].reverse().slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE);
  return (
    <section aria-labelledby={`${prefix}-closed-title`} className={`card ${prefix}-closed money-closed`}>
      <details>
        <summary>
          <h3 id={`${prefix}-closed-title`} className="money-closed-title">
            {t('money.closed.title', { title: props.title, count: closed.length })}
          </h3>
        </summary>
        <ul className="money-unresolved-list" aria-label={props.title}>
          {shown.map(({ review, accountName, closure }) => (
            <li key={review.intentId} className={`${prefix}-closed-entry money-unresolved-entry`}>
              <p className="row money-unresolved-facts">
                {props.summary(review)}
                <span className="mono money-id">{t('money.list.reference', { reference: referenceOf(review) })}</span>
                {accountName && <strong>{t('money.list.account', { account: accountName })}</strong>}
              </p>
              <p>{t('money.closed.by', { name: closure.byName, when: formatDateTime(closure.at) })}</p>
              {/* The recorded words name the amount as it was shown then, which privacy mode hides from a second person at the desk. */}
              <p className="money-closed-shown">
                {privacy ? t('money.closed.shownHidden') : t('money.closed.shown', { words: closure.shown })}
              </p>
              <button
                type="button"
                className="secondary"
                aria-label={t('money.closed.check', { what: describe(review), reference: referenceOf(review) })}
                onClick={() => void openAndCheck(review)}
              >
                {t('money.list.checkStatus')}
              </button>
            </li>
          ))}
        </ul>
        <ListPager label={props.title} page={shownPage} pages={pages} total={closed.length} onPage={setPage} />
      </details>
    </section>
  );
}
