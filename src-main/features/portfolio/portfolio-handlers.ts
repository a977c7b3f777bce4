import type { PortfolioView } from '../../../src-preload/contract/portfolio';
import { AppError } from '../../app-error';
import type { Handlers } from '../../dispatch';
import type { SessionService } from '../session';
import { toPortfolioView } from './portfolio-view';

type PortfolioHandlers = Pick<Handlers, 'portfolio.wallets'>;

/**
 * Balances of the active account. Calls for the same account that overlap (a manual refresh during the
 * periodic one) share one request, so the Home screen never doubles the load on a rate-limited service.
 */
export function createPortfolioHandlers(deps: {
  readonly session: SessionService;
  readonly now?: () => Date;
}): PortfolioHandlers {
  const now = deps.now ?? (() => new Date());
  const inFlight = new Map<string, Promise<PortfolioView>>();

  async function fetchWallets(): Promise<PortfolioView> {
    const client = deps.session.interfaceA();
    const accountGuid = client.accountGuid;
    if (!accountGuid) throw new AppError('not_signed_in', 'No account is selected.');
    const running = inFlight.get(accountGuid);
    if (running) return running;
    const request = client
      .getWallets()
      .then((wallets) => toPortfolioView(wallets, accountGuid, now()))
      .finally(() => inFlight.delete(accountGuid));
    inFlight.set(accountGuid, request);
    return request;
  }

  return { 'portfolio.wallets': fetchWallets };
}
