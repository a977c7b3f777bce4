import Decimal from 'decimal.js';
import { AppError } from '../../app-error';

/** A service JSON number as an exact decimal: String(n) is the shortest text that round-trips. */
export function fromServiceNumber(value: number): Decimal {
  return new Decimal(String(value));
}

/**
 * A decimal as the JSON number the service wants, only if that number says exactly the same amount;
 * otherwise the request would move a different amount than the one the user approved.
 */
export function toServiceNumber(value: Decimal, field = 'amount'): number {
  const number = value.toNumber();
  if (!Number.isFinite(number) || !new Decimal(String(number)).equals(value)) {
    throw new AppError('bad_input', 'This amount has more digits than can be sent exactly. Use fewer decimal places.', {
      field,
    });
  }
  return number;
}

/** Exact decimal text for the bridge (no exponent notation). */
export function text(value: Decimal): string {
  return value.toFixed();
}

/** USD shown to people: cents, rounded half up. */
export function usdText(value: Decimal): string {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
