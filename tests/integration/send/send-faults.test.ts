import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendPrecheck, SendReview, SendStatus } from '../../../src-preload/contract/send';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { lastSeq, movementsAfter, profiles, settle, unknownFaults } from '../support/money-faults';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

type Reconciled = { lookup: string; status: SendStatus };

/**
 * The client's timeout, and a service slower than it for "no answer in time". Generous, so a loaded
 * machine does not turn an ordinary call into a timeout (and a fault armed for it onto the next call).
 */
const TIMEOUT_MS = 6_000;
const SLOWER_THAN_TIMEOUT_MS = TIMEOUT_MS + 2_000;

/**
 * At most one money movement per confirmation, counted in the sandbox's own books, under every fault, against
 * a kind service and a strict one (no de-duplication of any kind, the code checked first): security.md 23,
 * 24, 27, 28, 29.
 */
describe.each(profiles)('send under faults, %s service', (profile) => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile, requestTimeoutMs: TIMEOUT_MS });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function unresolvedIds(): Promise<string[]> {
    const list = await app.value<{ review: SendReview }[]>('send.unresolved');
    return list.map((entry) => entry.review.intentId);
  }

  /** A confirmed send; unknown ones left by earlier cases are acknowledged, as the user would after the warning. */
  async function prepare(amount: string): Promise<SendReview> {
    const precheck = await app.value<SendPrecheck>('send.precheck', { code: 'BTC', address: BTC_DESTINATION, amount });
    return app.value<SendReview>('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      acknowledgedIntentIds: await unresolvedIds(),
    });
  }

  const moved = (mark: number, referenceId: string) =>
    movementsAfter(app.sandbox, mark).filter((m) => m.kind === 'send' && m.referenceId === referenceId);
  const posted = (referenceId: string) =>
    app.requests.filter((request) => request.path === '/send' && request.body?.referenceId === referenceId).length;

  /** Nothing is resubmitted while the outcome is unknown: a second execute sends nothing. */
  async function expectNoResubmission(review: SendReview): Promise<void> {
    const before = posted(review.referenceId);
    const error = await app.failure('send.execute', { intentId: review.intentId, tfaCode: '123456' });
    expect(error.code).toBe('outcome_unknown');
    expect(posted(review.referenceId)).toBe(before);
  }

  it.each(unknownFaults)('$name: unknown, only looked up, at most one movement', async (fault) => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00011');
    fault.arm(app, '/send');
    const lost = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(lost.code).toBe('outcome_unknown');
    await expectNoResubmission(review);

    const first = await app.value<Reconciled>('send.reconcile', { intentId: review.intentId });
    if (fault.commits === 'now') {
      expect(first).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
    } else {
      // Not found is no proof (security.md 27): still unknown, no retry offered. The sandbox holds a late
      // commit until settle, so this look-up came first.
      expect(first).toMatchObject({ lookup: 'not_found', status: { state: 'unknown', canRetry: false } });
      expect(moved(mark, review.referenceId)).toHaveLength(0);
      await expectNoResubmission(review);
      await settle(app.sandbox);
      const second = await app.value<Reconciled>('send.reconcile', { intentId: review.intentId });
      expect(second.lookup).toBe(fault.commits === 'late' ? 'found' : 'not_found');
    }
    expect(moved(mark, review.referenceId)).toHaveLength(fault.commits === 'never' ? 0 : 1);
    expect(posted(review.referenceId)).toBe(1);
  });

  it('no answer in time (the client gives up first): unknown, and the look-up agrees with what the service did', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00012');
    app.sandbox.faults.set({ latencyMs: SLOWER_THAN_TIMEOUT_MS });
    const started = Date.now();
    const lost = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    app.sandbox.faults.set({ latencyMs: 0 });
    expect(lost.code).toBe('outcome_unknown');
    await expectNoResubmission(review);
    // Past the service's own delay: whatever it was going to do with the request is done.
    await sleep(Math.max(0, SLOWER_THAN_TIMEOUT_MS + 500 - (Date.now() - started)));
    await settle(app.sandbox);
    const movements = moved(mark, review.referenceId).length;
    expect(movements).toBeLessThanOrEqual(1);
    const reconciled = await app.value<Reconciled>('send.reconcile', { intentId: review.intentId });
    expect(reconciled).toMatchObject(
      movements === 1
        ? { lookup: 'found', status: { state: 'succeeded' } }
        : { lookup: 'not_found', status: { state: 'unknown', canRetry: false } },
    );
    expect(posted(review.referenceId)).toBe(1);
  });

  it('a 429 burst is a definite refusal: a deliberate retry reuses the reference, and money moves once', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00013');
    // Kept for the send itself: the look-up before each new attempt reads the history (security.md 39).
    app.sandbox.faults.set({ rateLimitNext: 2, rateLimitNextPath: '/api/OAuth/send' });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
      expect(refused.code).toBe('rate_limited');
      expect(await app.value<SendStatus>('send.status', { intentId: review.intentId })).toMatchObject({
        state: 'refused',
        canRetry: true,
      });
    }
    const outcome = await app.value<{ referenceId: string }>('send.execute', {
      intentId: review.intentId,
      tfaCode: await app.nextCode(),
    });
    expect(outcome.referenceId).toBe(review.referenceId);
    expect(posted(review.referenceId)).toBe(3);
    expect(moved(mark, review.referenceId)).toHaveLength(1);
    expect(movementsAfter(app.sandbox, mark)).toHaveLength(1);
  });

  it('a 401 other than spec 7.1\'s "Unauthorized" may have moved money: unknown, and a retry sends nothing', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00017');
    app.sandbox.faults.set({
      unexpectedAnswerNext: { commit: 'now', status: 401, message: 'Request is under review' },
    });
    const lost = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(lost.code).toBe('outcome_unknown');
    expect(lost.message).not.toMatch(/nothing was sent/i);
    const retried = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(retried.code).toBe('outcome_unknown');
    expect(posted(review.referenceId)).toBe(1);
    expect(moved(mark, review.referenceId)).toHaveLength(1);
  });

  it("spec 7.1's own 401 is a refusal: the session is renewed, nothing is re-sent by itself, a deliberate retry moves money once", async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00018');
    app.sandbox.faults.set({ unexpectedAnswerNext: { commit: 'none', status: 401, message: 'Unauthorized' } });
    const refused = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(refused).toMatchObject({ code: 'session_expired' });
    expect(posted(review.referenceId)).toBe(1);
    expect(await app.value<SendStatus>('send.status', { intentId: review.intentId })).toMatchObject({
      state: 'refused',
      canRetry: true,
    });
    await app.value('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(posted(review.referenceId)).toBe(2);
    expect(moved(mark, review.referenceId)).toHaveLength(1);
  });

  it("a refusal's envelope inside an HTTP 503 may have moved money: unknown, and a retry sends nothing", async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00019');
    app.sandbox.faults.set({ unexpectedAnswerNext: { commit: 'now', status: 400, message: 'Insufficient balance' } });
    app.onNext('POST', '/send', { rewrite: ({ body }) => ({ status: 503, body }) });
    const lost = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(lost.code).toBe('outcome_unknown');
    const retried = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(retried.code).toBe('outcome_unknown');
    expect(posted(review.referenceId)).toBe(1);
    expect(moved(mark, review.referenceId)).toHaveLength(1);
  });

  it('duplicate clicks: three executes at once make one request and one movement', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00014');
    const code = await app.nextCode();
    const results = await Promise.all(
      [0, 1, 2].map(() => app.call('send.execute', { intentId: review.intentId, tfaCode: code })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.error.code)).toEqual([
      'in_flight',
      'in_flight',
    ]);
    expect(posted(review.referenceId)).toBe(1);
    expect(moved(mark, review.referenceId)).toHaveLength(1);
  });

  it('an identical earlier send is not taken for a lost one: the look-up goes by reference only', async () => {
    const earlier = await prepare('0.00015');
    await app.value('send.execute', { intentId: earlier.intentId, tfaCode: await app.nextCode() });
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00015');
    app.sandbox.faults.set({ unexpectedAnswerNext: { commit: 'none', status: 502, message: 'Bad gateway' } });
    expect((await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'outcome_unknown',
    );
    const reconciled = await app.value<Reconciled>('send.reconcile', { intentId: review.intentId });
    expect(reconciled).toMatchObject({ lookup: 'not_found', status: { state: 'unknown' } });
    expect(movementsAfter(app.sandbox, mark)).toHaveLength(0);
  });

  it('a new send beside an unknown one needs it acknowledged by id; the refusal names it', async () => {
    const review = await prepare('0.00016');
    app.sandbox.faults.set({ unexpectedAnswerNext: { commit: 'none' } });
    await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    const others = (await unresolvedIds()).filter((id) => id !== review.intentId);
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'BTC',
      address: BTC_DESTINATION,
      amount: '0.00016',
    });
    const refused = await app.failure('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      acknowledgedIntentIds: others,
    });
    expect(refused.code).toBe('unresolved_intent');
    expect(refused.message).toContain(`0.00016 BTC to ${BTC_DESTINATION} (reference ${review.referenceId}, started at`);
    const next = await app.value<SendReview>('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      acknowledgedIntentIds: [...others, review.intentId],
    });
    expect(next.intentId).not.toBe(review.intentId);
  });

  it('a send the wallet cannot cover any more is refused at confirmation, before a code is asked for', async () => {
    const max = await app.value<SendPrecheck>('send.precheck', {
      code: 'BTC',
      address: BTC_DESTINATION,
      amount: 'max',
      maxFeeRate: 1,
    });
    // Another send uses part of the balance after the precheck.
    const other = await prepare('0.0001');
    await app.value('send.execute', { intentId: other.intentId, tfaCode: await app.nextCode() });
    const sent = app.count('POST', '/send');
    const refused = await app.failure('send.confirm', {
      precheckId: max.precheckId,
      feeRate: 1,
      acknowledgedIntentIds: await unresolvedIds(),
    });
    expect(refused).toMatchObject({ code: 'insufficient_balance', field: 'amount' });
    expect(refused.message).toMatch(/^Insufficient balance: .* your BTC wallet on Bitcoin Mainnet holds [\d.]+\./);
    expect(refused.message).toContain('no code was used');
    expect(app.count('POST', '/send')).toBe(sent);
  });
});
