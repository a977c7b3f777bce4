import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { SendBody } from '../../../../src-main/features/send/send-body';
import type { SendReview } from '../../../../src-preload/contract/send';
import { journaledLedger } from '../../../../src-main/features/money/intent-journal';
import { IntentRef } from '../../../../src-preload/contract/money';
import { openSettingsStore, SETTINGS_FILE } from '../../../../src-main/settings/settings-store';
import { earlierSettingsFile } from '../../support/settings-file';
import { freshDir, open, readJournal, withdrawal, withdrawLedger } from './journal-support';

/**
 * settings.json as main wrote it before the journal had its own file (commit f1cedd4): made by that
 * commit's own settingsJournal for send, swap and withdraw, one unknown move each, the withdrawal under an
 * id that is not a UUID as merchant.withdraw* once allowed.
 */
const FIXTURE = join(import.meta.dirname, 'fixtures', 'settings-from-main.json');

async function dirWithSettings(text: string): Promise<string> {
  const dir = await freshDir();
  await writeFile(join(dir, SETTINGS_FILE), text);
  return dir;
}

describe('moves an earlier version kept in settings.json move into the journal (security.md 35)', () => {
  it('every one of them, written durably first, and only then cleared from settings', async () => {
    const dir = await dirWithSettings(await readFile(FIXTURE, 'utf8'));
    const journal = await open(dir);
    expect(journal.recovery()).toBeNull();
    const sends = journaledLedger<SendBody, unknown, SendReview>(journal.section('send'), new Map());
    expect(sends.unknown()).toEqual([expect.objectContaining({ referenceId: 'send-ref-legacy-1', state: 'unknown' })]);
    expect(journal.section('swap').restored.map((record) => record.referenceId)).toEqual(['swap-ref-legacy-1']);
    const onDisk = JSON.parse(await readJournal(dir)) as { sections: Record<string, { referenceId: string }[]> };
    expect(onDisk.sections['send']?.map((record) => record.referenceId)).toEqual(['send-ref-legacy-1']);
    expect(onDisk.sections['swap']?.map((record) => record.referenceId)).toEqual(['swap-ref-legacy-1']);
    expect(onDisk.sections['withdraw']?.map((record) => record.referenceId)).toEqual(['mtx-legacy-1']);
    // Settings keep everything else and no longer hold the moves.
    const settingsText = await readFile(join(dir, SETTINGS_FILE), 'utf8');
    expect(settingsText).not.toContain('unresolvedIntents');
    expect((await openSettingsStore(dir)).get().preferences.privacyMode).toBe(true);
    // The next run reads them from the journal alone.
    const again = await open(dir);
    expect(again.section('send').restored).toHaveLength(1);
    expect(again.section('withdraw').restored.map((record) => record.referenceId)).toEqual(['mtx-legacy-1']);
  });

  it('a withdrawal kept under an id that is not a UUID comes back under one the bridge accepts, kept in the journal', async () => {
    const dir = await dirWithSettings(await readFile(FIXTURE, 'utf8'));
    const ledger = withdrawLedger(await open(dir));
    const [restored, ...others] = ledger.unknown();
    expect(others).toEqual([]);
    expect(restored).toMatchObject({ referenceId: 'mtx-legacy-1', state: 'unknown', attempts: 1 });
    expect(IntentRef.safeParse({ intentId: restored?.id }).success).toBe(true);
    const send = vi.fn(async () => 'tx');
    await expect(ledger.submit(restored?.id ?? '', send)).rejects.toBeDefined();
    expect(send).not.toHaveBeenCalled();
    expect((await open(dir)).section('withdraw').restored.map((record) => record.id)).toEqual([restored?.id]);
  });

  it('from a settings file the app cannot use (a hand edit), still without loss, leaving that file as it is', async () => {
    const handEdited = earlierSettingsFile({
      preferences: { privacyMode: false, idleLockMinutes: 100_000 },
      unresolvedIntents: { send: [], swap: [], withdraw: [withdrawal(1)] },
    });
    const dir = await dirWithSettings(handEdited);
    const journal = await open(dir);
    expect(
      withdrawLedger(journal)
        .unknown()
        .map((intent) => intent.referenceId),
    ).toEqual(['mtx-1']);
    expect(journal.recovery()).toBeNull();
    expect(await readFile(join(dir, SETTINGS_FILE), 'utf8')).toBe(handEdited);
    // And payments go on: the journal does not depend on the settings file being writable.
    const ledger = withdrawLedger(journal);
    const intent = ledger.confirm(withdrawal(2).body);
    await expect(ledger.submit(intent.id, async () => 'tx-2')).resolves.toBe('tx-2');
  });

  it('an entry settings hold that does not fit is reported, and the others are taken', async () => {
    const dir = await dirWithSettings(
      earlierSettingsFile({
        unresolvedIntents: { send: [], swap: [], withdraw: [withdrawal(1), { ...withdrawal(2), attempts: 'x' }] },
      }),
    );
    const journal = await open(dir);
    expect(journal.recovery()).toMatchObject({
      cause: 'settings-unreadable',
      recovered: [expect.objectContaining({ referenceId: 'mtx-1' })],
      unreadable: [{ kind: 'withdraw', referenceId: 'mtx-2' }],
    });
  });

  it('settings cut short that still name moves: reported as moves that could not be read, never as none', async () => {
    const whole = earlierSettingsFile({ unresolvedIntents: { send: [], swap: [], withdraw: [withdrawal(4)] } });
    const dir = await dirWithSettings(whole.slice(0, whole.indexOf('mtx-4') + 8));
    const journal = await open(dir);
    expect(journal.recovery()).toMatchObject({
      cause: 'settings-unreadable',
      unreadable: [
        { kind: null, referenceId: 'mtx-4' },
        { kind: null, referenceId: null },
      ],
    });
  });

  it('a journal already there is not mixed with what an old settings file still holds', async () => {
    const dir = await freshDir();
    const journal = await open(dir);
    await journal.section('withdraw').save([withdrawal(1)]);
    await writeFile(
      join(dir, SETTINGS_FILE),
      earlierSettingsFile({ unresolvedIntents: { send: [], swap: [], withdraw: [withdrawal(2)] } }),
    );
    const again = await open(dir);
    expect(again.section('withdraw').restored.map((record) => record.referenceId)).toEqual(['mtx-1']);
  });
});
