/**
 * The product of two non-negative decimal texts rounded half up to `places` decimal places, written with
 * exactly that many: what `new Decimal(a).times(b).toDecimalPlaces(places, ROUND_HALF_UP).toFixed(places)`
 * gives with decimal.js's default settings, including its rounding of the product to 20 significant digits
 * (half up) before the places are taken. Integer arithmetic, exact: an export computes one of these per
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

/** Digits of `text` without its point as an integer, when a double holds it exactly (at most 15 digits). */
function smallDigits(text: string): number | null {
  let value = 0;
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x2e) continue;
    count += 1;
    if (count > 15) return null;
    value = value * 10 + (code - 0x30);
  }
  return value;
}

/**
 * The common case in doubles, no allocation: both texts short enough that their product is an integer a
 * double holds exactly (under 2^53, so under 20 digits: no significant-digit rounding), as is every step of
 * the rounding. Null when any step would not be exact; the BigInt path then gives the answer.
 */
function productInDoubles(a: string, b: string, places: number): string | null {
  const left = smallDigits(a);
  const right = smallDigits(b);
  if (left === null || right === null) return null;
  const product = left * right;
  if (product > Number.MAX_SAFE_INTEGER) return null;
  const pointA = a.indexOf('.');
  const pointB = b.indexOf('.');
  const drop = (pointA === -1 ? 0 : a.length - pointA - 1) + (pointB === -1 ? 0 : b.length - pointB - 1) - places;
  let rounded: number;
  if (drop <= 0) {
    rounded = product * 10 ** -drop;
    if (rounded > Number.MAX_SAFE_INTEGER) return null;
  } else {
    if (drop > 15) return null;
    const unit = 10 ** drop;
    const halved = product + unit / 2;
    if (halved > Number.MAX_SAFE_INTEGER) return null;
    rounded = (halved - (halved % unit)) / unit;
  }
  const text = String(rounded).padStart(places + 1, '0');
  return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
}

/** `a` and `b`: plain decimal text (digits, at most one point, no sign or exponent), as serviceNumberText writes. */
export function roundedProductText(a: string, b: string, places: number): string {
  if (!PLAIN_DECIMAL.test(a) || !PLAIN_DECIMAL.test(b)) throw new TypeError('not a plain decimal text');
  const quick = productInDoubles(a, b, places);
  if (quick !== null) return quick;
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
