import { HIDDEN_MIN_PERIOD_MS, type PollingOptions } from './use-polling';

/** As often as the deposit watch and Home's balances: a move that went through shows within about that. */
export const SETTLE_ROUND_VISIBLE_MS = 30_000;

/** The longest wait between rounds while histories cannot be read: the service is not asked more often. */
export const SETTLE_ROUND_BACKOFF_CAP_MS = 10 * 60_000;

/**
 * When the background settle round runs, by the polling rule (use-polling.ts): every 30 s while the window
 * is visible, once a minute while hidden, doubling after each round that could not read a history up to
 * SETTLE_ROUND_BACKOFF_CAP_MS, and not at all once the last round counted no unknown move (`remaining`
 * 0). It starts with a round, which also counts what a previous run left unknown.
 */
export function settleRoundSchedule(remaining: number | null): PollingOptions {
  return {
    visibleMs: SETTLE_ROUND_VISIBLE_MS,
    hiddenMs: HIDDEN_MIN_PERIOD_MS,
    immediately: true,
    enabled: remaining !== 0,
    backoffCapMs: SETTLE_ROUND_BACKOFF_CAP_MS,
  };
}
