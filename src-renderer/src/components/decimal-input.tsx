import { useEffect, useId, useRef, useState } from 'react';
import { displayLocale } from '../format/display-locale';
import { formatExactAmount } from '../format/exact-amount';
import { parseAmount } from '../format/parse-amount';

/**
 * Every amount field of the app. The user types in the display locale (grouping and decimal mark as the
 * app shows amounts, so a pasted displayed amount works); `onChange` gets exact decimal text ("1000.5"),
 * or '' while the field is empty or cannot be read. The amount as understood is written back beside the
 * field ("= 1,000.50 USDT") before anything is checked, and text that could be read two ways is refused in
 * words. While the text is refused its form cannot be submitted, so '' is never taken for "no amount".
 */
export function DecimalInput({
  id,
  value,
  unit,
  errorId,
  onChange,
}: {
  id: string;
  /** Exact decimal text, e.g. from the store; a value set from outside (Max, a reset) replaces the text. */
  value: string;
  /** The asset code or currency the amount is in, shown in the read-back and accepted beside the number. */
  unit?: string | undefined;
  /** Id of an error shown about this field by its screen (from main). */
  errorId: string | undefined;
  onChange: (value: string) => void;
}): React.JSX.Element {
  const readbackId = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState(() => formatExactAmount(value, displayLocale, false));
  // What this field last reported: any other value came from outside and is shown in the locale's writing.
  const [reported, setReported] = useState(value);
  if (value !== reported) {
    setReported(value);
    setText(formatExactAmount(value, displayLocale, false));
  }
  const parsed = parseAmount(text, displayLocale, unit);
  const refused = parsed.kind === 'invalid';

  useEffect(() => {
    const form = input.current?.form;
    if (!refused || !form) return;
    // Runs on the form itself, before React's own submit handling at the root, which it then never sees:
    // forms with noValidate would otherwise go ahead without the amount the user meant.
    const block = (event: SubmitEvent): void => {
      event.preventDefault();
      event.stopImmediatePropagation();
      input.current?.focus();
    };
    form.addEventListener('submit', block);
    return () => form.removeEventListener('submit', block);
  }, [refused]);

  const readback =
    parsed.kind === 'amount'
      ? `= ${formatExactAmount(parsed.value, displayLocale)}${unit ? ` ${unit}` : ''}`
      : parsed.kind === 'invalid'
        ? parsed.message
        : '';

  return (
    <>
      <input
        ref={input}
        id={id}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={text}
        aria-invalid={refused || errorId ? true : undefined}
        aria-describedby={errorId ? `${readbackId} ${errorId}` : readbackId}
        onChange={(event) => {
          const next = event.target.value;
          const result = parseAmount(next, displayLocale, unit);
          const exact = result.kind === 'amount' ? result.value : '';
          setText(next);
          setReported(exact);
          onChange(exact);
        }}
      />
      <output id={readbackId} htmlFor={id} className={refused ? 'amount-readback error' : 'amount-readback'}>
        {readback}
      </output>
    </>
  );
}
