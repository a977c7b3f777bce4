type IntlDecimal = Parameters<Intl.NumberFormat['format']>[0];

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Plain decimal text ("1000.50") written in a locale with every digit kept: no rounding, no float (Intl
 * formats the decimal text itself), the typed trailing zeros shown. Used to read an entered amount back and
 * to put an amount main chose (Max) into a field; text that is not a plain decimal is returned as it is.
 */
export function formatExactAmount(value: string, locale: string, grouping = true): string {
  if (!PLAIN_DECIMAL.test(value)) return value;
  // Intl allows at most 100 fraction digits; amounts have at most 18 (AmountInput).
  const fractionDigits = Math.min(value.split('.')[1]?.length ?? 0, 100);
  return new Intl.NumberFormat(locale, {
    useGrouping: grouping,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value as IntlDecimal);
}
