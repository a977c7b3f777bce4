import { useEffect } from 'react';
import { REFRESH_INTERVAL_MS, usePortfolioStore } from '../../stores/portfolio-store';
import { useSessionStore } from '../../stores/session-store';

/**
 * Keeps Home's balances fresh: a load when Home opens or the account changes, then one every
 * REFRESH_INTERVAL_MS while the window is visible (none while hidden), one on becoming visible again
 * when the data is stale, and the rate-limit retry when its time comes.
 */
export function usePortfolioRefresh(): void {
  const accountGuid = useSessionStore((state) => state.view?.activeAccountGuid ?? null);
  const retryAt = usePortfolioStore((state) => state.retryAt);

  useEffect(() => {
    if (!accountGuid) return;
    // Last known balances of another account (the launch showed the previous one) never stand in.
    const shown = usePortfolioStore.getState().portfolio;
    if (shown && shown.accountGuid !== accountGuid) usePortfolioStore.getState().reset();
    const { load } = usePortfolioStore.getState();
    const isStale = (): boolean => {
      const { receivedAt } = usePortfolioStore.getState();
      return receivedAt === null || Date.now() - receivedAt >= REFRESH_INTERVAL_MS;
    };
    const tick = (): void => {
      // While rate limited the retry timer owns the next call.
      if (document.visibilityState === 'visible' && usePortfolioStore.getState().retryAt === null && isStale())
        void load();
    };
    if (isStale() && usePortfolioStore.getState().retryAt === null) void load();
    const timer = window.setInterval(tick, Math.min(5_000, REFRESH_INTERVAL_MS));
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [accountGuid]);

  useEffect(() => {
    if (retryAt === null) return;
    const timer = window.setTimeout(() => void usePortfolioStore.getState().load(), Math.max(0, retryAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [retryAt]);
}
