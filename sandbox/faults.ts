import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/** How long a late commit waits by default (ms). */
export const DEFAULT_LATE_COMMIT_DELAY_MS = 1500;

/** An answer the spec does not list, while the money moves now, later or not at all. */
const UnexpectedAnswerInput = z
  .object({
    /** How many money-moving calls get this answer. Default 1; 0 disarms. */
    count: z.number().int().min(0).max(1000).optional(),
    /** When the money moves: 'now' before answering, 'late' after lateCommitDelayMs, 'none' never. */
    commit: z.enum(['none', 'now', 'late']),
    /** HTTP status, also the envelope `code`. Default 400. Errors only: 400..599. */
    status: z.number().int().min(400).max(599).optional(),
    /** Interface A envelope message. Default 'Request is under review'. */
    message: z.string().min(1).max(200).optional(),
    /** Interface B envelope message. Default 'Z509'. */
    zCode: z
      .string()
      .regex(/^Z\d{3}$/)
      .optional(),
  })
  .strict();

/** What POST /__sandbox/faults accepts; every field is optional and adds to the current plan. */
export const FaultPlanInput = z
  .object({
    /** Extra delay before every API response (ms). */
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    /**
     * Only calls to this URL path (exact, any method) wait latencyMs, so a story can slow one read without
     * slowing every background call. Setting latencyMs without it slows any calls (the default, unchanged).
     */
    latencyPath: z
      .string()
      .regex(/^\/[A-Za-z0-9/_.-]*$/)
      .max(200)
      .optional(),
    /**
     * Calls to this URL path (exact, any method) wait, however long, until the test releases them
     * (`faults.releaseHeld()`, POST /__sandbox/held/release): a story sees the state before the answer
     * for as long as it needs, whatever the speed of the machine. Default none.
     */
    holdPath: z
      .string()
      .regex(/^\/[A-Za-z0-9/_.-]*$/)
      .max(200)
      .optional(),
    /** How many calls to holdPath answer as usual before the hold begins. Default 0. */
    holdAfter: z.number().int().min(0).max(100_000).optional(),
    /** The next N API calls answer with HTTP 500 and an error envelope, changing nothing. */
    failNext: z.number().int().min(0).max(1000).optional(),
    /**
     * Only calls to this URL path (e.g. `/api/OAuth/send`, `/v1/withdraw/add`; exact, any method) count
     * for failNext, so a fault meant for one call is not taken by a background read that happens to come
     * first. Arming failNext without it fails any calls (the default, unchanged).
     */
    failNextPath: z
      .string()
      .regex(/^\/[A-Za-z0-9/_.-]*$/)
      .max(200)
      .optional(),
    /** The next N API calls answer as rate limited (Interface A 429, Interface B Z429). */
    rateLimitNext: z.number().int().min(0).max(1000).optional(),
    /**
     * Only calls to this URL path (exact, any method) count for rateLimitNext, as failNextPath does for
     * failNext. Arming rateLimitNext without it limits any calls (the default, unchanged).
     */
    rateLimitNextPath: z
      .string()
      .regex(/^\/[A-Za-z0-9/_.-]*$/)
      .max(200)
      .optional(),
    /** The next N money-moving calls commit their effect, then drop the connection without answering. */
    dropAfterCommitNext: z.number().int().min(0).max(1000).optional(),
    /**
     * The next N money-moving calls are accepted and the connection dropped at once, with nothing
     * committed; the effect lands lateCommitDelayMs later.
     */
    lateCommitNext: z.number().int().min(0).max(1000).optional(),
    /** Delay of late commits, both lateCommitNext and unexpectedAnswerNext with commit 'late'. Default 1500. */
    lateCommitDelayMs: z.number().int().min(0).max(600_000).optional(),
    /**
     * Late commits accepted while this is true wait, however long, until the test releases them
     * (`releaseLateCommits()`, POST /__sandbox/late-commits/release) instead of landing after
     * lateCommitDelayMs: "the service commits after the app's first look-up" without betting on how fast
     * the machine runs. Default false.
     */
    holdLateCommits: z.boolean().optional(),
    /**
     * The next N money-moving calls commit their effect, then answer the refusal that reads as "nothing
     * moved": Interface A 400 `Insufficient balance`, Interface B Z513. A service that commits and still
     * refuses; the app must look before it sends the same move again.
     */
    refuseAfterCommitNext: z.number().int().min(0).max(1000).optional(),
    /** The next money-moving call(s) answer an unlisted error; replaces any earlier one. */
    unexpectedAnswerNext: UnexpectedAnswerInput.optional(),
    /**
     * The next N POST /transactions answer a well-formed empty page (no items, totalRecords 0) whatever the
     * history holds, as a service reading a lagging copy might: a flaky "nothing there" the app must not
     * take as the truth.
     */
    emptyHistoryNext: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
export type FaultPlanInput = z.infer<typeof FaultPlanInput>;

export interface UnexpectedAnswer {
  /** Calls still to get this answer. */
  count: number;
  commit: 'none' | 'now' | 'late';
  status: number;
  message: string;
  zCode: string;
}

export interface FaultPlan {
  latencyMs: number;
  /** The URL path latencyMs is kept for, or null for any API call. */
  latencyPath: string | null;
  /** The URL path whose calls wait for a release, or null. */
  holdPath: string | null;
  /** Calls to holdPath still to answer as usual before the hold begins. */
  holdAfter: number;
  failNext: number;
  /** The URL path failNext is kept for, or null for any API call. */
  failNextPath: string | null;
  rateLimitNext: number;
  /** The URL path rateLimitNext is kept for, or null for any API call. */
  rateLimitNextPath: string | null;
  dropAfterCommitNext: number;
  refuseAfterCommitNext: number;
  lateCommitNext: number;
  lateCommitDelayMs: number;
  holdLateCommits: boolean;
  unexpectedAnswerNext: UnexpectedAnswer | null;
  emptyHistoryNext: number;
}

/** When a late effect lands: after a delay, or when the test releases it. */
export type LateLanding = { held: false; delayMs: number } | { held: true };

/**
 * What a money-moving call (Interface A send and swap, Interface B withdraw) must do instead of the
 * plain commit-and-answer, decided once per call by `takeMoneyFault`.
 */
export type MoneyFault =
  | { kind: 'dropAfterCommit' }
  | { kind: 'late'; landing: LateLanding }
  | {
      kind: 'unexpected';
      commit: UnexpectedAnswer['commit'];
      landing: LateLanding;
      status: number;
      message: string;
      zCode: string;
    };

const noFaults = (): FaultPlan => ({
  latencyMs: 0,
  latencyPath: null,
  holdPath: null,
  holdAfter: 0,
  failNext: 0,
  failNextPath: null,
  rateLimitNext: 0,
  rateLimitNextPath: null,
  dropAfterCommitNext: 0,
  refuseAfterCommitNext: 0,
  lateCommitNext: 0,
  lateCommitDelayMs: DEFAULT_LATE_COMMIT_DELAY_MS,
  holdLateCommits: false,
  unexpectedAnswerNext: null,
  emptyHistoryNext: 0,
});

/** The armed form of an unexpectedAnswerNext input, defaults filled in; count 0 disarms. */
function unexpectedAnswer(input: z.infer<typeof UnexpectedAnswerInput>): UnexpectedAnswer | null {
  const count = input.count ?? 1;
  if (count === 0) return null;
  return {
    count,
    commit: input.commit,
    status: input.status ?? 400,
    message: input.message ?? 'Request is under review',
    zCode: input.zCode ?? 'Z509',
  };
}

/**
 * Fault injection shared by Interface A and Interface B, so tests can prove the app's behaviour under
 * latency, server errors, rate limiting, and money movements whose answer is lost, late or misleading.
 */
export class SandboxFaults {
  #plan: FaultPlan = noFaults();
  readonly #onReset: () => void;
  /** Calls waiting under holdPath, each resumed by its function. */
  #held: Array<() => void> = [];
  /** Woken whenever a call starts to wait, for `whenHeld`. */
  #heldListeners = new Set<() => void>();

  /**
   * `onReset` runs on every `reset()` (in process or DELETE /__sandbox/faults): the server drops the late
   * commits held under holdLateCommits there, since a held commit would otherwise outlive the plan that
   * held it and wait, unreleased, into the next test.
   */
  constructor(onReset: () => void = () => undefined) {
    this.#onReset = onReset;
  }

  get plan(): Readonly<FaultPlan> {
    return this.#plan;
  }

  /** Adds to the plan; throws (zod) on an invalid input, as the control API answers 400 for one. */
  set(input: FaultPlanInput): FaultPlan {
    const given = FaultPlanInput.parse(input);
    const current = this.#plan;
    this.#plan = {
      latencyMs: given.latencyMs ?? current.latencyMs,
      // Like failNextPath: a new count or delay without a path applies to any calls.
      latencyPath: given.latencyPath ?? (given.latencyMs === undefined ? current.latencyPath : null),
      holdPath: given.holdPath ?? current.holdPath,
      // A new hold lets its own count through, not what is left of an earlier one's.
      holdAfter: given.holdAfter ?? (given.holdPath === undefined ? current.holdAfter : 0),
      failNext: given.failNext ?? current.failNext,
      // A new failNext without a path fails any calls: the scope of an earlier one does not carry over to it.
      failNextPath: given.failNextPath ?? (given.failNext === undefined ? current.failNextPath : null),
      rateLimitNext: given.rateLimitNext ?? current.rateLimitNext,
      rateLimitNextPath:
        given.rateLimitNextPath ?? (given.rateLimitNext === undefined ? current.rateLimitNextPath : null),
      dropAfterCommitNext: given.dropAfterCommitNext ?? current.dropAfterCommitNext,
      refuseAfterCommitNext: given.refuseAfterCommitNext ?? current.refuseAfterCommitNext,
      lateCommitNext: given.lateCommitNext ?? current.lateCommitNext,
      lateCommitDelayMs: given.lateCommitDelayMs ?? current.lateCommitDelayMs,
      holdLateCommits: given.holdLateCommits ?? current.holdLateCommits,
      unexpectedAnswerNext: given.unexpectedAnswerNext
        ? unexpectedAnswer(given.unexpectedAnswerNext)
        : current.unexpectedAnswerNext,
      emptyHistoryNext: given.emptyHistoryNext ?? current.emptyHistoryNext,
    };
    return this.#plan;
  }

  /**
   * Clears the plan. Held calls are released (they answer as if never held), so no connection waits into
   * the next test; late commits are dropped by `onReset`.
   */
  reset(): void {
    this.#plan = noFaults();
    this.releaseHeld();
    this.#onReset();
  }

  /** How many calls wait under holdPath now. */
  get held(): number {
    return this.#held.length;
  }

  /**
   * Ends the hold: every waiting call goes on, oldest first, and later calls to the path are not held
   * (a new holdPath arms it again). Returns how many were waiting.
   */
  releaseHeld(): number {
    const waiting = this.#held;
    this.#held = [];
    this.#plan.holdPath = null;
    this.#plan.holdAfter = 0;
    for (const resume of waiting) resume();
    return waiting.length;
  }

  /** Resolves once at least `count` calls wait under holdPath (at once if they already do). */
  whenHeld(count = 1): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => {
        if (this.#held.length < count) return;
        this.#heldListeners.delete(check);
        resolve();
      };
      this.#heldListeners.add(check);
      check();
    });
  }

  /** Waits until released when the call's path is held and its calls let through are used up. */
  async #hold(path: string): Promise<void> {
    if (this.#plan.holdPath !== path) return;
    if (this.#plan.holdAfter > 0) {
      this.#plan.holdAfter -= 1;
      return;
    }
    await new Promise<void>((resume) => {
      this.#held.push(resume);
      for (const listener of [...this.#heldListeners]) listener();
    });
  }

  /**
   * Called at the start of every API request (not control or OIDC requests) with its URL path: waits for
   * a release if the path is held, waits out the latency, then says whether this request must fail or be rate limited instead of running.
   */
  async beforeRequest(path: string): Promise<'fail' | 'rate_limit' | null> {
    await this.#hold(path);
    const slowed = this.#plan.latencyPath;
    if (this.#plan.latencyMs > 0 && (slowed === null || slowed === path)) await sleep(this.#plan.latencyMs);
    const scope = this.#plan.failNextPath;
    if (this.#plan.failNext > 0 && (scope === null || scope === path)) {
      this.#plan.failNext -= 1;
      if (this.#plan.failNext === 0) this.#plan.failNextPath = null;
      return 'fail';
    }
    const limited = this.#plan.rateLimitNextPath;
    if (this.#plan.rateLimitNext > 0 && (limited === null || limited === path)) {
      this.#plan.rateLimitNext -= 1;
      if (this.#plan.rateLimitNext === 0) this.#plan.rateLimitNextPath = null;
      return 'rate_limit';
    }
    return null;
  }

  /** Called by POST /transactions once its request is valid: whether to answer an empty page instead. */
  takeEmptyHistory(): boolean {
    if (this.#plan.emptyHistoryNext <= 0) return false;
    this.#plan.emptyHistoryNext -= 1;
    return true;
  }

  /**
   * Called by a money-moving handler once every check has passed, just before the commit. One armed
   * fault is taken per call, in this order: late commit, unexpected answer, drop after commit, refusal
   * after commit.
   */
  takeMoneyFault(): MoneyFault | null {
    const plan = this.#plan;
    const landing: LateLanding = plan.holdLateCommits
      ? { held: true }
      : { held: false, delayMs: plan.lateCommitDelayMs };
    if (plan.lateCommitNext > 0) {
      plan.lateCommitNext -= 1;
      return { kind: 'late', landing };
    }
    const unexpected = plan.unexpectedAnswerNext;
    if (unexpected) {
      unexpected.count -= 1;
      if (unexpected.count <= 0) plan.unexpectedAnswerNext = null;
      const { commit, status, message, zCode } = unexpected;
      return { kind: 'unexpected', commit, landing, status, message, zCode };
    }
    if (plan.dropAfterCommitNext > 0) {
      plan.dropAfterCommitNext -= 1;
      return { kind: 'dropAfterCommit' };
    }
    if (plan.refuseAfterCommitNext > 0) {
      plan.refuseAfterCommitNext -= 1;
      // The words each interface refuses a short balance with, so the app reads it as nothing moved.
      return {
        kind: 'unexpected',
        commit: 'now',
        landing,
        status: 400,
        message: 'Insufficient balance',
        zCode: 'Z513',
      };
    }
    return null;
  }
}
