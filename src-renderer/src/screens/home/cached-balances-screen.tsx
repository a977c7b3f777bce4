import type { PortfolioView } from '../../../../src-preload/contract/portfolio';
import { ErrorMessage } from '../../components/error-message';
import { useSessionStore } from '../../stores/session-store';
import { AsOf, Totals, WalletsTable } from './balances-view';

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

  return (
    <main className="gate cached-balances" aria-labelledby="cached-title">
      <h1 id="cached-title">Wallet Desk</h1>
      {unreachable ? (
        <div role="alert" className="notice">
          <p>
            The service could not be reached, so Wallet Desk shows your last known balances{' '}
            <AsOf fetchedAt={portfolio.fetchedAt} />. They may have changed since.
          </p>
          <button type="button" className="primary" onClick={() => void retryRestore()} disabled={busy} autoFocus>
            {busy ? 'Trying again…' : 'Try again'}
          </button>
        </div>
      ) : (
        <p role="status">
          Restoring your session… Last known balances <AsOf fetchedAt={portfolio.fetchedAt} />.
        </p>
      )}
      <ErrorMessage error={error} />
      <section aria-label="Last known balances" className="screen home">
        <Totals portfolio={portfolio} />
        <WalletsTable portfolio={portfolio} source="cached" waiting={false} />
      </section>
    </main>
  );
}
