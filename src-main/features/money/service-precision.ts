import Decimal from 'decimal.js';
import { t } from '../../i18n/main-text';
import { DISPLAY_DECIMALS_CAP } from '../../../src-preload/contract/asset-table';
import type { ServicePrecisionSource } from '../../../src-preload/contract/send';
import type { InterfaceAClient } from '../../service/interface-a';
import { fromServiceNumber } from '../../service/wire-amount';

/**
 * Decimal places allowed for a network the app does not know when the service's own amounts show no more
 * (docs/design.md "Networks the app does not know"): a round balance proves nothing about the chain, so
 * fewer places seen never lowers the limit below this.
 */
export const FALLBACK_DECIMALS = DISPLAY_DECIMALS_CAP;

/** No chain the service lists keeps more (18 is EVM's); a JSON number could not carry more anyway. */
const MOST_DECIMALS = 18;

/** How many of the wallet's newest history rows are read for their amounts: one page. */
const HISTORY_SAMPLE = 50;

export interface ServicePrecision {
  readonly decimals: number;
  readonly source: Exclude<ServicePrecisionSource, 'known'>;
}

/**
 * The precision of a network the app does not know, from amounts the service itself wrote for it: the
 * most decimal places any of them shows (an amount with n places proves the chain keeps at least n), never
 * fewer than the fallback. A chain keeping fewer than allowed is still caught: the service's precheck must
 * echo the exact amount entered, or nothing is sent.
 */
export function precisionFrom(amounts: readonly Decimal[]): ServicePrecision {
  const seen = amounts.reduce((most, amount) => Math.max(most, amount.decimalPlaces()), 0);
  if (seen <= FALLBACK_DECIMALS) return { decimals: FALLBACK_DECIMALS, source: 'fallback' };
  return { decimals: Math.min(seen, MOST_DECIMALS), source: 'service' };
}

/**
 * The service's own amounts of one wallet: its balance and the amounts of its newest history rows. A
 * history that cannot be read leaves the balance alone to go by, as the fallback still guards the rest.
 */
export async function servicePrecision(
  client: InterfaceAClient,
  symbol: string,
  balance: number,
): Promise<ServicePrecision> {
  const amounts = [fromServiceNumber(balance)];
  try {
    const page = await client.getTransactions({ page: 1, recordsPerPage: HISTORY_SAMPLE, symbols: [symbol] });
    for (const item of page.items) if (item.symbol === symbol) amounts.push(fromServiceNumber(item.amount));
  } catch {
    // The balance alone: the precision may then be lower than the chain's, never higher than what was seen.
  }
  return precisionFrom(amounts);
}

/** Why an asset of a network the app does not know takes that many places, in a whole sentence. */
export function precisionWords(code: string, network: string, precision: ServicePrecision): string {
  switch (precision.source) {
    case 'service':
      return t('mainMoney.precisionService', { network, code });
    case 'fallback':
      return t('mainMoney.precisionFallback', { network, code, decimals: FALLBACK_DECIMALS });
  }
}
