import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseGeneration } from '../../../../src-main/journal/journal-format';
import { freshDir, journalWith, readJournal, withdrawal } from './journal-support';

const ENTRIES = '../../../../src-main/journal/journal-entries';

afterEach(() => {
  vi.doUnmock(ENTRIES);
  vi.resetModules();
  vi.unstubAllGlobals();
});

/** The journal's entry schemas are imported only for a file that holds entries (journal-format.ts). */
describe('the money journal when its entry schemas cannot be loaded', () => {
  it('refuses to open (never an empty journal), leaves the file as it was, and the core sends nothing', async () => {
    const dir = await freshDir();
    await journalWith(dir, withdrawal(1), withdrawal(2));
    const before = await readJournal(dir);

    // Vitest turns the factory's throw into the import's rejection, as a chunk missing from a broken install.
    vi.doMock(ENTRIES, () => {
      throw new Error('chunk missing');
    });
    vi.resetModules();
    const fetched = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetched);
    const { openMoneyJournal } = await import('../../../../src-main/journal/money-journal');
    const { openSettingsStore } = await import('../../../../src-main/settings/settings-store');
    const { createRecordingLogger } = await import('../../support/recording-logger');
    const logger = createRecordingLogger();
    const settings = await openSettingsStore(dir);
    await expect(openMoneyJournal({ directory: dir, settings, logger })).rejects.toThrow(/error when mocking a module/);
    expect(await readJournal(dir)).toBe(before);

    // The app's core opens the journal before it answers anything: no core, so no send can leave.
    const { createAppCore } = await import('../../../../src-main/app-core');
    const { createMemoryStore } = await import('../../../../src-main/keychain/memory-store');
    await expect(
      createAppCore({
        appName: 'Wallet Desk',
        version: '0.0.0',
        settings,
        secrets: createMemoryStore(),
        logger,
        userDataDir: dir,
        emit: () => undefined,
        openExternal: async () => undefined,
      }),
    ).rejects.toThrow(/error when mocking a module/);
    expect(fetched).not.toHaveBeenCalled();
    expect(await readJournal(dir)).toBe(before);
  });

  it('a recovery report that does not fit makes the file unreadable', async () => {
    const text = JSON.stringify({
      format: 'wallet-desk-money-journal',
      version: 1,
      writtenAtMs: 1_000,
      sections: { send: [], swap: [], withdraw: [] },
      recovery: { cause: 42, references: 'mtx-1' },
      alarms: [],
    });
    expect(await parseGeneration(text)).toMatchObject({ kind: 'unreadable', why: 'wrong-shape' });
  });
});
