import { z } from 'zod';
import { BridgeError } from '../result';
import { UserText } from './text';
import { issueId } from '../input-issues';

/**
 * Amounts cross the bridge as exact decimal text ("0.3", "-12.05"), never as binary floats: main
 * converts the service's JSON numbers with decimal.js, the renderer formats the text as it is.
 */
export const DecimalString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number such as 0.25');
export type DecimalString = z.infer<typeof DecimalString>;

/** A user-typed amount: positive, plain decimal notation, at most 18 fraction digits. */
export const AmountInput = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,18})?$/, issueId('inputIssues.money.amountExample'))
  .refine((text) => /[1-9]/.test(text), issueId('inputIssues.money.amountAboveZero'));

/** A six-digit two-factor code (RFC 6238). Checked in main too; never stored or logged. */
export const TwoFactorCode = z.string().regex(/^\d{6}$/, issueId('inputIssues.money.twoFactorDigits'));

/**
 * The most ids one call may carry, to acknowledge or to close. No count of unknown moves may make paying
 * impossible (security.md 36), so this is not a count a desk can reach by losing answers: 1,000 unknown moves
 * are proven to pay and to close, 100,000 ids are under 4 MB on the bridge, and past it a person closes
 * moves ("Close all shown") until the rest fit. It only keeps a runaway caller from handing main gigabytes.
 */
export const MAX_INTENT_IDS = 100_000;

/**
 * Ids of money moves with an unknown outcome that the user was warned about and chose to go past when
 * starting a new one (security.md 27). Opaque ids main handed out: every unsettled one that was shown.
 */
export const AcknowledgedIntentIds = z.array(z.uuid()).max(MAX_INTENT_IDS);

/**
 * One money move's state, the same for a send, a swap and a merchant withdrawal (src-main/features/money/
 * intent-machine.ts): confirmed (frozen, not sent), in-flight, succeeded, refused (the service moved
 * nothing; a deliberate retry reuses the same reference), unknown (it may have moved money) or cancelled
 * (given up before it left, e.g. a swap whose quote was refreshed: it can never be sent) or closed (a person
 * decided an unknown one did not go through, after a warning that it may have: it is never sent, and is still
 * looked up, security.md 36).
 */
export const IntentStateView = z.enum([
  'confirmed',
  'in-flight',
  'succeeded',
  'refused',
  'unknown',
  'cancelled',
  'closed',
]);
export type IntentStateView = z.infer<typeof IntentStateView>;

/** An intent id: opaque, made by main when the user confirms; the renderer can only echo it back. */
export const IntentId = z.uuid();

export const IntentRef = z.object({ intentId: IntentId }).strict();

/**
 * Sends a confirmed intent once, with a code used for this request only. acknowledgedIntentIds: unsettled
 * moves the user was warned about as this one was about to leave (main refused it with unresolved_intent,
 * naming them); main re-checks as it leaves that every other one was acknowledged for it (security.md 27).
 */
export const IntentExecuteInput = z
  .object({ intentId: IntentId, tfaCode: TwoFactorCode, acknowledgedIntentIds: AcknowledgedIntentIds.optional() })
  .strict();
export type IntentExecuteInput = z.infer<typeof IntentExecuteInput>;

/** A money move's status: one shape for every kind, around that kind's outcome. */
export function intentStatus<Outcome extends z.ZodType>(outcome: Outcome) {
  return z.object({
    intentId: IntentId,
    /** The move's at-most-once identity at the service (a send's reference, a withdrawal's transaction id). */
    referenceId: z.string(),
    state: IntentStateView,
    outcome: outcome.nullable(),
    error: BridgeError.nullable(),
    /**
     * A deliberate retry with the same reference is allowed: only after a definite refusal, never after an
     * unknown outcome, whatever a look-up found (and for a swap only while its quote holds).
     */
    canRetry: z.boolean(),
    /** When the user confirmed it (ISO 8601), to name it in warnings; null for one kept by an older version. */
    confirmedAt: z.string().nullable(),
    /**
     * Present while an unknown move is known to wait for the user's approval by e-mail (Interface B's Z509):
     * it may still move money, so it stays unknown and is never sent again; a look-up settles it.
     */
    awaiting: z.enum(['email-approval']).optional(),
  });
}

/** An unsettled move, with the name of its account when that is not the active one (null otherwise). */
export function unresolvedEntry<Review extends z.ZodType, Status extends z.ZodType>(review: Review, status: Status) {
  return z.object({ review, status, accountName: z.string().nullable() });
}

/**
 * Closes unknown moves as "did not go through" (security.md 36): one, or several shown in a list. The user
 * confirmed a warning that named them and said they may still have moved money; `warning` is those words as
 * the window showed them, recorded with who closed them and when. All or none: one that is not unknown any
 * more refuses the call.
 */
export const IntentCloseInput = z
  .object({
    intentIds: z.array(IntentId).min(1).max(MAX_INTENT_IDS),
    warning: UserText(2_000).pipe(z.string().min(1, issueId('inputIssues.money.warningMissing'))),
    /** The user pressed the button that says they read the warning. */
    confirmed: z.literal(true),
  })
  .strict();
export type IntentCloseInput = z.input<typeof IntentCloseInput>;

/** Who closed a move, when (ISO 8601) and what they were shown. */
export const IntentClosureView = z.object({
  at: z.string(),
  byName: z.string(),
  shown: z.string(),
});
export type IntentClosureView = z.infer<typeof IntentClosureView>;

/** A closed move, with what the user approved, its state (closed; succeeded if found later) and its closure. */
export function closedEntry<Review extends z.ZodType, Status extends z.ZodType>(review: Review, status: Status) {
  return z.object({ review, status, accountName: z.string().nullable(), closure: IntentClosureView });
}
