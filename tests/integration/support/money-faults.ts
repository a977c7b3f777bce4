import { setTimeout as sleep } from 'node:timers/promises';
import type { Movement, RunningSandbox } from '../../../sandbox/server';
import type { Interception } from './money-app';

export const profiles = ['kind', 'strict'] as const;

/**
 * A fault on the money-moving call after which the app cannot know what happened (security.md 23, 28),
 * and when the service really moves the money: at once, later (after the client gave up), or never.
 * "Later" is held by the sandbox (holdLateCommits) until the test calls `settle`, so the app's first
 * look-up comes before the commit however slow the machine is.
 */
export interface UnknownFault {
  readonly name: string;
  /** Arms the fault for the next money-moving request (`path`: '/send' or '/swap'). */
  readonly arm: (target: FaultTarget, path: string) => void;
  readonly commits: 'now' | 'late' | 'never';
}

/** What a fault acts on: the sandbox, and the app's way to the service (money-app.ts). */
export interface FaultTarget {
  readonly sandbox: RunningSandbox;
  onNext(method: string, path: string, interception: Interception): void;
}

function unexpected(
  commit: 'none' | 'now' | 'late',
  extra: { status?: number; message?: string } = {},
): UnknownFault['arm'] {
  return ({ sandbox }) => sandbox.faults.set({ holdLateCommits: true, unexpectedAnswerNext: { commit, ...extra } });
}

/**
 * The sandbox answers with a spec-shaped refusal (HTTP status = envelope code, data false, a known
 * message) while the money moves as `commit` says; on its way the answer gets another HTTP status or
 * `data`, as a gateway or a less tidy service could send. Only a refusal in full proves nothing moved
 * (security.md 28).
 */
function mismatched(
  commit: 'none' | 'now' | 'late',
  refusal: { status: number; message: string },
  change: { httpStatus?: number; data?: unknown },
): UnknownFault['arm'] {
  return ({ sandbox, onNext }, path) => {
    sandbox.faults.set({ holdLateCommits: true, unexpectedAnswerNext: { commit, ...refusal } });
    onNext('POST', path, {
      rewrite: ({ status, body }) => {
        const envelope = JSON.parse(body) as Record<string, unknown>;
        return {
          status: change.httpStatus ?? status,
          body: JSON.stringify('data' in change ? { ...envelope, data: change.data } : envelope),
        };
      },
    });
  };
}

/**
 * Faults that must leave the outcome unknown, for send and swap alike. A 5xx is injected on the money
 * call itself (failNext would hit swap's re-quote first, which moves nothing).
 */
export const unknownFaults: readonly UnknownFault[] = [
  {
    name: 'commit, then the connection drops',
    arm: ({ sandbox }) => sandbox.faults.set({ dropAfterCommitNext: 1 }),
    commits: 'now',
  },
  {
    name: 'accepted, no answer, committed later',
    arm: ({ sandbox }) => sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true }),
    commits: 'late',
  },
  {
    name: 'a 5xx, nothing moved',
    arm: unexpected('none', { status: 500, message: 'Internal server error' }),
    commits: 'never',
  },
  {
    name: 'a 503 while the money moves later',
    arm: unexpected('late', { status: 503, message: 'Service unavailable' }),
    commits: 'late',
  },
  { name: 'an unlisted 400 message, committed', arm: unexpected('now'), commits: 'now' },
  { name: 'an unlisted 400 message, committed later', arm: unexpected('late'), commits: 'late' },
  { name: 'an unlisted 400 message, nothing moved', arm: unexpected('none'), commits: 'never' },
  {
    name: 'a 403 with an unknown message, committed',
    arm: unexpected('now', { status: 403, message: 'Account flagged for review' }),
    commits: 'now',
  },
  {
    name: 'a 429 with an unknown message, committed',
    arm: unexpected('now', { status: 429, message: 'Queued for later processing' }),
    commits: 'now',
  },
  // A 401 is a refusal only as spec 7.1's own "Unauthorized" (security.md 28).
  {
    name: 'a 401 "Request is under review", committed',
    arm: unexpected('now', { status: 401, message: 'Request is under review' }),
    commits: 'now',
  },
  {
    name: 'a 401 "Request is under review", committed later',
    arm: unexpected('late', { status: 401, message: 'Request is under review' }),
    commits: 'late',
  },
  {
    name: 'a 401 "Unauthorized" around data, committed',
    arm: mismatched('now', { status: 401, message: 'Unauthorized' }, { data: { txId: 'x' } }),
    commits: 'now',
  },
  // A refusal's envelope inside another HTTP status, or with data, is no refusal (security.md 28).
  {
    name: 'HTTP 503 around a 400 "Insufficient balance", committed',
    arm: mismatched('now', { status: 400, message: 'Insufficient balance' }, { httpStatus: 503 }),
    commits: 'now',
  },
  {
    name: 'HTTP 502 around a 429 "Rate limit exceeded", committed later',
    arm: mismatched('late', { status: 429, message: 'Rate limit exceeded' }, { httpStatus: 502 }),
    commits: 'late',
  },
  {
    name: 'HTTP 500 around a 400 "Invalid two-factor code" with data, committed',
    arm: mismatched(
      'now',
      { status: 400, message: 'Invalid two-factor code' },
      { httpStatus: 500, data: { txId: 'x' } },
    ),
    commits: 'now',
  },
  {
    name: 'HTTP 200 around a 400 "Insufficient balance", nothing moved',
    arm: mismatched('none', { status: 400, message: 'Insufficient balance' }, { httpStatus: 200 }),
    commits: 'never',
  },
];

/** The sandbox's own books from a mark on: what really moved, whatever the app was told. */
export function movementsAfter(sandbox: RunningSandbox, mark: number): Movement[] {
  return sandbox.movements().filter((movement) => movement.seq > mark);
}

export function lastSeq(sandbox: RunningSandbox): number {
  return sandbox.movements().at(-1)?.seq ?? 0;
}

/**
 * Lets the sandbox carry out what it accepted: the late commits held for the test land now, timed ones are
 * waited for, then `until` (a request the client gave up on).
 */
export async function settle(sandbox: RunningSandbox, until: () => boolean = () => true): Promise<void> {
  sandbox.releaseLateCommits();
  await sandbox.lateCommitsSettled();
  for (let waited = 0; !until() && waited < 10_000; waited += 50) await sleep(50);
}
