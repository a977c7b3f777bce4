import { useId, useState } from 'react';
import type { BridgeError } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { ErrorMessage } from './error-message';
import { TwoFactorInput } from './two-factor-input';

/** The outcome heading takes focus when it appears, so it is announced and Tab continues from it. */
export function focusOnMount(element: HTMLHeadingElement | null): void {
  element?.focus();
}

export function ExplorerButton({ url }: { url: string }): React.JSX.Element {
  const [refused, setRefused] = useState(false);
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={() => {
          void wallet.links.open({ url }).then((result) => setRefused(!result.ok || !result.value.opened));
        }}
      >
        View in explorer
      </button>
      {refused && <p role="alert">This link is not on the list of explorers the app opens.</p>}
    </>
  );
}

export interface UnknownOutcomeProps {
  /** Class and id prefix of the domain ("send", "swap"). */
  readonly prefix: string;
  /** Why the outcome is unknown and what happens next, in the domain's words. */
  readonly explanation: string;
  /** Shown under the explanation (the reference, when the domain shows it here). */
  readonly children?: React.ReactNode;
  readonly retryLabel: string;
  readonly notFoundMessage: string;
  readonly retryingLabel: string;
  readonly submitting: boolean;
  readonly error: BridgeError | null;
  readonly lookup: 'not_found' | null;
  readonly checkStatus: () => Promise<void>;
  readonly retry: (tfaCode: string) => Promise<void>;
}

/** The answer was lost: say so, look the reference up on request, and only then offer a retry. */
export function UnknownOutcome(props: UnknownOutcomeProps): React.JSX.Element {
  const { prefix, submitting, error, lookup, checkStatus, retry } = props;
  const [code, setCode] = useState('');
  const codeErrorId = useId();
  const codeError = error?.field === 'tfa' ? error : null;

  return (
    <section aria-labelledby={`${prefix}-unknown-title`} className={`card ${prefix}-unknown`}>
      <h3 id={`${prefix}-unknown-title`} tabIndex={-1} ref={focusOnMount}>
        Outcome unknown
      </h3>
      <p>{props.explanation}</p>
      {props.children}
      {lookup !== 'not_found' && (
        <button type="button" className="primary" disabled={submitting} onClick={() => void checkStatus()}>
          {submitting ? 'Checking…' : 'Check status'}
        </button>
      )}
      {lookup === 'not_found' && (
        <form
          aria-label={props.retryLabel}
          onSubmit={(event) => {
            event.preventDefault();
            if (submitting || code.length !== 6) return;
            const sending = code;
            setCode('');
            void retry(sending);
          }}
        >
          <p role="status">{props.notFoundMessage}</p>
          <TwoFactorInput
            value={code}
            onChange={setCode}
            disabled={submitting}
            errorId={codeError ? codeErrorId : undefined}
          />
          <ErrorMessage error={codeError} id={codeErrorId} />
          <button type="submit" className="primary" disabled={submitting || code.length !== 6}>
            {submitting ? props.retryingLabel : props.retryLabel}
          </button>
        </form>
      )}
      <ErrorMessage error={error && !codeError && error.code !== 'outcome_unknown' ? error : null} />
    </section>
  );
}
