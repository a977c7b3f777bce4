import { mkdir, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { JOURNAL_FILE } from '../../../../src-main/journal/journal-format';
import { openSettingsStore, SETTINGS_FILE } from '../../../../src-main/settings/settings-store';
import { earlierSettingsFile } from '../../support/settings-file';
import {
  freshDir,
  journalWith,
  open,
  PREVIOUS_FILE,
  readJournal,
  withdrawal,
  withdrawLedger,
  writeJournal,
} from './journal-support';

/** The journal's own file, its previous generation and what a damaged one becomes (security.md 35). */
describe('the money journal file', () => {
  it('is written ahead of the request, in its own file, with the previous generation kept', async () => {
    const dir = await freshDir();
    const journal = await open(dir);
    const ledger = withdrawLedger(journal);
    const first = ledger.confirm(withdrawal(1).body);
    const send = vi.fn(async () => {
      // The request leaves only once the journal on disk names it.
      expect(await readJournal(dir)).toContain(ledger.get(first.id).referenceId);
      throw new Error('connection reset');
    });
    await expect(ledger.submit(first.id, send)).rejects.toMatchObject({ code: 'outcome_unknown' });
    expect(send).toHaveBeenCalledOnce();
    const second = ledger.confirm(withdrawal(2).body);
    await ledger.submit(second.id, async () => 'tx-2');
    // The previous generation is the file as it was before the last write.
    const previous = await readJournal(dir, PREVIOUS_FILE);
    expect(previous).toContain(ledger.get(first.id).referenceId);
    expect(previous).toContain(ledger.get(second.id).referenceId);
    expect(await readJournal(dir)).not.toContain(ledger.get(second.id).referenceId);
    const settingsText = await readFile(join(dir, SETTINGS_FILE), 'utf8').catch(() => '');
    expect(settingsText).not.toContain(ledger.get(first.id).referenceId);

    const reopened = withdrawLedger(await open(dir));
    expect(reopened.unknown().map((intent) => intent.referenceId)).toEqual([ledger.get(first.id).referenceId]);
  });

  it('keeps exactly what the ledger hands it, a closed move with its closure too', async () => {
    const dir = await freshDir();
    const closed = {
      ...withdrawal(1),
      closure: { at: '2026-01-01T00:00:00.000Z', by: { userGuid: 'user-1', name: 'Alice' }, shown: 'Warned.' },
    };
    await (await open(dir)).section('withdraw').save([closed, withdrawal(2)]);
    const restored = (await open(dir)).section('withdraw').restored;
    expect(restored).toEqual([closed, withdrawal(2)]);
  });

  it('a crash between writing and renaming leaves a temporary file: the journal before it is read, sound', async () => {
    const dir = await freshDir();
    await journalWith(dir, withdrawal(1), withdrawal(2));
    const before = await readJournal(dir);
    // What the writer had flushed but not yet renamed: a request that never left.
    await writeFile(join(dir, `${JOURNAL_FILE}.${process.pid}.tmp`), '{"format":"wallet-desk-money-jou');
    const journal = await open(dir);
    expect(journal.recovery()).toBeNull();
    expect(
      withdrawLedger(journal)
        .unknown()
        .map((intent) => intent.referenceId),
    ).toEqual(['mtx-1', 'mtx-2']);
    expect(await readJournal(dir)).toBe(before);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('a truncated journal is recovered from its previous generation and the moves it lost are named', async () => {
    const dir = await freshDir();
    await journalWith(dir, withdrawal(1), withdrawal(2));
    const whole = await readJournal(dir);
    const cut = whole.slice(0, whole.indexOf('mtx-2') + 12);
    await writeJournal(dir, cut);
    const journal = await open(dir, 5_000);
    // The previous generation held mtx-1 only; mtx-2's reference is still legible in what was left.
    expect(
      withdrawLedger(journal)
        .unknown()
        .map((intent) => intent.referenceId),
    ).toEqual(['mtx-1']);
    expect(journal.recovery()).toMatchObject({
      cause: 'journal-damaged',
      previousGenerationUsed: true,
      recovered: [expect.objectContaining({ kind: 'withdraw', referenceId: 'mtx-1', amount: '0.1', asset: 'BTC' })],
      unreadable: [
        { kind: null, referenceId: 'mtx-2' },
        { kind: null, referenceId: null },
      ],
      damagedCopy: 'money-journal.damaged-5000.json',
    });
    // The damaged file is kept for a person, and the recovered journal is written at once.
    expect(await readFile(join(dir, 'money-journal.damaged-5000.json'), 'utf8')).toBe(cut);
    expect(JSON.parse(await readJournal(dir))).toMatchObject({ recovery: { cause: 'journal-damaged' } });
  });

  it('an empty journal is never read as an empty one', async () => {
    const dir = await freshDir();
    await journalWith(dir, withdrawal(1));
    await writeJournal(dir, '');
    await writeJournal(dir, '', PREVIOUS_FILE);
    const journal = await open(dir);
    expect(journal.recovery()).toMatchObject({
      cause: 'journal-damaged',
      previousGenerationUsed: false,
      recovered: [],
      unreadable: [{ kind: null, referenceId: null }],
    });
    await expect(refusedWhileUnseen(journal)).resolves.toBe(true);
  });

  it('a garbage journal with no previous generation names the references still legible in it', async () => {
    const dir = await freshDir();
    await writeJournal(dir, '\u0000\u0000{"sections":{"withdraw":[{"referenceId":"mtx-7","attem\u0000garbage');
    const journal = await open(dir);
    expect(journal.recovery()).toMatchObject({
      cause: 'journal-damaged',
      recovered: [],
      unreadable: [
        { kind: null, referenceId: 'mtx-7' },
        { kind: null, referenceId: null },
      ],
    });
  });

  it('one bad entry among good ones costs that entry only, and is taken from the previous generation where it is sound', async () => {
    const dir = await freshDir();
    await journalWith(dir, withdrawal(1), withdrawal(2), withdrawal(3));
    const file = JSON.parse(await readJournal(dir)) as { sections: { withdraw: Record<string, unknown>[] } };
    // mtx-2 is in the previous generation (written before mtx-3 joined); mtx-3 is not.
    file.sections.withdraw[1] = { ...file.sections.withdraw[1], amount: 7, body: 'garbled' };
    file.sections.withdraw[2] = { ...file.sections.withdraw[2], attempts: -1 };
    await writeJournal(dir, JSON.stringify(file));
    const journal = await open(dir);
    expect(
      withdrawLedger(journal)
        .unknown()
        .map((intent) => intent.referenceId),
    ).toEqual(['mtx-1', 'mtx-2']);
    expect(journal.recovery()).toMatchObject({
      cause: 'entries-unreadable',
      previousGenerationUsed: true,
      recovered: [expect.objectContaining({ referenceId: 'mtx-1' }), expect.objectContaining({ referenceId: 'mtx-2' })],
      unreadable: [{ kind: 'withdraw', referenceId: 'mtx-3' }],
    });
  });

  it('a journal gone while its previous generation is there is recovered from it and reported', async () => {
    const dir = await freshDir();
    await journalWith(dir, withdrawal(1), withdrawal(2));
    await rm(join(dir, JOURNAL_FILE));
    const journal = await open(dir);
    expect(journal.recovery()).toMatchObject({ cause: 'journal-missing', previousGenerationUsed: true });
    expect(
      withdrawLedger(journal)
        .unknown()
        .map((intent) => intent.referenceId),
    ).toEqual(['mtx-1']);
  });

  it('refuses every new request while a recovery is unseen, lets look-ups settle moves, and stops once seen', async () => {
    const dir = await freshDir();
    await journalWith(dir, withdrawal(1), withdrawal(2));
    await writeJournal(dir, '{"format":"wallet-desk-money-journal","vers');
    const journal = await open(dir);
    const ledger = withdrawLedger(journal);
    const intent = ledger.confirm(withdrawal(3).body);
    const send = vi.fn(async () => 'tx-3');
    await expect(ledger.submit(intent.id, send)).rejects.toMatchObject({
      code: 'storage_failed',
      message: expect.stringMatching(/recovered what it could\. Nothing was sent\. Read the list/),
    });
    expect(send).not.toHaveBeenCalled();
    // A recovered move found by a look-up is settled and leaves the journal even before the list is seen.
    const [recovered] = ledger.unknown();
    await ledger.reconcile(recovered?.id ?? '', 'tx-1');
    expect(JSON.parse(await readJournal(dir))).toMatchObject({ sections: { withdraw: [] } });

    await journal.acknowledgeRecovery();
    await ledger.submit(intent.id, send);
    expect(send).toHaveBeenCalledOnce();
    // Seen is written down: the next run does not show the list again.
    expect((await open(dir)).recovery()).toBeNull();
  });

  it('a recovery not yet seen is shown again on the next run', async () => {
    const dir = await freshDir();
    await journalWith(dir, withdrawal(1));
    await writeJournal(dir, 'not json');
    expect((await open(dir)).recovery()).not.toBeNull();
    const again = await open(dir);
    expect(again.recovery()).toMatchObject({ cause: 'journal-damaged' });
    await expect(refusedWhileUnseen(again)).resolves.toBe(true);
  });

  it('a write that fails stops the request, and no message advises moving or deleting a file', async () => {
    const dir = await freshDir();
    const journal = await open(dir);
    const ledger = withdrawLedger(journal);
    const blocker = join(dir, `${JOURNAL_FILE}.${process.pid}.tmp`);
    await mkdir(blocker);
    const intent = ledger.confirm(withdrawal(1).body);
    const send = vi.fn(async () => 'tx-1');
    const refusal = await ledger.submit(intent.id, send).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'storage_failed', message: expect.stringMatching(/nothing was sent/) });
    expect((refusal as Error).message).not.toMatch(/move|delete|remove|settings file/i);
    expect(send).not.toHaveBeenCalled();
    await rmdir(blocker);
    await ledger.submit(intent.id, send);
    expect(send).toHaveBeenCalledOnce();
  });
});

describe('settings and the journal do not touch each other', () => {
  it('damaged settings beside a sound journal: every unsettled move is there, nothing to report', async () => {
    const dir = await freshDir();
    await journalWith(dir, withdrawal(1), withdrawal(2));
    await writeFile(join(dir, SETTINGS_FILE), '{"version":1,"environm');
    const settings = await openSettingsStore(dir);
    expect(settings.problem).toMatch(/not valid JSON/);
    const journal = await open(dir);
    expect(journal.recovery()).toBeNull();
    const ledger = withdrawLedger(journal);
    expect(ledger.unknown().map((intent) => intent.referenceId)).toEqual(['mtx-1', 'mtx-2']);
    // And payments still go: the journal is writable whatever the settings file holds.
    const intent = ledger.confirm(withdrawal(3).body);
    await expect(ledger.submit(intent.id, async () => 'tx-3')).resolves.toBe('tx-3');
  });

  it('a damaged journal beside sound settings: the settings load as they were', async () => {
    const dir = await freshDir();
    await journalWith(dir, withdrawal(1));
    await writeFile(
      join(dir, SETTINGS_FILE),
      earlierSettingsFile({ preferences: { privacyMode: true, idleLockMinutes: 7 } }),
    );
    await writeJournal(dir, '{"garbage');
    const settings = await openSettingsStore(dir);
    expect(settings.problem).toBeNull();
    expect(settings.get().preferences).toMatchObject({ privacyMode: true, idleLockMinutes: 7 });
    expect((await open(dir)).recovery()).toMatchObject({ cause: 'journal-damaged' });
  });
});

/** Whether a new withdrawal is refused before it leaves. */
async function refusedWhileUnseen(journal: Parameters<typeof withdrawLedger>[0]): Promise<boolean> {
  const ledger = withdrawLedger(journal);
  const intent = ledger.confirm(withdrawal(9).body);
  const send = vi.fn(async () => 'tx');
  const refused = await ledger.submit(intent.id, send).then(
    () => false,
    () => true,
  );
  return refused && send.mock.calls.length === 0;
}
