import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/** What POST /__sandbox/faults accepts; every field is optional and adds to the current plan. */
export const FaultPlanInput = z
  .object({
    /** Extra delay before every API response (ms). */
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    /** The next N API calls answer with HTTP 500 and an error envelope, changing nothing. */
    failNext: z.number().int().min(0).max(1000).optional(),
    /** The next N API calls answer as rate limited (Interface A 429, Interface B Z429). */
    rateLimitNext: z.number().int().min(0).max(1000).optional(),
    /** The next N money-moving calls commit their effect, then drop the connection without answering. */
    dropAfterCommitNext: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
export type FaultPlanInput = z.infer<typeof FaultPlanInput>;

export interface FaultPlan {
  latencyMs: number;
  failNext: number;
  rateLimitNext: number;
  dropAfterCommitNext: number;
}

const noFaults: FaultPlan = { latencyMs: 0, failNext: 0, rateLimitNext: 0, dropAfterCommitNext: 0 };

/**
 * Fault injection shared by Interface A and Interface B, so tests can prove the app's behaviour under
 * latency, server errors, rate limiting and a committed-but-unanswered money movement.
 */
export class SandboxFaults {
  #plan: FaultPlan = { ...noFaults };

  get plan(): Readonly<FaultPlan> {
    return this.#plan;
  }

  set(input: FaultPlanInput): FaultPlan {
    this.#plan = { ...this.#plan, ...input };
    return this.#plan;
  }

  reset(): void {
    this.#plan = { ...noFaults };
  }

  /**
   * Called at the start of every API request (not control or OIDC requests): waits out the latency,
   * then says whether this request must fail or be rate limited instead of running.
   */
  async beforeRequest(): Promise<'fail' | 'rate_limit' | null> {
    if (this.#plan.latencyMs > 0) await sleep(this.#plan.latencyMs);
    if (this.#plan.failNext > 0) {
      this.#plan.failNext -= 1;
      return 'fail';
    }
    if (this.#plan.rateLimitNext > 0) {
      this.#plan.rateLimitNext -= 1;
      return 'rate_limit';
    }
    return null;
  }

  /** Called by a money-moving handler after it has committed; true means: drop the connection now. */
  takeDropAfterCommit(): boolean {
    if (this.#plan.dropAfterCommitNext <= 0) return false;
    this.#plan.dropAfterCommitNext -= 1;
    return true;
  }
}
