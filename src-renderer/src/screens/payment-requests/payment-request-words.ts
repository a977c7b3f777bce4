import type {
  PaymentRequestStatus,
  PaymentRequestStatusView,
  PaymentRequestView,
} from '../../../../src-preload/contract/payment-requests';
import type { MessageId } from '../../i18n/text';
import type { StatusFilter } from '../../stores/payment-requests-store';

/** Message ids, translated where shown, so a language switch reaches them at once. */
export const statusWords: Record<PaymentRequestStatus, MessageId> = {
  waiting: 'paymentRequests.status.waiting',
  'partly-paid': 'paymentRequests.status.partlyPaid',
  paid: 'paymentRequests.status.paid',
  overpaid: 'paymentRequests.status.overpaid',
};

export const statusFilterChoices: ReadonlyArray<{ readonly value: StatusFilter; readonly label: MessageId }> = [
  { value: 'all', label: 'paymentRequests.filter.all' },
  { value: 'waiting', label: statusWords.waiting },
  { value: 'partly-paid', label: statusWords['partly-paid'] },
  { value: 'paid', label: statusWords.paid },
  { value: 'overpaid', label: statusWords.overpaid },
  { value: 'unchecked', label: 'paymentRequests.filter.unchecked' },
];

export function isStatusFilter(value: string): value is StatusFilter {
  return statusFilterChoices.some((choice) => choice.value === value);
}

/** The requests the list shows: those matching the search (any of their words) and the status chosen. */
export function visibleRequests(
  items: readonly PaymentRequestView[],
  statuses: Readonly<Record<string, PaymentRequestStatusView>>,
  search: string,
  filter: StatusFilter,
): PaymentRequestView[] {
  const needle = caseless(search.trim());
  return items.filter((item) => {
    const status = statuses[item.id]?.status;
    if (filter === 'unchecked' ? status !== undefined : filter !== 'all' && status !== filter) return false;
    if (needle === '') return true;
    return [item.referenceId, item.label, item.address, item.code, item.network, item.createdBy].some((text) =>
      caseless(text).includes(needle),
    );
  });
}

/**
 * Text folded for a search that ignores case in every language: toLowerCase alone makes Turkish "İSTANBUL"
 * "i̇stanbul" (with a combining dot) and leaves "ı" apart from "i", so a Turkish label was not found by its
 * own word. Dotted and dotless i fold to one letter, whichever keyboard typed them.
 */
export function caseless(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\u0307/g, '')
    .replace(/ı/g, 'i')
    .normalize('NFC');
}
