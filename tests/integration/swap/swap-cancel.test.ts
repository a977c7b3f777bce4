import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapOutcome, SwapQuote, SwapReview, SwapStatus } from '../../../src-preload/contract/swap';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { profiles } from '../support/money-faults';

const BTC_TO_ETH = {
  fromSymbol: 'BTC',
  fromNetwork: 'Bitcoin Mainnet',
  toSymbol: 'ETH',
  toNetwork: 'Ethereum Mainnet',
  isUsdInput: false,
};

/**
 * "Refresh quote" replaces the swap on review with a new one: the old one is cancelled in main,
 * so it can never be sent beside the new one, whatever the renderer still holds.
 */
describe.each(profiles)('a swap given up before it left, %s sandbox', (profile) => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function review(amount: string): Promise<SwapReview> {
    const quote = await app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount });
    return app.value<SwapReview>('swap.confirm', { quoteId: quote.quoteId });
  }

  it('a cancelled swap is never sent; the one that replaced it goes through once', async () => {
    const old = await review('0.00311');
    const cancelled = await app.value<SwapStatus>('swap.cancel', { intentId: old.intentId });
    expect(cancelled).toMatchObject({ state: 'cancelled', canRetry: false, referenceId: old.referenceId });
    const fresh = await review('0.00311');
    expect(fresh.intentId).not.toBe(old.intentId);
    const posts = app.count('POST', '/swap');
    const prechecks = app.count('POST', '/swap/precheck');

    const execute = await app.failure('swap.execute', { intentId: old.intentId, tfaCode: await app.nextCode() });
    expect(execute.code).toBe('stale_precheck');
    // Cancelling again changes nothing; the quote it came from cannot make it live again either.
    expect((await app.value<SwapStatus>('swap.cancel', { intentId: old.intentId })).state).toBe('cancelled');
    expect(app.count('POST', '/swap')).toBe(posts);
    expect(app.count('POST', '/swap/precheck')).toBe(prechecks);

    await app.value<SwapOutcome>('swap.execute', { intentId: fresh.intentId, tfaCode: await app.nextCode() });
    expect(app.count('POST', '/swap')).toBe(posts + 1);
    expect((await app.value<SwapStatus>('swap.status', { intentId: old.intentId })).state).toBe('cancelled');
  });

  it('a refused swap can be given up; a settled one stays settled', async () => {
    const refusedOne = await review('0.00312');
    const wrong = await app.failure('swap.execute', { intentId: refusedOne.intentId, tfaCode: '000000' });
    expect(wrong.code).toBe('invalid_code');
    expect((await app.value<SwapStatus>('swap.cancel', { intentId: refusedOne.intentId })).state).toBe('cancelled');
    const posts = app.count('POST', '/swap');
    expect(
      (await app.failure('swap.execute', { intentId: refusedOne.intentId, tfaCode: await app.nextCode() })).code,
    ).toBe('stale_precheck');
    expect(app.count('POST', '/swap')).toBe(posts);

    const done = await review('0.00313');
    await app.value<SwapOutcome>('swap.execute', { intentId: done.intentId, tfaCode: await app.nextCode() });
    expect((await app.value<SwapStatus>('swap.cancel', { intentId: done.intentId })).state).toBe('succeeded');
  });
});
