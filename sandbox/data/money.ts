import Decimal from 'decimal.js';

/**
 * Exact decimal arithmetic for balances and amounts. Values are kept as Decimal / decimal strings inside the
 * sandbox and become JSON numbers only when a response is serialised.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = Decimal;

/** USD to other fiat, for the `prices` objects of spec 2.2 and section 6. */
export const FIAT_PER_USD = { usd: '1', eur: '0.92', gbp: '0.79', try: '34.2', jpy: '151.3' } as const;

export interface FiatPrices {
  usd: number;
  eur: number;
  gbp: number;
  try: number;
  jpy: number;
}

export function fiatPrices(usdPrice: Dec): FiatPrices {
  const at = (rate: string): number => usdPrice.times(rate).toDecimalPlaces(2).toNumber();
  return {
    usd: at(FIAT_PER_USD.usd),
    eur: at(FIAT_PER_USD.eur),
    gbp: at(FIAT_PER_USD.gbp),
    try: at(FIAT_PER_USD.try),
    jpy: at(FIAT_PER_USD.jpy),
  };
}

export function usd(value: Dec): number {
  return value.toDecimalPlaces(2).toNumber();
}
