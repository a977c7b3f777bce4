import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendPrecheck, SendReview, SendStatus } from '../../../src-preload/contract/send';
import type { SwapQuote, SwapReview, SwapStatus } from '../../../src-preload/contract/swap';
import { JOURNAL_FILE } from '../../../src-main/journal/journal-format';
import { SETTINGS_FILE } from '../../../src-main/settings/settings-store';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { startSignedInCore, type SignedInCore } from '../support/signed-in-core';
import { createCodeSource } from '../../support/two-factor-codes';
import { lastSeq, movementsAfter, profiles, settle } from '../support/money-faults';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

describe('a money move whose outcome is unknown survives a restart of the app', () => {
  let sandbox: RunningSandbox;
  /** Each code is accepted once, so every launch draws from the same source. */
  let nextCode: () => Promise<string>;
  const running: SignedInCore[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, totpWindowSteps: 20 });
    const alice = sandbox.info().users.find((user) => user.username === 'alice');
    nextCode = createCodeSource(alice?.totpSecret ?? '', 20);
  });
  afterAll(async () => {
    for (const app of running) await app.close();
    await sandbox?.close();
  });

  async function launch(userDataDir?: string): Promise<SignedInCore> {
    const app = await startSignedInCore(sandbox, {
      dirPrefix: 'wallet-desk-restart-',
      ...(userDataDir ? { userDataDir } : {}),
    });
    running.push(app);
    return app;
  }

  it('a send is listed again after the app quit mid-way, is found by its reference, and is then gone for good', async () => {
    const first = await launch();
    const precheck = await first.value<SendPrecheck>('send.precheck', {
      code: 'BTC',
      address: BTC_DESTINATION,
      amount: '0.0004',
    });
    const review = await first.value<SendReview>('send.confirm', { precheckId: precheck.precheckId, feeRate: 1 });
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    const tfaCode = await nextCode();
    const lost = await first.failure('send.execute', { intentId: review.intentId, tfaCode });
    expect(lost.code).toBe('outcome_unknown');
    await first.core.dispose();

    // What is kept is what was sent where, never the two-factor code that authorised it.
    const saved = await readFile(join(first.userDataDir, JOURNAL_FILE), 'utf8');
    expect(saved).toContain(review.referenceId);
    expect(saved).not.toContain(tfaCode);
    expect(await readFile(join(first.userDataDir, SETTINGS_FILE), 'utf8').catch(() => '')).not.toContain(tfaCode);

    // The next run signs in again and still knows about the lost send, with what the user confirmed.
    const second = await launch(first.userDataDir);
    const unresolved = await second.value<{ review: SendReview; status: SendStatus }[]>('send.unresolved');
    expect(unresolved).toHaveLength(1);
    expect(unresolved[0]?.review).toEqual(review);
    expect(unresolved[0]?.status).toMatchObject({ state: 'unknown', canRetry: false });
    expect((await second.failure('send.execute', { intentId: review.intentId, tfaCode: await nextCode() })).code).toBe(
      'outcome_unknown',
    );

    const reconciled = await second.value<{ lookup: string; status: SendStatus }>('send.reconcile', {
      intentId: review.intentId,
    });
    expect(reconciled.lookup).toBe('found');
    expect(reconciled.status.outcome?.referenceId).toBe(review.referenceId);
    expect(await second.value('send.unresolved')).toEqual([]);
    await second.core.dispose();

    const third = await launch(first.userDataDir);
    expect(await third.value('send.unresolved')).toEqual([]);
  });

  it('a swap is listed again after a restart and found in the history by what it moved', async () => {
    const first = await launch();
    const quote = await first.value<SwapQuote>('swap.quote', {
      fromSymbol: 'BTC',
      fromNetwork: 'Bitcoin Mainnet',
      toSymbol: 'ETH',
      toNetwork: 'Ethereum Mainnet',
      amount: '0.00432',
      isUsdInput: false,
    });
    const review = await first.value<SwapReview>('swap.confirm', { quoteId: quote.quoteId });
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    const tfaCode = await nextCode();
    const lost = await first.failure('swap.execute', { intentId: review.intentId, tfaCode });
    expect(lost.code).toBe('outcome_unknown');
    await first.core.dispose();
    expect(await readFile(join(first.userDataDir, JOURNAL_FILE), 'utf8')).not.toContain(tfaCode);

    const second = await launch(first.userDataDir);
    const unresolved = await second.value<{ review: SwapReview; status: SwapStatus }[]>('swap.unresolved');
    expect(unresolved.map((entry) => entry.review)).toEqual([review]);
    const reconciled = await second.value<{ lookup: string; status: SwapStatus }>('swap.reconcile', {
      intentId: review.intentId,
    });
    expect(reconciled.lookup).toBe('found');
    expect(reconciled.status.state).toBe('succeeded');
    expect(await second.value('swap.unresolved')).toEqual([]);
  });
});

describe('a history row a swap settled with stays its own after a restart', () => {
  let sandbox: RunningSandbox;
  let nextCode: () => Promise<string>;
  const running: SignedInCore[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, totpWindowSteps: 20, serviceProfile: 'strict' });
    const alice = sandbox.info().users.find((user) => user.username === 'alice');
    nextCode = createCodeSource(alice?.totpSecret ?? '', 20);
  });
  afterAll(async () => {
    for (const app of running) await app.close();
    await sandbox?.close();
  });

  it('a lost swap that moved nothing never takes the row of an identical swap answered before the restart', async () => {
    const first = await startSignedInCore(sandbox, { dirPrefix: 'wallet-desk-restart-' });
    running.push(first);
    const pair = {
      fromSymbol: 'BTC',
      fromNetwork: 'Bitcoin Mainnet',
      toSymbol: 'ETH',
      toNetwork: 'Ethereum Mainnet',
      amount: '0.00434',
      isUsdInput: false,
    };
    const mark = lastSeq(sandbox);
    const lostQuote = await first.value<SwapQuote>('swap.quote', pair);
    const lost = await first.value<SwapReview>('swap.confirm', { quoteId: lostQuote.quoteId });
    sandbox.faults.set({ unexpectedAnswerNext: { commit: 'none', status: 503, message: 'Service unavailable' } });
    expect((await first.failure('swap.execute', { intentId: lost.intentId, tfaCode: await nextCode() })).code).toBe(
      'outcome_unknown',
    );
    const answeredQuote = await first.value<SwapQuote>('swap.quote', pair);
    const answered = await first.value<SwapReview>('swap.confirm', {
      quoteId: answeredQuote.quoteId,
      acknowledgedIntentIds: [lost.intentId],
    });
    await first.value('swap.execute', { intentId: answered.intentId, tfaCode: await nextCode() });
    expect(movementsAfter(sandbox, mark)).toHaveLength(1);

    // The only new row is the answered swap's own, so the lost one finds nothing, before and after a restart.
    const reconcile = (app: SignedInCore) =>
      app.value<{ lookup: string; status: SwapStatus }>('swap.reconcile', { intentId: lost.intentId });
    expect(await reconcile(first)).toMatchObject({ lookup: 'not_found', status: { state: 'unknown' } });
    await first.core.dispose();
    const second = await startSignedInCore(sandbox, { userDataDir: first.userDataDir });
    running.push(second);
    expect(await reconcile(second)).toMatchObject({ lookup: 'not_found', status: { state: 'unknown' } });
    expect(movementsAfter(sandbox, mark)).toHaveLength(1);
  });
});

/**
 * The app quits (or crashes) while a send or swap is on its way: the next run knows the request may have
 * reached the service (it was written down before it left), keeps it unknown until a look-up finds it, and
 * never sends it again. At most one movement, counted in the sandbox's books, kind and strict service.
 */
describe.each(profiles)('restart with a money move in flight, %s service', (profile) => {
  let sandbox: RunningSandbox;
  let nextCode: () => Promise<string>;
  const running: SignedInCore[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, totpWindowSteps: 20, serviceProfile: profile });
    const alice = sandbox.info().users.find((user) => user.username === 'alice');
    nextCode = createCodeSource(alice?.totpSecret ?? '', 20);
  });
  afterAll(async () => {
    for (const app of running) await app.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    await sandbox?.close();
  });

  async function launch(userDataDir?: string): Promise<SignedInCore> {
    const app = await startSignedInCore(sandbox, {
      dirPrefix: 'wallet-desk-inflight-',
      ...(userDataDir ? { userDataDir } : {}),
    });
    running.push(app);
    return app;
  }

  /**
   * Starts the money move with the service slow to act, and "kills" the app once the request is out: the
   * money journal as it is at that moment is what a next run would find.
   */
  async function quitWhileInFlight(first: SignedInCore, operation: 'send.execute' | 'swap.execute', intentId: string) {
    sandbox.faults.set({ latencyMs: 1_500 });
    const pending = first.call(operation, { intentId, tfaCode: await nextCode() });
    const file = join(first.userDataDir, JOURNAL_FILE);
    let saved = '';
    for (let waited = 0; waited < 5_000 && !saved.includes(intentId); waited += 20) {
      await sleep(20);
      saved = await readFile(file, 'utf8').catch(() => '');
    }
    expect(saved).toContain(intentId);
    const copy = await mkdtemp(join(tmpdir(), 'wallet-desk-inflight-copy-'));
    dirs.push(copy);
    await copyFile(file, join(copy, JOURNAL_FILE));
    sandbox.faults.set({ latencyMs: 0 });
    await pending;
    await first.core.dispose();
    return copy;
  }

  it('a send: unknown after the restart, never resent, found once the service has it', async () => {
    const mark = lastSeq(sandbox);
    const first = await launch();
    const precheck = await first.value<SendPrecheck>('send.precheck', {
      code: 'BTC',
      address: BTC_DESTINATION,
      amount: '0.00021',
    });
    const review = await first.value<SendReview>('send.confirm', { precheckId: precheck.precheckId, feeRate: 1 });
    const copy = await quitWhileInFlight(first, 'send.execute', review.intentId);

    const second = await launch(copy);
    const unresolved = await second.value<{ review: SendReview; status: SendStatus }[]>('send.unresolved');
    expect(unresolved.map((entry) => entry.status)).toMatchObject([{ state: 'unknown', canRetry: false }]);
    expect((await second.failure('send.execute', { intentId: review.intentId, tfaCode: '123456' })).code).toBe(
      'outcome_unknown',
    );
    await settle(sandbox);
    const sends = movementsAfter(sandbox, mark).filter((m) => m.referenceId === review.referenceId);
    expect(sends.length).toBeLessThanOrEqual(1);
    const reconciled = await second.value<{ lookup: string; status: SendStatus }>('send.reconcile', {
      intentId: review.intentId,
    });
    expect(reconciled.lookup).toBe(sends.length === 1 ? 'found' : 'not_found');
    expect(movementsAfter(sandbox, mark).filter((m) => m.referenceId === review.referenceId)).toHaveLength(
      sends.length,
    );
  });

  it('a swap: unknown after the restart, never resent, found once the service has it', async () => {
    const mark = lastSeq(sandbox);
    const first = await launch();
    const quote = await first.value<SwapQuote>('swap.quote', {
      fromSymbol: 'BTC',
      fromNetwork: 'Bitcoin Mainnet',
      toSymbol: 'ETH',
      toNetwork: 'Ethereum Mainnet',
      amount: '0.00221',
      isUsdInput: false,
    });
    const review = await first.value<SwapReview>('swap.confirm', { quoteId: quote.quoteId });
    const copy = await quitWhileInFlight(first, 'swap.execute', review.intentId);

    const second = await launch(copy);
    const unresolved = await second.value<{ review: SwapReview; status: SwapStatus }[]>('swap.unresolved');
    expect(unresolved.map((entry) => entry.review.intentId)).toEqual([review.intentId]);
    expect((await second.failure('swap.execute', { intentId: review.intentId, tfaCode: '123456' })).code).toBe(
      'outcome_unknown',
    );
    await settle(sandbox);
    const swaps = movementsAfter(sandbox, mark).filter((m) => m.kind === 'swap' && m.amount === '0.00221');
    expect(swaps.length).toBeLessThanOrEqual(1);
    const reconciled = await second.value<{ lookup: string; status: SwapStatus }>('swap.reconcile', {
      intentId: review.intentId,
    });
    expect(reconciled.lookup).toBe(swaps.length === 1 ? 'found' : 'not_found');
    expect(reconciled.status.state).toBe(swaps.length === 1 ? 'succeeded' : 'unknown');
  });
});
