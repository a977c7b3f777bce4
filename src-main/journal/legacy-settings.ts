import { journalEntries, legibleReferences } from './journal-format';
import type { JournalContent } from './journal-format';
import { recoveredMoves } from './journal-recovery';

/**
 * Earlier versions kept the moves that may have moved money inside settings.json (`unresolvedIntents`).
 * On the first start with no journal they move into it without loss (security.md 35): every entry that
 * fits is taken; one that does not, or a settings file too damaged to read that still names moves, is
 * reported for the user to see, never skipped in silence.
 */
export async function fromLegacySettings(text: string | null, detectedAtMs: number): Promise<JournalContent | null> {
  if (text === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    if (!text.includes('unresolvedIntents') && legibleReferences(text).length === 0) return null;
    return {
      sections: { send: [], swap: [], withdraw: [] },
      recovery: {
        cause: 'settings-unreadable',
        detectedAtMs,
        previousGenerationUsed: false,
        recovered: [],
        unreadable: [
          ...legibleReferences(text).map((referenceId) => ({ kind: null, referenceId })),
          { kind: null, referenceId: null },
        ],
        damagedCopy: null,
      },
    };
  }
  const legacy = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)['unresolvedIntents'] : null;
  if (typeof legacy !== 'object' || legacy === null) return null;
  const { sections, rejected } = (await journalEntries()).readSections(legacy as Record<string, unknown>);
  if (rejected.length === 0) return { sections, recovery: null };
  return {
    sections,
    recovery: {
      cause: 'settings-unreadable',
      detectedAtMs,
      previousGenerationUsed: false,
      recovered: recoveredMoves(sections),
      unreadable: rejected.map((entry) => ({ kind: entry.section, referenceId: entry.referenceId })),
      damagedCopy: null,
    },
  };
}
