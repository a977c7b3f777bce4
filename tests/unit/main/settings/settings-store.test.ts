import { mkdir, mkdtemp, readFile, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../../src-main/settings/settings-schema';
import { openSettingsStore, SETTINGS_FILE } from '../../../../src-main/settings/settings-store';

async function freshDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'wallet-desk-settings-'));
}

describe('settings.json', () => {
  it('starts on defaults when there is no file and writes changes atomically', async () => {
    const dir = await freshDir();
    const store = await openSettingsStore(dir);
    expect(store.problem).toBeNull();
    expect(store.get()).toEqual(defaultSettings);
    await store.update((current) => ({ ...current, preferences: { ...current.preferences, privacyMode: true } }));
    const onDisk = JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8'));
    expect(onDisk.preferences.privacyMode).toBe(true);
    const reopened = await openSettingsStore(dir);
    expect(reopened.get().preferences.privacyMode).toBe(true);
  });

  it('a failed write is reported to its caller and does not block the writes after it', async () => {
    const dir = await freshDir();
    const store = await openSettingsStore(dir);
    // A directory where the temporary file goes makes exactly the next write fail (EISDIR), as a full or
    // failing disk would.
    const blocker = join(dir, `${SETTINGS_FILE}.${process.pid}.tmp`);
    await mkdir(blocker);
    await expect(
      store.update((current) => ({ ...current, preferences: { ...current.preferences, idleLockMinutes: 7 } })),
    ).rejects.toThrow();
    await rmdir(blocker);
    await store.update((current) => ({ ...current, preferences: { ...current.preferences, idleLockMinutes: 9 } }));
    const onDisk = JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8'));
    expect(onDisk.preferences.idleLockMinutes).toBe(9);
  });

  it.each([
    ['not JSON', '{ "version": 1, '],
    ['the wrong shape', JSON.stringify({ ...defaultSettings, preferences: { privacyMode: 'yes' } })],
    ['a future version', JSON.stringify({ ...defaultSettings, version: 2 })],
  ])('a file that is %s gives a clear message, defaults, and is never overwritten', async (_label, content) => {
    const dir = await freshDir();
    await writeFile(join(dir, SETTINGS_FILE), content);
    const store = await openSettingsStore(dir);
    expect(store.problem).toMatch(/using defaults/);
    expect(store.problem).toContain(SETTINGS_FILE);
    expect(store.get()).toEqual(defaultSettings);
    await store.update((current) => ({ ...current, preferences: { ...current.preferences, idleLockMinutes: 3 } }));
    expect(store.get().preferences.idleLockMinutes).toBe(3);
    expect(await readFile(join(dir, SETTINGS_FILE), 'utf8')).toBe(content);
  });

  it('refuses an invalid change and keeps the previous settings', async () => {
    const dir = await freshDir();
    const store = await openSettingsStore(dir);
    await expect(
      store.update((current) => ({ ...current, preferences: { ...current.preferences, idleLockMinutes: -1 } })),
    ).rejects.toThrow();
    expect(store.get()).toEqual(defaultSettings);
  });

  it('endpoints in settings must be http(s) URLs', async () => {
    const dir = await freshDir();
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({
        ...defaultSettings,
        environments: {
          production: { issuer: 'javascript:alert(1)', clientId: 'x', baseUrl: 'https://a', apiUrl: 'https://b' },
        },
      }),
    );
    const store = await openSettingsStore(dir);
    // Which setting goes to the log; the person reads words without a path into the file.
    expect(store.problemDetail).toMatch(/environments\.production\.issuer/);
    expect(store.problem).not.toMatch(/environments|issuer/);
    expect(store.problem).toMatch(/cannot use/);
  });
});

describe('settings.json written before the user-text rule covered the history search (security.md 34)', () => {
  it('forgets only the filters that break the rule and keeps the rest of the file', async () => {
    const dir = await freshDir();
    const saved = {
      ...defaultSettings,
      preferences: { ...defaultSettings.preferences, idleLockMinutes: 7 },
      history: {
        'account-a': { filter: 'Pay\u202Eroll', symbols: ['BTC'] },
        'account-b': { filter: 'rent', symbols: ['ETH'] },
      },
    };
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify(saved));
    const store = await openSettingsStore(dir);
    expect(store.problem).toBeNull();
    expect(store.get().preferences.idleLockMinutes).toBe(7);
    expect(store.get().history['account-a']?.filter).toBe('');
    expect(store.get().history['account-a']?.symbols).toEqual([]);
    expect(store.get().history['account-b']).toMatchObject({ filter: 'rent', symbols: ['ETH'] });
  });
});
