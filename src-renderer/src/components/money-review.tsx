import { useEffect, useId, useRef, useState } from 'react';
import type { BridgeError } from '../../../src-preload/result';
import { ErrorMessage } from './error-message';
import { TwoFactorInput } from './two-factor-input';
import { useText } from '../i18n/use-text';
import { AcknowledgeFirst, isUnacknowledged, type MoneyKind } from './unsettled-words';

export interface MoneyReviewProps {
  /** Class and id prefix of the domain ("send", "swap"). */
  readonly prefix: string;
  readonly title: string;
  /** Focus moves to the code again whenever a new intent is reviewed. */
  readonly intentId: string;
  /** What main froze at confirmation, in the domain's own layout. */
  readonly children: React.ReactNode;
  readonly submitLabel: string;
  readonly submittingLabel: string;
  readonly submitting: boolean;
  readonly error: BridgeError | null;
  readonly execute: (tfaCode: string) => Promise<void>;
  readonly back: () => void;
  /**
   * The service definitely refused the last attempt (nothing moved): the button says it sends again under
   * the same reference, and a note says so (security.md 22, 29).
   */
  readonly refused?: boolean;
  readonly retryLabel?: string;
  readonly referenceId?: string;
  /** The kind of move (its sentences are the catalogue's, per kind) and the title of its panel of moves with an unknown outcome. */
  readonly kind: MoneyKind;
  readonly unresolvedTitle: string;
  /** Shown first, above what main froze: e.g. that it looks identical to a move with an unknown outcome. */
  readonly notice?: React.ReactNode;
  /** The button that leaves the review ("Back" unless the domain says otherwise). */
  readonly backLabel?: string;
  /** The note after a definite refusal, in the domain's words (it names its own reference). */
  readonly retryNote?: string;
  /**
   * A domain whose list of unsettled moves is not beside the review (withdrawals) acknowledges them here,
   * in the form: `box` above the code, `ready` false keeps the code and sends nothing (focus goes to the box
   * and `unready` says why). Without it, the refusal points to the boxes of the list above.
   */
  readonly acknowledgement?: {
    readonly box: React.ReactNode;
    readonly ready: () => boolean;
    readonly unready: React.ReactNode;
  };
}

/**
 * A review card: what main froze, then the two-factor code. The code lives in this component's state only
 * until it is sent; a refused code is cleared, since each code is good for one request.
 */
export function MoneyReview(props: MoneyReviewProps): React.JSX.Element {
  const { prefix, intentId, submitting, error, execute } = props;
  const [code, setCode] = useState('');
  const submitButton = useRef<HTMLButtonElement>(null);
  const codeErrorId = useId();
  const panel = useRef<HTMLElement>(null);
  // Keyboard users land on the code: the review's only input.
  useEffect(() => {
    panel.current?.querySelector<HTMLInputElement>('.two-factor input')?.focus();
  }, [intentId]);
  // Interface A names the code's field "tfa", Interface B's Z-codes "tfaCode": either is the code refused.
  const codeError = error?.field === 'tfa' || error?.field === 'tfaCode' ? error : null;
  const { acknowledgement } = props;
  const t = useText();

  return (
    <section ref={panel} aria-labelledby={`${prefix}-review-title`} className={`card ${prefix}-review`}>
      <h3 id={`${prefix}-review-title`}>{props.title}</h3>
      {props.notice}
      {props.children}
      <form
        aria-label={t('money.review.codeForm')}
        onSubmit={(event) => {
          event.preventDefault();
          if (submitting || code.length !== 6) return;
          if (acknowledgement && !acknowledgement.ready()) return;
          const sending = code;
          setCode('');
          void execute(sending);
        }}
      >
        {acknowledgement?.box}
        <TwoFactorInput
          value={code}
          onChange={setCode}
          // On the next frame: the button is enabled only once the sixth digit has rendered.
          onComplete={() => requestAnimationFrame(() => submitButton.current?.focus())}
          disabled={submitting}
          errorId={codeError ? codeErrorId : undefined}
          refusal={codeError}
        />
        <ErrorMessage error={codeError} id={codeErrorId} />
        <ErrorMessage error={error && !codeError && !isUnacknowledged(error) ? error : null} />
        {props.refused && (
          <p role="note" className={`${prefix}-retry-note`}>
            {props.retryNote ??
              (props.referenceId
                ? t('money.review.retryNote', { reference: props.referenceId })
                : t('money.review.retryNoteBare'))}
          </p>
        )}
        {/* Beside the button: where to act, and focus on the first box to tick. */}
        {!acknowledgement && (
          <AcknowledgeFirst prefix={prefix} kind={props.kind} panelTitle={props.unresolvedTitle} error={error} />
        )}
        <div className={`row ${prefix}-actions`}>
          <button ref={submitButton} type="submit" className="primary" disabled={submitting || code.length !== 6}>
            {submitting
              ? props.submittingLabel
              : props.refused && props.retryLabel
                ? props.retryLabel
                : props.submitLabel}
          </button>
          <button type="button" className="secondary" disabled={submitting} onClick={props.back}>
            {props.backLabel ?? t('money.review.back')}
          </button>
        </div>
        {acknowledgement?.unready}
      </form>
    </section>
  );
}
