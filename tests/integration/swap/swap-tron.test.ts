import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletAddressView } from '../../../src-preload/contract/receive';
import type { SwapOutcome, SwapQuote, SwapReview } from '../../../src-preload/contract/swap';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { profiles } from '../support/money-faults';

// Swapping into and receiving a TRON asset, against the sandbox playing the wider service, in both profiles.
describe.each(profiles)('TRON beyond spec 2.3: swap and receive, %s service', (profile) => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile, widerService: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('swaps BTC into USDT on TRON once, naming Tron Mainnet as the target network', async () => {
    const quote = await app.value<SwapQuote>('swap.quote', {
      fromSymbol: 'BTC',
      fromNetwork: 'Bitcoin Mainnet',
      toSymbol: 'USDT',
      toNetwork: 'Tron Mainnet',
      isUsdInput: false,
      amount: '0.001',
    });
    const review = await app.value<SwapReview>('swap.confirm', { quoteId: quote.quoteId });
    await app.value<SwapOutcome>('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    const swaps = app.requests.filter((request) => request.method === 'POST' && request.path === '/swap');
    expect(swaps.map((request) => request.body)).toEqual([
      expect.objectContaining({ toSymbol: 'USDT', toNetwork: 'Tron Mainnet' }),
    ]);
    expect(app.sandbox.movements().filter((movement) => movement.kind === 'swap')).toHaveLength(1);
  });

  it('shows the TRX wallet address after checking it is a TRON address', async () => {
    const view = await app.value<WalletAddressView>('receive.address', { code: 'TRX' });
    expect(view).toMatchObject({ network: 'Tron Mainnet' });
    expect(view.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });
});
