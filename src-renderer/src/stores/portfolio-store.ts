import type { PortfolioView } from '../../../src-preload/contract/portfolio';
import type { BridgeError, Result } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { takeStartupAnswer } from '../startup-requests';
import { createSessionStore } from './session-reset';

/** How often Home refreshes while the window is visible. */
export const REFRESH_INTERVAL_MS = 30_000;
const MIN_BACKOFF_SECONDS = 2;
const MAX_BACKOFF_SECONDS = 120;

interface PortfolioState {
  readonly portfolio: PortfolioView | null;
  /**
   * cached: the last known balances from disk (painted at launch until the fresh ones arrive; its
   * fetchedAt says how old); fresh: this run's answer.
   */
  readonly source: 'cached' | 'fresh' | null;
  /** When the page received the balances (its own clock, which "updated N s ago" and staleness use). */
  readonly receivedAt: number | null;
  readonly loading: boolean;
  /** The last failure other than rate limiting; the previous balances stay on screen under it. */
  readonly error: BridgeError | null;
  /** Set while rate limited: when the next attempt runs (epoch ms). */
  readonly retryAt: number | null;
  readonly rateLimitedTimes: number;
  /** Asks main for the fresh balances, or takes `answer` when the launch has already asked (start-up.ts). */
  load(answer?: Promise<Result<PortfolioView>>): Promise<void>;
  /** Shows the last known balances kept on disk, unless fresh ones are already here. */
  showCached(): Promise<void>;
  reset(): void;
}

const initial = {
  portfolio: null,
  source: null,
  receivedAt: null,
  loading: false,
  error: null,
  retryAt: null,
  rateLimitedTimes: 0,
} as const;

export const usePortfolioStore = createSessionStore<PortfolioState>((set, get, _store, generation) => ({
  ...initial,

  async load(answer) {
    if (get().loading) return;
    const mine = generation.current();
    set({ loading: true });
    const result = await (answer ?? wallet.portfolio.wallets());
    if (!generation.isCurrent(mine)) return;
    if (result.ok) {
      set({
        portfolio: result.value,
        source: 'fresh',
        receivedAt: Date.now(),
        loading: false,
        error: null,
        retryAt: null,
        rateLimitedTimes: 0,
      });
      return;
    }
    if (result.error.code === 'rate_limited') {
      // Exponential backoff, never sooner than the service asked (Retry-After).
      const times = get().rateLimitedTimes + 1;
      const backoff = Math.min(MAX_BACKOFF_SECONDS, MIN_BACKOFF_SECONDS * 2 ** (times - 1));
      const seconds = Math.max(result.error.retryAfterSeconds ?? 0, backoff);
      set({ loading: false, error: null, rateLimitedTimes: times, retryAt: Date.now() + seconds * 1000 });
      return;
    }
    set({ loading: false, error: result.error, retryAt: null });
  },

  async showCached() {
    const mine = generation.current();
    const result = await (takeStartupAnswer('cachedBalances') ?? wallet.portfolio.cached());
    // Nothing to show, reset meanwhile, or the fresh balances won the race: they stay.
    if (!result.ok || result.value === null || !generation.isCurrent(mine) || get().source === 'fresh') return;
    set({ portfolio: result.value, source: 'cached' });
  },

  reset() {
    generation.next();
    set({ ...initial });
  },
}));
