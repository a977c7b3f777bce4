import Decimal from 'decimal.js';

/**
 * decimal.js rounds every result to 20 significant digits by default, and an amount of an 18-decimal asset
 * reaches 21 from 100 units up: a total, a balance check or a count of wei made with the default would be
 * off in its last digits. 80 keeps any sum or product of service amounts exact.
 */
export const ExactDecimal = Decimal.clone({ precision: 80 });
