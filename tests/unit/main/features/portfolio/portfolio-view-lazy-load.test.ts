import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionService } from '../../../../../src-main/features/session';
import type { Wallets } from '../../../../../src-main/service/interface-a-schemas';

const VIEW = '../../../../../src-main/features/portfolio/portfolio-view';

afterEach(() => {
  vi.doUnmock(VIEW);
  vi.resetModules();
});

const wallets: Wallets = { totalBalance: 10, dailyProfit: 0, wallets: [] };

/** Signed in, one account, the service answering the wallets; the view module is loaded at the first request. */
function signedIn(getWallets: () => Promise<Wallets>): SessionService {
  const view = { status: 'signed-in', user: null, accounts: [], activeAccountGuid: 'account-1', keychain: 'available' };
  return {
    view: () => view,
    ready: async () => undefined,
    restoreState: () => null,
    activeUser: () => ({ userGuid: 'user-1', name: 'Alice' }),
    interfaceA: () => ({ accountGuid: 'account-1', getWallets }),
    onChange: () => () => undefined,
  } as unknown as SessionService;
}

describe('portfolio.wallets when the wallets’ view cannot be loaded', () => {
  it('refuses with the load’s own error, and loads it again at the next call', async () => {
    // Vitest turns the factory's throw into the import's rejection, as a chunk missing from a broken install.
    vi.doMock(VIEW, () => {
      throw new Error('chunk missing');
    });
    vi.resetModules();
    const { createPortfolioFeature } = await import('../../../../../src-main/features/portfolio/portfolio-handlers');
    const feature = createPortfolioFeature({ session: signedIn(async () => wallets) });
    await expect(feature.handlers['portfolio.wallets']()).rejects.toThrow(/error when mocking a module/);

    vi.doUnmock(VIEW);
    const view = await feature.handlers['portfolio.wallets']();
    expect(view).toMatchObject({ accountGuid: 'account-1', totalBalanceUsd: '10', wallets: [] });
    await feature.dispose();
  });

  it('a refused request is the answer, and the failed load beside it is no unhandled rejection', async () => {
    vi.doMock(VIEW, () => {
      throw new Error('chunk missing');
    });
    vi.resetModules();
    const { AppError } = await import('../../../../../src-main/app-error');
    const { createPortfolioFeature } = await import('../../../../../src-main/features/portfolio/portfolio-handlers');
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const feature = createPortfolioFeature({
        session: signedIn(async () => {
          throw new AppError('network', 'The service cannot be reached.');
        }),
      });
      await expect(feature.handlers['portfolio.wallets']()).rejects.toMatchObject({ code: 'network' });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await feature.dispose();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
