import type { PaymentRequestStatusView, PaymentRequestView } from '../../../src-preload/contract/payment-requests';

const EOL = '\r\n';

const COLUMNS = [
  'Created',
  'Created by',
  'Reference',
  'Label',
  'Asset',
  'Network',
  'Address',
  'Expected amount',
  'Expected unit',
  'Status',
  'Received',
  'Received unit',
  'Status checked',
] as const;

/** RFC 4180: quote a field holding a comma, quote or line break, doubling inner quotes. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Text that a spreadsheet could run as a formula keeps a leading apostrophe, by the rule the history export
 * follows (OWASP "CSV injection"): labels and references are typed by people and answered by the service.
 */
function text(value: string): string {
  return field(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

const STATUS_WORDS: Record<PaymentRequestStatusView['status'], string> = {
  waiting: 'Waiting',
  'partly-paid': 'Partly paid',
  paid: 'Paid',
  overpaid: 'Overpaid',
};

/** One file: a header row, then each request in the order given, with its last known status if any. */
export function paymentRequestsCsv(
  requests: readonly PaymentRequestView[],
  statusOf: (id: string) => PaymentRequestStatusView | undefined,
): string {
  const lines = [COLUMNS.join(',')];
  for (const request of requests) {
    const status = statusOf(request.id);
    lines.push(
      [
        field(request.createdAt),
        text(request.createdBy),
        text(request.referenceId),
        text(request.label),
        text(request.code),
        text(request.network),
        text(request.address),
        field(request.expected?.amount ?? ''),
        text(request.expected?.unit ?? ''),
        field(status ? STATUS_WORDS[status.status] : 'Not checked'),
        field(status?.received ?? ''),
        text(status?.receivedUnit ?? ''),
        field(status?.checkedAt ?? ''),
      ].join(','),
    );
  }
  return lines.join(EOL) + EOL;
}
