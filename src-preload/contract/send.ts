import { z } from 'zod';
import { PlainText, UserText } from './text';
import { ServiceSymbol } from './assets';
import { operation } from './define';
import {
  AcknowledgedIntentIds,
  AmountInput,
  closedEntry,
  IntentCloseInput,
  DecimalString,
  IntentExecuteInput,
  IntentRef,
  intentStatus,
  unresolvedEntry,
} from './money';
import { FeeRate, PoisoningWarning, SendReview } from './send-review';

export { FeeRate, PoisoningWarning, SendReview } from './send-review';

/** An opaque id main hands out; the renderer can only echo it back. */
const Id = z.uuid();

export const FeeOption = z.object({
  feeRate: FeeRate,
  fee: DecimalString,
  /** The wallet the fee is paid from (an ERC-20 token's fee is paid in ETH). */
  feeSymbol: z.string(),
  feeUsd: DecimalString,
  arrivalEstimation: z.string(),
  /** Whether the balance covers the prechecked amount plus this fee. */
  affordable: z.boolean(),
  /** The largest amount that can be sent with this fee: available − fee, never negative. */
  maxAmount: DecimalString,
});
export type FeeOption = z.infer<typeof FeeOption>;

/**
 * Where an asset's precision comes from: the app's table (known), the most decimal places the service's own
 * amounts of that wallet show (service), or the fallback when they show no more. See
 * docs/design.md "Networks the app does not know".
 */
export const ServicePrecisionSource = z.enum(['known', 'service', 'fallback']);
export type ServicePrecisionSource = z.infer<typeof ServicePrecisionSource>;

export const SendAsset = z.object({
  code: ServiceSymbol,
  asset: z.string(),
  displayName: z.string(),
  network: z.string(),
  balance: DecimalString,
  priceUsd: DecimalString,
  /** False for a network the app does not know: no local format check, the user confirms the address. */
  addressCheck: z.boolean(),
  /** The most decimal places an amount of this asset may have. */
  decimals: z.number().int().min(0).max(18),
  decimalsFrom: ServicePrecisionSource,
});
export type SendAsset = z.infer<typeof SendAsset>;

export const SendPrecheckInput = z
  .object({
    code: ServiceSymbol,
    address: PlainText().max(200),
    /** A decimal amount, or 'max': everything available minus the fee of maxFeeRate. */
    amount: z.union([AmountInput, z.literal('max')]),
    maxFeeRate: FeeRate.optional(),
  })
  .strict();
export type SendPrecheckInput = z.input<typeof SendPrecheckInput>;

export const SendPrecheck = z.object({
  precheckId: Id,
  code: ServiceSymbol,
  network: z.string(),
  /** The destination as main checked and will use it. */
  address: z.string(),
  /** False when the app cannot check addresses of this network: confirming then needs uncheckedAddressConfirmed. */
  addressChecked: z.boolean(),
  amount: DecimalString,
  isMax: z.boolean(),
  priceUsd: DecimalString,
  amountUsd: DecimalString,
  availableBalance: DecimalString,
  feeOptions: z.array(FeeOption),
  poisoningWarning: PoisoningWarning.nullable(),
  /** After this the precheck must be repeated (fees move). ISO 8601. */
  expiresAt: z.string(),
});
export type SendPrecheck = z.infer<typeof SendPrecheck>;

export const SendConfirmInput = z
  .object({
    precheckId: Id,
    feeRate: FeeRate,
    description: UserText(200).optional(),
    /**
     * Sends of this account whose outcome is unknown that the user was shown, by name, and chose to go
     * past: main refuses a new send until every unknown one is listed here (security.md 27).
     */
    acknowledgedIntentIds: AcknowledgedIntentIds.optional(),
    /** The user's tick that they checked an address the app cannot check (a network outside its table). */
    uncheckedAddressConfirmed: z.boolean().optional(),
  })
  .strict();

/** Sends the frozen intent once (the shape every money move shares, contract/money.ts). */
export const SendExecuteInput = IntentExecuteInput;
export type SendExecuteInput = z.infer<typeof SendExecuteInput>;

export const SendOutcome = z.object({
  referenceId: z.string(),
  txId: z.string(),
  /** Absent when the transaction was found in history rather than answered by the send itself. */
  explorerUrl: z.string().nullable(),
  /** Set when found in history (Completed, Pending...). */
  status: z.string().nullable(),
});
export type SendOutcome = z.infer<typeof SendOutcome>;

export const SendStatus = intentStatus(SendOutcome);
export type SendStatus = z.infer<typeof SendStatus>;

export const ReconcileResult = z.object({
  /**
   * found: the reference id is in the history, completed; pending: it is there but not completed, and the
   * outcome stays unknown; failed: the service reports it failed, which does not prove nothing moved, so it
   * stays unknown too; not_found: it is not there (yet), and the outcome stays unknown, since absence is no
   * proof (security.md 27); settled: there was nothing to look up.
   */
  lookup: z.enum(['found', 'pending', 'failed', 'not_found', 'settled']),
  status: SendStatus,
});
export type SendReconcileResult = z.infer<typeof ReconcileResult>;

/** An unsettled send, with the name of its account when that is not the active one (null otherwise). */
export const UnresolvedSend = unresolvedEntry(SendReview, SendStatus);
export type UnresolvedSend = z.infer<typeof UnresolvedSend>;

/** A send a person closed as "did not go through", with the closing (security.md 36). */
export const ClosedSend = closedEntry(SendReview, SendStatus);
export type ClosedSend = z.infer<typeof ClosedSend>;

export const sendOperations = {
  /** The active account's wallets that can be sent from, with balances. */
  'send.assets': operation(z.void(), z.array(SendAsset)),
  /** Checks the address locally (format, checksum) before anything reaches the service, then prechecks. */
  'send.precheck': operation(SendPrecheckInput, SendPrecheck),
  /**
   * Fixes the reference id and freezes the body (one intent per precheck), after checking that the
   * balances cover amount and fee. Refused with unresolved_intent while an unknown send is not acknowledged.
   */
  'send.confirm': operation(SendConfirmInput, SendReview),
  /** Sends the frozen intent once, with a code used for this request only. */
  'send.execute': operation(SendExecuteInput, SendOutcome),
  'send.status': operation(IntentRef, SendStatus),
  /** "Check status" after an unknown outcome: looks the reference id up in the history. Never resubmits. */
  'send.reconcile': operation(IntentRef, ReconcileResult),
  /** Unsettled sends of every account of the user (unknown or still being sent), after a reload, lock or switch. */
  'send.unresolved': operation(z.void(), z.array(UnresolvedSend)),
  /**
   * Closes unknown sends as "did not go through" after the user confirmed a warning that they may still
   * have moved money (security.md 36): never sent again, no longer to acknowledge, listed by send.closed.
   */
  'send.close': operation(IntentCloseInput, z.array(ClosedSend)),
  /** Closed sends this user may see, oldest first; still looked up by "Check status". */
  'send.closed': operation(z.void(), z.array(ClosedSend)),
} as const;
