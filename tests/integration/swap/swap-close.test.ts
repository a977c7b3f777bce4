import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyAlarm } from '../../../src-preload/contract/alarms';
import type { ClosedSwap, SwapQuote, SwapReview, SwapStatus } from '../../../src-preload/contract/swap';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { lastSeq, movementsAfter } from '../support/money-faults';

const BTC_TO_ETH = {
  fromSymbol: 'BTC',
  fromNetwork: 'Bitcoin Mainnet',
  toSymbol: 'ETH',
  toNetwork: 'Ethereum Mainnet',
  isUsdInput: false,
};
const WARNING = 'The swap may still have moved money. Close it as did not go through anyway.';

// security.md 36 for swaps, against the strict service: closed after the warning, no new swap needs it
// acknowledged, and when the service commits it after all a look-up finds it and raises the alarm.
describe('closing an unknown swap, strict service', () => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: 'strict' });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function prepare(amount: string): Promise<SwapReview> {
    const quote = await app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount });
    return app.value<SwapReview>('swap.confirm', { quoteId: quote.quoteId });
  }

  it('closed, listed with its closing and never acknowledged again; committed later, Check status raises the alarm', async () => {
    const review = await prepare('0.00321');
    const mark = lastSeq(app.sandbox);
    app.sandbox.faults.set({
      holdLateCommits: true,
      unexpectedAnswerNext: { commit: 'late', status: 502, message: 'Bad gateway' },
    });
    expect((await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'outcome_unknown',
    );

    const closed = await app.value<ClosedSwap[]>('swap.close', {
      intentIds: [review.intentId],
      warning: WARNING,
      confirmed: true,
    });
    expect(closed).toEqual([
      expect.objectContaining({
        review: expect.objectContaining({ intentId: review.intentId }),
        status: expect.objectContaining({ state: 'closed' }),
        closure: expect.objectContaining({ shown: WARNING }),
      }),
    ]);
    expect(await app.value('swap.unresolved')).toEqual([]);
    // A new swap is confirmed without any acknowledgement; the closed one is never sent again.
    await prepare('0.00322');
    expect((await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'stale_precheck',
    );

    expect(app.sandbox.releaseLateCommits()).toBe(1);
    expect(movementsAfter(app.sandbox, mark).filter((movement) => movement.kind === 'swap')).toHaveLength(1);
    const found = await app.value<{ lookup: string; status: SwapStatus }>('swap.reconcile', {
      intentId: review.intentId,
    });
    expect(found).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
    expect(await app.value<MoneyAlarm[]>('alarms.list')).toEqual([
      expect.objectContaining({ kind: 'swap', referenceId: review.referenceId, amount: '0.00321', asset: 'BTC' }),
    ]);
    expect(await app.value('swap.closed')).toEqual([]);
  });

  it('a closed swap and an identical replacement both committed: the closed one raises the alarm', async () => {
    const review = await prepare('0.00331');
    app.sandbox.faults.set({
      holdLateCommits: true,
      unexpectedAnswerNext: { commit: 'late', status: 502, message: 'Bad gateway' },
    });
    expect((await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'outcome_unknown',
    );
    await app.value('swap.close', { intentIds: [review.intentId], warning: WARNING, confirmed: true });
    const replacement = await prepare('0.00331');
    app.sandbox.faults.set({
      holdLateCommits: true,
      unexpectedAnswerNext: { commit: 'late', status: 502, message: 'Bad gateway' },
    });
    expect(
      (await app.failure('swap.execute', { intentId: replacement.intentId, tfaCode: await app.nextCode() })).code,
    ).toBe('outcome_unknown');
    expect(app.sandbox.releaseLateCommits()).toBe(2);

    const looked = await app.value<{ lookup: string; status: SwapStatus }>('swap.reconcile', {
      intentId: review.intentId,
    });
    expect(looked.status.state).toBe('closed');
    expect(await app.value<MoneyAlarm[]>('alarms.list')).toContainEqual(
      expect.objectContaining({ kind: 'swap', referenceId: review.referenceId, amount: '0.00331' }),
    );
  });
});
