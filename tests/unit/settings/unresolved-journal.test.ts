import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { WithdrawBody } from '../../../src-main/features/merchant/withdraw-body';
import { journaledLedger } from '../../../src-main/features/money/intent-journal';
import { IntentRef } from '../../../src-preload/contract/money';
import { openSettingsStore, SETTINGS_FILE } from '../../../src-main/settings/settings-store';
import { settingsJournal } from '../../../src-main/settings/settings-journal';
import { earlierSettingsFile } from '../support/settings-file';
import { createRecordingLogger } from '../support/recording-logger';

/**
 * A settings.json the app cannot use (a hand edit, a read error, a
 * newer or older version) used to switch the money journal off without a word: unknown payments were
 * forgotten and every write-ahead "succeeded" in memory only, so the same payment could be sent twice.
 */
const lostWithdrawal = {
  id: '5b0c7a52-3f0e-4c36-9d3e-2b8f7c1d9e41',
  referenceId: 'mtx-lost-1',
  attempts: 1,
  body: {
    environment: 'local-sandbox',
    publicKey: 'pk-merchant',
    origin: 'http://127.0.0.1:4477',
    code: 'BTC',
    networkId: 1,
    address: 'bc1qexample',
    amount: '0.25',
    label: 'Payroll',
    email: 'treasury@example.com',
    verified: true,
    memberReferenceId: null,
    userGuid: 'user-1',
    startedAtMs: null,
  } satisfies WithdrawBody,
  review: null,
};

async function settingsDirWith(content: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-journal-'));
  await writeFile(join(dir, SETTINGS_FILE), content);
  return dir;
}

describe('the money journal when settings.json cannot be used', () => {
  const handEdited = earlierSettingsFile({
    // Out of range: the rest of the file is refused and the app runs on defaults.
    preferences: { privacyMode: false, idleLockMinutes: 100_000 },
    unresolvedIntents: { send: [], swap: [], withdraw: [lostWithdrawal] },
  });

  it('still brings back the payments whose outcome is unknown', async () => {
    const store = await openSettingsStore(await settingsDirWith(handEdited));
    expect(store.problem).toMatch(/cannot use/);
    expect(store.writable).toBe(false);
    expect(store.get().preferences.idleLockMinutes).toBe(15);
    const ledger = journaledLedger(settingsJournal(store, 'withdraw', createRecordingLogger()), new Map());
    expect(ledger.unknown()).toEqual([
      expect.objectContaining({ id: lostWithdrawal.id, referenceId: 'mtx-lost-1', state: 'unknown' }),
    ]);
  });

  it('sends nothing while it cannot write a payment down, says why in words, and leaves the file as it was', async () => {
    const dir = await settingsDirWith(handEdited);
    const store = await openSettingsStore(dir);
    const ledger = journaledLedger<WithdrawBody, string, null>(
      settingsJournal(store, 'withdraw', createRecordingLogger()),
      new Map(),
    );
    const intent = ledger.confirm({ ...lostWithdrawal.body, amount: '0.5' });
    const send = vi.fn(async () => 'tx-1');
    await expect(ledger.submit(intent.id, send)).rejects.toMatchObject({
      code: 'storage_failed',
      message: expect.stringMatching(/cannot write to its settings file now, so nothing was sent/),
    });
    expect(send).not.toHaveBeenCalled();
    expect(ledger.get(intent.id).state).toBe('confirmed');
    expect(await readFile(join(dir, SETTINGS_FILE), 'utf8')).toBe(handEdited);
  });

  it('a file that cannot be read at all also stops payments rather than run without a journal', async () => {
    // A directory where the file should be: reading it fails with EISDIR, as an unreadable file would.
    const dir = await mkdtemp(join(tmpdir(), 'wallet-desk-journal-'));
    await mkdir(join(dir, SETTINGS_FILE));
    const store = await openSettingsStore(dir);
    expect(store.writable).toBe(false);
    const ledger = journaledLedger<WithdrawBody, string, null>(
      settingsJournal(store, 'withdraw', createRecordingLogger()),
      new Map(),
    );
    const intent = ledger.confirm(lostWithdrawal.body);
    const send = vi.fn(async () => 'tx-1');
    await expect(ledger.submit(intent.id, send)).rejects.toMatchObject({ code: 'storage_failed' });
    expect(send).not.toHaveBeenCalled();
  });
});

describe('an unknown withdrawal kept under an id that is not a UUID (merchant.withdraw* took any text)', () => {
  const legacy = { ...lostWithdrawal, id: 'intent-lost-1' };

  it('comes back under a new UUID the bridge accepts, with its merchant transaction id, still unknown; the file then keeps that id', async () => {
    const dir = await settingsDirWith(
      earlierSettingsFile({ unresolvedIntents: { send: [], swap: [], withdraw: [legacy] } }),
    );
    const store = await openSettingsStore(dir);
    expect(store.writable).toBe(true);
    const ledger = journaledLedger<WithdrawBody, string, null>(
      settingsJournal(store, 'withdraw', createRecordingLogger()),
      // As merchant-withdraw.ts keeps it: a withdrawal's view comes from its body, there is no review.
      { get: () => null, set: () => {} },
    );
    const [restored, ...others] = ledger.unknown();
    expect(others).toEqual([]);
    expect(restored).toMatchObject({ referenceId: 'mtx-lost-1', state: 'unknown', attempts: 1 });
    expect(restored?.id).not.toBe('intent-lost-1');
    // "Check status" and an acknowledgement name it by this id: withdraw.* takes only UUIDs.
    expect(IntentRef.safeParse({ intentId: restored?.id }).success).toBe(true);
    // Never sent again on its own, under either id.
    const send = vi.fn(async () => 'tx-1');
    await expect(ledger.submit(restored?.id ?? '', send)).rejects.toBeDefined();
    expect(send).not.toHaveBeenCalled();

    // The next write of the journal stores the new id, so later runs name it the same way.
    const other = ledger.confirm({ ...legacy.body, amount: '0.5' });
    await ledger.submit(other.id, async () => 'tx-2');
    const saved = JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8')) as {
      unresolvedIntents: { withdraw: { id: string; referenceId: string }[] };
    };
    expect(saved.unresolvedIntents.withdraw).toEqual([
      expect.objectContaining({ id: restored?.id, referenceId: 'mtx-lost-1' }),
    ]);
  });
});
