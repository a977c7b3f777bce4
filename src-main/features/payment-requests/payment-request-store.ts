import { createHash } from 'node:crypto';
import { readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { EnvironmentId } from '../../../src-preload/contract/app';
import { PaymentRequestView } from '../../../src-preload/contract/payment-requests';
import { generationPaths, writeGeneration } from '../../journal/durable-write';
import type { Logger } from '../../logging/logger';
import type { Sealer } from '../portfolio';

/** Whose requests a file holds: shown to this user in this account only. */
export interface RequestOwner {
  readonly environment: EnvironmentId;
  readonly userGuid: string;
  readonly accountGuid: string;
}

/** A kept request: what the list shows, and the id of the user who made it. */
export const PaymentRequestRecord = PaymentRequestView.extend({ createdByGuid: z.string().min(1) });
export type PaymentRequestRecord = z.infer<typeof PaymentRequestRecord>;

export interface KeptRequests {
  readonly items: PaymentRequestRecord[];
  /** Files of this owner that could not be read, set aside rather than deleted. */
  readonly unreadable: number;
}

export interface PaymentRequestStore {
  list(owner: RequestOwner): Promise<KeptRequests>;
  /** Adds one request; throws when it could not be written. */
  add(owner: RequestOwner, record: PaymentRequestRecord): Promise<void>;
  /** Removes one request of the owner's; false when the owner has none with that id. */
  remove(owner: RequestOwner, id: string): Promise<boolean>;
  /** Resolves once every operation asked for so far has finished. */
  settled(): Promise<void>;
}

const RequestsFile = z.object({
  format: z.literal('wallet-desk-payment-requests'),
  version: z.literal(1),
  sealed: z.string(),
});

const SealedRequests = z.object({
  environment: EnvironmentId,
  userGuid: z.string().min(1),
  accountGuid: z.string().min(1),
  requests: z.array(PaymentRequestRecord),
});

/** Bound into the cipher: a file copied to another user's or account's place does not open there. */
function contextOf(owner: RequestOwner): string {
  return `wallet-desk-payment-requests:${JSON.stringify([owner.environment, owner.userGuid, owner.accountGuid])}`;
}

/** The file name says nothing about whose it is. */
function baseNameOf(owner: RequestOwner): string {
  const id = JSON.stringify([owner.environment, owner.userGuid, owner.accountGuid]);
  return createHash('sha256').update(id).digest('hex').slice(0, 32);
}

function serialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };
}

type ReadOutcome = { kind: 'missing' } | { kind: 'unreadable' } | { kind: 'read'; requests: PaymentRequestRecord[] };

/** A file's requests, only when it opens with the owner's key and names that same owner inside. */
async function openRequests(text: string, owner: RequestOwner, sealer: Sealer): Promise<ReadOutcome> {
  try {
    const file = RequestsFile.parse(JSON.parse(text));
    const record = SealedRequests.parse(JSON.parse(await sealer.open(file.sealed, contextOf(owner))));
    if (
      record.environment !== owner.environment ||
      record.userGuid !== owner.userGuid ||
      record.accountGuid !== owner.accountGuid
    )
      return { kind: 'unreadable' };
    return { kind: 'read', requests: record.requests };
  } catch {
    return { kind: 'unreadable' };
  }
}

/**
 * Payment requests per user and account, sealed like the last known balances (`sealerFor(environment)`), in
 * `<directory>/<environment>/`. Unlike the balances they are not a cache: sign-out keeps them and their key,
 * and only the user's own delete removes one. Each write keeps the previous generation and is flushed
 * (journal/durable-write.ts); a file that cannot be read is never overwritten nor deleted, but set aside.
 */
export function createPaymentRequestStore(deps: {
  readonly directory: string;
  readonly sealerFor: (environment: EnvironmentId) => Sealer;
  readonly logger: Logger;
  readonly now?: () => Date;
}): PaymentRequestStore {
  const sealers = new Map<EnvironmentId, Sealer>();
  const serial = serialQueue();
  const now = deps.now ?? (() => new Date());

  function sealer(environment: EnvironmentId): Sealer {
    let found = sealers.get(environment);
    if (!found) {
      found = deps.sealerFor(environment);
      sealers.set(environment, found);
    }
    return found;
  }

  function pathsOf(owner: RequestOwner) {
    return generationPaths(join(deps.directory, owner.environment, `${baseNameOf(owner)}.json`));
  }

  async function readOne(owner: RequestOwner, path: string): Promise<ReadOutcome> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { kind: 'missing' } : { kind: 'unreadable' };
    }
    return openRequests(text, owner, sealer(owner.environment));
  }

  /** The current generation, else the previous one (a write cut short); unreadable only when neither reads. */
  async function read(owner: RequestOwner): Promise<ReadOutcome> {
    const paths = pathsOf(owner);
    const current = await readOne(owner, paths.current);
    if (current.kind === 'read') return current;
    const previous = await readOne(owner, paths.previous);
    if (previous.kind === 'read') return previous;
    return current.kind === 'missing' && previous.kind === 'missing' ? { kind: 'missing' } : { kind: 'unreadable' };
  }

  async function countSetAside(owner: RequestOwner): Promise<number> {
    const prefix = `${baseNameOf(owner)}.unreadable-`;
    try {
      return (await readdir(join(deps.directory, owner.environment))).filter((name) => name.startsWith(prefix)).length;
    } catch {
      return 0;
    }
  }

  async function setAside(owner: RequestOwner): Promise<void> {
    const paths = pathsOf(owner);
    const stamp = now().getTime();
    // The file name is a hash; it tells the log which file without telling whose.
    deps.logger.warn('payment requests file could not be read; set aside', { file: baseNameOf(owner) });
    for (const [path, suffix] of [
      [paths.current, 'current'],
      [paths.previous, 'previous'],
    ] as const) {
      await rename(
        path,
        join(deps.directory, owner.environment, `${baseNameOf(owner)}.unreadable-${stamp}-${suffix}.json`),
      ).catch(() => undefined);
    }
  }

  async function write(owner: RequestOwner, requests: PaymentRequestRecord[]): Promise<void> {
    const sealed = await sealer(owner.environment).seal(
      JSON.stringify(SealedRequests.parse({ ...owner, requests })),
      contextOf(owner),
    );
    const content = JSON.stringify({ format: 'wallet-desk-payment-requests', version: 1, sealed });
    await writeGeneration(pathsOf(owner), `${content}\n`);
  }

  return {
    list(owner) {
      return serial(async () => {
        const found = await read(owner);
        const unreadable = (await countSetAside(owner)) + (found.kind === 'unreadable' ? 1 : 0);
        return { items: found.kind === 'read' ? found.requests : [], unreadable };
      });
    },

    add(owner, record) {
      return serial(async () => {
        const found = await read(owner);
        if (found.kind === 'unreadable') await setAside(owner);
        const requests = found.kind === 'read' ? found.requests : [];
        await write(owner, [...requests.filter((request) => request.id !== record.id), record]);
      });
    },

    remove(owner, id) {
      return serial(async () => {
        const found = await read(owner);
        if (found.kind !== 'read' || !found.requests.some((request) => request.id === id)) return false;
        await write(
          owner,
          found.requests.filter((request) => request.id !== id),
        );
        return true;
      });
    },

    settled() {
      return serial(async () => undefined);
    },
  };
}

/** For a core without a user-data folder (some tests): kept for this run only. */
export function memoryPaymentRequestStore(): PaymentRequestStore {
  const byOwner = new Map<string, PaymentRequestRecord[]>();
  const key = (owner: RequestOwner) => JSON.stringify([owner.environment, owner.userGuid, owner.accountGuid]);
  return {
    async list(owner) {
      return { items: [...(byOwner.get(key(owner)) ?? [])], unreadable: 0 };
    },
    async add(owner, record) {
      byOwner.set(key(owner), [...(byOwner.get(key(owner)) ?? []), PaymentRequestRecord.parse(record)]);
    },
    async remove(owner, id) {
      const before = byOwner.get(key(owner)) ?? [];
      const after = before.filter((request) => request.id !== id);
      byOwner.set(key(owner), after);
      return after.length !== before.length;
    },
    async settled() {},
  };
}
