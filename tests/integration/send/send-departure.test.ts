import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendPrecheck, SendReview, SendStatus } from '../../../src-preload/contract/send';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { lastSeq, movementsAfter, profiles } from '../support/money-faults';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

type Unresolved = { review: SendReview; status: SendStatus; accountName: string | null };
type Reconciled = { lookup: string; status: SendStatus };

/**
 * The acknowledgement guard holds when the request leaves, not only at confirmation; it covers every account
 * of the user; and a history row settles a send only when it says the send completed (security.md
 * 27, 29). Movements are counted in the sandbox's own books.
 */
describe.each(profiles)('send: the warning holds when the request leaves, %s service', (profile) => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile, requestTimeoutMs: 2_000 });
  });
  afterAll(async () => {
    await app?.close();
  });

  const unresolved = () => app.value<Unresolved[]>('send.unresolved');
  const unresolvedIds = async () => (await unresolved()).map((entry) => entry.review.intentId);
  const sendsAfter = (mark: number) => movementsAfter(app.sandbox, mark).filter((m) => m.kind === 'send');

  async function prepare(amount: string): Promise<SendReview> {
    const precheck = await app.value<SendPrecheck>('send.precheck', { code: 'BTC', address: BTC_DESTINATION, amount });
    return app.value<SendReview>('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      acknowledgedIntentIds: await unresolvedIds(),
    });
  }

  async function lose(review: SendReview): Promise<void> {
    app.sandbox.faults.set({ unexpectedAnswerNext: { commit: 'now', status: 503, message: 'Service unavailable' } });
    const lost = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(lost.code).toBe('outcome_unknown');
  }

  it('two sends confirmed while nothing was unsettled: once the first is lost, the second is refused as it leaves, naming it', async () => {
    const first = await prepare('0.00021');
    const second = await prepare('0.00022');
    const mark = lastSeq(app.sandbox);
    await lose(first);
    const posts = app.count('POST', '/send');

    const refused = await app.failure('send.execute', { intentId: second.intentId, tfaCode: await app.nextCode() });
    expect(refused.code).toBe('unresolved_intent');
    expect(refused.message).toContain(`reference ${first.referenceId}`);
    expect(app.count('POST', '/send')).toBe(posts);
    expect(sendsAfter(mark)).toHaveLength(1);
    // Refused before anything left: the second is still only confirmed, and goes once acknowledged.
    expect(await app.value<SendStatus>('send.status', { intentId: second.intentId })).toMatchObject({
      state: 'confirmed',
    });

    await app.value('send.execute', {
      intentId: second.intentId,
      tfaCode: await app.nextCode(),
      acknowledgedIntentIds: await unresolvedIds(),
    });
    expect(sendsAfter(mark).map((m) => m.referenceId)).toEqual([first.referenceId, second.referenceId]);
  });

  it('a retry of a refused send is refused while a later send is lost and not acknowledged', async () => {
    const refusedOne = await prepare('0.00023');
    const wrong = await app.failure('send.execute', { intentId: refusedOne.intentId, tfaCode: '000000' });
    expect(wrong.code).toBe('invalid_code');
    const lostOne = await prepare('0.00024');
    const mark = lastSeq(app.sandbox);
    await lose(lostOne);
    const posts = app.count('POST', '/send');

    const refused = await app.failure('send.execute', { intentId: refusedOne.intentId, tfaCode: await app.nextCode() });
    expect(refused.code).toBe('unresolved_intent');
    expect(refused.message).toContain(`reference ${lostOne.referenceId}`);
    expect(app.count('POST', '/send')).toBe(posts);

    const outcome = await app.value<{ referenceId: string }>('send.execute', {
      intentId: refusedOne.intentId,
      tfaCode: await app.nextCode(),
      acknowledgedIntentIds: await unresolvedIds(),
    });
    expect(outcome.referenceId).toBe(refusedOne.referenceId);
    expect(sendsAfter(mark).map((m) => m.referenceId)).toEqual([lostOne.referenceId, refusedOne.referenceId]);
  });

  it("an unknown send in one account is listed and warned about in the user's other accounts", async () => {
    const lost = await prepare('0.00025');
    await lose(lost);
    const home = await app.value<{ accounts: { guid: string; name: string }[]; activeAccountGuid: string }>(
      'session.get',
    );
    const homeName = home.accounts.find((account) => account.guid === home.activeAccountGuid)?.name ?? '';
    const agent = await app.switchTo('Agent');
    try {
      const listed = (await unresolved()).find((entry) => entry.review.intentId === lost.intentId);
      expect(listed).toMatchObject({ accountName: homeName, status: { state: 'unknown' } });

      const precheck = await app.value<SendPrecheck>('send.precheck', {
        code: 'BTC',
        address: BTC_DESTINATION,
        amount: '0.00026',
      });
      const refused = await app.failure('send.confirm', { precheckId: precheck.precheckId, feeRate: 1 });
      expect(refused.code).toBe('unresolved_intent');
      expect(refused.message).toContain(`reference ${lost.referenceId}`);
      expect(refused.message).toContain(homeName);
      expect(agent.guid).not.toBe(home.activeAccountGuid);
    } finally {
      await app.value('session.switchAccount', { accountGuid: home.activeAccountGuid });
    }
  });

  /** Answers the next history look-ups with this send's row in another status, as a service may report it. */
  function reportStatus(referenceId: string, status: string): void {
    const rewrite = ({ status: http, body }: { status: number; body: string }) => {
      const envelope = JSON.parse(body) as { data: { items: { referenceId: string; status: string }[] } };
      for (const item of envelope.data.items) if (item.referenceId === referenceId) item.status = status;
      return { status: http, body: JSON.stringify(envelope) };
    };
    // The look-up searches by reference first, and finds it there.
    app.onNext('POST', '/transactions', { rewrite });
  }

  it('a Pending row keeps the send unknown ("found, pending at the service"); Completed settles it', async () => {
    const review = await prepare('0.00027');
    await lose(review);
    reportStatus(review.referenceId, 'Pending');
    const pending = await app.value<Reconciled>('send.reconcile', { intentId: review.intentId });
    expect(pending).toMatchObject({ lookup: 'pending', status: { state: 'unknown', canRetry: false } });
    expect(pending.status.error?.message).toMatch(/found, pending at the service/i);
    const done = await app.value<Reconciled>('send.reconcile', { intentId: review.intentId });
    expect(done).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
  });

  it('a Failed row is said plainly, keeps the send unknown, and never offers a retry', async () => {
    const review = await prepare('0.00028');
    await lose(review);
    const mark = lastSeq(app.sandbox);
    reportStatus(review.referenceId, 'Failed');
    const failed = await app.value<Reconciled>('send.reconcile', { intentId: review.intentId });
    expect(failed).toMatchObject({ lookup: 'failed', status: { state: 'unknown', canRetry: false } });
    expect(failed.status.error?.message).toMatch(/the service reports it failed/i);
    const posts = app.count('POST', '/send');
    const retried = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(retried.code).toBe('outcome_unknown');
    expect(app.count('POST', '/send')).toBe(posts);
    expect(sendsAfter(mark)).toHaveLength(0);
  });
});
