import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { WithdrawBody } from '../../src-main/features/withdraw/withdraw-body';
import { openMoneyJournal } from '../../src-main/journal/money-journal';
import { elapsedMs } from './support/service-session';
import { measured, type FigureModule } from './support/figure';
import { summarize } from './support/stats';

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

/**
 * The money journal's write-ahead (security.md 35): one save as the ledger makes it before a request leaves,
 * with a journal of about 20 unsettled moves, flushed to the disk (file and folder) and the previous
 * generation kept. In a folder of the work tree, so it is the disk the app's data would be on, not a tmpfs.
 */
export const journalWrite: FigureModule = {
  id: 'journal-write',
  async measure({ root, quick, progress }) {
    const parent = join(root, 'bench');
    await mkdir(parent, { recursive: true });
    const directory = await mkdtemp(join(parent, 'journal-'));
    try {
      const journal = await openMoneyJournal({ directory, logger: silent });
      const section = journal.section('withdraw');
      const standing = Array.from({ length: 20 }, (_, n) => record(n));
      await section.save(standing);
      const writes = quick ? 50 : 200;
      progress(`money journal: ${writes} write-aheads of a 21-move journal, fsync included`);
      const samples: number[] = [];
      for (let i = 0; i < writes; i += 1) {
        // The next move joins the 20 standing ones, as a write-ahead adds the request about to leave.
        const started = process.hrtime.bigint();
        await section.save([...standing, record(100 + i)]);
        samples.push(elapsedMs(started));
      }
      return [
        measured(
          {
            id: 'journal-write',
            title: 'money journal write-ahead',
            unit: 'ms',
            target: { value: 5 },
            method: `${writes} saves of a journal of 21 withdrawals as the ledger makes them before a request leaves: write the next generation, flush it to the disk (fdatasync), keep the current one as the previous generation (hard link), rename, flush the folder (fsync).`,
          },
          summarize(samples),
        ),
      ];
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  },
};
