import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendPrecheck, SendReview } from '../../../src-preload/contract/send';
import type { SwapQuote, SwapReview, SwapStatus } from '../../../src-preload/contract/swap';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { lastSeq, movementsAfter, profiles, settle } from '../support/money-faults';

const BTC_TO_ETH = {
  fromSymbol: 'BTC',
  fromNetwork: 'Bitcoin Mainnet',
  toSymbol: 'ETH',
  toNetwork: 'Ethereum Mainnet',
  isUsdInput: false,
};
const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

type Unresolved = { review: SwapReview; status: SwapStatus; accountName: string | null };
type Reconciled = { lookup: string; status: SwapStatus };
type Row = Record<string, unknown> & { referenceId: string; status: string; date: string; amount: number };

/**
 * Swaps: the acknowledgement holds as the request leaves, a lost swap is settled only by rows that are
 * provably its own and say it completed, and the warning covers every account of the user (security.md 27,
 * 29). Movements are counted in the sandbox's own books.
 */
describe.each(profiles)('swap: what may settle or pass a lost swap, %s service', (profile) => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile });
  });
  afterAll(async () => {
    await app?.close();
  });

  const unresolved = () => app.value<Unresolved[]>('swap.unresolved');
  const unresolvedIds = async () => (await unresolved()).map((entry) => entry.review.intentId);
  const swapsAfter = (mark: number) => movementsAfter(app.sandbox, mark).filter((m) => m.kind === 'swap');

  async function prepare(amount: string): Promise<SwapReview> {
    const quote = await app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount });
    return app.value<SwapReview>('swap.confirm', {
      quoteId: quote.quoteId,
      acknowledgedIntentIds: await unresolvedIds(),
    });
  }

  /** A late commit is held by the sandbox until `settle`, so what the test does before it comes first. */
  async function lose(review: SwapReview, commit: 'now' | 'none' | 'late'): Promise<void> {
    app.sandbox.faults.set({
      holdLateCommits: true,
      unexpectedAnswerNext: { commit, status: 502, message: 'Bad gateway' },
    });
    const lost = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(lost.code).toBe('outcome_unknown');
  }

  /** Changes the next history answers as a service could (`times` look-ups). */
  function rewriteHistory(change: (rows: Row[]) => Row[], times = 1): void {
    for (let i = 0; i < times; i += 1) {
      app.onNext('POST', '/transactions', {
        rewrite: ({ status, body }) => {
          const envelope = JSON.parse(body) as { data: { items: Row[] } };
          envelope.data.items = change(envelope.data.items);
          return { status, body: JSON.stringify(envelope) };
        },
      });
    }
  }

  it('two swaps confirmed while nothing was unsettled: once the first is lost, the second is refused as it leaves', async () => {
    const first = await prepare('0.00421');
    const second = await prepare('0.00422');
    const mark = lastSeq(app.sandbox);
    await lose(first, 'now');
    const posts = app.count('POST', '/swap');

    const refused = await app.failure('swap.execute', { intentId: second.intentId, tfaCode: await app.nextCode() });
    expect(refused.code).toBe('unresolved_intent');
    expect(refused.message).toContain(`reference ${first.referenceId}`);
    expect(app.count('POST', '/swap')).toBe(posts);
    expect(swapsAfter(mark)).toHaveLength(1);

    await app.value('swap.execute', {
      intentId: second.intentId,
      tfaCode: await app.nextCode(),
      acknowledgedIntentIds: await unresolvedIds(),
    });
    expect(swapsAfter(mark).map((m) => m.amount)).toEqual(['0.00421', '0.00422']);
  });

  it("the app's own send of the same amount never settles a lost swap; its late commit is found later, once", async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00432');
    await lose(review, 'late');
    // Before the late commit lands, the user sends exactly that amount of BTC.
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'BTC',
      address: BTC_DESTINATION,
      amount: '0.00432',
    });
    const send = await app.value<SendReview>('send.confirm', { precheckId: precheck.precheckId, feeRate: 1 });
    await app.value('send.execute', { intentId: send.intentId, tfaCode: await app.nextCode() });

    const early = await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId });
    expect(early.lookup).not.toBe('found');
    expect(early.status).toMatchObject({ state: 'unknown', canRetry: false });
    expect(swapsAfter(mark)).toHaveLength(0);
    // Not found is no licence to send it again.
    const posts = app.count('POST', '/swap');
    const error = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(error.code).toBe('outcome_unknown');
    expect(app.count('POST', '/swap')).toBe(posts);

    await settle(app.sandbox);
    const late = await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId });
    expect(late).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
    expect(swapsAfter(mark)).toHaveLength(1);
    expect(movementsAfter(app.sandbox, mark).filter((m) => m.kind === 'send')).toHaveLength(1);
  });

  it('a lost swap that moved nothing is not settled by a new equal withdrawal that is not provably its own', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00433');
    await lose(review, 'none');
    const equalRow = (rows: Row[], extra: Partial<Row>): Row[] => {
      const btc = rows.find((row) => row.symbol === 'BTC') ?? rows[0];
      const row: Row = {
        ...btc,
        type: 'Withdraw',
        symbol: 'BTC',
        amount: 0.00433,
        status: 'Completed',
        date: new Date().toISOString(),
        referenceId: randomUUID(),
        merchantTransactionId: '',
        withdrawType: 2,
        ...extra,
      } as Row;
      return [row, ...rows];
    };
    // A merchant withdrawal says whose it is: never a swap's.
    rewriteHistory((rows) => equalRow(rows, { merchantTransactionId: `mtx-${randomUUID()}`, withdrawType: 3 }));
    expect(await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId })).toMatchObject({
      lookup: 'not_found',
      status: { state: 'unknown', canRetry: false },
    });
    // One leg only, from elsewhere: it may or may not be this swap, so nothing is settled by a guess.
    rewriteHistory((rows) => equalRow(rows, {}));
    expect(await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId })).toMatchObject({
      lookup: 'ambiguous',
      status: { state: 'unknown', canRetry: false },
    });
    expect(swapsAfter(mark)).toHaveLength(0);
  });

  it('a Pending pair keeps the swap unknown; a Failed one says so plainly and offers no retry', async () => {
    const mark = lastSeq(app.sandbox);
    const review = await prepare('0.00434');
    await lose(review, 'now');
    const [moved] = swapsAfter(mark);
    const withStatus = (status: string) => (rows: Row[]) =>
      rows.map((row) => (row.referenceId === moved?.referenceId ? { ...row, status } : row));

    rewriteHistory(withStatus('Pending'));
    const pending = await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId });
    expect(pending).toMatchObject({ lookup: 'pending', status: { state: 'unknown', canRetry: false } });
    expect(pending.status.error?.message).toMatch(/found, pending at the service/i);

    rewriteHistory(withStatus('Failed'));
    const failed = await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId });
    expect(failed).toMatchObject({ lookup: 'failed', status: { state: 'unknown', canRetry: false } });
    expect(failed.status.error?.message).toMatch(/the service reports it failed/i);
    const posts = app.count('POST', '/swap');
    expect((await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'outcome_unknown',
    );
    expect(app.count('POST', '/swap')).toBe(posts);

    const done = await app.value<Reconciled>('swap.reconcile', { intentId: review.intentId });
    expect(done).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
    expect(swapsAfter(mark)).toHaveLength(1);
  });

  it("an unknown swap in one account is listed and warned about in the user's other accounts", async () => {
    const lost = await prepare('0.00435');
    await lose(lost, 'none');
    const home = await app.value<{ accounts: { guid: string; name: string }[]; activeAccountGuid: string }>(
      'session.get',
    );
    const homeName = home.accounts.find((account) => account.guid === home.activeAccountGuid)?.name ?? '';
    await app.switchTo('Agent');
    try {
      const listed = (await unresolved()).find((entry) => entry.review.intentId === lost.intentId);
      expect(listed).toMatchObject({ accountName: homeName, status: { state: 'unknown' } });
      const quote = await app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount: '0.00436' });
      const refused = await app.failure('swap.confirm', { quoteId: quote.quoteId });
      expect(refused.code).toBe('unresolved_intent');
      expect(refused.message).toContain(`reference ${lost.referenceId}`);
      expect(refused.message).toContain(homeName);
    } finally {
      await app.value('session.switchAccount', { accountGuid: home.activeAccountGuid });
    }
  });
});
