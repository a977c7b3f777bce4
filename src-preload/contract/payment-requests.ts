import { z } from 'zod';
import { operation } from './define';
import { DecimalString } from './money';

/**
 * Payment requests: every deposit address made with a reference (Receive on Interface A, Merchant › Deposit
 * addresses on Interface B) is kept, per user and account, until the user deletes it; its status is read
 * from the account's history.
 */

export const PaymentRequestOrigin = z.enum(['receive', 'merchant']);
export type PaymentRequestOrigin = z.infer<typeof PaymentRequestOrigin>;

export const PaymentRequestStatus = z.enum(['waiting', 'partly-paid', 'paid', 'overpaid']);
export type PaymentRequestStatus = z.infer<typeof PaymentRequestStatus>;

export const PaymentRequestId = z.uuid();

/** What the user asked for: an amount of the asset (unit = its code) or of a fiat currency (unit = USD, EUR, …). */
export const ExpectedPayment = z.object({
  amount: DecimalString,
  unit: z.string().min(1).max(20),
  kind: z.enum(['asset', 'fiat']),
});
export type ExpectedPayment = z.infer<typeof ExpectedPayment>;

export const PaymentRequestView = z.object({
  id: PaymentRequestId,
  origin: PaymentRequestOrigin,
  referenceId: z.string(),
  address: z.string(),
  /** The network-specific symbol (BTC, BSC-USD, …). */
  code: z.string(),
  network: z.string(),
  label: z.string(),
  expected: ExpectedPayment.nullable(),
  createdAt: z.string(),
  /** The name of the user who made it. */
  createdBy: z.string(),
});
export type PaymentRequestView = z.infer<typeof PaymentRequestView>;

export const PaymentRequestDeposit = z.object({
  date: z.string(),
  amount: DecimalString,
  txId: z.string(),
  /** The service's status of the row; only Completed deposits count towards the request. */
  status: z.string(),
  counted: z.boolean(),
  /** reference: the row carries the request's reference; address: it carries none, so the address decided. */
  matchedBy: z.enum(['reference', 'address']),
});
export type PaymentRequestDeposit = z.infer<typeof PaymentRequestDeposit>;

export const PaymentRequestStatusView = z.object({
  id: PaymentRequestId,
  status: PaymentRequestStatus,
  /** What the counted deposits are worth in the expected unit (the asset's code without an expected amount). */
  received: DecimalString,
  receivedUnit: z.string(),
  /** Set when a fiat request's deposit lacks a price in that currency: it is then not counted. */
  unpriced: z.boolean(),
  deposits: z.array(PaymentRequestDeposit),
  checkedAt: z.string(),
});
export type PaymentRequestStatusView = z.infer<typeof PaymentRequestStatusView>;

/** At most this many statuses per call: each one reads the history. */
export const MAX_STATUS_IDS = 200;

export const paymentRequestsOperations = {
  /** The signed-in user's payment requests of the active account, newest first. */
  'paymentRequests.list': operation(
    z.void(),
    z.object({
      items: z.array(PaymentRequestView),
      /** Kept files of this user and account that could not be read (set aside, never deleted). */
      unreadable: z.number().int().min(0),
    }),
  ),
  /** Reads each request's deposits from the active account's history and says where it stands. */
  'paymentRequests.statuses': operation(
    z.object({ ids: z.array(PaymentRequestId).max(MAX_STATUS_IDS) }).strict(),
    z.object({
      items: z.array(PaymentRequestStatusView),
      failed: z.array(z.object({ id: PaymentRequestId, message: z.string() })),
    }),
  ),
  /** Deletes one request of the user's own, after the window asked for a confirmation. */
  'paymentRequests.delete': operation(
    z.object({ id: PaymentRequestId, confirmed: z.literal(true) }).strict(),
    z.object({ deleted: z.boolean() }),
  ),
  /** Writes the given requests (as the list shows them, with their last known status) to a CSV file. */
  'paymentRequests.export': operation(
    z.object({ ids: z.array(PaymentRequestId).max(100_000) }).strict(),
    z.object({ path: z.string().nullable(), rows: z.number().int().min(0) }),
  ),
} as const;
