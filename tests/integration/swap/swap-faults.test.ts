import { setTimeout as sleep } from 'node:timers/promises';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapQuote, SwapReview, SwapStatus, SwapSymbolsView } from '../../../src-preload/contract/swap';
import { startMoneyApp, type MoneyApp } from '../send/money-app';
import { lastSeq, movementsAfter, profiles, settle, unknownFaults } from '../send/money-faults';

const BTC_TO_ETH = {
  fromSymbol: 'BTC',
  fromNetwork: 'Bitcoin Mainnet',
  toSymbol: 'ETH',
  toNetwork: 'Ethereum Mainnet',
  isUsdInput: false,
};

type Reconciled = { lookup: string; status: SwapStatus };

/**
 * Swaps carry no reference of ours (spec 4.1 #11), so a lost one is found only by the one new history row it
 * left. At most one movement per confirmation, in the sandbox's own books, under every fault, against a
 * kind and a strict service: security.md 23, 24, 27, 28, 29.
 */
describe.each(profiles)('swap under faults, %s service', (profile) => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile, requestTimeoutMs: 2_000 });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function unresolvedIds(): Promise<string[]> {
    const list = await app.value<{ review: SwapReview }[]>('swap.unresolved');
    return list.map((entry) => entry.review.intentId);
  }

  async function prepare(amount: string, acknowledge = true): Promise<SwapReview> {
    const quote = await app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount });
    return app.value<SwapReview>('swap.confirm', {
      quoteId: quote.quoteId,
      ...(acknowledge ? { acknowledgedIntentIds: await unresolvedIds() } : {}),
    });
  }

  const moved = (mark: number, amount: string) =>
    movementsAfter(app.sandbox, mark).filter((m) => m.kind === 'swap' && m.amount === amount);
  const swapsPosted = () => app.count('POST', '/swap');

  async function expectNoResubmission(review: SwapReview): Promise<void> {
    const before = swapsPosted();
    for (const operation of ['swap.execute', 'swap.retry'] as const) {
      const error = await app.failure(operation, { intentId: review.intentId, tfaCode: '123456' });
      expect(error.code).toBe('outcome_unknown');
    }
    expect(swapsPosted()).toBe(before);
  }

  it.each(unknownFaults)('$name: unknown, only looked up, at most one movement', async (fault) => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00101');
    const posted = swapsPosted();
    fault.arm(app.sandbox);
    const lost = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(lost.code).toBe('outcome_unknown');
    expect(swapsPosted()).toBe(posted + 1);
    await expectNoResubmission(review);

    const first = await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId });
    if (fault.commits === 'now') {
      expect(first).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
    } else {
      expect(first).toMatchObject({ lookup: 'not_found', status: { state: 'unknown', canRetry: false } });
      await expectNoResubmission(review);
      await settle(app.sandbox);
      const second = await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId });
      expect(second.lookup).toBe(fault.commits === 'late' ? 'found' : 'not_found');
    }
    expect(moved(mark, review.cryptoAmount)).toHaveLength(fault.commits === 'never' ? 0 : 1);
  });

  it('no answer in time (the client gives up first): unknown, and the look-up agrees with what the service did', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00102');
    app.sandbox.faults.set({ latencyMs: 3_000 });
    const started = Date.now();
    // The re-quote before the swap waits too: the client may give up on it (nothing sent) or on the swap.
    const lost = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    app.sandbox.faults.set({ latencyMs: 0 });
    await sleep(Math.max(0, 3_500 - (Date.now() - started)));
    await settle(app.sandbox);
    const movements = moved(mark, review.cryptoAmount).length;
    expect(movements).toBeLessThanOrEqual(1);
    if (lost.code === 'outcome_unknown') {
      await expectNoResubmission(review);
      const reconciled = await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId });
      expect(reconciled.lookup).toBe(movements === 1 ? 'found' : 'not_found');
    } else {
      // The re-quote timed out: nothing was sent, so nothing moved.
      expect(lost.code).toBe('network');
      expect(movements).toBe(0);
    }
  });

  it('a 429 burst is a definite refusal: trying the same swap again moves money once', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00103');
    app.sandbox.faults.set({ rateLimitNext: 2 });
    let outcome = null;
    // The re-quote before the swap may be the one limited (nothing sent); either way the user tries again.
    for (let attempt = 0; attempt < 4 && !outcome; attempt += 1) {
      const result = await app.call('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
      if (result.ok) outcome = result.value;
      else expect(result.error.code).toBe('rate_limited');
    }
    expect(outcome).not.toBeNull();
    expect(moved(mark, review.cryptoAmount)).toHaveLength(1);
    expect(movementsAfter(app.sandbox, mark)).toHaveLength(1);
  });

  it('duplicate clicks: three executes at once make one swap', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00104');
    const posted = swapsPosted();
    const code = await app.nextCode();
    const results = await Promise.all(
      [0, 1, 2].map(() => app.call('swap.execute', { intentId: review.intentId, tfaCode: code })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(swapsPosted()).toBe(posted + 1);
    expect(moved(mark, review.cryptoAmount)).toHaveLength(1);
  });

  it('an identical earlier swap is never taken for a lost one; the lost one is found once it lands', async () => {
    const earlier = await prepare('0.00105');
    await app.value('swap.execute', { intentId: earlier.intentId, tfaCode: await app.nextCode() });
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00105');
    app.sandbox.faults.set({ lateCommitNext: 1, lateCommitDelayMs: 400 });
    expect((await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'outcome_unknown',
    );
    // The only equal row is the earlier swap's: not this one, so the outcome stays unknown.
    expect(await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId })).toMatchObject({
      lookup: 'not_found',
      status: { state: 'unknown', canRetry: false },
    });
    await settle(app.sandbox);
    const found = await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId });
    expect(found).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
    expect(moved(mark, review.cryptoAmount)).toHaveLength(1);
  });

  it('two lost swaps of the same amount: equal rows that cannot be told apart stay unknown, a claimed row is not reused', async () => {
    const mark = lastSeq(app.sandbox);
    const first = await prepare('0.00106');
    app.sandbox.faults.set({ dropAfterCommitNext: 1 });
    await app.failure('swap.execute', { intentId: first.intentId, tfaCode: await app.nextCode() });
    const second = await prepare('0.00106');
    app.sandbox.faults.set({ dropAfterCommitNext: 1 });
    await app.failure('swap.execute', { intentId: second.intentId, tfaCode: await app.nextCode() });
    expect(moved(mark, '0.00106')).toHaveLength(2);

    // The first swap sees two new equal rows (its own and the second's): it cannot tell which is its own.
    expect(await app.value<Reconciled>('swap.reconcile', { intentId: first.intentId })).toMatchObject({
      lookup: 'ambiguous',
      status: { state: 'unknown', canRetry: false },
    });
    // The second knew the first's row before it was sent, so exactly one new row is its own.
    const secondFound = await app.value<Reconciled>('swap.reconcile', { intentId: second.intentId });
    expect(secondFound).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
    // Now the second's row is claimed, and the first's is the one left.
    const firstFound = await app.value<Reconciled>('swap.reconcile', { intentId: first.intentId });
    expect(firstFound).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
    expect(firstFound.status.outcome?.swapReferenceId).not.toBe(secondFound.status.outcome?.swapReferenceId);
  });

  it('a new swap beside an unknown one needs it acknowledged by id; the refusal names pair, amount, reference and time', async () => {
    const review = await prepare('0.00107');
    app.sandbox.faults.set({ unexpectedAnswerNext: { commit: 'none' } });
    await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    const others = (await unresolvedIds()).filter((id) => id !== review.intentId);
    const quote = await app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount: '0.00107' });
    const refused = await app.failure('swap.confirm', { quoteId: quote.quoteId, acknowledgedIntentIds: others });
    expect(refused.code).toBe('unresolved_intent');
    expect(refused.message).toContain(
      `0.00107 BTC (Bitcoin Mainnet) to ${review.toAmount} ETH (Ethereum Mainnet) (reference ${review.referenceId}, confirmed on`,
    );
    const next = await app.value<SwapReview>('swap.confirm', {
      quoteId: quote.quoteId,
      acknowledgedIntentIds: [...others, review.intentId],
    });
    expect(next.intentId).not.toBe(review.intentId);
  });

  it("shows the chosen network's wallet, and refuses a swap over it at confirmation without spending a code", async () => {
    const view = await app.value<SwapSymbolsView>('swap.symbols');
    const ethereumUsdt = view.wallets.find((w) => w.asset === 'USDT' && w.network === 'Ethereum Mainnet');
    const summed = view.balances.find((b) => b.asset === 'USDT');
    expect(ethereumUsdt?.code).toBe('USDT');
    // Finding 5: the sum over networks is more than the Ethereum wallet holds.
    expect(new Decimal(summed?.amount ?? 0).greaterThan(ethereumUsdt?.amount ?? 0)).toBe(true);
    const over = new Decimal(ethereumUsdt?.amount ?? 0).plus(1).toFixed(0);
    const quote = await app.value<SwapQuote>('swap.quote', {
      fromSymbol: 'USDT',
      fromNetwork: 'Ethereum Mainnet',
      toSymbol: 'ETH',
      toNetwork: 'Ethereum Mainnet',
      amount: over,
      isUsdInput: false,
    });
    const posted = swapsPosted();
    const refused = await app.failure('swap.confirm', {
      quoteId: quote.quoteId,
      acknowledgedIntentIds: await unresolvedIds(),
    });
    expect(refused).toMatchObject({ code: 'insufficient_balance', field: 'amount' });
    expect(refused.message).toBe(
      `Insufficient balance: this swap takes ${over} USDT from your USDT wallet on Ethereum Mainnet, which holds ${ethereumUsdt?.amount}. Nothing was swapped and no code was used.`,
    );
    expect(swapsPosted()).toBe(posted);

    // The code that would have been spent still works (the strict service spends a code on any request).
    const code = await app.nextCode();
    const fine = await prepare('0.00108');
    await app.value('swap.execute', { intentId: fine.intentId, tfaCode: code });
  });
});
