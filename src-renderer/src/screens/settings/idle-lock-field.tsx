import { useId, useState } from 'react';
import { useText } from '../../i18n/use-text';
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
  const t = useText();
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
        {t('settings.idleLock.label')}
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
          {t('settings.idleLock.notSaved', { minutes })}
        </p>
      )}
      <p id={ids.hint} className="hint">
        {t('settings.idleLock.hint', { min: IDLE_LOCK_RANGE.min, max: IDLE_LOCK_RANGE.max })}
      </p>
    </>
  );
}
