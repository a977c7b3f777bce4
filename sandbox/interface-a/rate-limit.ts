export interface RateLimitOptions {
  /** Bucket size: how many requests may come in a burst. */
  capacity: number;
  /** Tokens added back per second. */
  refillPerSecond: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { capacity: 300, refillPerSecond: 100 };

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** Token bucket per key (the bearer token), as real APIs throttle per credential. */
export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly options: RateLimitOptions;

  constructor(options: RateLimitOptions) {
    this.options = options;
  }

  /** Takes one token; false when the bucket is empty. */
  take(key: string, nowMs = Date.now()): boolean {
    const { capacity, refillPerSecond } = this.options;
    const bucket = this.#buckets.get(key) ?? { tokens: capacity, updatedMs: nowMs };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((nowMs - bucket.updatedMs) / 1000) * refillPerSecond);
    bucket.updatedMs = nowMs;
    this.#buckets.set(key, bucket);
    if (this.#buckets.size > 10_000) this.#prune(nowMs);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Seconds until one token is back, for Retry-After. */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(1 / this.options.refillPerSecond));
  }

  reset(): void {
    this.#buckets.clear();
  }

  #prune(nowMs: number): void {
    const fullAfterMs = (this.options.capacity / this.options.refillPerSecond) * 1000;
    for (const [key, bucket] of this.#buckets) {
      if (nowMs - bucket.updatedMs > fullAfterMs) this.#buckets.delete(key);
    }
  }
}
