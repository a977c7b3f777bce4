import { z } from 'zod';
import { SendReview } from '../../src-preload/contract/send';
import { SwapReview } from '../../src-preload/contract/swap';
import { WithdrawBody } from '../features/merchant/withdraw-body';
import { SendBody } from '../features/send/send-body';
import { SwapBody } from '../features/swap/swap-body';

function unresolvedRecord<Body extends z.ZodType, Review extends z.ZodType>(body: Body, review: Review) {
  return z.object({
    id: z.string().min(1),
    referenceId: z.string().min(1),
    attempts: z.number().int().min(0),
    body,
    review,
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
  withdraw: z.array(unresolvedRecord(WithdrawBody, z.null())),
});
export type UnresolvedIntents = z.infer<typeof UnresolvedIntents>;

export function defaultUnresolvedIntents(): UnresolvedIntents {
  return { send: [], swap: [], withdraw: [] };
}

export type UnresolvedSection = keyof UnresolvedIntents;
export type UnresolvedRecordOf<S extends UnresolvedSection> = UnresolvedIntents[S][number];
