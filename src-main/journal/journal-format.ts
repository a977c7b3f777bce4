import { z } from 'zod';
import { readAlarms, type AlarmRecord } from './alarm-record';
import { JournalRecovery } from './recovery-report';
import { UnresolvedIntents, type UnresolvedSection } from '../settings/unresolved-intents';

export const JOURNAL_FILE = 'money-journal.json';

export const sectionNames = ['send', 'swap', 'withdraw'] as const satisfies readonly UnresolvedSection[];

/**
 * The journal's envelope. Its sections are read entry by entry (readSections), not with this schema, so
 * one entry the app cannot read costs that entry and not the others.
 */
const Envelope = z.object({
  format: z.literal('wallet-desk-money-journal'),
  version: z.literal(1),
  writtenAtMs: z.number(),
  sections: z.record(z.string(), z.unknown()),
  /** A recovery the user has not yet said they have seen (security.md 35); null once seen. */
  recovery: JournalRecovery.nullable(),
  /** Alarms for closed moves found later, kept until dismissed (security.md 36); absent in older files. */
  alarms: z.unknown().optional(),
});

export interface JournalContent {
  readonly sections: UnresolvedIntents;
  readonly recovery: JournalRecovery | null;
  readonly alarms?: readonly AlarmRecord[];
}

/** An entry of a section that does not fit its schema: which section, and its reference if it still shows one. */
export interface RejectedEntry {
  readonly section: UnresolvedSection;
  readonly referenceId: string | null;
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
export function parseGeneration(text: string | null): GenerationRead {
  if (text === null) return { kind: 'missing' };
  if (text.trim() === '') return { kind: 'unreadable', why: 'empty', references: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', why: 'not-json', references: legibleReferences(text) };
  }
  const envelope = Envelope.safeParse(raw);
  if (!envelope.success) return { kind: 'unreadable', why: 'wrong-shape', references: legibleReferences(text) };
  const { sections, rejected } = readSections(envelope.data.sections);
  return {
    kind: 'read',
    content: { sections, recovery: envelope.data.recovery, alarms: readAlarms(envelope.data.alarms) },
    writtenAtMs: envelope.data.writtenAtMs,
    rejected,
  };
}

/**
 * Each section's entries one by one against that section's record schema: what fits is kept, what does
 * not is named by its reference where it still has one. A section that is not a list rejects as one entry.
 */
export function readSections(raw: Record<string, unknown>): {
  sections: UnresolvedIntents;
  rejected: RejectedEntry[];
} {
  const rejected: RejectedEntry[] = [];
  const sections: UnresolvedIntents = { send: [], swap: [], withdraw: [] };
  for (const section of sectionNames) {
    const entries = raw[section];
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) {
      rejected.push({ section, referenceId: null });
      continue;
    }
    for (const entry of entries) readEntry(sections, section, entry, rejected);
  }
  return { sections, rejected };
}

function readEntry(
  sections: UnresolvedIntents,
  section: UnresolvedSection,
  entry: unknown,
  rejected: RejectedEntry[],
): void {
  switch (section) {
    case 'send': {
      const parsed = UnresolvedIntents.shape.send.element.safeParse(entry);
      if (parsed.success) sections.send.push(parsed.data);
      else rejected.push({ section, referenceId: referenceOf(entry) });
      return;
    }
    case 'swap': {
      const parsed = UnresolvedIntents.shape.swap.element.safeParse(entry);
      if (parsed.success) sections.swap.push(parsed.data);
      else rejected.push({ section, referenceId: referenceOf(entry) });
      return;
    }
    case 'withdraw': {
      const parsed = UnresolvedIntents.shape.withdraw.element.safeParse(entry);
      if (parsed.success) sections.withdraw.push(parsed.data);
      else rejected.push({ section, referenceId: referenceOf(entry) });
      return;
    }
  }
}

function referenceOf(entry: unknown): string | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const referenceId = (entry as Record<string, unknown>)['referenceId'];
  return typeof referenceId === 'string' && referenceId.length > 0 ? referenceId.slice(0, 200) : null;
}

/** Reference ids whose whole value is still in a text cut short or garbled, each once. */
export function legibleReferences(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/"referenceId"\s*:\s*"([^"\\]{1,200})"/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}
