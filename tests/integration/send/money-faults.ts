import { setTimeout as sleep } from 'node:timers/promises';
import type { Movement, RunningSandbox } from '../../../sandbox/server';

export const profiles = ['kind', 'strict'] as const;

/**
 * A fault on the money-moving call after which the app cannot know what happened (security.md 23, 28),
 * and when the service really moves the money: at once, later (after the client gave up), or never.
 */
export interface UnknownFault {
  readonly name: string;
  readonly arm: (sandbox: RunningSandbox) => void;
  readonly commits: 'now' | 'late' | 'never';
}

const LATE_MS = 400;

function unexpected(
  commit: 'none' | 'now' | 'late',
  extra: { status?: number; message?: string } = {},
): (sandbox: RunningSandbox) => void {
  return (sandbox) => sandbox.faults.set({ lateCommitDelayMs: LATE_MS, unexpectedAnswerNext: { commit, ...extra } });
}

/**
 * Faults that must leave the outcome unknown, for send and swap alike. A 5xx is injected on the money
 * call itself (failNext would hit swap's re-quote first, which moves nothing).
 */
export const unknownFaults: readonly UnknownFault[] = [
  { name: 'commit, then the connection drops', arm: (s) => s.faults.set({ dropAfterCommitNext: 1 }), commits: 'now' },
  {
    name: 'accepted, no answer, committed later',
    arm: (s) => s.faults.set({ lateCommitNext: 1, lateCommitDelayMs: LATE_MS }),
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
];

/** The sandbox's own books from a mark on: what really moved, whatever the app was told. */
export function movementsAfter(sandbox: RunningSandbox, mark: number): Movement[] {
  return sandbox.movements().filter((movement) => movement.seq > mark);
}

export function lastSeq(sandbox: RunningSandbox): number {
  return sandbox.movements().at(-1)?.seq ?? 0;
}

/** Waits until the sandbox has carried out what it accepted (late commits, a request the client gave up on). */
export async function settle(sandbox: RunningSandbox, until: () => boolean = () => true): Promise<void> {
  await sandbox.lateCommitsSettled();
  for (let waited = 0; !until() && waited < 10_000; waited += 50) await sleep(50);
}
