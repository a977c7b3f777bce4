import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import type { ExportProgress } from '../../../../../src-preload/contract/history';
import { createHistoryExports, EXPORT_PAGE_SIZE } from '../../../../../src-main/features/history';
import type { SessionService } from '../../../../../src-main/features/session';
import type { TransactionItem, TransactionsHead } from '../../../../../src-main/service/interface-a-schemas';
import { createRecordingLogger } from '../../../support/recording-logger';
import { transactionItem } from '../../../support/transaction-items';

/**
 * The export's progress reaches the window at most every progressIntervalMs. A page written inside that
 * interval must still be told once it is over when the next page is slow to come: dropped, the window
 * said "0 written" for as long as the service took, and an export stalled on its second page looked as
 * if nothing had been written.
 */

const item = (index: number): TransactionItem =>
  transactionItem({ txId: `tx-${index}`, amount: 0.001, date: '2026-01-01T00:00:00Z', referenceId: `ref-${index}` });

// Under fake timers vi.waitFor moves the fake clock by its interval at every look: an interval of 0 keeps it
// still, so the progress interval never runs out while the test waits on the real disk, however slow it is.
const STILL_CLOCK = { interval: 0, timeout: 8_000 };

afterEach(() => {
  vi.useRealTimers();
});

it('a page written inside the progress interval is told when the interval is over, while the next page waits', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const dir = await mkdtemp(join(tmpdir(), 'export-progress-'));
  const head: TransactionsHead = { totalRecords: EXPORT_PAGE_SIZE * 2, totalPages: 2, page: 1, recordsPerPage: 500 };
  let secondPageAsked = false;
  let failSecondPage: (error: Error) => void = () => undefined;
  const streamTransactions = async (
    request: { page: number },
    onItems: (items: readonly TransactionItem[]) => Promise<void>,
  ): Promise<TransactionsHead> => {
    if (request.page === 1) {
      await onItems(Array.from({ length: EXPORT_PAGE_SIZE }, (_, index) => item(index)));
      return head;
    }
    secondPageAsked = true;
    // The service is slow with the second page: it answers only when the test says so.
    return new Promise((_, reject) => (failSecondPage = reject));
  };
  const session = {
    onChange: () => () => undefined,
    activeAccount: () => ({ guid: 'account-1' }),
    activeUser: () => ({ userGuid: 'user-1' }),
    interfaceA: () => ({ streamTransactions }),
  } as unknown as SessionService;
  const events: ExportProgress[] = [];
  const exports = createHistoryExports({
    session,
    logger: createRecordingLogger(),
    publish: (progress) => events.push(progress),
    chooseSaveFile: async () => join(dir, 'history.csv'),
    progressIntervalMs: 1_000,
  });

  const id = await exports.start({ filters: {} });
  if (id === null) throw new Error('the export did not start');
  await vi.waitFor(() => expect(secondPageAsked).toBe(true), STILL_CLOCK);
  // The second page is asked for before the first is written (to a real file), so the test waits for the
  // write itself: the page's progress, held back by the interval, is then the one timer pending. Advancing
  // before that would race the disk.
  await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1), STILL_CLOCK);
  // The first page was written within the interval of the start event: nothing more is told yet.
  expect(events.map((event) => event.written)).toEqual([0]);

  await vi.advanceTimersByTimeAsync(1_000);
  expect(events.at(-1)).toMatchObject({ state: 'running', written: EXPORT_PAGE_SIZE, page: 1, totalPages: 2 });

  exports.cancel(id);
  failSecondPage(new Error('cancelled'));
  await exports.settled(id);
  expect(events.at(-1)).toMatchObject({ state: 'cancelled', written: 0 });
  // A progress event held back never follows the end.
  await vi.advanceTimersByTimeAsync(5_000);
  expect(events.at(-1)?.state).toBe('cancelled');
  expect(await readdir(dir)).toEqual([]);
});
