import { setTimeout as sleep } from 'node:timers/promises';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapQuote, SwapReview, SwapStatus, SwapSymbolsView } from '../../../src-preload/contract/swap';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { lastSeq, movementsAfter, profiles, settle, unknownFaults } from '../support/money-faults';

const BTC_TO_ETH = {
  fromSymbol: 'BTC',
  fromNetwork: 'Bitcoin Mainnet',
  toSymbol: 'ETH',
  toNetwork: 'Ethereum Mainnet',
  isUsdInput: false,
};

type Reconciled = { lookup: string; status: SwapStatus };

/**
 * The client's timeout, and a service slower than it for "no answer in time". Generous, so a loaded
 * machine does not turn an ordinary call into a timeout (and a fault armed for it onto the next call).
 */
const TIMEOUT_MS = 6_000;
const SLOWER_THAN_TIMEOUT_MS = TIMEOUT_MS + 2_000;

/**
 * Swaps carry no reference of ours (spec 4.1 #11), so a lost one is found only by the one new history row it
 * left. At most one movement per confirmation, in the sandbox's own books, under every fault, against a
 * kind and a strict service: security.md 23, 24, 27, 28, 29.
 */
describe.each(profiles)('swap under faults, %s service', (profile) => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile, requestTimeoutMs: TIMEOUT_MS });
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
    const error = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: '123456' });
    expect(error.code).toBe('outcome_unknown');
    expect(swapsPosted()).toBe(before);
  }

  // Each case swaps its own amount: an identical swap still unknown from an earlier case could have left
  // the same row, which (rightly) makes the look-up ambiguous.
  const faultCases = unknownFaults.map((fault, index) => ({
    ...fault,
    amount: new Decimal('0.00201').plus(new Decimal('0.00001').times(index)).toFixed(),
  }));

  it.each(faultCases)('$name: unknown, only looked up, at most one movement', async (fault) => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare(fault.amount);
    const posted = swapsPosted();
    fault.arm(app, '/swap');
    const lost = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(lost.code).toBe('outcome_unknown');
    expect(swapsPosted()).toBe(posted + 1);
    await expectNoResubmission(review);

    const first = await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId });
    if (fault.commits === 'now') {
      expect(first).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
    } else {
      expect(first).toMatchObject({ lookup: 'not_found', status: { state: 'unknown', canRetry: false } });
      expect(moved(mark, review.cryptoAmount)).toHaveLength(0);
      await expectNoResubmission(review);
      await settle(app.sandbox);
      const second = await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId });
      expect(second.lookup).toBe(fault.commits === 'late' ? 'found' : 'not_found');
    }
    expect(moved(mark, review.cryptoAmount)).toHaveLength(fault.commits === 'never' ? 0 : 1);
  });

  it('no answer in time on POST /swap (the client gives up first): unknown, and the look-up agrees with what the service did', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00102');
    const posted = swapsPosted();
    // The delay is armed as POST /swap leaves, after the re-quote, so it is the swap the client gives up on.
    app.onNext('POST', '/swap', { before: () => app.sandbox.faults.set({ latencyMs: SLOWER_THAN_TIMEOUT_MS }) });
    const started = Date.now();
    const lost = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    app.sandbox.faults.set({ latencyMs: 0 });
    expect(lost.code).toBe('outcome_unknown');
    expect(swapsPosted()).toBe(posted + 1);
    await expectNoResubmission(review);
    // Past the service's own delay: whatever it was going to do with the request is done.
    await sleep(Math.max(0, SLOWER_THAN_TIMEOUT_MS + 500 - (Date.now() - started)));
    await settle(app.sandbox);
    const movements = moved(mark, review.cryptoAmount).length;
    expect(movements).toBeLessThanOrEqual(1);
    const reconciled = await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId });
    expect(reconciled).toMatchObject(
      movements === 1
        ? { lookup: 'found', status: { state: 'succeeded' } }
        : { lookup: 'not_found', status: { state: 'unknown', canRetry: false } },
    );
  });

  it('a 429 burst on POST /swap is a definite refusal: a deliberate retry of the same swap moves money once', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00103');
    const posted = swapsPosted();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // Armed as POST /swap leaves, so the re-quote before it is never the one limited.
      app.onNext('POST', '/swap', { before: () => app.sandbox.faults.set({ rateLimitNext: 1 }) });
      const refused = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
      expect(refused.code).toBe('rate_limited');
      expect(swapsPosted()).toBe(posted + attempt + 1);
      expect(await app.value<SwapStatus>('swap.status', { intentId: review.intentId })).toMatchObject({
        state: 'refused',
        canRetry: true,
      });
    }
    expect(moved(mark, review.cryptoAmount)).toHaveLength(0);
    await app.value('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(swapsPosted()).toBe(posted + 3);
    expect(moved(mark, review.cryptoAmount)).toHaveLength(1);
    expect(movementsAfter(app.sandbox, mark)).toHaveLength(1);
  });

  it('a 401 other than spec 7.1\'s "Unauthorized" may have moved money: unknown, and a retry sends nothing', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00111');
    const posted = swapsPosted();
    app.sandbox.faults.set({
      unexpectedAnswerNext: { commit: 'now', status: 401, message: 'Request is under review' },
    });
    const lost = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(lost.code).toBe('outcome_unknown');
    expect(lost.message).not.toMatch(/nothing was (sent|swapped)/i);
    const retried = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(retried.code).toBe('outcome_unknown');
    expect(swapsPosted()).toBe(posted + 1);
    expect(moved(mark, review.cryptoAmount)).toHaveLength(1);
  });

  it("spec 7.1's own 401 is a refusal: the session is renewed, nothing is re-sent by itself, a deliberate retry swaps once", async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00112');
    const posted = swapsPosted();
    app.sandbox.faults.set({ unexpectedAnswerNext: { commit: 'none', status: 401, message: 'Unauthorized' } });
    const refused = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(refused.code).toBe('session_expired');
    expect(swapsPosted()).toBe(posted + 1);
    expect(await app.value<SwapStatus>('swap.status', { intentId: review.intentId })).toMatchObject({
      state: 'refused',
      canRetry: true,
    });
    await app.value('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(swapsPosted()).toBe(posted + 2);
    expect(moved(mark, review.cryptoAmount)).toHaveLength(1);
  });

  it("a refusal's envelope inside an HTTP 502 may have moved money: unknown, and a retry sends nothing", async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00113');
    const posted = swapsPosted();
    app.sandbox.faults.set({ unexpectedAnswerNext: { commit: 'now', status: 429, message: 'Rate limit exceeded' } });
    app.onNext('POST', '/swap', { rewrite: ({ body }) => ({ status: 502, body }) });
    const lost = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(lost.code).toBe('outcome_unknown');
    const retried = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(retried.code).toBe('outcome_unknown');
    expect(swapsPosted()).toBe(posted + 1);
    expect(moved(mark, review.cryptoAmount)).toHaveLength(1);
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
    app.sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true });
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

  it('two lost swaps of the same amount: neither can tell which new row is its own, so both stay unknown', async () => {
    const mark = lastSeq(app.sandbox);
    const first = await prepare('0.00106');
    app.sandbox.faults.set({ dropAfterCommitNext: 1 });
    await app.failure('swap.execute', { intentId: first.intentId, tfaCode: await app.nextCode() });
    const second = await prepare('0.00106');
    app.sandbox.faults.set({ dropAfterCommitNext: 1 });
    await app.failure('swap.execute', { intentId: second.intentId, tfaCode: await app.nextCode() });
    expect(moved(mark, '0.00106')).toHaveLength(2);

    // The first sees two new equal rows. The second sees one new row, but the first, still unknown, may
    // have committed late and left that very row: a guess could settle a swap that never happened.
    for (const review of [first, second, first]) {
      expect(await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId })).toMatchObject({
        lookup: 'ambiguous',
        status: { state: 'unknown', canRetry: false },
      });
    }
    expect(await unresolvedIds()).toEqual(expect.arrayContaining([first.intentId, second.intentId]));
  });

  it('the late row of a lost swap is never taken by an identical swap that moved nothing: both stay unknown', async () => {
    const mark = lastSeq(app.sandbox);
    const lateOne = await prepare('0.00109');
    // Held until settle: it lands after the identical swap below has left, however slow the machine.
    app.sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true });
    expect(
      (await app.failure('swap.execute', { intentId: lateOne.intentId, tfaCode: await app.nextCode() })).code,
    ).toBe('outcome_unknown');
    // The user was warned about the first and went on with an identical swap, which the service drops.
    const again = await prepare('0.00109');
    app.sandbox.faults.set({ unexpectedAnswerNext: { commit: 'none', status: 503, message: 'Service unavailable' } });
    expect((await app.failure('swap.execute', { intentId: again.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'outcome_unknown',
    );
    await settle(app.sandbox);
    expect(moved(mark, '0.00109')).toHaveLength(1);

    // One new row, two swaps that could have left it: neither is settled by a guess.
    for (const review of [again, lateOne]) {
      expect(await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId })).toMatchObject({
        lookup: 'ambiguous',
        status: { state: 'unknown', canRetry: false },
      });
    }
    expect(await unresolvedIds()).toEqual(expect.arrayContaining([lateOne.intentId, again.intentId]));
    expect(moved(mark, '0.00109')).toHaveLength(1);
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
      `0.00107 BTC (Bitcoin Mainnet) to ${review.toAmount} ETH (Ethereum Mainnet) (reference ${review.referenceId}, started at`,
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
    // The sum over networks is more than the Ethereum wallet holds, so a check against the sum would let it by.
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
