/**
 * The product of two non-negative decimal texts rounded half up to `places` decimal places, written with
 * exactly that many: what `new Decimal(a).times(b).toDecimalPlaces(places, ROUND_HALF_UP).toFixed(places)`
 * gives with decimal.js's default settings, including its rounding of the product to 20 significant digits
 * (half up) before the places are taken. Integer arithmetic on BigInt: an export computes one of these per
 * record, and five Decimal objects each were a large part of its time and garbage.
 */
const SIGNIFICANT_DIGITS = 20;
// Built once: a regular expression literal is a new object each time it runs, and this runs per record.
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

function scaled(text: string): { readonly digits: bigint; readonly scale: number } {
  const point = text.indexOf('.');
  if (point === -1) return { digits: BigInt(text), scale: 0 };
  return { digits: BigInt(text.slice(0, point) + text.slice(point + 1)), scale: text.length - point - 1 };
}

/** `value` / 10^drop, rounded half up (value >= 0). */
function dropDigits(value: bigint, drop: number): bigint {
  if (drop <= 0) return value * 10n ** BigInt(-drop);
  const unit = 10n ** BigInt(drop);
  return (value + unit / 2n) / unit;
}

/** `a` and `b`: plain decimal text (digits, at most one point, no sign or exponent), as serviceNumberText writes. */
export function roundedProductText(a: string, b: string, places: number): string {
  if (!PLAIN_DECIMAL.test(a) || !PLAIN_DECIMAL.test(b)) throw new TypeError('not a plain decimal text');
  const left = scaled(a);
  const right = scaled(b);
  let digits = left.digits * right.digits;
  let scale = left.scale + right.scale;
  const excess = digits.toString().length - SIGNIFICANT_DIGITS;
  if (excess > 0) {
    digits = dropDigits(digits, excess);
    scale -= excess;
  }
  const text = dropDigits(digits, scale - places)
    .toString()
    .padStart(places + 1, '0');
  return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
}
