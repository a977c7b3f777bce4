import { useId, useState } from 'react';
import { IDLE_LOCK_RANGE, idleLockMinutesFrom } from './idle-lock-minutes';

/**
 * The idle-lock time. What it accepts is said beside it, tied to the field; an entry outside that is kept
 * as typed, marked invalid with the same words, and nothing is saved (the time in force stays).
 */
export function IdleLockField({
  minutes,
  onSave,
}: {
  minutes: number;
  onSave: (minutes: number) => void;
}): React.JSX.Element {
  const ids = { field: useId(), hint: useId(), error: useId() };
  const [text, setText] = useState(String(minutes));
  const [invalid, setInvalid] = useState(false);
  // A time set elsewhere (another window, a reload) is taken over while rendering, unless it is what is shown.
  const [shown, setShown] = useState(minutes);
  if (shown !== minutes) {
    setShown(minutes);
    setText(String(minutes));
    setInvalid(false);
  }

  const commit = (): void => {
    const wanted = idleLockMinutesFrom(text);
    setInvalid(wanted === null);
    if (wanted !== null && wanted !== minutes) onSave(wanted);
  };

  return (
    <>
      <label htmlFor={ids.field} className="row">
        Lock after idle (minutes)
      </label>
      <input
        id={ids.field}
        type="number"
        inputMode="numeric"
        min={IDLE_LOCK_RANGE.min}
        max={IDLE_LOCK_RANGE.max}
        step={1}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${ids.error} ${ids.hint}` : ids.hint}
        onChange={(event) => {
          setText(event.target.value);
          if (invalid) setInvalid(false);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      {invalid && (
        <p id={ids.error} role="alert" className="error">
          {`Nothing was saved: Wallet Desk still locks after ${minutes === 1 ? '1 idle minute' : `${minutes} idle minutes`}.`}
        </p>
      )}
      <p id={ids.hint} className="hint">
        {`Enter a whole number of minutes from ${IDLE_LOCK_RANGE.min} to ${IDLE_LOCK_RANGE.max} (24 hours).`}
      </p>
    </>
  );
}
