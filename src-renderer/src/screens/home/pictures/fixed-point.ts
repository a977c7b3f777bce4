import { ExactDecimal as Decimal } from '../../../../../src-preload/contract/exact-decimal';

/** Decimal places every amount and price is held to: more than any asset has (the bridge allows 18). */
export const SCALE = 18;
const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Decimal text as an integer count of 10^-18: a walk through ten thousand records adds integers, not
 * decimal objects parsed from text each time. Text with more places is rounded to 18 (half up).
 */
export function toFixedPoint(text: string): bigint {
  const match = PLAIN.exec(text);
  if (!match || (match[3]?.length ?? 0) > SCALE) {
    const rounded = new Decimal(text).toFixed(SCALE);
    if (!PLAIN.test(rounded)) throw new RangeError(`not a decimal amount: ${text}`);
    return toFixedPoint(rounded);
  }
  const digits = BigInt(`${match[2]!}${(match[3] ?? '').padEnd(SCALE, '0')}`);
  return match[1] ? -digits : digits;
}

/** An integer count of 10^-scale as plain decimal text, without trailing zeros ("0.02", "-200"). */
export function fromFixedPoint(value: bigint, scale = SCALE): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
