import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioView } from '../../../../../src-preload/contract/portfolio';
import { createBalanceCache, type BalanceOwner } from '../../../../../src-main/features/portfolio/balance-cache';
import { createKeychainSealer } from '../../../../../src-main/features/portfolio/keychain-sealer';
import { createMemoryStore } from '../../../../../src-main/keychain/memory-store';
import { createRecordingLogger } from '../../../support/recording-logger';

/** Every record file the cache starts to read (a hashed name under an environment's folder). */
const reads = vi.hoisted(() => ({ started: [] as string[], listeners: [] as Array<() => void> }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    readFile: (...args: Parameters<typeof actual.readFile>) => {
      const path = String(args[0]);
      if (/[0-9a-f]{32}\.json$/.test(path)) {
        reads.started.push(path);
        for (const listener of reads.listeners) listener();
      }
      return actual.readFile(...args);
    },
  };
});

/** Resolves once `count` record files have started to be read. */
function recordReadsStarted(count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (reads.started.length >= count) resolve();
    };
    reads.listeners.push(check);
    check();
  });
}

const alice: BalanceOwner = { environment: 'local-sandbox', userGuid: 'user-alice', accountGuid: 'account-1' };

function balances(accountGuid: string, fetchedAt: string): PortfolioView {
  return {
    accountGuid,
    totalBalanceUsd: '10.00',
    dailyProfitUsd: '0.00',
    wallets: [
      {
        code: 'BTC',
        displayName: 'Bitcoin',
        network: 'Bitcoin',
        amount: '0.0001',
        priceUsd: '100000.00',
        valueUsd: '10.00',
        address: 'bc1qexample',
      },
    ],
    fetchedAt,
  };
}

// The launch paint waits for latest() (portfolio-handlers.ts, readAtLaunch): its steps overlap where they can,
// and a failure is judged as when they ran one after another.
describe('the launch read of the last known balances', () => {
  let directory: string;
  const secrets = createMemoryStore();
  const logger = createRecordingLogger();
  const sealerFor = () => createKeychainSealer(secrets, 'balance-cache-key:local-sandbox');
  const records = () => import('../../../../../src-main/features/portfolio/balance-record');

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'wallet-desk-cache-read-'));
    reads.started.length = 0;
    reads.listeners.length = 0;
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("reads every record's file side by side while the records' schemas are still loading", async () => {
    const saving = createBalanceCache({ directory, sealerFor, logger });
    await saving.save(alice, balances('account-1', '2026-11-23T08:00:00.000Z'));
    await saving.save({ ...alice, accountGuid: 'account-2' }, balances('account-2', '2026-11-23T09:00:00.000Z'));
    reads.started.length = 0;
    // The schemas arrive only once both files are being read: read one after the other, neither would start.
    const cache = createBalanceCache({
      directory,
      sealerFor,
      logger,
      records: async () => {
        await recordReadsStarted(2);
        return records();
      },
    });
    const latest = await cache.latest('local-sandbox');
    expect(latest?.view).toEqual(balances('account-2', '2026-11-23T09:00:00.000Z'));
  });

  it.each([
    ['no folder of the environment (a first launch)', async () => undefined],
    ['an empty folder (after sign-out)', (folder: string) => mkdir(folder, { recursive: true })],
  ])("loads neither the records' schemas nor node:crypto with %s", async (_case, prepare) => {
    await prepare(join(directory, 'local-sandbox'));
    const loads: string[] = [];
    const cache = createBalanceCache({
      directory,
      sealerFor,
      logger,
      records: () => {
        loads.push('records');
        return records();
      },
    });
    await expect(cache.latest('local-sandbox')).resolves.toBeNull();
    expect(loads).toEqual([]);
  });

  it('counts a record as unreadable for its schemas first, as before, when its file cannot be read either', async () => {
    await createBalanceCache({ directory, sealerFor, logger }).save(
      alice,
      balances('account-1', '2026-11-23T08:00:00.000Z'),
    );
    const [name] = await readdir(join(directory, 'local-sandbox'));
    // A folder in the file's place: reading it fails (EISDIR), whoever runs the test.
    await rm(join(directory, 'local-sandbox', name!));
    await mkdir(join(directory, 'local-sandbox', name!));
    const reasons = () => logger.entries.map((entry) => entry.details?.['reason']);

    logger.entries.length = 0;
    const failing = createBalanceCache({
      directory,
      sealerFor,
      logger,
      records: () => Promise.reject(new Error('import failed')),
    });
    await expect(failing.latest('local-sandbox')).resolves.toBeNull();
    expect(reasons()).toEqual(['record schemas did not load']);

    logger.entries.length = 0;
    await expect(createBalanceCache({ directory, sealerFor, logger }).latest('local-sandbox')).resolves.toBeNull();
    expect(reasons()).toEqual(['unreadable file']);
  });
});
