import * as fs from 'node:fs/promises';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../src-main/app-error';
import { createDispatcher, type Handlers } from '../../../../src-main/dispatch';
import { createAppHandlers } from '../../../../src-main/features/app';
import { openSettingsStore, SETTINGS_FILE, type SettingsStore } from '../../../../src-main/settings/settings-store';
import { savingSettings, type SavedThing } from '../../../../src-main/settings/storage-failure';
import { createRecordingLogger } from '../../support/recording-logger';

// The settings store writes through node:fs/promises; these tests make that file system fail on demand.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, writeFile: vi.fn(actual.writeFile) };
});

function fsError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: operation failed, open '/home/someone/.config/settings.json.tmp'`), {
    code,
    syscall: 'open',
  });
}

describe('a settings write the file system refuses is said in words', () => {
  let dir: string;
  let settings: SettingsStore;
  const emitted: Array<[string, unknown]> = [];
  const logger = createRecordingLogger();

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storage-failure-'));
    settings = await openSettingsStore(dir);
    emitted.length = 0;
  });
  afterEach(async () => {
    vi.mocked(fs.writeFile).mockReset();
    await rm(dir, { recursive: true, force: true });
  });

  function dispatch() {
    const handlers = createAppHandlers({
      appName: 'Wallet Desk',
      version: '1.2.3',
      settings,
      secrets: { kind: 'keychain' },
      emit: (event, payload) => emitted.push([event, payload]),
      openExternal: async () => undefined,
      serviceHosts: () => [],
      logger,
    });
    return createDispatcher(handlers as Handlers, logger);
  }

  it('a full disk during a preference change names the preferences and the full disk, not "Something went wrong"', async () => {
    await dispatch()('preferences.update', { idleLockMinutes: 5 });
    const before = await readFile(join(dir, SETTINGS_FILE), 'utf8');
    vi.mocked(fs.writeFile).mockRejectedValueOnce(fsError('ENOSPC'));

    const result = await dispatch()('preferences.update', { privacyMode: true });

    expect(result).toEqual({
      ok: false,
      error: {
        code: 'storage_failed',
        message: 'Wallet Desk could not save your preferences. The disk is full. Free some space and try again.',
      },
    });
    // Nothing of the path or the code reaches the window; the file on disk and the windows are as they were.
    expect(JSON.stringify(result)).not.toMatch(/ENOSPC|settings\.json|\/home/);
    expect(await readFile(join(dir, SETTINGS_FILE), 'utf8')).toBe(before);
    expect(settings.get().preferences).toMatchObject({ privacyMode: false, idleLockMinutes: 5 });
    expect(emitted.filter(([event]) => event === 'preferences.changed')).toHaveLength(1);
  });

  it.each([
    ['ENOSPC', 'The disk is full. Free some space and try again.'],
    ['EDQUOT', 'Your disk quota is used up. Free some space and try again.'],
    ['EROFS', 'The disk it saves to is read-only.'],
    ['EACCES', "Wallet Desk is not allowed to write to its settings folder. Check the folder's permissions."],
    ['EPERM', "Wallet Desk is not allowed to write to its settings folder. Check the folder's permissions."],
    ['EIO', 'The disk reported an error while writing.'],
    ['EMFILE', 'Too many files are open on this computer. Close some programs and try again.'],
    ['ENOTDIR', "Wallet Desk's settings folder is missing or is not a folder."],
    ['EBUSY', 'Another program is using the settings file. Try again in a moment.'],
    ['EWHATEVER', 'The computer refused to write the settings file.'],
  ])('%s is told as "%s"', async (code, reason) => {
    vi.mocked(fs.writeFile).mockRejectedValueOnce(fsError(code));
    const error = await savingSettings('address-book', () =>
      settings.update((current) => ({ ...current, promptLoginNextSignIn: ['production'] })),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'storage_failed',
      message: `Wallet Desk could not save your address book. ${reason}`,
    });
  });

  it.each([
    ['preferences', 'your preferences'],
    ['history-filters', 'your history filters'],
    ['history-label', 'your label'],
    ['address-book', 'your address book'],
    ['merchant-settings', 'your merchant settings'],
    ['sign-in-environment', 'the sign-in environment'],
    ['notification-choice', 'your notification choice'],
  ] satisfies Array<[SavedThing, string]>)('a failed write of %s names %s', async (thing, words) => {
    const error = await savingSettings(thing, () => Promise.reject(fsError('EROFS'))).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      code: 'storage_failed',
      message: expect.stringContaining(`could not save ${words}.`),
    });
  });

  it('an error that is not the file system’s passes through as it is', async () => {
    const refusal = new AppError('bad_input', 'Remove some labels first.');
    await expect(savingSettings('history-label', () => Promise.reject(refusal))).rejects.toBe(refusal);
    const bug = new TypeError('not a function');
    await expect(savingSettings('history-label', () => Promise.reject(bug))).rejects.toBe(bug);
  });
});
