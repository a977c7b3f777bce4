import { useEffect, useRef } from 'react';
import { useText } from '../i18n/use-text';

const LENGTH = 6;

interface TwoFactorInputProps {
  /** The digits typed so far (0 to 6 characters, digits only). */
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Called once all six digits are present, e.g. to move focus to the submit button. */
  readonly onComplete?: (code: string) => void;
  readonly disabled?: boolean;
  readonly label?: string;
  /** undefined while there is no error to point at. */
  readonly errorId?: string | undefined;
  /**
   * The service's refusal of the last code sent (each a new object), or null: the boxes were cleared for a
   * new code, so each new refusal puts focus in the first box once they can be typed in again.
   */
  readonly refusal?: object | null;
}

/**
 * Six one-digit boxes: typing advances, Backspace goes back, pasting a code fills every box. Only
 * digits are accepted. The code lives in component state until it is sent and is never persisted.
 */
export function TwoFactorInput({
  value,
  onChange,
  onComplete,
  disabled = false,
  label,
  errorId,
  refusal = null,
}: TwoFactorInputProps): React.JSX.Element {
  const t = useText();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focusedFor = useRef<object | null>(null);

  // While sending, the fieldset is disabled and focus falls to the page; the refusal brings it back here.
  useEffect(() => {
    if (refusal === null || disabled || focusedFor.current === refusal) return;
    focusedFor.current = refusal;
    boxes.current[0]?.focus();
  }, [refusal, disabled]);

  const update = (next: string): void => {
    const digits = next.replace(/\D/g, '').slice(0, LENGTH);
    onChange(digits);
    boxes.current[Math.min(digits.length, LENGTH - 1)]?.focus();
    if (digits.length === LENGTH) onComplete?.(digits);
  };

  return (
    <fieldset className="two-factor" aria-describedby={errorId} disabled={disabled}>
      <legend>{label ?? t('money.twoFactor.label')}</legend>
      {Array.from({ length: LENGTH }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          aria-label={t('money.twoFactor.digit', { index: index + 1, count: LENGTH })}
          className="mono"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={LENGTH}
          size={1}
          value={value[index] ?? ''}
          onChange={(event) => {
            const typed = event.target.value.replace(/\D/g, '');
            if (typed === '') return;
            // Typing into a box replaces from that position on; a pasted/autofilled code fills the rest.
            update(value.slice(0, index) + typed);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Backspace') {
              event.preventDefault();
              const cut = value[index] === undefined ? Math.max(index - 1, 0) : index;
              onChange(value.slice(0, cut));
              boxes.current[cut]?.focus();
            } else if (event.key === 'ArrowLeft') {
              boxes.current[Math.max(index - 1, 0)]?.focus();
            } else if (event.key === 'ArrowRight') {
              boxes.current[Math.min(index + 1, value.length, LENGTH - 1)]?.focus();
            }
          }}
          onPaste={(event) => {
            event.preventDefault();
            update(value.slice(0, index) + event.clipboardData.getData('text'));
          }}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </fieldset>
  );
}
