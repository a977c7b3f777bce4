import { z } from 'zod';
import { JournalMoveKind, JournalRecoveryCause, UnreadableMoveView } from '../../src-preload/contract/journal';

/** A recovered move as the journal keeps it: the view's fields and whose it is, to show it to its owner only. */
export const RecoveredMove = z.object({
  kind: JournalMoveKind,
  referenceId: z.string(),
  amount: z.string(),
  asset: z.string(),
  destination: z.string(),
  accountGuid: z.string().nullable(),
  userGuid: z.string().nullable(),
});
export type RecoveredMove = z.infer<typeof RecoveredMove>;

/** The recovery report as the journal keeps it until the user has seen it. */
export const JournalRecovery = z.object({
  cause: JournalRecoveryCause,
  detectedAtMs: z.number(),
  previousGenerationUsed: z.boolean(),
  recovered: z.array(RecoveredMove),
  unreadable: z.array(UnreadableMoveView),
  damagedCopy: z.string().nullable(),
});
export type JournalRecovery = z.infer<typeof JournalRecovery>;
