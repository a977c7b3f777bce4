import { z } from 'zod';
import { IntentId } from './money';
import { operation } from './define';

/** A money move a settle round found in the history and settled: which kind, and its intent id. */
export const SettledMove = z.object({ kind: z.enum(['send', 'swap', 'withdraw']), intentId: IntentId }).strict();
export type SettledMove = z.infer<typeof SettledMove>;

/** What one settle round did (src-main/features/settle/settle-round.ts). */
export const SettleRoundResult = z
  .object({
    /** The moves the round found completed and settled. */
    settled: z.array(SettledMove),
    /**
     * Moves of the user the round still looks for: unknown ones, and those a person closed, which are looked
     * for until they show (security.md 36). None, and the renderer stops asking.
     */
    remaining: z.number().int().min(0),
    /** Accounts whose history could not be read this round (the renderer backs off while any is). */
    unread: z.number().int().min(0),
  })
  .strict();
export type SettleRoundResult = z.infer<typeof SettleRoundResult>;

export const settleOperations = {
  /**
   * One background look for the signed-in user's moves whose outcome is unknown or that a person closed
   * (send, swap and merchant withdrawal): at most one history page per account, and each move found
   * completed is settled (a closed one raises the alarm). Only
   * looks, never sends. The renderer calls it on the polling rule while any move is unknown
   * (src-renderer/src/hooks/use-settle-round.ts); refused while locked or signed out.
   */
  'money.settleRound': operation(z.void(), SettleRoundResult),
} as const;

export const settleEvents = {
  /** Moves a settle round settled: the lists and the stores showing them update at once. */
  'money.settled': z.object({ settled: z.array(SettledMove) }).strict(),
} as const;
