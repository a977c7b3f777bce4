import type { PortfolioView } from '../../../../src-preload/contract/portfolio';
import { ErrorMessage } from '../../components/error-message';
import { useSessionStore } from '../../stores/session-store';
import { RichText, useText } from '../../i18n/use-text';
import { fetchedAtValues, Totals, WalletsTable } from './balances-view';

/**
 * The last known balances before the session is back: while it is being restored (painted at once on
 * launch), or when the service could not be reached to restore it, with that said in words and a way to
 * try again. Nothing here can move money; the navigation appears once the session is restored.
 */
export function CachedBalancesScreen({
  portfolio,
  unreachable,
}: {
  portfolio: PortfolioView;
  unreachable: boolean;
}): React.JSX.Element {
  const busy = useSessionStore((state) => state.busy);
  const error = useSessionStore((state) => state.error);
  const retryRestore = useSessionStore((state) => state.retryRestore);
  const t = useText();

  return (
    <main className="gate cached-balances" aria-labelledby="cached-title">
      <h1 id="cached-title">{t('common.appName')}</h1>
      {unreachable ? (
        <div role="alert" className="notice">
          <p>
            <RichText id="home.lastKnown.unreachable" values={fetchedAtValues(portfolio.fetchedAt)} />
          </p>
          <button type="button" className="primary" onClick={() => void retryRestore()} disabled={busy} autoFocus>
            {busy ? t('common.tryingAgain') : t('common.tryAgain')}
          </button>
        </div>
      ) : (
        <p role="status">
          <RichText id="home.lastKnown.restoring" values={fetchedAtValues(portfolio.fetchedAt)} />
        </p>
      )}
      <ErrorMessage error={error} />
      <section aria-label={t('home.lastKnown.region')} className="screen home">
        <Totals portfolio={portfolio} />
        <WalletsTable portfolio={portfolio} source="cached" waiting={false} />
      </section>
    </main>
  );
}
