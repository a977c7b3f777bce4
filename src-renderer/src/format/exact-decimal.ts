import Decimal from 'decimal.js';

/**
 * decimal.js rounds every result to 20 significant digits by default, which would cut a large USD sum's
 * cents; 80 keeps any sum of service amounts exact.
 */
export const ExactDecimal = Decimal.clone({ precision: 80 });
