import { useState } from 'react';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { useText } from '../i18n/use-text';
import { ErrorMessage } from './error-message';

/** The outcome heading takes focus when it appears, so it is announced and Tab continues from it. */
export function focusOnMount(element: HTMLHeadingElement | null): void {
  element?.focus();
}

export function ExplorerButton({ url }: { url: string }): React.JSX.Element {
  const [refused, setRefused] = useState(false);
  const t = useText();
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={() => {
          void wallet.links.open({ url }).then((result) => setRefused(!result.ok || !result.value.opened));
        }}
      >
        {t('money.outcome.explorer')}
      </button>
      {refused && <p role="alert">{t('money.outcome.explorerRefused')}</p>}
    </>
  );
}

export interface UnknownOutcomeProps {
  /** Class and id prefix of the domain ("send", "swap"). */
  readonly prefix: string;
  /** The heading ("Outcome unknown" unless the domain knows more, e.g. that it waits for an approval). */
  readonly title?: string;
  /** Why the outcome is unknown and what happens next, in the domain's words. */
  readonly explanation: string;
  /** The explanation is announced as an alert (a withdrawal's: main's words from the answer just received). */
  readonly urgent?: boolean;
  /** Shown under the explanation (the reference, when the domain shows it here). */
  readonly children?: React.ReactNode;
  /** Said after a look-up that found nothing: the outcome stays unknown. */
  readonly notFoundMessage: string;
  /** Said after a look-up that found several equal moves and cannot tell which is this one. */
  readonly ambiguousMessage?: string;
  /** What the last look-up found, in the domain's own words; replaces the messages above when set. */
  readonly lookupWords?: string | null;
  /** The button that leaves for the form, where a new move needs this one acknowledged ("Start a new send"). */
  readonly startNewLabel: string;
  readonly startNew: () => void;
  readonly submitting: boolean;
  readonly error: BridgeError | null;
  readonly lookup: 'not_found' | 'ambiguous' | 'pending' | 'failed' | null;
  readonly checkStatus: () => Promise<void>;
}

/**
 * The answer was lost: say so, and look the move up on request. "Check status" only looks (security.md
 * 29); a look-up that finds nothing keeps the outcome unknown (security.md 27), so no resend is offered
 * here: a new move starts from the form, after a warning naming this one.
 */
export function UnknownOutcome(props: UnknownOutcomeProps): React.JSX.Element {
  const { prefix, submitting, error, lookup, checkStatus } = props;
  const t = useText();
  // Found but not completed (pending, or reported failed): main's words say what the row showed and that
  // the outcome stays unknown.
  const lookupMessage =
    props.lookupWords ??
    (lookup === 'pending' || lookup === 'failed'
      ? (error?.message ?? props.notFoundMessage)
      : lookup === 'ambiguous'
        ? (props.ambiguousMessage ?? props.notFoundMessage)
        : lookup
          ? props.notFoundMessage
          : null);

  return (
    <section aria-labelledby={`${prefix}-unknown-title`} className={`card ${prefix}-unknown`}>
      <h3 id={`${prefix}-unknown-title`} tabIndex={-1} ref={focusOnMount}>
        {props.title ?? t('money.outcome.unknown')}
      </h3>
      <p role={props.urgent ? 'alert' : undefined}>{props.explanation}</p>
      {props.children}
      <p role="status">{submitting ? t('money.outcome.looking') : (lookupMessage ?? '')}</p>
      <div className={`row ${prefix}-actions`}>
        <button type="button" className="primary" disabled={submitting} onClick={() => void checkStatus()}>
          {submitting ? t('money.outcome.checking') : t('money.list.checkStatus')}
        </button>
        <button type="button" className="secondary" disabled={submitting} onClick={props.startNew}>
          {props.startNewLabel}
        </button>
      </div>
      <ErrorMessage error={error && error.code !== 'outcome_unknown' ? error : null} />
    </section>
  );
}
