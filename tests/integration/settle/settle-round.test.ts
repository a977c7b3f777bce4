import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettleRoundResult } from '../../../src-preload/contract/settle';
import type { SendPrecheck, SendReview, SendStatus } from '../../../src-preload/contract/send';
import type { SwapQuote, SwapReview, SwapStatus } from '../../../src-preload/contract/swap';
import type { WithdrawReview, WithdrawStatus } from '../../../src-preload/contract/withdraw';
import { createCodeSource, WIDE_TOTP_WINDOW } from '../../support/two-factor-codes';
import {
  confirmWithdrawal,
  setUpTreasury,
  startMerchantMachine,
  type MerchantLaunch,
  type MerchantMachine,
} from '../support/merchant-app';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BTC_TO_ETH = {
  fromSymbol: 'BTC',
  fromNetwork: 'Bitcoin Mainnet',
  toSymbol: 'ETH',
  toNetwork: 'Ethereum Mainnet',
  isUsdInput: false,
};

/**
 * The background settle round (features/settle/settle-round.ts) against the strict sandbox: lost sends and
 * swaps in two accounts and a lost withdrawal, their commits held by the sandbox (holdLateCommits) so the
 * first round comes before them on any machine. Every history request the app sends is counted per account
 * (X-Account-Guid): a round reads at most one page per account, however many moves it looks for
 * (security.md 27, 29: not found keeps a move unknown, and nothing is ever sent).
 */
describe('the settle round, against the strict sandbox', () => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;
  let nextUserCode: () => Promise<string>;
  /** POST /transactions the app sent, by the account it named. */
  const historyReads: string[] = [];
  const moneyPosts: string[] = [];
  let originalFetch: typeof fetch;

  beforeAll(async () => {
    machine = await startMerchantMachine({ profile: 'strict' });
    originalFetch = globalThis.fetch;
    const recorded = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.endsWith('/api/OAuth/transactions')) {
        historyReads.push(new Headers(init?.headers).get('x-account-guid') ?? '');
      }
      if (/\/(send|swap|withdraw\/add)$/.test(url.pathname) && (init?.method ?? 'GET') === 'POST') {
        moneyPosts.push(url.pathname);
      }
      return recorded(input, init);
    };
    app = await machine.launch();
    await app.signIn('alice');
    await setUpTreasury(machine, app);
    nextUserCode = createCodeSource(machine.userOf('alice').totpSecret, WIDE_TOTP_WINDOW);
  });
  afterAll(async () => {
    if (originalFetch) globalThis.fetch = originalFetch;
    await machine?.close();
  });

  const round = () => app.value<SettleRoundResult>('money.settleRound');
  /** History reads of one round, by account. */
  async function roundCounted(): Promise<{ result: SettleRoundResult; reads: Map<string, number> }> {
    const before = historyReads.length;
    const result = await round();
    const reads = new Map<string, number>();
    for (const account of historyReads.slice(before)) reads.set(account, (reads.get(account) ?? 0) + 1);
    return { result, reads };
  }
  const unresolvedIds = async (kind: 'send' | 'swap' | 'withdraw') =>
    (await app.value<{ review: { intentId: string } }[]>(`${kind}.unresolved`)).map((entry) => entry.review.intentId);
  const acknowledgeAll = async () => [...(await unresolvedIds('send')), ...(await unresolvedIds('swap'))];

  /** A send whose answer is lost and whose commit the sandbox holds. */
  async function lostSend(amount: string): Promise<SendReview> {
    const precheck = await app.value<SendPrecheck>('send.precheck', { code: 'BTC', address: BTC_DESTINATION, amount });
    const review = await app.value<SendReview>('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      acknowledgedIntentIds: await unresolvedIds('send'),
    });
    machine.sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true });
    const lost = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await nextUserCode() });
    expect(lost.code).toBe('outcome_unknown');
    return review;
  }

  async function lostSwap(amount: string): Promise<SwapReview> {
    const quote = await app.value<SwapQuote>('swap.quote', { ...BTC_TO_ETH, amount });
    const review = await app.value<SwapReview>('swap.confirm', {
      quoteId: quote.quoteId,
      acknowledgedIntentIds: await unresolvedIds('swap'),
    });
    machine.sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true });
    const lost = await app.failure('swap.execute', { intentId: review.intentId, tfaCode: await nextUserCode() });
    expect(lost.code).toBe('outcome_unknown');
    return review;
  }

  async function lostWithdrawal(amount: string): Promise<WithdrawReview> {
    const review = await confirmWithdrawal(app, machine, amount, {
      acknowledgedIntentIds: await unresolvedIds('withdraw'),
    });
    machine.sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true });
    const lost = await app.call('withdraw.execute', { intentId: review.intentId, tfaCode: await machine.nextCode() });
    expect(lost).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    return review;
  }

  it('a round before the commits finds nothing and keeps every move unknown; after release one round settles them all, one history page per account', async () => {
    const accounts = machine.userOf('alice').accounts;
    // The merchant keys belong to the account active when they were saved: the withdrawal is made there.
    const { activeAccountGuid } = await app.value<{ activeAccountGuid: string }>('session.get');
    const second = accounts.find(
      (account) => account.guid !== activeAccountGuid && account.role === 'MerchantAdministrator',
    )!;
    const sends = [await lostSend('0.00031'), await lostSend('0.00032')];
    const swaps = [await lostSwap('0.00211')];
    const withdrawal = await lostWithdrawal('0.0131');
    await app.value('session.switchAccount', { accountGuid: second.guid });
    sends.push(await lostSend('0.00033'));
    swaps.push(await lostSwap('0.00212'));
    expect(await acknowledgeAll()).toHaveLength(5);
    const posts = moneyPosts.length;

    const before = await roundCounted();
    expect(before.result).toEqual({ settled: [], remaining: 6, unread: 0 });
    // The withdrawal may show in any of alice's accounts: each is read, and none more than once.
    expect(new Set(before.reads.keys())).toEqual(new Set(accounts.map((account) => account.guid)));
    for (const count of before.reads.values()) expect(count).toBe(1);
    for (const send of sends) {
      expect((await app.value<SendStatus>('send.status', { intentId: send.intentId })).state).toBe('unknown');
    }

    expect(machine.sandbox.releaseLateCommits()).toBe(6);
    const after = await roundCounted();
    expect(after.result.remaining).toBe(0);
    expect(after.result.unread).toBe(0);
    expect(after.result.settled).toHaveLength(6);
    expect(new Set(after.result.settled.map((move) => `${move.kind}:${move.intentId}`))).toEqual(
      new Set([
        ...sends.map((send) => `send:${send.intentId}`),
        ...swaps.map((swap) => `swap:${swap.intentId}`),
        `withdraw:${withdrawal.intentId}`,
      ]),
    );
    for (const count of after.reads.values()) expect(count).toBe(1);
    for (const send of sends) {
      expect(await app.value<SendStatus>('send.status', { intentId: send.intentId })).toMatchObject({
        state: 'succeeded',
      });
    }
    for (const swap of swaps) {
      expect((await app.value<SwapStatus>('swap.status', { intentId: swap.intentId })).state).toBe('succeeded');
    }
    expect((await app.value<WithdrawStatus>('withdraw.status', { intentId: withdrawal.intentId })).state).toBe(
      'succeeded',
    );
    expect(await acknowledgeAll()).toEqual([]);
    // Only looked: nothing was sent again, and the sandbox's books hold each move once.
    expect(moneyPosts.length).toBe(posts);
    expect(machine.moved(withdrawal.merchantTransactionId)).toBe(1);
    for (const send of sends) {
      expect(
        machine.sandbox.movements().filter((m) => m.kind === 'send' && m.referenceId === send.referenceId),
      ).toHaveLength(1);
    }

    // Nothing unknown: a round reads nothing at all.
    const idle = await roundCounted();
    expect(idle.result).toEqual({ settled: [], remaining: 0, unread: 0 });
    expect(idle.reads.size).toBe(0);
  });

  it('a move a person closed is still looked for: once it shows, a round settles it and raises the alarm', async () => {
    const closed = await lostSend('0.00035');
    await app.value('send.close', {
      intentIds: [closed.intentId],
      warning: 'This send may still go through.',
      confirmed: true,
    });
    const before = await roundCounted();
    expect(before.result).toEqual({ settled: [], remaining: 1, unread: 0 });
    expect(await app.value<unknown[]>('alarms.list')).toEqual([]);

    expect(machine.sandbox.releaseLateCommits()).toBe(1);
    const after = await roundCounted();
    expect(after.result).toEqual({ settled: [{ kind: 'send', intentId: closed.intentId }], remaining: 0, unread: 0 });
    expect((await app.value<SendStatus>('send.status', { intentId: closed.intentId })).state).toBe('succeeded');
    expect(await app.value<{ referenceId: string }[]>('alarms.list')).toEqual([
      expect.objectContaining({ referenceId: closed.referenceId }),
    ]);
  });

  it('locked or signed out, a round is refused and reads no history', async () => {
    await lostSend('0.00034');
    const reads = historyReads.length;
    await app.value('session.lock');
    expect(await app.failure('money.settleRound')).toMatchObject({ code: 'locked' });
    await app.value('session.signOut');
    expect(await app.failure('money.settleRound')).toMatchObject({ code: 'not_signed_in' });
    expect(historyReads.length).toBe(reads);
  });
});
