import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src-main/app-error';
import { createLabelTransfer } from '../../../../../src-main/features/history/label-transfer';
import type { TransactionItem } from '../../../../../src-main/service/interface-a-schemas';
import type { InterfaceAClient } from '../../../../../src-main/service/interface-a';
import { defaultSettings, type Settings } from '../../../../../src-main/settings/settings-schema';
import type { SettingsStore } from '../../../../../src-main/settings/settings-store';
import { fakeSession, signedInView } from '../../../support/fake-session';
import { createRecordingLogger } from '../../../support/recording-logger';
import { transactionItem } from '../../../support/transaction-items';

const RECORD: TransactionItem = transactionItem();

function memorySettings(): SettingsStore {
  let current: Settings = defaultSettings;
  return {
    get: () => current,
    update: async (change) => (current = change(current)),
    problem: null,
    writable: true,
  };
}

/** A label transfer over one account whose history holds RECORD, and a file that labels it. */
function setUp() {
  const client = {
    getTransactions: async () => ({ totalRecords: 1, totalPages: 1, page: 1, recordsPerPage: 500, items: [RECORD] }),
  } as Partial<InterfaceAClient> as InterfaceAClient;
  const session = fakeSession(() => client);
  const transfer = createLabelTransfer({
    session: session.service,
    settings: memorySettings(),
    logger: createRecordingLogger(),
    chooseSaveFile: undefined,
  });
  const file = JSON.stringify({ type: 'tx', ref: RECORD.txId, label: 'Supplier invoice' });
  return { session, transfer, file };
}

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  return promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );
}

describe('a planned label import and the session', () => {
  it('outlives notices that change neither user nor account (the service clock, the keychain)', async () => {
    const { session, transfer, file } = setUp();
    const preview = await transfer.preview(file);
    expect(preview.add).toHaveLength(1);

    session.publish(signedInView('acct-1', { clockAheadSeconds: 120 }));
    session.publish(signedInView('acct-1', { clockAheadSeconds: 120, keychain: 'unavailable' }));

    expect(await transfer.apply(preview.importId, false)).toEqual({ added: 1, replaced: 0 });
  });

  it('is dropped by a switch of account, even one switched back', async () => {
    const { session, transfer, file } = setUp();
    const preview = await transfer.preview(file);
    session.publish(signedInView('acct-2'));
    session.publish(signedInView('acct-1'));
    expect(await codeOf(transfer.apply(preview.importId, false))).toBe('not_found');
  });

  it('is dropped by a lock, and by another user signing in', async () => {
    const { session, transfer, file } = setUp();
    const locked = await transfer.preview(file);
    session.publish({ ...signedInView('acct-1'), status: 'locked', accounts: [], activeAccountGuid: null });
    session.publish(signedInView('acct-1'));
    expect(await codeOf(transfer.apply(locked.importId, false))).toBe('not_found');

    const otherUser = await transfer.preview(file);
    session.publish(signedInView('acct-1'), 'user-2');
    session.publish(signedInView('acct-1'), 'user-1');
    expect(await codeOf(transfer.apply(otherUser.importId, false))).toBe('not_found');
  });
});
