import { useEffect } from 'react';
import { usePolling } from '../../hooks/use-polling';
import { REFRESH_INTERVAL_MS, usePortfolioStore } from '../../stores/portfolio-store';
import { useSessionStore } from '../../stores/session-store';

function isStale(): boolean {
  const { receivedAt } = usePortfolioStore.getState();
  return receivedAt === null || Date.now() - receivedAt >= REFRESH_INTERVAL_MS;
}

/** A load unless the balances are fresh or the rate limit's retry timer owns the next call. */
function loadIfStale(): void {
  const { retryAt, load } = usePortfolioStore.getState();
  if (retryAt === null && isStale()) void load();
}

/**
 * Keeps Home's balances fresh by the polling rule (hooks/use-polling.ts): a load when Home opens or the
 * account changes, then one every REFRESH_INTERVAL_MS while the window is visible (none while hidden),
 * one on becoming visible again when the data is stale, and the rate-limit retry when its time comes.
 */
export function usePortfolioRefresh(): void {
  const accountGuid = useSessionStore((state) => state.view?.activeAccountGuid ?? null);
  const retryAt = usePortfolioStore((state) => state.retryAt);

  useEffect(() => {
    if (!accountGuid) return;
    // Last known balances of another account (the launch showed the previous one) never stand in.
    const shown = usePortfolioStore.getState().portfolio;
    if (shown && shown.accountGuid !== accountGuid) usePortfolioStore.getState().reset();
    loadIfStale();
  }, [accountGuid]);

  usePolling(loadIfStale, { visibleMs: REFRESH_INTERVAL_MS, immediately: false, enabled: accountGuid !== null });

  useEffect(() => {
    if (retryAt === null) return;
    const timer = window.setTimeout(() => void usePortfolioStore.getState().load(), Math.max(0, retryAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [retryAt]);
}
