import { z } from 'zod';
import { operation } from './define';

export const JournalMoveKind = z.enum(['send', 'swap', 'withdraw']);
export type JournalMoveKind = z.infer<typeof JournalMoveKind>;

/** A move the app took back from a damaged record of payments, with what it is known to have been. */
export const RecoveredMoveView = z.object({
  kind: JournalMoveKind,
  referenceId: z.string(),
  amount: z.string(),
  asset: z.string(),
  destination: z.string(),
});
export type RecoveredMoveView = z.infer<typeof RecoveredMoveView>;

/** A move the record names but that could not be read back: its kind and reference where still legible. */
export const UnreadableMoveView = z.object({
  kind: JournalMoveKind.nullable(),
  referenceId: z.string().nullable(),
});
export type UnreadableMoveView = z.infer<typeof UnreadableMoveView>;

/**
 * What the app found damaged in its record of payments that may have moved money (security.md 35):
 * - journal-damaged: the record was cut short, empty or unreadable;
 * - journal-missing: the record was gone while its previous generation was there;
 * - entries-unreadable: the record was readable but some of its entries were not;
 * - settings-unreadable: moving the record out of an earlier version's settings file found entries it
 *   could not read.
 */
export const JournalRecoveryCause = z.enum([
  'journal-damaged',
  'journal-missing',
  'entries-unreadable',
  'settings-unreadable',
]);
export type JournalRecoveryCause = z.infer<typeof JournalRecoveryCause>;

export const JournalRecoveryView = z.object({
  cause: JournalRecoveryCause,
  detectedAtMs: z.number(),
  /** Whether the previous generation of the record was read to recover moves. */
  previousGenerationUsed: z.boolean(),
  recovered: z.array(RecoveredMoveView),
  unreadable: z.array(UnreadableMoveView),
  /** Recovered moves of other users of this computer, not listed here. */
  othersRecovered: z.number().int().min(0),
  /** The damaged file kept aside for a person to look at (its name in the user-data folder), if any. */
  damagedCopy: z.string().nullable(),
});
export type JournalRecoveryView = z.infer<typeof JournalRecoveryView>;

export const journalOperations = {
  /** The recovery not yet seen, or null. Refused while locked or signed out. */
  'journal.recovery': operation(z.void(), JournalRecoveryView.nullable()),
  /** The user has seen the list: money moves are allowed again. Answers null. */
  'journal.acknowledgeRecovery': operation(z.void(), z.null()),
} as const;
