import { readFile, rm } from 'node:fs/promises';
import { t } from '../i18n/main-text';
import { join } from 'node:path';
import { AppError } from '../app-error';
import type { IntentJournal } from '../features/money/intent-journal';
import type { Logger } from '../logging/logger';
import { SETTINGS_FILE } from '../settings/settings-file';
import type { SettingsStore } from '../settings/settings-store';
import type { UnresolvedIntents, UnresolvedRecordOf, UnresolvedSection } from '../settings/unresolved-intents';
import type { AlarmJournal, AlarmRecord } from './alarm-record';
import { generationPaths, writeAside, writeGeneration } from './durable-write';
import {
  JOURNAL_FILE,
  parseGeneration,
  serialiseJournal,
  type GenerationRead,
  type JournalContent,
} from './journal-format';
import { recoverJournal } from './journal-recovery';
import { fromLegacySettings } from './legacy-settings';
import type { JournalRecovery } from './recovery-report';

export type SectionJournal<S extends UnresolvedSection> = IntentJournal<
  UnresolvedRecordOf<S>['body'],
  UnresolvedRecordOf<S>['review']
>;

/**
 * The record of every move that may have moved money, in its own file beside settings.json (security.md 35):
 * one writer for the send, swap and withdraw ledgers, each write flushed to the disk before the request
 * leaves, the previous generation kept, and a damaged file recovered and reported, never read as empty.
 */
export interface MoneyJournal {
  section<S extends UnresolvedSection>(section: S): SectionJournal<S>;
  /** The alarms for closed moves found later, kept until dismissed (security.md 36). */
  alarms(): AlarmJournal;
  /** A recovery the user has not yet said they have seen; while there is one, no new request may leave. */
  recovery(): JournalRecovery | null;
  acknowledgeRecovery(): Promise<void>;
}

export interface MoneyJournalDeps {
  readonly directory: string;
  readonly logger: Logger;
  /** Where an earlier version's moves are taken from, and cleared from once the journal holds them. */
  readonly settings?: SettingsStore;
  readonly now?: () => number;
}

export async function openMoneyJournal(deps: MoneyJournalDeps): Promise<MoneyJournal> {
  const now = deps.now ?? Date.now;
  const paths = generationPaths(join(deps.directory, JOURNAL_FILE));
  const currentText = await readOptional(paths.current);
  const current = await readGeneration(currentText);
  const previous = await readGeneration(await readOptional(paths.previous));
  // A temporary file is what a crash between writing and renaming leaves: its request never left.
  await rm(paths.temporary, { force: true }).catch(() => undefined);

  const opened = recoverJournal(current, previous, now());
  let content: JournalContent;
  let migrated = false;
  let rewrite: boolean;
  if (opened) {
    content = opened.content;
    rewrite = opened.rewrite;
  } else {
    const settingsText = await readOptional(join(deps.directory, SETTINGS_FILE));
    if (settingsText && !settingsText.ok)
      deps.logger.warn('could not read settings for the money journal', { error: settingsText.code });
    const legacy = await fromLegacySettings(settingsText?.ok ? settingsText.text : null, now());
    content = legacy ?? { sections: { send: [], swap: [], withdraw: [] }, recovery: null };
    migrated = legacy !== null;
    rewrite = migrated;
  }
  if (rewrite && opened && currentText !== null && currentText.ok) {
    content = await keptAside(deps, content, currentText.text, now());
  }

  const journal = createJournal(content, (text) => writeGeneration(paths, text), deps.logger, now);
  if (rewrite) {
    try {
      await journal.flush();
      if (migrated) await clearLegacyCopy(deps);
    } catch (error) {
      // The recovered or migrated moves stay in memory and are written with the next change; the sources
      // they came from are left as they are.
      deps.logger.warn('could not write the money journal', { error: errorCode(error) });
    }
  }
  return journal;
}

/** A journal that lives for this run only (tests, and a shell with no user-data folder). */
export function memoryMoneyJournal(logger: Logger): MoneyJournal {
  return createJournal(
    { sections: { send: [], swap: [], withdraw: [] }, recovery: null },
    async () => undefined,
    logger,
  );
}

type Text = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly code: string };

async function readOptional(path: string): Promise<Text | null> {
  try {
    return { ok: true, text: await readFile(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    return code === 'ENOENT' ? null : { ok: false, code };
  }
}

async function readGeneration(text: Text | null): Promise<GenerationRead> {
  if (text === null) return parseGeneration(null);
  if (!text.ok) return { kind: 'unreadable', why: 'io', references: [] };
  return parseGeneration(text.text);
}

/** The damaged file is kept for a person to look at, since the next write turns it into the previous generation. */
async function keptAside(deps: MoneyJournalDeps, content: JournalContent, text: string, atMs: number) {
  const name = `money-journal.damaged-${atMs}.json`;
  try {
    await writeAside(join(deps.directory, name), text);
  } catch (error) {
    deps.logger.warn('could not keep the damaged money journal aside', { error: errorCode(error) });
    return content;
  }
  return content.recovery ? { ...content, recovery: { ...content.recovery, damagedCopy: name } } : content;
}

async function clearLegacyCopy(deps: MoneyJournalDeps): Promise<void> {
  const settings = deps.settings;
  if (!settings?.writable) return;
  await settings.update((current) => {
    const { unresolvedIntents: _legacy, ...rest } = current;
    return rest;
  });
}

function createJournal(
  initial: JournalContent,
  write: (text: string) => Promise<void>,
  logger: Logger,
  now: () => number = Date.now,
) {
  let content = initial;
  let writes: Promise<unknown> = Promise.resolve();

  /** Serialised, so a slow earlier write never lands after a later one; each writes the newest content. */
  function flush(): Promise<void> {
    const write$ = writes.catch(() => undefined).then(() => write(serialiseJournal(content, now())));
    writes = write$;
    return write$;
  }

  function section<S extends UnresolvedSection>(name: S): SectionJournal<S> {
    return {
      restored: content.sections[name],
      async save(records) {
        if (content.recovery !== null && leaves(content.sections[name], records)) {
          throw new AppError('storage_failed', t('mainApp.journal.recoveryUnseen'));
        }
        content = { ...content, sections: { ...content.sections, [name]: [...records] } as UnresolvedIntents };
        try {
          await flush();
        } catch (error) {
          logger.warn('could not save unresolved money requests', { section: name, error: errorCode(error) });
          throw error;
        }
      },
    };
  }

  function alarms(): AlarmJournal {
    return {
      restored: content.alarms ?? [],
      async save(records: readonly AlarmRecord[]) {
        content = { ...content, alarms: [...records] };
        try {
          await flush();
        } catch (error) {
          logger.warn('could not save the money alarms', { error: errorCode(error) });
          throw error;
        }
      },
    };
  }

  return {
    section,
    alarms,
    flush,
    recovery: () => content.recovery,
    async acknowledgeRecovery() {
      const before = content;
      if (before.recovery === null) return;
      content = { ...content, recovery: null };
      try {
        await flush();
      } catch (error) {
        content = { ...content, recovery: before.recovery };
        logger.warn('could not record that the recovery was seen', { error: errorCode(error) });
        throw new AppError('storage_failed', t('mainApp.journal.seenNotSaved'));
      }
    },
  } satisfies MoneyJournal & { flush(): Promise<void> };
}

/** A record new to the section, or one tried once more: a request is about to leave. */
function leaves(
  before: readonly { id: string; attempts: number }[],
  after: readonly { id: string; attempts: number }[],
) {
  const known = new Map(before.map((record) => [record.id, record.attempts]));
  return after.some((record) => (known.get(record.id) ?? -1) < record.attempts);
}

function errorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return error instanceof Error ? error.name : 'unknown';
}
