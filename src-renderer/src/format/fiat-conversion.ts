import Decimal from 'decimal.js';
import { displayDecimals } from '../../../src-preload/contract/asset-table';
import { ExactDecimal } from '../../../src-preload/contract/exact-decimal';

/** A USD price the wallet list reported: a positive decimal. Zero or unreadable means none is known. */
export function knownPrice(priceUsd: string | undefined): Decimal | null {
  if (priceUsd === undefined || !/^\d+(\.\d+)?$/.test(priceUsd)) return null;
  const price = new Decimal(priceUsd);
  return price.greaterThan(0) ? price : null;
}

/**
 * The crypto amount a USD amount buys at the wallet's price: USD ÷ price, rounded down to the asset's
 * shown precision (at most 8 places), so what is sent is never worth more than what was typed and every
 * digit of it is shown on the review. '' when there is no amount or no price.
 */
export function cryptoFromUsd(usd: string, priceUsd: string | undefined, code: string): string {
  const price = knownPrice(priceUsd);
  if (!price || !/^\d+(\.\d+)?$/.test(usd)) return '';
  const crypto = new ExactDecimal(usd).dividedBy(price).toDecimalPlaces(displayDecimals(code), Decimal.ROUND_DOWN);
  return crypto.greaterThan(0) ? crypto.toFixed() : '';
}

/** What a crypto amount is worth in USD at the wallet's price, in cents (half up). '' without a price. */
export function usdFromCrypto(crypto: string, priceUsd: string | undefined): string {
  const price = knownPrice(priceUsd);
  if (!price || !/^\d+(\.\d+)?$/.test(crypto)) return '';
  return new ExactDecimal(crypto).times(price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** a + b, exact. */
export function addDecimals(a: string, b: string): string {
  return new ExactDecimal(a).plus(b).toFixed();
}
