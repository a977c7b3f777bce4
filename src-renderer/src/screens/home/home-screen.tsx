import { lazy, Suspense, useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { useVisibleClock } from '../../hooks/use-polling';
import { RichText, useText } from '../../i18n/use-text';
import { usePortfolioStore } from '../../stores/portfolio-store';
import { LastKnownStatus, Totals, WalletsTable } from './balances-view';
import { usePortfolioRefresh } from './use-portfolio-refresh';

// The pictures (with decimal.js, which they sum with, and their history reads) load once the balances are
// drawn: a launch's first frame is the balances, and the pictures' code is not evaluated before it.
const PortfolioPictures = lazy(() => import('./pictures/portfolio-pictures'));

/** How often "Updated N s ago" changes while it counts seconds: often enough to read as live, rarely enough for idle. */
const SECONDS_TICK_MS = 5_000;

/**
 * Re-renders only itself, so the clock never re-renders the table: every 5 s while it counts seconds,
 * once a minute after that, never while the window is hidden (hooks/use-polling.ts).
 */
function UpdatedAgo({ fetchedAt, receivedAt }: { fetchedAt: string; receivedAt: number }): React.JSX.Element {
  const [period, setPeriod] = useState(SECONDS_TICK_MS);
  const now = useVisibleClock(period);
  const nextPeriod = now - receivedAt < 60_000 ? SECONDS_TICK_MS : 60_000;
  if (nextPeriod !== period) setPeriod(nextPeriod);
  return (
    <span className="home-updated">
      <RichText
        id="home.updated"
        values={{
          ...agoValues(Math.floor((now - receivedAt) / SECONDS_TICK_MS) * SECONDS_TICK_MS),
          time: (chunks: React.ReactNode[]) => <time dateTime={fetchedAt}>{chunks}</time>,
        }}
      />
    </span>
  );
}

/** How long ago, rounded to seconds under a minute, minutes under an hour, else hours; the unit picks the words. */
function agoValues(milliseconds: number): { unit: 'second' | 'minute' | 'hour'; count: number } {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  if (seconds < 60) return { unit: 'second', count: seconds };
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return { unit: 'minute', count: minutes };
  return { unit: 'hour', count: Math.round(minutes / 60) };
}

function RateLimitNotice({ retryAt }: { retryAt: number }): React.JSX.Element {
  const now = useVisibleClock(1_000);
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  const t = useText();
  return (
    <p role="status" className="home-slowdown">
      {t('home.slowDown', { seconds })}
    </p>
  );
}

/** Balances of the active account: totals, daily profit and one row per wallet, highest value first. */
export function HomeScreen(): React.JSX.Element {
  usePortfolioRefresh();
  const portfolio = usePortfolioStore((state) => state.portfolio);
  const source = usePortfolioStore((state) => state.source);
  const receivedAt = usePortfolioStore((state) => state.receivedAt);
  const loading = usePortfolioStore((state) => state.loading);
  const error = usePortfolioStore((state) => state.error);
  const retryAt = usePortfolioStore((state) => state.retryAt);
  const load = usePortfolioStore((state) => state.load);
  const waiting = !portfolio && !error;
  const t = useText();

  return (
    <section aria-labelledby="home-title" className="screen home" aria-busy={loading}>
      <div className="row home-header">
        <h2 id="home-title">{t('home.title')}</h2>
        <button type="button" className="secondary" onClick={() => void load()} disabled={loading || retryAt !== null}>
          {loading ? t('home.refreshing') : t('home.refresh')}
        </button>
        {portfolio && source === 'fresh' && receivedAt !== null && (
          <UpdatedAgo fetchedAt={portfolio.fetchedAt} receivedAt={receivedAt} />
        )}
        {portfolio && source === 'cached' && <LastKnownStatus fetchedAt={portfolio.fetchedAt} refreshing={loading} />}
      </div>
      {retryAt !== null && <RateLimitNotice retryAt={retryAt} />}
      <ErrorMessage error={error} />

      <Totals portfolio={portfolio} />
      <WalletsTable portfolio={portfolio} source={source} waiting={waiting} />
      {portfolio && (
        <section aria-labelledby="pictures-title" className="home-pictures">
          <h3 id="pictures-title">{t('home.pictures.title')}</h3>
          <Suspense fallback={<p aria-busy="true">{t('home.pictures.loading')}</p>}>
            <PortfolioPictures
              wallets={portfolio.wallets}
              accountGuid={portfolio.accountGuid}
              fetchedAt={portfolio.fetchedAt}
              fresh={source === 'fresh'}
            />
          </Suspense>
        </section>
      )}
    </section>
  );
}
