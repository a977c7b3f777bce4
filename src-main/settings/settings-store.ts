import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { t } from '../i18n/main-text';
import { dirname, join } from 'node:path';
import { defaultSettings, Settings } from './settings-schema';
import { SETTINGS_FILE } from './settings-file';

export interface SettingsStore {
  get(): Settings;
  update(change: (current: Settings) => Settings): Promise<Settings>;
  /** Why the file on disk could not be used, or null. */
  readonly problem: string | null;
  /** Which setting was refused and why, for the log only: a path into the file is not for users. */
  readonly problemDetail?: string | null;
  /**
   * False when the file on disk could not be used: changes then live in memory for this run and the file
   * is left as it was. Whatever must outlive the run (the money journal) has to refuse instead.
   */
  readonly writable: boolean;
}

export { SETTINGS_FILE } from './settings-file';

/**
 * Loads settings.json. A missing file means defaults. A corrupt or invalid file also means defaults,
 * but the file is left untouched (changes stay in memory for this run) so a user's hand edit or a
 * half-written file can still be recovered.
 */
export async function openSettingsStore(userDataDir: string): Promise<SettingsStore> {
  const path = join(userDataDir, SETTINGS_FILE);
  let current: Settings = structuredClone(defaultSettings);
  // Written when it is read, so it is in the language chosen by then (the file itself names the language).
  let problem: (() => string) | null = null;
  let problemDetail: string | null = null;

  let text: string | null = null;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      const code = (error as NodeJS.ErrnoException).code;
      problem = () => t('mainApp.settings.unreadable', { code: code ?? t('mainApp.settings.unknownError') });
    }
  }
  if (text !== null) {
    try {
      const raw: unknown = JSON.parse(text);
      const parsed = Settings.safeParse(raw);
      if (parsed.success) current = parsed.data;
      else {
        const first = parsed.error.issues[0];
        problemDetail = first ? `${first.path.join('.') || 'root'}: ${first.message}` : 'unknown problem';
        problem = () => t('mainApp.settings.unusable', { path });
      }
    } catch {
      problem = () => t('mainApp.settings.notJson', { path });
    }
  }
  const writable = problem === null;
  let writes: Promise<unknown> = Promise.resolve();

  return {
    get problem() {
      return problem === null ? null : problem();
    },
    problemDetail,
    writable,
    get: () => current,
    async update(change) {
      const next = Settings.parse(change(current));
      const previous = current;
      current = next;
      if (writable) {
        // Serialise writes so a slow earlier write never lands after a later one. A failed write is its
        // caller's to handle; it must not fail every later write of the run (the money ledgers refuse to
        // send when their write-ahead fails, so a stuck chain would block all payments until restart).
        const write = writes
          .catch(() => undefined)
          .then(() => writeAtomically(path, `${JSON.stringify(next, null, 2)}\n`));
        writes = write;
        try {
          await write;
        } catch (error) {
          // What could not be saved is not kept either, so the app goes on as the file and the window say;
          // a later change made meanwhile stays (it is written, or fails, on its own).
          if (current === next) current = previous;
          throw error;
        }
      }
      return next;
    },
  };
}

async function writeAtomically(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await rename(temporary, path);
}
