import { z } from 'zod';
import { EnvironmentId } from './app';
import { AssetCode } from './assets';
import { operation } from './define';
import {
  AcknowledgedIntentIds,
  AmountInput,
  closedEntry,
  IntentCloseInput,
  DecimalString,
  IntentExecuteInput,
  IntentId,
  IntentRef,
  intentStatus,
  unresolvedEntry,
} from './money';
import { PlainText, UserText } from './text';
import { issueId } from '../input-issues';

/**
 * Merchant withdrawals (Interface B, spec 4.2 call 1): the same shape as send.* and swap.* (contract/money.ts),
 * on the same intent machine in main. The merchant's keys and verified addresses stay under merchant.*.
 */

const Text = (max: number) => PlainText().trim().max(max);
const ReferenceId = PlainText().trim().min(1, issueId('inputIssues.enterReferenceId')).max(200);

export const WithdrawConfirmInput = z
  .object({
    /**
     * The withdrawal form's own id, made when the form is started and kept until it is left: a repeated or
     * racing confirmation of the same form returns the same intent, while a new form (New withdrawal) makes
     * a new one, so a second identical withdrawal is still possible on purpose (security.md 38).
     */
    formId: z.uuid(issueId('inputIssues.withdraw.startAgain')),
    /** The member reference (ReferenceId) the address is verified under. */
    referenceId: ReferenceId,
    /**
     * The merchant's own transaction id, if the user typed one; otherwise main makes one at confirm.
     * One main already knows (an unsettled or earlier withdrawal) is refused.
     */
    merchantTransactionId: UserText(100)
      .pipe(z.string().min(1, issueId('inputIssues.withdraw.merchantTxId')))
      .optional(),
    code: AssetCode,
    address: Text(200),
    amount: AmountInput,
    label: UserText(100),
    email: z.email(issueId('inputIssues.withdraw.enterEmail')).max(200),
    /**
     * Unsettled withdrawals (unknown or in flight) the user was shown, by id, and chose to go ahead beside:
     * main refuses a new one (unresolved_intent) while any is not acknowledged (security.md 27).
     */
    acknowledgedIntentIds: AcknowledgedIntentIds.optional(),
  })
  .strict();
export type WithdrawConfirmInput = z.input<typeof WithdrawConfirmInput>;

/** What the user approves with their code: exactly what main will send. */
export const WithdrawReview = z.object({
  intentId: IntentId,
  /**
   * The merchant's own id of this withdrawal, its at-most-once identity (the status's referenceId): typed by
   * the user or made when they confirmed, sent as MerchantTransactionId, and what "Check status" looks up.
   */
  merchantTransactionId: z.string(),
  /** The member reference sent as ReferenceId (the verified address's reference). */
  memberReferenceId: z.string(),
  environment: EnvironmentId,
  code: z.string(),
  networkName: z.string(),
  address: z.string(),
  amount: DecimalString,
  label: z.string(),
  email: z.string(),
  verified: z.boolean(),
  /** When the user confirmed it (ISO, UTC); null for one an earlier version kept without it. */
  startedAt: z.string().nullable(),
});
export type WithdrawReview = z.infer<typeof WithdrawReview>;

/** The service's answer; main records a success only when it says success: true (security.md 28). */
export const WithdrawOutcome = z.object({ txId: z.string(), explorerUrl: z.string(), success: z.boolean() });
export type WithdrawOutcome = z.infer<typeof WithdrawOutcome>;

export const WithdrawStatus = intentStatus(WithdrawOutcome);
export type WithdrawStatus = z.infer<typeof WithdrawStatus>;

/**
 * What "Check status" found in the history of the user's accounts: found (a Completed row) settles it;
 * pending, failed (the service marks it Failed, which does not prove nothing moved) and not_found keep it
 * unknown (security.md 27); settled: nothing to look up.
 */
export const WithdrawLookupResult = z.enum(['found', 'pending', 'failed', 'not_found', 'settled']);
export type WithdrawLookupResult = z.infer<typeof WithdrawLookupResult>;

/**
 * An unsettled withdrawal. Withdrawals belong to merchant keys, not to an account of the user, so
 * accountName is always null.
 */
export const UnresolvedWithdrawal = unresolvedEntry(WithdrawReview, WithdrawStatus);
export type UnresolvedWithdrawal = z.infer<typeof UnresolvedWithdrawal>;

/** A withdrawal a person closed as "did not go through", with the closing (security.md 36). */
export const ClosedWithdrawal = closedEntry(WithdrawReview, WithdrawStatus);
export type ClosedWithdrawal = z.infer<typeof ClosedWithdrawal>;

export const withdrawOperations = {
  /**
   * Fixes the merchant transaction id and freezes the withdrawal in main, after checking the address is
   * verified (or unverified ones are allowed) and the merchant balance covers it. Refused with
   * unresolved_intent while an unsettled withdrawal is not acknowledged.
   */
  'withdraw.confirm': operation(WithdrawConfirmInput, WithdrawReview),
  /**
   * Sends the confirmed withdrawal once, with a code used for this request only; after a definite refusal,
   * the same withdrawal (same merchant transaction id) again. A refusal or an unknown outcome is a failed
   * result.
   */
  'withdraw.execute': operation(IntentExecuteInput, WithdrawOutcome),
  'withdraw.status': operation(IntentRef, WithdrawStatus),
  /**
   * "Check status": looks the merchant transaction id up in the history of every account of the signed-in
   * user; sends nothing and takes no code (security.md 29). Not found: still unknown, and the status's
   * error names the accounts searched (security.md 27).
   */
  'withdraw.reconcile': operation(IntentRef, z.object({ lookup: WithdrawLookupResult, status: WithdrawStatus })),
  /**
   * Unsettled withdrawals: unknown outcome (also those a previous run left) until their status is checked,
   * or still being sent (state in-flight). A new withdrawal must acknowledge each (security.md 27).
   */
  'withdraw.unresolved': operation(z.void(), z.array(UnresolvedWithdrawal)),
  /**
   * Closes unknown withdrawals as "did not go through" after the user confirmed a warning that they may still
   * have moved money (security.md 36): never sent again, no longer to acknowledge, listed by withdraw.closed.
   */
  'withdraw.close': operation(IntentCloseInput, z.array(ClosedWithdrawal)),
  /** Closed withdrawals this user may see, oldest first; still looked up by "Check status". */
  'withdraw.closed': operation(z.void(), z.array(ClosedWithdrawal)),
} as const;
