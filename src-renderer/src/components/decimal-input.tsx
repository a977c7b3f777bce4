/**
 * An amount field: decimal keyboard, no autofill, and a comma typed as the decimal mark becomes a point
 * (main parses amounts as exact decimal strings). Marked invalid when its error is shown (errorId).
 */
export function DecimalInput({
  id,
  value,
  errorId,
  onChange,
}: {
  id: string;
  value: string;
  errorId: string | undefined;
  onChange: (value: string) => void;
}): React.JSX.Element {
  return (
    <input
      id={id}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      onChange={(event) => onChange(event.target.value.replace(',', '.'))}
    />
  );
}
