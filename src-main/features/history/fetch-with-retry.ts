import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../app-error';
import { t } from '../../i18n/main-text';
import { AnswerTooLarge } from '../../service/http-call';

export interface RetryPolicy {
  /** Tries of one page that fail with a server error or no answer, before giving up. */
  readonly maxAttempts: number;
  /** 429 answers tolerated for one page (each one waited out), before giving up. */
  readonly maxRateLimitWaits: number;
  /** First back-off delay; it doubles on every further failure of the same page. */
  readonly baseDelayMs: number;
  /** Back-off never grows past this (a Retry-After from the service is still honoured in full). */
  readonly maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 4,
  maxRateLimitWaits: 10,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
};

export interface RetryNotice {
  readonly reason: 'rate_limited' | 'failed';
  readonly delayMs: number;
  readonly attempt: number;
  readonly message: string;
}

/**
 * Server errors and lost answers may pass; anything else (session, permission, bad input) will not, nor will an
 * answer too large to read (the same answer again, read again to the bound).
 */
function isTransient(error: unknown): boolean {
  if (error instanceof AnswerTooLarge) return false;
  return error instanceof AppError && (error.code === 'service_error' || error.code === 'network');
}

export function backoffDelayMs(policy: RetryPolicy, failures: number, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failures - 1));
  // Jitter in the upper half keeps the growth but spreads clients that failed together.
  return Math.round(exponential * (0.5 + random() * 0.5));
}

/**
 * Runs one read-only request until it succeeds: waits out 429s (Retry-After, or exponential back-off if
 * longer) and retries server errors and lost answers a few times. Only safe for requests that change
 * nothing at the service — never for send or swap.
 */
export async function fetchWithRetry<T>(
  request: () => Promise<T>,
  options: { policy?: RetryPolicy; signal?: AbortSignal; onRetry?: (notice: RetryNotice) => void } = {},
): Promise<T> {
  const policy = options.policy ?? defaultRetryPolicy;
  let failures = 0;
  let rateLimits = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      return await request();
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      let delayMs: number;
      let notice: RetryNotice;
      if (error instanceof AppError && error.code === 'rate_limited') {
        rateLimits += 1;
        if (rateLimits > policy.maxRateLimitWaits) throw error;
        const retryAfterMs = (error.retryAfterSeconds ?? 0) * 1000;
        delayMs = Math.max(retryAfterMs, backoffDelayMs(policy, rateLimits));
        notice = {
          reason: 'rate_limited',
          delayMs,
          attempt: rateLimits,
          message: t('mainHistory.retry.slowDown', { seconds: Math.ceil(delayMs / 1000) }),
        };
      } else if (isTransient(error)) {
        failures += 1;
        if (failures >= policy.maxAttempts) throw error;
        delayMs = backoffDelayMs(policy, failures);
        notice = {
          reason: 'failed',
          delayMs,
          attempt: failures,
          message: `${(error as AppError).message} ${t('mainHistory.retry.retryingIn', { seconds: Math.ceil(delayMs / 1000) })}`,
        };
      } else {
        throw error;
      }
      options.onRetry?.(notice);
      await sleep(delayMs, undefined, options.signal ? { signal: options.signal } : undefined);
    }
  }
}
