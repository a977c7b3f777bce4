import { UnresolvedIntents, type UnresolvedSection } from '../settings/unresolved-intents';
import { sectionNames, type RejectedEntry } from './journal-sections';
import { JournalRecovery } from './recovery-report';

/*
 * What a journal file holds beyond its envelope, read against the schemas of every kind of move, of the alarms
 * and of the recovery report: loaded (journal-format.ts, journalEntries) only for a file that holds any of them.
 */

export { readAlarms } from './alarm-record';

/** The recovery report an envelope carries: null when there is none, undefined when it does not fit. */
export function readRecovery(raw: unknown): JournalRecovery | null | undefined {
  if (raw === null) return null;
  const parsed = JournalRecovery.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
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
