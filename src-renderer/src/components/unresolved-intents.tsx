import { useEffect, useId, useState } from 'react';
import type { BridgeError } from '../../../src-preload/result';
import { HIDDEN_MIN_PERIOD_MS, usePolling } from '../hooks/use-polling';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorMessage } from './error-message';
import { closeAllWarning, closeOneWarning, ListPager, PAGE_SIZE } from './close-words';
import { useText } from '../i18n/use-text';
import { type MoneyKind, startedAt } from './unsettled-words';

/** What the list reads of an intent's status. */
interface ListedStatus {
  confirmedAt?: string | null;
  state?: string;
}

/**
 * How "Check status" looks a listed intent up. By default it opens the intent on its outcome page and looks
 * it up, in one press, once the request is no longer out (the list is read again while one is). In place,
 * it looks the intent up from the list and says what it found there, offered for one still being sent too,
 * whose answer may have come since; the list is then read again only after a look-up.
 */
type CheckProps<Review> =
  | { readonly openAndCheck: (review: Review) => Promise<void>; readonly checkInPlace?: undefined }
  | {
      readonly openAndCheck?: undefined;
      readonly checkInPlace: {
        readonly check: (intentId: string) => Promise<void>;
        /** Intents whose look-up is on its way: their buttons are disabled. */
        readonly checking: readonly string[];
        /** The button's accessible name, naming the intent by the reference its facts show. */
        readonly label: (review: Review) => string;
      };
    };

export type UnresolvedIntentsProps<
  Review extends { intentId: string },
  Status extends ListedStatus = ListedStatus,
> = CheckProps<Review> & {
  /** Class and id prefix of the domain ("send", "swap", "withdraw"). */
  readonly prefix: string;
  readonly title: string;
  readonly lead: string;
  readonly unresolved: readonly {
    review: Review;
    status?: Status;
    /** Set for one of another of the user's accounts: switching accounts must not hide it. */
    accountName?: string | null;
  }[];
  readonly loadUnresolved: () => Promise<void>;
  /** What the intent moved, in the domain's words (amount, destination). */
  readonly summary: (review: Review) => React.ReactNode;
  /** The reference the service knows the intent by (a withdrawal's merchant transaction id). */
  readonly referenceOf: (review: Review) => string;
  /**
   * The summary already shows the reference and when the intent started, as a description list (a
   * withdrawal's facts): neither is repeated beside it.
   */
  readonly factsInSummary?: boolean;
  /** Why an intent is listed (still being sent, waiting for approval, ...); without it, only one still out says so. */
  readonly stateLine?: (status: Status) => string;
  /**
   * With these, each entry gets an acknowledgement checkbox: a new intent beside an unknown one may start
   * only once the user has said, for each, that it may already have gone through (security.md 27).
   */
  readonly acknowledged?: readonly string[];
  readonly acknowledge?: (intentId: string, known: boolean) => void;
  /**
   * What may have moved, as plain text for labels ("send of 0,0009 BTC to bc1qw508…kv8f3t4"): the
   * acknowledgement and the "Check status" button's accessible name use it.
   */
  readonly describe: (review: Review) => string;
  /** With these, each unknown entry may be closed as "did not go through" after a warning (security.md 36). */
  readonly close?: (intentIds: string[], warning: string) => Promise<boolean>;
  readonly closing?: boolean;
  readonly closeError?: BridgeError | null;
  readonly acknowledgeAll?: (known: boolean) => void;
  /** Which kind of move these are: the catalogue has each sentence about them whole, per kind. */
  readonly kind: MoneyKind;
};

/**
 * When the user pressed the button that sent it, in the reader's locale (the format of formatDateTime, used
 * by every text about it); nothing for one kept by an older version.
 */
function When({ at }: { at: string | null | undefined }): React.JSX.Element | null {
  const t = useText();
  if (!at) return null;
  return (
    <time dateTime={at} title={at}>
      {t('money.list.started', { when: startedAt(at) })}
    </time>
  );
}

/** While a listed request is still out, the list is read again this often to show its answer. */
const IN_FLIGHT_REFRESH_MS = 2_000;

/**
 * Money moves whose answer was lost, or that are still being sent (a lock or a reload empties the window
 * while one is out), stay listed until a look-up finds them, even after a reload or a lock,
 * so nobody enters the same one again without knowing the first may have gone through. "Check status" only
 * looks the move up; it never sends anything (security.md 29).
 */
export function UnresolvedIntents<Review extends { intentId: string }, Status extends ListedStatus = ListedStatus>(
  props: UnresolvedIntentsProps<Review, Status>,
): React.JSX.Element | null {
  const { prefix, unresolved, loadUnresolved, acknowledged, acknowledge, describe, referenceOf } = props;
  const inPlace = props.checkInPlace;
  const idPrefix = useId();
  const t = useText();

  useEffect(() => {
    void loadUnresolved();
  }, [loadUnresolved]);

  const anyInFlight = unresolved.some((entry) => entry.status?.state === 'in-flight');
  // While one is still being sent; hidden, once a minute (the polling rule, hooks/use-polling.ts).
  usePolling(() => void loadUnresolved(), {
    visibleMs: IN_FLIGHT_REFRESH_MS,
    hiddenMs: HIDDEN_MIN_PERIOD_MS,
    immediately: false,
    enabled: anyInFlight && !inPlace,
  });

  const [page, setPage] = useState(0);
  /** The closing asked for: one entry's id, or every unknown one listed. */
  const [asking, setAsking] = useState<{ readonly ids: string[]; readonly warning: string } | null>(null);

  if (unresolved.length === 0) return null;
  const pages = Math.max(1, Math.ceil(unresolved.length / PAGE_SIZE));
  const shownPage = Math.min(page, pages - 1);
  const shown = unresolved.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE);
  const closable = unresolved.filter((entry) => entry.status?.state !== 'in-flight');
  const { close, kind } = props;
  const allAcknowledged =
    acknowledged !== undefined && unresolved.every((entry) => acknowledged.includes(entry.review.intentId));
  return (
    <section
      aria-labelledby={`${prefix}-unresolved-title`}
      className={`card warning ${prefix}-unresolved money-unresolved`}
    >
      <h3 id={`${prefix}-unresolved-title`}>{props.title}</h3>
      <p>{props.lead}</p>
      {unresolved.length > 1 && props.acknowledgeAll && acknowledged && (
        <label className="row money-ack money-ack-all">
          <input
            type="checkbox"
            checked={allAcknowledged}
            onChange={(event) => props.acknowledgeAll?.(event.target.checked)}
          />
          <span>{t('money.unresolved.ackAll', { kind, count: unresolved.length })}</span>
        </label>
      )}
      {close && closable.length > 1 && (
        <button
          type="button"
          className="secondary money-close-all"
          disabled={props.closing === true}
          onClick={() =>
            setAsking({
              ids: closable.map((entry) => entry.review.intentId),
              warning: closeAllWarning(closable.length, kind),
            })
          }
        >
          {t('money.unresolved.closeAll', { count: closable.length })}
        </button>
      )}
      {props.closeError && <ErrorMessage error={props.closeError} />}
      <ul className="money-unresolved-list">
        {shown.map(({ review, status, accountName }) => {
          const describedBy = `${idPrefix}-${review.intentId}`;
          const inFlight = status?.state === 'in-flight';
          const what = describe(review);
          const when = startedAt(status?.confirmedAt);
          const reference = referenceOf(review);
          // A withdrawal's facts are a description list, which a paragraph may not hold.
          const Facts = props.factsInSummary ? 'div' : 'p';
          return (
            <li key={review.intentId} className={`${prefix}-unresolved-entry money-unresolved-entry`}>
              <Facts id={describedBy} className={`row ${prefix}-unresolved-facts money-unresolved-facts`}>
                {props.summary(review)}
                {!props.factsInSummary && (
                  <>
                    <span className="mono money-id">{t('money.list.reference', { reference })}</span>
                    <When at={status?.confirmedAt} />
                  </>
                )}
                {accountName && <strong>{t('money.list.account', { account: accountName })}</strong>}
                {inFlight && !props.stateLine && <strong>{t('money.unresolved.inFlight')}</strong>}
              </Facts>
              {props.stateLine && status && <p>{props.stateLine(status)}</p>}
              <div className="row money-unresolved-actions">
                {/* Opened on its outcome page, nothing to look up while the request is out: its answer settles it. */}
                {(inPlace || !inFlight) && (
                  <button
                    type="button"
                    className="secondary"
                    aria-label={
                      inPlace ? inPlace.label(review) : t('money.unresolved.check', { what, when, reference })
                    }
                    disabled={inPlace?.checking.includes(review.intentId) === true}
                    onClick={() => void (inPlace ? inPlace.check(review.intentId) : props.openAndCheck(review))}
                  >
                    {t('money.list.checkStatus')}
                  </button>
                )}
                {!inFlight && close && (
                  <button
                    type="button"
                    className="secondary"
                    disabled={props.closing === true}
                    aria-label={t('money.unresolved.closeLabel', { what, when, reference })}
                    onClick={() =>
                      setAsking({ ids: [review.intentId], warning: closeOneWarning(what, when, reference) })
                    }
                  >
                    {t('money.unresolved.close')}
                  </button>
                )}
                {acknowledge && acknowledged && (
                  <label className="row money-ack">
                    <input
                      type="checkbox"
                      checked={acknowledged.includes(review.intentId)}
                      aria-describedby={describedBy}
                      onChange={(event) => acknowledge(review.intentId, event.target.checked)}
                    />
                    <span>{t('money.unresolved.ack', { what, when, reference })}</span>
                  </label>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ListPager label={props.title} page={shownPage} pages={pages} total={unresolved.length} onPage={setPage} />
      {asking && close && (
        <ConfirmDialog
          title={t('money.unresolved.confirmTitle', { kind, count: asking.ids.length })}
          body={asking.warning}
          confirmLabel={t('money.unresolved.confirm', { count: asking.ids.length })}
          busy={props.closing === true}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const { ids, warning } = asking;
            void close(ids, warning).then(() => setAsking(null));
          }}
        />
      )}
    </section>
  );
}
