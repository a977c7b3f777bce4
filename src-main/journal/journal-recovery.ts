import type { UnreadableMoveView } from '../../src-preload/contract/journal';
import type { UnresolvedIntents } from '../settings/unresolved-intents';
import type { GenerationRead, JournalContent } from './journal-format';
import { sectionNames, type RejectedEntry } from './journal-sections';
import type { JournalRecovery, RecoveredMove } from './recovery-report';

/** What opening the journal found: the moves to take back, and a report when something could not be read. */
export interface Opened {
  readonly content: JournalContent;
  /** True when what is on disk is not what was found (a recovery or a migration): it is written at once. */
  readonly rewrite: boolean;
}

const empty = (): UnresolvedIntents => ({ send: [], swap: [], withdraw: [] });

/**
 * Decides what the journal holds from its two generations (security.md 35). A sound current file is taken as
 * it is. Anything else is a damage, never an empty journal: the readable entries are kept, the previous
 * generation fills in what the current one lost, and every move that could not be read back is named as far
 * as it can be.
 */
export function recoverJournal(current: GenerationRead, previous: GenerationRead, detectedAtMs: number): Opened | null {
  if (current.kind === 'read' && current.rejected.length === 0) return { content: current.content, rewrite: false };
  if (current.kind === 'missing' && previous.kind === 'missing') return null;
  const opened = recoveredMovesOf(current, previous, detectedAtMs);
  // Undismissed alarms outlive the damage as far as a generation still holds them (security.md 36).
  const alarms =
    current.kind === 'read' ? current.content.alarms : previous.kind === 'read' ? previous.content.alarms : [];
  return { ...opened, content: { ...opened.content, alarms: alarms ?? [] } };
}

function recoveredMovesOf(current: GenerationRead, previous: GenerationRead, detectedAtMs: number): Opened {
  if (current.kind === 'read') {
    const fromPrevious = previous.kind === 'read' ? previous.content.sections : empty();
    const sections = structuredClone(current.content.sections);
    const unreadable: UnreadableMoveView[] = [];
    let previousGenerationUsed = false;
    for (const entry of current.rejected) {
      if (entry.referenceId !== null && takeFrom(fromPrevious, entry)) {
        moveInto(sections, fromPrevious, entry);
        previousGenerationUsed = true;
      } else unreadable.push({ kind: entry.section, referenceId: entry.referenceId });
    }
    return reported(sections, {
      cause: 'entries-unreadable',
      detectedAtMs,
      previousGenerationUsed,
      unreadable,
      pendingBefore: current.content.recovery,
    });
  }
  const sections = previous.kind === 'read' ? structuredClone(previous.content.sections) : empty();
  const known = new Set(referencesOf(sections));
  const legible = [current, previous].flatMap((read) => (read.kind === 'unreadable' ? read.references : []));
  const unreadable: UnreadableMoveView[] = [...new Set(legible)]
    .filter((referenceId) => !known.has(referenceId))
    .map((referenceId) => ({ kind: null, referenceId }));
  // A cut-short file may have held moves whose reference did not survive: say so with one unnamed entry.
  if (current.kind === 'unreadable' || previous.kind === 'unreadable')
    unreadable.push({ kind: null, referenceId: null });
  return reported(sections, {
    cause: current.kind === 'missing' ? 'journal-missing' : 'journal-damaged',
    detectedAtMs,
    previousGenerationUsed: previous.kind === 'read',
    unreadable,
    pendingBefore: previous.kind === 'read' ? previous.content.recovery : null,
  });
}

function reported(
  sections: UnresolvedIntents,
  found: {
    cause: JournalRecovery['cause'];
    detectedAtMs: number;
    previousGenerationUsed: boolean;
    unreadable: UnreadableMoveView[];
    pendingBefore: JournalRecovery | null;
  },
): Opened {
  const recovery: JournalRecovery = {
    cause: found.cause,
    detectedAtMs: found.detectedAtMs,
    previousGenerationUsed: found.previousGenerationUsed,
    recovered: recoveredMoves(sections),
    // A recovery not yet seen when this damage happened is not forgotten: its unreadable moves stay listed.
    unreadable: [...(found.pendingBefore?.unreadable ?? []), ...found.unreadable],
    damagedCopy: null,
  };
  return { content: { sections, recovery }, rewrite: true };
}

function takeFrom(sections: UnresolvedIntents, entry: RejectedEntry): boolean {
  return sections[entry.section].some((record) => record.referenceId === entry.referenceId);
}

function moveInto(target: UnresolvedIntents, source: UnresolvedIntents, entry: RejectedEntry): void {
  switch (entry.section) {
    case 'send':
      target.send.push(...source.send.filter((record) => record.referenceId === entry.referenceId));
      return;
    case 'swap':
      target.swap.push(...source.swap.filter((record) => record.referenceId === entry.referenceId));
      return;
    case 'withdraw':
      target.withdraw.push(...source.withdraw.filter((record) => record.referenceId === entry.referenceId));
      return;
  }
}

export function referencesOf(sections: UnresolvedIntents): string[] {
  return sectionNames.flatMap((section) => sections[section].map((record) => record.referenceId));
}

/** Every move a recovery kept, with what it moved and where, for the list the user must see. */
export function recoveredMoves(sections: UnresolvedIntents): RecoveredMove[] {
  return [
    ...sections.send.map((record) => ({
      kind: 'send' as const,
      referenceId: record.referenceId,
      amount: record.body.amount,
      asset: record.body.code,
      destination: record.body.address,
      accountGuid: record.body.accountGuid,
      userGuid: null,
    })),
    ...sections.swap.map((record) => ({
      kind: 'swap' as const,
      referenceId: record.referenceId,
      amount: record.body.cryptoAmount,
      asset: record.body.request.fromSymbol,
      destination: record.body.request.toSymbol,
      accountGuid: record.body.accountGuid,
      userGuid: null,
    })),
    ...sections.withdraw.map((record) => ({
      kind: 'withdraw' as const,
      referenceId: record.referenceId,
      amount: record.body.amount,
      asset: record.body.code,
      destination: record.body.address,
      accountGuid: null,
      userGuid: record.body.userGuid,
    })),
  ];
}
