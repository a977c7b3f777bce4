import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SendOutcome, SendPrecheck, SendReview, SendStatus } from '../../../src-preload/contract/send';
import type { SwapOutcome, SwapQuote, SwapReview, SwapStatus } from '../../../src-preload/contract/swap';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { lastSeq, movementsAfter, profiles } from '../support/money-faults';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BTC_TO_ETH = {
  fromSymbol: 'BTC',
  fromNetwork: 'Bitcoin Mainnet',
  toSymbol: 'ETH',
  toNetwork: 'Ethereum Mainnet',
  isUsdInput: false,
};

/**
 * security.md 39: a refused move is sent again only after a look-up finds no trace of its reference. The
 * sandbox's refuseAfterCommitNext commits and then answers a refusal the app reads as "nothing moved", so a
 * user who sends again would pay twice if the app trusted the refusal. Against both profiles: the kind one
 * de-duplicates a reference id, so there the proof is the number of requests that left.
 */
describe.each(profiles)('a refused move is sent again only after a look-up, %s service', (profile) => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile });
  });
  afterEach(() => {
    app.sandbox.faults.reset();
  });
  afterAll(async () => {
    await app?.close();
  });

  const sendsWith = (referenceId: string) =>
    app.requests.filter((request) => request.path === '/send' && request.body?.referenceId === referenceId).length;

  async function prepareSend(amount: string): Promise<SendReview> {
    const precheck = await app.value<SendPrecheck>('send.precheck', { code: 'BTC', address: BTC_DESTINATION, amount });
    const unresolved = await app.value<{ review: SendReview }[]>('send.unresolved');
    return app.value<SendReview>('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      acknowledgedIntentIds: unresolved.map((entry) => entry.review.intentId),
    });
  }

  async function prepareSwap(amount: string): Promise<SwapReview> {
    const quote = await app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount });
    const unresolved = await app.value<{ review: SwapReview }[]>('swap.unresolved');
    return app.value<SwapReview>('swap.confirm', {
      quoteId: quote.quoteId,
      acknowledgedIntentIds: unresolved.map((entry) => entry.review.intentId),
    });
  }

  it('send: committed yet refused, the user sends again: the look-up finds it, settled as moved, one movement', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepareSend('0.00041');
    app.sandbox.faults.set({ refuseAfterCommitNext: 1 });
    const refused = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(refused.code).toBe('insufficient_balance');
    expect(await app.value<SendStatus>('send.status', { intentId: review.intentId })).toMatchObject({
      state: 'refused',
    });

    const again = await app.value<SendOutcome>('send.execute', {
      intentId: review.intentId,
      tfaCode: await app.nextCode(),
    });
    expect(again).toMatchObject({ referenceId: review.referenceId, status: 'Completed' });
    expect(sendsWith(review.referenceId)).toBe(1);
    expect(movementsAfter(app.sandbox, mark).filter((m) => m.referenceId === review.referenceId)).toHaveLength(1);
    expect(await app.value<SendStatus>('send.status', { intentId: review.intentId })).toMatchObject({
      state: 'succeeded',
    });
  });

  it('send: refused and nothing in the history: the look-up comes first, then the send goes out once', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepareSend('0.00042');
    const wrong = await app.failure('send.execute', { intentId: review.intentId, tfaCode: '000000' });
    expect(wrong.code).toBe('invalid_code');
    const before = app.requests.length;

    await app.value<SendOutcome>('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    const after = app.requests.slice(before).map((request) => `${request.method} ${request.path}`);
    const firstSend = after.indexOf('POST /send');
    expect(after.slice(0, firstSend)).toContain('POST /transactions');
    expect(after.filter((line) => line === 'POST /send')).toHaveLength(1);
    expect(movementsAfter(app.sandbox, mark).filter((m) => m.referenceId === review.referenceId)).toHaveLength(1);
  });

  it('send: a look-up that cannot read the history sends nothing, says so, and the send stays refused', async () => {
    const review = await prepareSend('0.00043');
    const wrong = await app.failure('send.execute', { intentId: review.intentId, tfaCode: '000000' });
    expect(wrong.code).toBe('invalid_code');

    app.sandbox.faults.set({ failNext: 1, failNextPath: '/api/OAuth/transactions' });
    const blind = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(blind.code).toBe('service_error');
    expect(blind.message).toMatch(/could not read the transaction history/);
    expect(blind.message).toMatch(/nothing was sent again/);
    expect(sendsWith(review.referenceId)).toBe(1);
    expect(await app.value<SendStatus>('send.status', { intentId: review.intentId })).toMatchObject({
      state: 'refused',
    });
  });

  it('swap: committed yet refused, the user swaps again: the look-up finds it, settled as moved, one movement', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepareSwap('0.00044');
    app.sandbox.faults.set({ refuseAfterCommitNext: 1 });
    const refused = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(refused.code).toBe('insufficient_balance');
    const posted = app.count('POST', '/swap');

    const again = await app.value<SwapOutcome>('swap.execute', {
      intentId: review.intentId,
      tfaCode: await app.nextCode(),
    });
    expect(again.swapReferenceId).not.toBe('');
    expect(app.count('POST', '/swap')).toBe(posted);
    expect(movementsAfter(app.sandbox, mark).filter((m) => m.kind === 'swap')).toHaveLength(1);
    expect(await app.value<SwapStatus>('swap.status', { intentId: review.intentId })).toMatchObject({
      state: 'succeeded',
    });
  });

  it('swap: refused and nothing in the history: the swap goes out once after the look-up', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepareSwap('0.00045');
    const wrong = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: '000000' });
    expect(wrong.code).toBe('invalid_code');
    const posted = app.count('POST', '/swap');
    const before = app.requests.length;
    await app.value<SwapOutcome>('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    const after = app.requests.slice(before).map((request) => `${request.method} ${request.path}`);
    expect(after.slice(0, after.indexOf('POST /swap'))).toContain('POST /transactions');
    expect(app.count('POST', '/swap')).toBe(posted + 1);
    expect(movementsAfter(app.sandbox, mark).filter((m) => m.kind === 'swap')).toHaveLength(1);
  });
});
