import { describe, expect, it } from 'vitest';
import { HistoryPageRequest } from '../../../../../src-preload/contract/history';
import { AppError } from '../../../../../src-main/app-error';
import { createHistoryHandlers, type HistoryHandlersDeps } from '../../../../../src-main/features/history';
import type { InterfaceAClient } from '../../../../../src-main/service/interface-a';
import type { TransactionItem, TransactionsResult } from '../../../../../src-main/service/interface-a-schemas';
import { defaultSettings } from '../../../../../src-main/settings/settings-schema';
import type { SettingsStore } from '../../../../../src-main/settings/settings-store';
import { fakeSession, signedInView } from '../../../support/fake-session';
import { transactionItem } from '../../../support/transaction-items';

const END = Date.parse('2026-11-20T12:00:00.000Z');
const HOUR = 3_600_000;

function record(n: number): TransactionItem {
  return transactionItem({
    txId: null,
    amount: 1,
    date: new Date(END - n * HOUR).toISOString(),
    referenceId: `ref-${n}`,
  });
}

const ANSWER: TransactionsResult = {
  totalRecords: 10,
  totalPages: 1,
  page: 1,
  recordsPerPage: 500,
  items: Array.from({ length: 10 }, (_, n) => record(n)),
};

/** The last day's records, 5 a page: a date range, which the app pages itself from a scan it keeps. */
const RANGED = HistoryPageRequest.parse({
  page: 1,
  recordsPerPage: 5,
  since: new Date(END - 24 * HOUR).toISOString(),
});

/** History's handlers over a session; each scan's request waits until the test lets it answer. */
function setUp() {
  const waiting: (() => void)[] = [];
  let asked = 0;
  const client = {
    getTransactions: async () => {
      asked += 1;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return ANSWER;
    },
  } as Partial<InterfaceAClient> as InterfaceAClient;
  const session = fakeSession(() => client);
  const settings = { get: () => defaultSettings } as Partial<SettingsStore> as SettingsStore;
  const handlers = createHistoryHandlers({ session: session.service, settings } as unknown as HistoryHandlersDeps);
  const page = async (): Promise<unknown> => handlers['history.page'](RANGED);
  const answer = async (): Promise<void> => {
    await expect.poll(() => waiting.length).toBeGreaterThan(0);
    waiting.shift()?.();
  };
  return { session, page, answer, asked: () => asked };
}

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => value,
    (error: unknown) => (error instanceof AppError ? error.code : error),
  );
}

describe('a date-ranged history page and the session', () => {
  it('is answered, and its scan kept, across notices that change neither user nor account', async () => {
    const { session, page, answer, asked } = setUp();
    const first = page();
    session.publish(signedInView('acct-1', { clockAheadSeconds: 120 }));
    await answer();
    expect(await outcome(first)).toMatchObject({ totalRecords: 10, page: 1 });

    session.publish(signedInView('acct-1', { clockAheadSeconds: 120, keychain: 'unavailable' }));
    expect(await outcome(page())).toMatchObject({ totalRecords: 10 });
    expect(asked()).toBe(1);
  });

  it('is refused when the account changed during its scan, and scanned again after a switch or a lock', async () => {
    const { session, page, answer, asked } = setUp();
    const first = page();
    session.publish(signedInView('acct-2'));
    await answer();
    expect(await outcome(first)).toBe('cancelled');

    const second = page();
    await answer();
    await second;
    session.publish({ ...signedInView('acct-2'), status: 'locked', accounts: [], activeAccountGuid: null });
    session.publish(signedInView('acct-2'));
    const third = page();
    await answer();
    expect(await outcome(third)).toMatchObject({ totalRecords: 10 });
    expect(asked()).toBe(3);
  });
});
