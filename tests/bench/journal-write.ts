import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { WithdrawBody } from '../../src-main/features/withdraw/withdraw-body';
import { JOURNAL_FILE } from '../../src-main/journal/journal-format';
import { openMoneyJournal } from '../../src-main/journal/money-journal';
import { durableReplace } from './support/durable-replace-floor';
import { elapsedMs } from './support/service-session';
import { ratioFigure, type FigureModule } from './support/figure';
import { installFlushCounter, withFlushVerdict, type FlushCounter } from './support/flush-counter';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

function record(n: number) {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    referenceId: `bench-${n}`,
    attempts: 1,
    body: {
      environment: 'local-sandbox',
      publicKey: 'pk-merchant',
      origin: 'http://127.0.0.1:4477',
      code: 'USDT-TRC20',
      networkId: 3,
      address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
      amount: `${n}.25`,
      label: 'Supplier payout',
      email: 'treasury@example.com',
      verified: true,
      memberReferenceId: 'member-1',
      userGuid: 'user-1',
      startedAtMs: 1_767_225_600_000 + n,
    } satisfies WithdrawBody,
    review: null,
  };
}

interface Pair {
  readonly app: number;
  readonly floor: number;
  readonly appFlushes: number;
  readonly floorFlushes: number;
}

/** One write-ahead of the journal and one bare durable replace of the very bytes it wrote, the order turning. */
async function measurePair(
  save: () => Promise<void>,
  journalFile: string,
  floorFile: string,
  appFirst: boolean,
  counter: FlushCounter,
): Promise<Pair> {
  let appFlushes = 0;
  let floorFlushes = 0;
  const timeApp = async (): Promise<number> => {
    const started = process.hrtime.bigint();
    appFlushes = await counter.count(save);
    return elapsedMs(started);
  };
  // The floor writes what the journal's last save wrote: the same bytes, so only the journal's own work differs.
  const timeFloor = async (): Promise<number> => {
    const bytes = await readFile(journalFile, 'utf8');
    const started = process.hrtime.bigint();
    floorFlushes = await counter.count(() => durableReplace(floorFile, bytes));
    return elapsedMs(started);
  };
  if (appFirst) {
    const app = await timeApp();
    const floor = await timeFloor();
    return { app, floor, appFlushes, floorFlushes };
  }
  const floor = await timeFloor();
  const app = await timeApp();
  return { app, floor, appFlushes, floorFlushes };
}

/**
 * The money journal's write-ahead (security.md 35): one save as the ledger makes it before a request leaves,
 * with a journal of about 20 unsettled moves, flushed to the disk (file and folder) and the previous
 * generation kept. In a folder of the work tree, so it is the disk the app's data would be on, not a tmpfs.
 * Its time is the disk's flushes above all, which load beside the bench stretches (the kernel's writeback
 * threads are outside the bench's CPU shield), so it is judged against a floor of the same flushes of the
 * same bytes on the same disk, pair by pair. That floor is nearly the save's own algorithm, so the ratio sits
 * near 1 and could hide a whole extra flush: the flushes each side asks for are counted too, and a save that
 * makes more than the floor fails, as does one that makes fewer (it skipped a flush the floor needs to be safe).
 */
export const journalWrite: FigureModule = {
  id: 'journal-write',
  async measure({ root, quick, progress }) {
    const parent = join(root, 'bench');
    await mkdir(parent, { recursive: true });
    const directory = await mkdtemp(join(parent, 'journal-'));
    try {
      const floorDirectory = join(directory, 'floor');
      const journalDirectory = join(directory, 'journal');
      await mkdir(floorDirectory, { mode: 0o700 });
      const journal = await openMoneyJournal({ directory: journalDirectory, logger: silent });
      const section = journal.section('withdraw');
      const standing = Array.from({ length: 20 }, (_, n) => record(n));
      await section.save(standing);
      const journalFile = join(journalDirectory, JOURNAL_FILE);
      const floorFile = join(floorDirectory, JOURNAL_FILE);
      await durableReplace(floorFile, await readFile(journalFile, 'utf8'));
      const writes = quick ? 50 : 200;
      progress(`money journal: ${writes} write-aheads of a 21-move journal, each beside a bare durable replace`);
      const pairs: Pair[] = [];
      const counter = await installFlushCounter(join(directory, 'probe'));
      try {
        for (let i = 0; i < writes; i += 1) {
          // The next move joins the 20 standing ones, as a write-ahead adds the request about to leave.
          const save = () => section.save([...standing, record(100 + i)]);
          pairs.push(await measurePair(save, journalFile, floorFile, i % 2 === 0, counter));
        }
      } finally {
        counter.restore();
      }
      const bytes = (await stat(journalFile)).size;
      const figure = ratioFigure({
        id: 'journal-write',
        title: 'money journal write-ahead',
        target: { value: 1.5 },
        method: `${writes} saves of a journal of 21 withdrawals as the ledger makes them before a request leaves: serialise, write the next generation, flush it to the disk (fdatasync), keep the current one as the previous generation (hard link, rename), rename it into place, flush the folder (fsync). Floor, interleaved save by save (order turning): the same ${bytes} bytes the save wrote, written to a temporary file in a sibling folder on the same disk with the same flags and mode, flushed (fdatasync), renamed over the file, the folder flushed (fsync): the least a crash-safe replace can do, with the same two flushes. Target: at most 1.5× that, and in every save as many flushes (fsync and fdatasync calls, counted on both sides) as the floor's beside it: one extra flush costs less than the ratio's slack, so it is judged by count, and fewer means the save skipped one a crash-safe replace needs.`,
        app: pairs.map((pair) => pair.app),
        floor: pairs.map((pair) => pair.floor),
        details: { journalBytes: bytes },
      });
      return [withFlushVerdict(figure, pairs)];
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  },
};
