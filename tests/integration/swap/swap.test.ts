import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  SwapOutcome,
  SwapQuote,
  SwapReview,
  SwapStatus,
  SwapSymbolsView,
} from '../../../src-preload/contract/swap';
import { createSwapService } from '../../../src-main/features/swap';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { profiles } from '../support/money-faults';

async function balance(app: MoneyApp, asset: string): Promise<Decimal> {
  const view = await app.value<SwapSymbolsView>('swap.symbols');
  return new Decimal(view.balances.find((entry) => entry.asset === asset)?.amount ?? 'NaN');
}

const BTC_TO_ETH = {
  fromSymbol: 'BTC',
  fromNetwork: 'Bitcoin Mainnet',
  toSymbol: 'ETH',
  toNetwork: 'Ethereum Mainnet',
};

function swapsSent(app: MoneyApp): number {
  return app.count('POST', '/swap');
}

// Against the kind sandbox and the strict one (no de-duplication, the code checked first).
describe.each(profiles)('swap against the %s sandbox', (profile) => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists pairs with their networks and the swap balances', async () => {
    const view = await app.value<SwapSymbolsView>('swap.symbols');
    const btc = view.pairs.find((pair) => pair.baseSymbol === 'BTC');
    expect(btc?.quoteSymbols).toContain('ETH');
    expect(btc?.depositNetworks).toEqual(['Bitcoin Mainnet']);
    expect(view.pairs.find((pair) => pair.baseSymbol === 'USDT')?.withdrawNetworks.length).toBeGreaterThan(1);
    expect(view.balances.map((entry) => entry.asset)).toEqual([
      'BTC',
      'ETH',
      'USDT',
      'TRX',
      'BNB',
      'LTC',
      'SOL',
      'AVAX',
    ]);
  });

  it('swaps a crypto amount: the balances move by exactly the quoted amounts', async () => {
    const [btcBefore, ethBefore] = [await balance(app, 'BTC'), await balance(app, 'ETH')];
    const quote = await app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount: '0.01', isUsdInput: false });
    expect(quote.cryptoAmount).toBe('0.01');
    expect(new Decimal(quote.toAmount).greaterThan(0)).toBe(true);
    expect(quote.validForSeconds).toBe(30);
    const review = await app.value<SwapReview>('swap.confirm', { quoteId: quote.quoteId });
    const outcome = await app.value<SwapOutcome>('swap.execute', {
      intentId: review.intentId,
      tfaCode: await app.nextCode(),
    });
    expect(outcome.swapReferenceId).not.toBe('');
    expect(outcome.sendResult?.explorerUrl).toMatch(/^https:\/\/mempool\.space\/tx\//);
    expect((await balance(app, 'BTC')).toFixed()).toBe(btcBefore.minus(quote.cryptoAmount).toFixed());
    expect((await balance(app, 'ETH')).toFixed()).toBe(ethBefore.plus(quote.toAmount).toFixed());
  });

  it('swaps a USD amount: the service converts it to crypto and the balances follow the quote', async () => {
    const ethBefore = await balance(app, 'ETH');
    const usdtBefore = await balance(app, 'USDT');
    const quote = await app.value<SwapQuote>('swap.quote', {
      fromSymbol: 'ETH',
      fromNetwork: 'Ethereum Mainnet',
      toSymbol: 'USDT',
      toNetwork: 'Ethereum Mainnet',
      amount: '250',
      isUsdInput: true,
    });
    expect(quote.isUsdInput).toBe(true);
    expect(quote.amount).toBe('250');
    expect(new Decimal(quote.cryptoAmount).lessThan(1)).toBe(true);
    const review = await app.value<SwapReview>('swap.confirm', { quoteId: quote.quoteId });
    await app.value('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    const body = app.requests.filter((request) => request.path === '/swap').at(-1)?.body;
    expect(body).toMatchObject({ amount: 250, isUsdInput: true, fromSymbol: 'ETH', toSymbol: 'USDT' });
    expect((await balance(app, 'ETH')).toFixed()).toBe(ethBefore.minus(quote.cryptoAmount).toFixed());
    expect((await balance(app, 'USDT')).toFixed()).toBe(usdtBefore.plus(quote.toAmount).toFixed());
  });

  it('refuses two identical assets and an unknown symbol with clear messages', async () => {
    const same = await app.failure('swap.quote', {
      ...BTC_TO_ETH,
      toSymbol: 'BTC',
      toNetwork: 'Bitcoin Mainnet',
      amount: '1',
      isUsdInput: false,
    });
    expect(same).toMatchObject({ code: 'invalid_symbol', field: 'toSymbol' });
    const unknown = await app.failure('swap.quote', {
      ...BTC_TO_ETH,
      toSymbol: 'DOGE',
      amount: '1',
      isUsdInput: false,
    });
    expect(unknown.code).toBe('invalid_symbol');
    expect(unknown.message).toMatch(/Invalid symbol/);
  });

  it('double submit makes one request; a wrong code moves nothing and can be corrected', async () => {
    const quote = await app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount: '0.001', isUsdInput: false });
    const review = await app.value<SwapReview>('swap.confirm', { quoteId: quote.quoteId });
    expect((await app.value<SwapReview>('swap.confirm', { quoteId: quote.quoteId })).intentId).toBe(review.intentId);
    const sent = swapsSent(app);
    expect(await app.failure('swap.execute', { intentId: review.intentId, tfaCode: '000000' })).toMatchObject({
      code: 'invalid_code',
      field: 'tfa',
    });
    const code = await app.nextCode();
    const results = await Promise.all([
      app.call('swap.execute', { intentId: review.intentId, tfaCode: code }),
      app.call('swap.execute', { intentId: review.intentId, tfaCode: code }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(swapsSent(app)).toBe(sent + 2);
  });

  it('commit then drop: unknown, never resubmitted, found in the history', async () => {
    const btcBefore = await balance(app, 'BTC');
    const quote = await app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount: '0.00321', isUsdInput: false });
    const review = await app.value<SwapReview>('swap.confirm', { quoteId: quote.quoteId });
    app.sandbox.faults.set({ dropAfterCommitNext: 1 });
    expect((await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'outcome_unknown',
    );
    const sent = swapsSent(app);
    expect((await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'outcome_unknown',
    );
    expect(swapsSent(app)).toBe(sent);
    const unresolved = await app.value<{ review: SwapReview }[]>('swap.unresolved');
    expect(unresolved.map((entry) => entry.review.intentId)).toEqual([review.intentId]);
    const reconciled = await app.value<{ lookup: string; status: SwapStatus }>('swap.reconcile', {
      intentId: review.intentId,
    });
    expect(reconciled.lookup).toBe('found');
    expect(await app.value('swap.unresolved')).toEqual([]);
    expect(reconciled.status.outcome?.swapReferenceId).toMatch(/[0-9a-f-]{36}/);
    expect((await balance(app, 'BTC')).toFixed()).toBe(btcBefore.minus('0.00321').toFixed());
  });
});

describe('swap quotes expire', () => {
  let app: MoneyApp;
  let clock = Date.now();

  beforeAll(async () => {
    app = await startMoneyApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a stale quote is refused with stale_precheck and a fresh quote goes through', async () => {
    const session = app.core.session;
    const swap = createSwapService({ session, logger: app.logger, now: () => clock });
    const input = { ...BTC_TO_ETH, amount: '0.002', isUsdInput: false };
    const stale = await swap.quote(input);
    clock += 31_000;
    await expect(swap.confirm({ quoteId: stale.quoteId })).rejects.toMatchObject({
      code: 'stale_precheck',
    });

    // Confirmed in time, but the code came too late: execution is refused without a request.
    const late = await swap.confirm({ quoteId: (await swap.quote(input)).quoteId });
    clock += 31_000;
    const sent = swapsSent(app);
    await expect(swap.execute({ intentId: late.intentId, tfaCode: await app.nextCode() })).rejects.toMatchObject({
      code: 'stale_precheck',
    });
    expect(swapsSent(app)).toBe(sent);
    expect(swap.status(late.intentId)).toMatchObject({ state: 'confirmed', canRetry: false });

    const fresh = await swap.confirm({ quoteId: (await swap.quote(input)).quoteId });
    const outcome = await swap.execute({ intentId: fresh.intentId, tfaCode: await app.nextCode() });
    expect(outcome.swapReferenceId).not.toBe('');
    expect(swapsSent(app)).toBe(sent + 1);
  });
});

describe('swap price moves', () => {
  let app: MoneyApp;
  beforeAll(async () => {
    app = await startMoneyApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses to swap when the service would now give less than the review showed', async () => {
    const session = app.core.session;
    let priceDrop = 1;
    // The service's own answers, with the received amount scaled as if the price had moved.
    const moving = {
      ...session,
      interfaceA: () => {
        const client = session.interfaceA();
        return {
          ...client,
          swapPrecheck: async (request: Parameters<typeof client.swapPrecheck>[0]) => {
            const quoted = await client.swapPrecheck(request);
            return { ...quoted, toAmount: new Decimal(String(quoted.toAmount)).times(priceDrop).toNumber() };
          },
        };
      },
    };
    const swap = createSwapService({ session: moving, logger: app.logger });
    const review = await swap.confirm({
      quoteId: (await swap.quote({ ...BTC_TO_ETH, amount: '0.004', isUsdInput: false })).quoteId,
    });
    priceDrop = 0.9;
    const sent = swapsSent(app);
    await expect(swap.execute({ intentId: review.intentId, tfaCode: await app.nextCode() })).rejects.toMatchObject({
      code: 'stale_precheck',
    });
    expect(swapsSent(app)).toBe(sent);
    expect(swap.status(review.intentId).state).toBe('confirmed');
  });
});

describe('swap and roles', () => {
  let app: MoneyApp;
  beforeAll(async () => {
    app = await startMoneyApp({ username: 'bob' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a Viewer cannot swap: the same words as for send, and no request to the service', async () => {
    const error = await app.failure('swap.quote', { ...BTC_TO_ETH, amount: '0.001', isUsdInput: false });
    expect(error).toMatchObject({
      code: 'forbidden',
      message: 'Your role (Viewer) in Northwind Payments cannot swap. Ask an administrator of the account.',
    });
    expect(app.count('POST', '/swap/precheck')).toBe(0);
  });
});
