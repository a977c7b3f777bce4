import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendPrecheck, SendReview, SendStatus } from '../../../src-preload/contract/send';
import type { SwapQuote, SwapReview, SwapStatus } from '../../../src-preload/contract/swap';
import type { Result } from '../../../src-preload/result';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { lastSeq, movementsAfter, profiles, settle } from '../support/money-faults';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BTC_TO_ETH = {
  fromSymbol: 'BTC',
  fromNetwork: 'Bitcoin Mainnet',
  toSymbol: 'ETH',
  toNetwork: 'Ethereum Mainnet',
  isUsdInput: false,
};
/** Long enough to lock and unlock while the request is out, well inside the client's 20 s. */
const SERVICE_DELAY_MS = 3_500;

/**
 * A request still in flight may move money as much as one whose answer was lost: a lock (or a reload)
 * empties the window while it is out, so after unlocking the user must still see it, "still being sent",
 * and may start an identical one only after acknowledging it (security.md 27).
 */
describe.each(profiles)('a send or swap in flight across a lock, %s service', (profile) => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Holds the next POST to `path` at the service for SERVICE_DELAY_MS; later calls are not slowed. */
  async function holdNext(path: string): Promise<void> {
    app.onNext('POST', path, { before: () => app.sandbox.faults.set({ latencyMs: SERVICE_DELAY_MS }) });
  }
  async function releaseOnceArrived(count: () => number, before: number): Promise<void> {
    for (let waited = 0; count() === before && waited < 5_000; waited += 20) await sleep(20);
    // The sandbox reads the delay as the request arrives; a moment later the rest go through at once.
    await sleep(200);
    app.sandbox.faults.set({ latencyMs: 0 });
  }
  async function lockAndUnlock(): Promise<void> {
    await app.value('session.lock');
    await app.value('session.unlock');
  }

  it('send: listed as still being sent after unlocking, and an identical send needs it acknowledged', async () => {
    const mark = lastSeq(app.sandbox);
    const precheck = () =>
      app.value<SendPrecheck>('send.precheck', { code: 'BTC', address: BTC_DESTINATION, amount: '0.00021' });
    const first = await app.value<SendReview>('send.confirm', {
      precheckId: (await precheck()).precheckId,
      feeRate: 1,
    });
    const sent = app.count('POST', '/send');
    await holdNext('/send');
    const inFlight = app.call('send.execute', { intentId: first.intentId, tfaCode: await app.nextCode() });
    await releaseOnceArrived(() => app.count('POST', '/send'), sent);
    await lockAndUnlock();

    const listed = await app.value<{ review: SendReview; status: SendStatus }[]>('send.unresolved');
    // What a user who saw no warning would do: the same send again, acknowledging nothing.
    const second: Result<unknown> = await app.call('send.confirm', {
      precheckId: (await precheck()).precheckId,
      feeRate: 1,
    });
    if (second.ok) {
      await app.call('send.execute', {
        intentId: (second.value as SendReview).intentId,
        tfaCode: await app.nextCode(),
      });
    }
    expect((await inFlight).ok).toBe(true);
    await settle(app.sandbox);
    expect(movementsAfter(app.sandbox, mark).filter((m) => m.kind === 'send')).toHaveLength(1);
    expect(second.ok ? null : second.error).toMatchObject({ code: 'unresolved_intent' });
    expect(second.ok ? '' : second.error.message).toContain(first.referenceId);
    expect(listed.map((entry) => [entry.review.intentId, entry.status.state])).toEqual([[first.intentId, 'in-flight']]);

    // Once answered it is settled: no longer listed, and a new send needs nothing acknowledged.
    expect(await app.value('send.unresolved')).toEqual([]);
    await app.value<SendReview>('send.confirm', { precheckId: (await precheck()).precheckId, feeRate: 1 });
  });

  it('swap: listed as still being sent after unlocking, and an identical swap needs it acknowledged', async () => {
    const mark = lastSeq(app.sandbox);
    const quote = () => app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount: '0.00121' });
    const first = await app.value<SwapReview>('swap.confirm', { quoteId: (await quote()).quoteId });
    const posted = app.count('POST', '/swap');
    await holdNext('/swap');
    const inFlight = app.call('swap.execute', { intentId: first.intentId, tfaCode: await app.nextCode() });
    await releaseOnceArrived(() => app.count('POST', '/swap'), posted);
    await lockAndUnlock();

    const listed = await app.value<{ review: SwapReview; status: SwapStatus }[]>('swap.unresolved');
    const second: Result<unknown> = await app.call('swap.confirm', { quoteId: (await quote()).quoteId });
    if (second.ok) {
      await app.call('swap.execute', {
        intentId: (second.value as SwapReview).intentId,
        tfaCode: await app.nextCode(),
      });
    }
    expect((await inFlight).ok).toBe(true);
    await settle(app.sandbox);
    expect(movementsAfter(app.sandbox, mark).filter((m) => m.kind === 'swap')).toHaveLength(1);
    expect(second.ok ? null : second.error).toMatchObject({ code: 'unresolved_intent' });
    expect(second.ok ? '' : second.error.message).toContain(first.referenceId);
    expect(listed.map((entry) => [entry.review.intentId, entry.status.state])).toEqual([[first.intentId, 'in-flight']]);

    expect(await app.value('swap.unresolved')).toEqual([]);
    await app.value<SwapReview>('swap.confirm', { quoteId: (await quote()).quoteId });
  });
});
