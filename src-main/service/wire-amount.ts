import Decimal from 'decimal.js';
import { t } from '../i18n/main-text';
import { LARGEST_WHOLE_AMOUNT } from '../../src-preload/contract/amount-limits';
import { AppError } from '../app-error';

/**
 * The one conversion between the service's JSON numbers and the app's exact decimals (both interfaces
 * carry amounts as JSON numbers; the bridge carries decimal text). String(n) is the shortest text that
 * reads back as the same double, so it is exactly the digits the service sent; Decimal keeps them.
 */
export function fromServiceNumber(value: number): Decimal {
  return new Decimal(String(value));
}

/**
 * A service JSON number as exact decimal text for the bridge (plain notation, never an exponent). Decimal
 * only has to write out an exponent (1e-7, 1e+21); most numbers have none, and skipping it for them keeps
 * a million-row history export from allocating Decimals per field.
 */
export function serviceNumberText(value: number): string {
  const text = String(value);
  return text.includes('e') ? new Decimal(text).toFixed() : text;
}

/** Exact decimal text for the bridge (no exponent notation). */
export function decimalText(value: Decimal): string {
  return value.toFixed();
}

/** USD shown to people: cents, rounded half up. */
export function usdText(value: Decimal): string {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * An amount as the JSON number the service wants, only if that number says exactly the same amount.
 * Refused (before any call) otherwise: a silently rounded withdrawal, send or deposit amount would move
 * or ask for a different amount than the one the user approved.
 */
export function toServiceNumber(value: Decimal | string, field = 'amount'): number {
  let exact: Decimal;
  try {
    exact = typeof value === 'string' ? new Decimal(value) : value;
  } catch {
    throw new AppError('bad_input', t('mainService.amount.notANumber'), { field });
  }
  const wire = exact.toNumber();
  if (!Number.isFinite(wire) || !new Decimal(String(wire)).equals(exact)) {
    // Past the largest whole amount fewer decimal places would not help: the words say what would.
    if (exact.isFinite() && exact.abs().greaterThan(LARGEST_WHOLE_AMOUNT)) {
      throw new AppError(
        'bad_input',
        t('mainService.amount.tooLarge', { largest: new Decimal(LARGEST_WHOLE_AMOUNT).toFixed() }),
        { field },
      );
    }
    throw new AppError('bad_input', t('mainService.amount.tooManyDigits'), { field });
  }
  return wire;
}

/**
 * The largest amount at most `value`, with at most `decimals` places, that a JSON number carries exactly: a
 * Max amount must be one the service can receive as it is (toServiceNumber), so places a double cannot hold
 * beside the whole part are cut, never rounded up.
 */
export function floorToServiceNumber(value: Decimal, decimals: number): Decimal {
  for (let places = decimals; places > 0; places -= 1) {
    const candidate = value.toDecimalPlaces(places, Decimal.ROUND_DOWN);
    if (new Decimal(String(candidate.toNumber())).equals(candidate)) return candidate;
  }
  return value.toDecimalPlaces(0, Decimal.ROUND_DOWN);
}

/**
 * An entered amount as exact text, refused when it has more decimal places than the asset carries on its
 * network (the service would round it, or refuse it after the user approved it).
 */
export function requireDecimalPlaces(text: string, assetCode: string, decimals: number, field = 'amount'): string {
  let amount: Decimal;
  try {
    amount = new Decimal(text);
  } catch {
    throw new AppError('bad_input', t('mainService.amount.notANumber'), { field });
  }
  if (amount.decimalPlaces() > decimals) {
    throw new AppError('bad_input', t('mainService.amount.decimalPlaces', { asset: assetCode, decimals }), { field });
  }
  return amount.toFixed();
}
