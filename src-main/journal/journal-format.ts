import { z } from 'zod';
import type { AlarmRecord } from './alarm-record';
import type { JournalRecovery } from './recovery-report';
import type { UnresolvedIntents } from '../settings/unresolved-intents';
import { sectionNames, type RejectedEntry } from './journal-sections';
import { loadedOnce } from '../loaded-once';

export const JOURNAL_FILE = 'money-journal.json';

/**
 * The journal's envelope. Its sections are read entry by entry (journal-entries.ts), not with this schema, so
 * one entry the app cannot read costs that entry and not the others; so are its alarms and its recovery report.
 */
function envelopeSchema() {
  return z.object({
    format: z.literal('wallet-desk-money-journal'),
    version: z.literal(1),
    writtenAtMs: z.number(),
    sections: z.record(z.string(), z.unknown()),
    /**
     * A recovery the user has not yet said they have seen (security.md 35); null once seen. An object is read
     * whole by journal-entries.ts, and one that does not fit makes the file unreadable, as the envelope would.
     */
    recovery: z.union([z.null(), z.record(z.string(), z.unknown())]),
    /** Alarms for closed moves found later, kept until dismissed (security.md 36); absent in older files. */
    alarms: z.unknown().optional(),
  });
}
type Envelope = z.infer<ReturnType<typeof envelopeSchema>>;
/** Built at the first file read, not when the core is imported. */
let envelope: ReturnType<typeof envelopeSchema> | null = null;

type JournalEntries = typeof import('./journal-entries');

/**
 * The schemas of the moves, alarms and recovery report a journal holds (247 zod schemas: every kind of
 * move's body and review), loaded when a file holds any of them: a launch with nothing unsettled, the usual
 * one, reads its journal without building them. The first load's promise is kept; a failed one is not, so the
 * next read tries again.
 */
export const journalEntries: () => Promise<JournalEntries> = loadedOnce(() => import('./journal-entries'));

function isEmptyList(value: unknown): boolean {
  return value === undefined || (Array.isArray(value) && value.length === 0);
}

/** Nothing in the file needs an entry's schema: no move in any section, no alarm, no recovery report. */
function holdsNoEntries(read: Envelope): boolean {
  return (
    sectionNames.every((section) => isEmptyList(read.sections[section])) &&
    read.recovery === null &&
    isEmptyList(read.alarms)
  );
}

export interface JournalContent {
  readonly sections: UnresolvedIntents;
  readonly recovery: JournalRecovery | null;
  readonly alarms?: readonly AlarmRecord[];
}

export type GenerationRead =
  | { readonly kind: 'missing' }
  | {
      readonly kind: 'unreadable';
      readonly why: 'empty' | 'not-json' | 'wrong-shape' | 'io';
      /** Reference ids still legible in the raw text: what is known of the moves that could not be read. */
      readonly references: readonly string[];
    }
  | {
      readonly kind: 'read';
      readonly content: JournalContent;
      readonly writtenAtMs: number;
      readonly rejected: readonly RejectedEntry[];
    };

export function serialiseJournal(content: JournalContent, writtenAtMs: number): string {
  return `${JSON.stringify({
    format: 'wallet-desk-money-journal',
    version: 1,
    writtenAtMs,
    sections: content.sections,
    recovery: content.recovery,
    alarms: content.alarms ?? [],
  })}\n`;
}

/** Reads one generation's text; `null` is a file that is not there. */
export async function parseGeneration(text: string | null): Promise<GenerationRead> {
  if (text === null) return { kind: 'missing' };
  if (text.trim() === '') return { kind: 'unreadable', why: 'empty', references: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', why: 'not-json', references: legibleReferences(text) };
  }
  envelope ??= envelopeSchema();
  const read = envelope.safeParse(raw);
  if (!read.success) return { kind: 'unreadable', why: 'wrong-shape', references: legibleReferences(text) };
  const { writtenAtMs } = read.data;
  if (holdsNoEntries(read.data)) {
    return {
      kind: 'read',
      content: { sections: { send: [], swap: [], withdraw: [] }, recovery: null, alarms: [] },
      writtenAtMs,
      rejected: [],
    };
  }
  const { readAlarms, readRecovery, readSections } = await journalEntries();
  const recovery = readRecovery(read.data.recovery);
  if (recovery === undefined) return { kind: 'unreadable', why: 'wrong-shape', references: legibleReferences(text) };
  const { sections, rejected } = readSections(read.data.sections);
  return {
    kind: 'read',
    content: { sections, recovery, alarms: readAlarms(read.data.alarms) },
    writtenAtMs,
    rejected,
  };
}

/** Reference ids whose whole value is still in a text cut short or garbled, each once. */
export function legibleReferences(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/"referenceId"\s*:\s*"([^"\\]{1,200})"/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}
