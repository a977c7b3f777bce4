import Decimal from 'decimal.js';
import { ExactDecimal } from '../../../src-preload/contract/exact-decimal';
import type {
  ExpectedPayment,
  PaymentRequestDeposit,
  PaymentRequestStatus,
} from '../../../src-preload/contract/payment-requests';
import type { TransactionItem } from '../../service/interface-a-schemas';
import { serviceDateMs } from '../../service/service-date';
import { serviceNumberText } from '../../service/wire-amount';

/** What the status rule needs of a request. */
export interface RequestTerms {
  readonly referenceId: string;
  readonly address: string;
  /** The network-specific symbol the address was made for. */
  readonly code: string;
  readonly expected: ExpectedPayment | null;
}

/** A history row that pays a request, with the fiat prices it carried (spec 2.2 `prices`, per unit). */
export interface MatchedDeposit extends PaymentRequestDeposit {
  readonly prices: Readonly<Record<string, string>>;
}

export interface StatusVerdict {
  readonly status: PaymentRequestStatus;
  readonly received: string;
  readonly receivedUnit: string;
  /** A counted deposit had no price in the request's fiat currency, so its value is missing from `received`. */
  readonly unpriced: boolean;
}

function sameAddress(a: string, b: string): boolean {
  // EVM addresses differ only in checksum case; others are case-sensitive (bech32 is lower case anyway).
  return /^0x[0-9a-fA-F]{40}$/.test(a) ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function pricesOf(item: TransactionItem): Record<string, string> {
  return Object.fromEntries(
    Object.entries(item.prices).map(([currency, price]) => [currency.toUpperCase(), serviceNumberText(price)]),
  );
}

/**
 * The history rows that belong to a request: deposits in its asset to its address. A row that carries a
 * reference must carry the request's own (strict services make a new address for a reused reference, and a
 * row of another reference is someone else's payment); a row without one is matched by the address alone.
 * Only Completed rows count towards what was paid; the others are listed beside them.
 */
export function depositsOf(request: RequestTerms, items: readonly TransactionItem[]): MatchedDeposit[] {
  const matched: MatchedDeposit[] = [];
  for (const item of items) {
    if (item.type.toLowerCase() !== 'deposit') continue;
    if (item.symbol.toUpperCase() !== request.code.toUpperCase()) continue;
    if (!sameAddress(item.address, request.address)) continue;
    const reference = item.referenceId.trim();
    if (reference !== '' && reference !== request.referenceId) continue;
    matched.push({
      date: item.date,
      amount: serviceNumberText(item.amount),
      txId: item.txId ?? '',
      status: item.status,
      counted: item.status.toLowerCase() === 'completed',
      matchedBy: reference === '' ? 'address' : 'reference',
      prices: pricesOf(item),
    });
  }
  return matched.sort((a, b) => (serviceDateMs(b.date) ?? 0) - (serviceDateMs(a.date) ?? 0));
}

/**
 * Where a request stands, in decimal arithmetic: nothing counted is waiting; without an expected amount any
 * counted deposit is paid; otherwise the sum of counted deposits (their value at each deposit's own price
 * for a fiat amount, to the cent) below, equal to or above the expected amount.
 */
export function paymentStatus(request: RequestTerms, deposits: readonly MatchedDeposit[]): StatusVerdict {
  const counted = deposits.filter((deposit) => deposit.counted);
  const expected = request.expected;
  let received: Decimal = new ExactDecimal(0);
  let unpriced = false;
  if (expected?.kind === 'fiat') {
    for (const deposit of counted) {
      const price = deposit.prices[expected.unit.toUpperCase()];
      if (price === undefined) unpriced = true;
      else received = received.plus(new ExactDecimal(deposit.amount).times(price));
    }
    received = received.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  } else {
    for (const deposit of counted) received = received.plus(deposit.amount);
  }
  const receivedUnit = expected?.unit ?? request.code;
  const verdict = (status: PaymentRequestStatus): StatusVerdict => ({
    status,
    received: received.toFixed(),
    receivedUnit,
    unpriced,
  });
  if (counted.length === 0 || (received.isZero() && !unpriced)) return verdict('waiting');
  if (expected === null) return verdict('paid');
  const comparison = received.comparedTo(expected.amount);
  if (comparison < 0) return verdict('partly-paid');
  return verdict(comparison === 0 ? 'paid' : 'overpaid');
}
