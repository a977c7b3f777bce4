import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { SendReview } from '../../src-preload/contract/send-review';
import { SwapReview } from '../../src-preload/contract/swap-review';
import { WithdrawBody } from '../features/withdraw/withdraw-body';
import { SendBody } from '../features/send/send-body';
import { SwapBody } from '../features/swap/swap-body';

/**
 * A withdrawal's intent id, as the bridge takes it since withdraw.* joined send.* and swap.*: a UUID. Main
 * has always made them so, but merchant.withdraw* took any text, so a record whose id is not a UUID gets a
 * new one rather than being dropped: dropped, the withdrawal would be forgotten while it may have moved
 * money; kept under its old id, no "Check status" or acknowledgement could name it, and it would block every
 * new withdrawal. The id is only the handle the renderer echoes: the merchant transaction id (referenceId),
 * the withdrawal's identity at the service, is kept as it is.
 */
const WithdrawIntentId = z
  .string()
  .min(1)
  .transform((id) => (z.uuid().safeParse(id).success ? id : randomUUID()));

/** A person's closing of an unknown move (security.md 36): when, by whom, and the warning they confirmed. */
const IntentClosure = z.object({
  at: z.iso.datetime(),
  by: z.object({ userGuid: z.string().min(1), name: z.string() }),
  shown: z.string(),
});

function unresolvedRecord<Body extends z.ZodType, Review extends z.ZodType>(
  body: Body,
  review: Review,
  id: z.ZodType<string, string> = z.string().min(1),
) {
  return z.object({
    id,
    referenceId: z.string().min(1),
    attempts: z.number().int().min(0),
    body,
    review,
    /** Absent while the move is unknown; a closed move keeps it and comes back closed. */
    closure: IntentClosure.optional(),
    /** An unknown move the service said waits for approval by e-mail (Z509, docs/z-codes.md). */
    awaiting: z.literal('email-approval').optional(),
  });
}

/**
 * Money moves whose outcome is not known yet (the request may have reached the service), kept until
 * reconciled so a crash or a quit cannot lead the user to enter the same one again. Non-secret: what was
 * sent where; two-factor codes are never part of a body.
 */
export const UnresolvedIntents = z.object({
  send: z.array(unresolvedRecord(SendBody, SendReview)),
  swap: z.array(unresolvedRecord(SwapBody, SwapReview)),
  /** A withdrawal's view is derived from its body, so it keeps no review. */
  withdraw: z.array(unresolvedRecord(WithdrawBody, z.null(), WithdrawIntentId)),
});
export type UnresolvedIntents = z.infer<typeof UnresolvedIntents>;

export function defaultUnresolvedIntents(): UnresolvedIntents {
  return { send: [], swap: [], withdraw: [] };
}

export type UnresolvedSection = keyof UnresolvedIntents;
export type UnresolvedRecordOf<S extends UnresolvedSection> = UnresolvedIntents[S][number];
