import Decimal from 'decimal.js';

/**
 * decimal.js rounds every result to 20 significant digits by default, and an amount of an 18-decimal asset
 * reaches 21 from 100 units up: a total, a balance check or a count of wei made with the default would be
 * off in its last digits, and a large USD sum would lose its cents. 80 keeps them exact for amounts of up to
 * 62 whole digits with 18 decimals; the app carries none past LARGEST_WHOLE_AMOUNT (16 digits) to the service
 * or into a payment QR. The precision is the receiver's: `new Decimal(a).plus(exact)` still rounds to 20, so
 * start from this one.
 *
 * Main and the renderer each import this file directly, as they do the other contract files. Nothing the
 * renderer loads before its first balances imports it: decimal.js comes with the screens that sum with it
 * (tests/unit/renderer/startup-imports.test.ts).
 */
export const ExactDecimal = Decimal.clone({ precision: 80 });
