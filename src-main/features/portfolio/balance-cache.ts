import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EnvironmentId } from '../../../src-preload/contract/app';
import type { PortfolioView } from '../../../src-preload/contract/portfolio';
import type { Logger } from '../../logging/logger';
import type { CacheRecord } from './balance-record';
import type { Sealer } from './sealer';
import { loadedOnce } from '../../loaded-once';

/** Whose balances a record holds: it is shown to this user and account only. */
export interface BalanceOwner {
  readonly environment: EnvironmentId;
  readonly userGuid: string;
  readonly accountGuid: string;
}

export interface CachedBalances {
  readonly owner: BalanceOwner;
  readonly view: PortfolioView;
}

export interface BalanceCache {
  /** Replaces the owner's record. Failures go to the log: the cache is a convenience, never a requirement. */
  save(owner: BalanceOwner, view: PortfolioView): Promise<void>;
  /** The owner's last known balances, or null (none, unreadable, or someone else's). */
  load(owner: BalanceOwner): Promise<PortfolioView | null>;
  /** The most recently saved record of the environment, for the moments before the session is restored. */
  latest(environment: EnvironmentId): Promise<CachedBalances | null>;
  /**
   * Deletes the environment's records that are not this user's (or cannot be read): a user who signs in
   * replaces the stored session, so no other user's record may stand for it at the next launch.
   */
  keepOnly(environment: EnvironmentId, userGuid: string): Promise<void>;
  /** Deletes every record of the environment and its key (sign-out, a session ended by the issuer). */
  clear(environment: EnvironmentId): Promise<void>;
  /** Resolves once every operation asked for so far has finished (the app quitting waits for it). */
  settled(): Promise<void>;
}

type BalanceRecords = typeof import('./balance-record');

/**
 * The records' schemas and file names (balance-record.ts), loaded at the cache's first operation rather than
 * with the core: they bring the portfolio contract's schemas and node:crypto with them. The first load is
 * kept; a failed one is not, so the next operation tries again.
 */
const balanceRecords: () => Promise<BalanceRecords> = loadedOnce(() => import('./balance-record'));

/** Bound into the cipher: a record sealed for one environment does not open in another. */
function contextOf(environment: EnvironmentId): string {
  return `wallet-desk-balances:${environment}`;
}

/** One sealer per environment, made on first use. */
function sealerPerEnvironment(make: (environment: EnvironmentId) => Sealer): (environment: EnvironmentId) => Sealer {
  const sealers = new Map<EnvironmentId, Sealer>();
  return (environment) => {
    let found = sealers.get(environment);
    if (!found) {
      found = make(environment);
      sealers.set(environment, found);
    }
    return found;
  };
}

function discardRecord(logger: Logger, reason: string, file: string): null {
  // The file name is a hash; it tells the log which file without telling whose.
  logger.warn('discarded cached balances', { reason, file });
  return null;
}

/** One file's record, or null (logged) when it is missing, unreadable, or not in its owner's place. */
async function readCachedRecord(
  deps: {
    readonly directory: string;
    readonly logger: Logger;
    readonly sealer: Sealer;
    readonly records: () => Promise<BalanceRecords>;
  },
  environment: EnvironmentId,
  name: string,
): Promise<CachedBalances | null> {
  const discard = (reason: string): null => discardRecord(deps.logger, reason, name);
  // The file is read while the schemas load (the launch paint waits for this read), and judged as before:
  // the schemas' failure first, then the file's.
  const [loaded, read] = await Promise.allSettled([
    deps.records(),
    readFile(join(deps.directory, environment, name), 'utf8'),
  ]);
  // Fail closed: without its schemas no record can be checked, so it counts as unreadable (keepOnly then
  // deletes it like any other unreadable record) instead of rejecting the operation.
  if (loaded.status === 'rejected') return discard('record schemas did not load');
  const { CacheFile, CacheRecord, fileNameOf } = loaded.value;
  if (read.status === 'rejected') {
    if ((read.reason as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return discard('unreadable file');
  }
  const text = read.value;
  let file: { readonly sealed: string };
  try {
    file = CacheFile.parse(JSON.parse(text));
  } catch {
    return discard('malformed file');
  }
  let record: CacheRecord;
  try {
    record = CacheRecord.parse(JSON.parse(await deps.sealer.open(file.sealed, contextOf(environment))));
  } catch {
    return discard('does not decrypt or is malformed');
  }
  // The owner sits inside the sealed record; a file copied to another user's or account's name says so.
  if (record.environment !== environment || fileNameOf(record) !== name)
    return discard('record does not match its place');
  return { owner: record, view: record.view };
}

/** The owner's file name, or null (logged) when the records' schemas did not load: nothing can be read then. */
async function fileNameFor(
  owner: BalanceOwner,
  records: () => Promise<BalanceRecords>,
  logger: Logger,
): Promise<string | null> {
  try {
    return (await records()).fileNameOf(owner);
  } catch {
    logger.warn('discarded cached balances', { reason: 'record schemas did not load' });
    return null;
  }
}

/**
 * Deletes an environment's records and forgets its key, each step on its own: files left behind by a failed
 * removal are unreadable once the key is gone, and a clear that rejected would be an unhandled rejection in main
 * (the session watcher does not wait for it). Failures go to the log.
 */
async function clearEnvironment(
  deps: { readonly directory: string; readonly logger: Logger },
  sealer: Sealer,
  environment: EnvironmentId,
): Promise<void> {
  try {
    await rm(join(deps.directory, environment), { recursive: true, force: true });
  } catch (error) {
    deps.logger.warn('could not delete the cached balances', {
      reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
    });
  }
  try {
    await sealer.forget();
  } catch (error) {
    deps.logger.warn('could not delete the key of the cached balances', {
      reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
    });
  }
}

/**
 * The last known balances per user and account, encrypted with `sealerFor(environment)`, in
 * `<directory>/<environment>/`. Every operation runs one after another, so a save under way when the
 * user signs out can never write its file after the clear.
 */
export function createBalanceCache(deps: {
  readonly directory: string;
  readonly sealerFor: (environment: EnvironmentId) => Sealer;
  readonly logger: Logger;
  /** Where the records' schemas come from; a test passes one that fails to prove the cache fails closed. */
  readonly records?: () => Promise<BalanceRecords>;
}): BalanceCache {
  const sealer = sealerPerEnvironment(deps.sealerFor);
  const loadRecords = deps.records ?? balanceRecords;
  let queue: Promise<unknown> = Promise.resolve();

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  const discard = (reason: string, file: string): null => discardRecord(deps.logger, reason, file);
  const readRecord = (environment: EnvironmentId, name: string): Promise<CachedBalances | null> =>
    readCachedRecord(
      { directory: deps.directory, logger: deps.logger, sealer: sealer(environment), records: loadRecords },
      environment,
      name,
    );

  return {
    save(owner, view) {
      return serial(async () => {
        try {
          const { CacheRecord, fileNameOf } = await loadRecords();
          const record = CacheRecord.parse({ ...owner, view });
          const sealed = await sealer(owner.environment).seal(JSON.stringify(record), contextOf(owner.environment));
          const folder = join(deps.directory, owner.environment);
          await mkdir(folder, { recursive: true, mode: 0o700 });
          const path = join(folder, fileNameOf(owner));
          const temporary = `${path}.${process.pid}.tmp`;
          const content = JSON.stringify({ format: 'wallet-desk-balances', version: 1, sealed });
          await writeFile(temporary, `${content}\n`, { mode: 0o600 });
          await rename(temporary, path);
        } catch (error) {
          deps.logger.warn('could not keep the last known balances', {
            reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
          });
        }
      });
    },

    load(owner) {
      return serial(async () => {
        const name = await fileNameFor(owner, loadRecords, deps.logger);
        if (name === null) return null;
        const found = await readRecord(owner.environment, name);
        if (!found) return null;
        const { environment, userGuid, accountGuid } = found.owner;
        if (environment !== owner.environment || userGuid !== owner.userGuid || accountGuid !== owner.accountGuid)
          return discard('record belongs to someone else', name);
        return found.view;
      });
    },

    latest(environment) {
      return serial(async () => {
        // The launch paint waits for this: the records are read side by side, each while the schemas load
        // (readCachedRecord). Not started before the listing: a folder without a record (a first launch, after
        // sign-out) needs neither the schemas nor node:crypto.
        let names: string[];
        try {
          names = (await readdir(join(deps.directory, environment))).filter((name) =>
            /^[0-9a-f]{32}\.json$/.test(name),
          );
        } catch {
          return null;
        }
        let newest: CachedBalances | null = null;
        for (const found of await Promise.all(names.map((name) => readRecord(environment, name)))) {
          if (found && (!newest || Date.parse(found.view.fetchedAt) > Date.parse(newest.view.fetchedAt)))
            newest = found;
        }
        return newest;
      });
    },

    keepOnly(environment, userGuid) {
      return serial(async () => {
        let names: string[];
        try {
          names = await readdir(join(deps.directory, environment));
        } catch {
          return;
        }
        for (const name of names) {
          const found = /^[0-9a-f]{32}\.json$/.test(name) ? await readRecord(environment, name) : null;
          if (found?.owner.userGuid === userGuid) continue;
          await rm(join(deps.directory, environment, name), { force: true }).catch((error: unknown) => {
            deps.logger.warn('could not delete cached balances of another user', {
              file: name,
              reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
            });
          });
        }
      });
    },

    settled() {
      return serial(async () => undefined);
    },

    clear(environment) {
      return serial(() => clearEnvironment(deps, sealer(environment), environment));
    },
  };
}
