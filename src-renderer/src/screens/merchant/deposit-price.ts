import type { MerchantDepositAddressView } from '../../../../src-preload/contract/merchant';
import { displayLocale } from '../../format/display-locale';
import { formatExactAmount } from '../../format/exact-amount';

export type DepositPrice = NonNullable<MerchantDepositAddressView['price']>[number];

/** Amounts in privacy mode, as the amount components mask them. */
const MASK = '•••••';

/**
 * What the service values a new deposit at, "1.234,5 USD · 1.130,25 EUR" in the user's locale: every digit the
 * service sent is kept (the figures are its own, not rounded to a currency's cents), written the way the
 * review writes an amount about to move (amount, then its code); masked in privacy mode like every amount.
 */
export function depositPriceText(prices: readonly DepositPrice[], privacy: boolean): string {
  return prices
    .map(({ amount, currency }) => `${privacy ? MASK : formatExactAmount(amount, displayLocale)} ${currency}`)
    .join(' · ');
}
