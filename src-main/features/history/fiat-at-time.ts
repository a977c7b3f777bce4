import type { FiatCurrency } from '../../../src-preload/contract/receive';
import type { TransactionItem } from '../../service/interface-a-schemas';
import { serviceNumberText } from '../../service/wire-amount';
import { t } from '../../i18n/main-text';
import { roundedProductText } from './decimal-product';

/** Minor units people write each currency with (ISO 4217): the yen has none. */
const FIAT_DECIMALS: Readonly<Record<FiatCurrency, number>> = { USD: 2, EUR: 2, GBP: 2, TRY: 2, JPY: 0 };

const PRICE_KEY = {
  USD: 'usd',
  EUR: 'eur',
  GBP: 'gbp',
  TRY: 'try',
  JPY: 'jpy',
} as const satisfies Record<FiatCurrency, keyof TransactionItem['prices']>;

export type FiatAtTime =
  { readonly value: string; readonly missing: null } | { readonly value: null; readonly missing: string };

/**
 * The fiat value of one record at its own time: its amount times the price per unit it carries in `prices`
 * (spec 2.2, TransactionItem), in exact decimals, rounded half up to the currency's minor unit. A price of
 * zero, a negative one or one that is not a finite number is no price: the value is left out and the reason
 * said in words, never filled in from another record or today's price. `amountText`: the amount as
 * serviceNumberText(Math.abs(item.amount)) writes it, when the caller has it already.
 */
export function fiatAtTime(
  item: Pick<TransactionItem, 'amount' | 'prices'>,
  currency: FiatCurrency,
  amountText?: string,
): FiatAtTime {
  const price = item.prices[PRICE_KEY[currency]];
  if (!Number.isFinite(price) || price <= 0) {
    return { value: null, missing: t('mainHistory.fiat.noPrice', { currency }) };
  }
  if (!Number.isFinite(item.amount)) {
    return { value: null, missing: t('mainHistory.fiat.noAmount') };
  }
  const places = FIAT_DECIMALS[currency];
  const amount = amountText ?? serviceNumberText(Math.abs(item.amount));
  const value = roundedProductText(amount, serviceNumberText(price), places);
  return { value, missing: null };
}

export function fiatDecimals(currency: FiatCurrency): number {
  return FIAT_DECIMALS[currency];
}
