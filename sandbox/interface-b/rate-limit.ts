import { performance } from 'node:perf_hooks';

/**
 * Token bucket per caller. The spec says rate limiting exists but gives no quota (section 8); ours lets
 * a burst of `capacity` calls through, then `refillPerSecond` a second.
 */
export class TokenBuckets {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly capacity: number,
    readonly refillPerSecond: number,
  ) {}

  take(key: string): boolean {
    const now = performance.now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.refillPerSecond);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.#buckets.set(key, bucket);
    return allowed;
  }

  reset(): void {
    this.#buckets.clear();
  }
}
