import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDepositAddressView, WalletAddressView } from '../../../src-preload/contract/receive';
import type { SwapOutcome, SwapQuote, SwapReview, SwapSymbolsView } from '../../../src-preload/contract/swap';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { profiles } from '../support/money-faults';

const CALLBACK = 'https://merchant.example.com/callbacks/deposit';

// Receiving and swapping where the app's table ends, against the sandbox playing the wider service (TRX, SOL
// and AVAX beyond spec 2.3's table; POL on Polygon, a network the app does not know), in both profiles.
describe.each(profiles)('receive and swap beyond spec 2.3, %s service', (profile) => {
  let app: MoneyApp;

  const unknownSwaps = async () =>
    (await app.value<{ review: SwapReview }[]>('swap.unresolved')).map((entry) => entry.review.intentId);
  const swaps = () => app.sandbox.movements().filter((movement) => movement.kind === 'swap');

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile, widerService: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the POL wallet address as the service sent it, saying it was not checked', async () => {
    const view = await app.value<WalletAddressView>('receive.address', { code: 'POL' });
    expect(view).toMatchObject({ code: 'POL', network: 'Polygon Mainnet', addressChecked: false });
    expect(view.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await app.value<WalletAddressView>('receive.address', { code: 'TRX' })).toMatchObject({
      addressChecked: true,
    });
  });

  it('a POL deposit address with an amount: the QR holds the plain address, and the view says why', async () => {
    const created = await app.value<CreatedDepositAddressView>('receive.createDepositAddress', {
      symbol: 'POL',
      label: 'Polygon invoice',
      callbackUrl: CALLBACK,
      // Ten places: beyond the old cap, within what the service's own POL amounts show.
      amount: '1.0000000005',
    });
    expect(created).toMatchObject({
      symbol: 'POL',
      network: 'Polygon Mainnet',
      amount: '1.0000000005',
      paymentUriKind: 'address',
      plainQrReason: 'unknown-network',
      addressChecked: false,
    });
    expect(created.paymentUri).toBe(created.address);
  });

  it('payment links only for schemes the app knows: Solana Pay for SOL, the plain address for USDT on TRON', async () => {
    const sol = await app.value<CreatedDepositAddressView>('receive.createDepositAddress', {
      symbol: 'SOL',
      label: 'Solana invoice',
      callbackUrl: CALLBACK,
      amount: '0.5',
    });
    expect(sol).toMatchObject({ paymentUriKind: 'solana-pay', plainQrReason: null, addressChecked: true });
    const tron = await app.value<CreatedDepositAddressView>('receive.createDepositAddress', {
      symbol: 'TRX-USD',
      label: 'TRON invoice',
      callbackUrl: CALLBACK,
      amount: '25',
    });
    expect(tron).toMatchObject({ paymentUriKind: 'address', plainQrReason: 'no-scheme', addressChecked: true });
  });

  it('refuses a deposit address for a symbol the account has no wallet of, before asking the service', async () => {
    const before = app.count('POST', '/deposit/address/create');
    expect(
      await app.failure('receive.createDepositAddress', { symbol: 'DOGE', label: 'Nope', callbackUrl: CALLBACK }),
    ).toMatchObject({ code: 'invalid_symbol', field: 'symbol' });
    expect(app.count('POST', '/deposit/address/create')).toBe(before);
  });

  it('lists the wallet of each network for the swap form, the one the app does not know too', async () => {
    const view = await app.value<SwapSymbolsView>('swap.symbols');
    for (const symbol of ['TRX', 'SOL', 'AVAX', 'POL'])
      expect(
        view.pairs.map((pair) => pair.baseSymbol),
        symbol,
      ).toContain(symbol);
    expect(view.wallets).toContainEqual(expect.objectContaining({ asset: 'POL', network: 'Polygon Mainnet' }));
    expect(view.wallets).toContainEqual(expect.objectContaining({ asset: 'SOL', network: 'Solana Mainnet' }));
  });

  it.each([
    ['TRX', 'Tron Mainnet', 'SOL', 'Solana Mainnet', '150'],
    ['SOL', 'Solana Mainnet', 'AVAX', 'Avalanche C-Chain', '0.25'],
    ['POL', 'Polygon Mainnet', 'TRX', 'Tron Mainnet', '20'],
  ])('swaps %s on %s into %s on %s once', async (fromSymbol, fromNetwork, toSymbol, toNetwork, amount) => {
    const before = swaps().length;
    const quote = await app.value<SwapQuote>('swap.quote', {
      fromSymbol,
      fromNetwork,
      toSymbol,
      toNetwork,
      isUsdInput: false,
      amount,
    });
    const review = await app.value<SwapReview>('swap.confirm', {
      quoteId: quote.quoteId,
      acknowledgedIntentIds: await unknownSwaps(),
    });
    await app.value<SwapOutcome>('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(swaps().slice(before)).toEqual([expect.objectContaining({ kind: 'swap' })]);
  });
});
