import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UnresolvedWithdrawal, WithdrawReview, WithdrawStatus } from '../../../src-preload/contract/withdraw';
import type { ServiceProfile } from '../../../sandbox/profile';
import {
  ETH_ADDRESS,
  MEMBER,
  setUpTreasury,
  startMerchantMachine,
  type MerchantLaunch,
  type MerchantMachine,
} from '../support/merchant-app';
import { createCodeSource, WIDE_TOTP_WINDOW } from '../../support/two-factor-codes';

/**
 * security.md 38 and 39 for merchant withdrawals, through the bridge, counted in the sandbox's books: one
 * form makes one withdrawal however often or however fast it is confirmed, a new form makes another, and a
 * refused withdrawal goes again only after the history shows no trace of its merchant transaction id.
 */
describe.each<ServiceProfile>(['kind', 'strict'])('one form, one withdrawal, %s service', (profile) => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;

  beforeAll(async () => {
    machine = await startMerchantMachine({ profile });
    app = await machine.launch();
    await app.signIn('alice');
    await setUpTreasury(machine, app);
  });
  afterEach(() => {
    machine.sandbox.faults.reset();
  });
  afterAll(async () => {
    await machine?.close();
  });

  const unsettled = async () =>
    (await app.value<UnresolvedWithdrawal[]>('withdraw.unresolved')).map((entry) => entry.review.intentId);
  const form = async (amount: string, formId: string = crypto.randomUUID()) => ({
    formId,
    referenceId: MEMBER,
    code: 'ETH',
    address: ETH_ADDRESS,
    amount,
    label: 'payout',
    email: machine.merchant.email,
    acknowledgedIntentIds: await unsettled(),
  });
  const execute = async (review: WithdrawReview) =>
    app.call('withdraw.execute', { intentId: review.intentId, tfaCode: await machine.nextCode() });

  it('two concurrent confirmations of one form make one intent, and executing both moves money once', async () => {
    const input = await form('0.0121');
    const [a, b, c] = await Promise.all([
      app.value<WithdrawReview>('withdraw.confirm', input),
      app.value<WithdrawReview>('withdraw.confirm', input),
      app.value<WithdrawReview>('withdraw.confirm', input),
    ]);
    expect(b.intentId).toBe(a.intentId);
    expect(c.merchantTransactionId).toBe(a.merchantTransactionId);
    // A confirmation repeated after the first finished is the same intent too.
    expect((await app.value<WithdrawReview>('withdraw.confirm', input)).intentId).toBe(a.intentId);

    const code = await machine.nextCode();
    const results = await Promise.all([
      app.call('withdraw.execute', { intentId: a.intentId, tfaCode: code }),
      app.call('withdraw.execute', { intentId: b.intentId, tfaCode: code }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(machine.sent(a.merchantTransactionId)).toBe(1);
    expect(machine.moved(a.merchantTransactionId)).toBe(1);
    // Confirmed again after it was sent: still that one, now settled, and nothing more leaves.
    const again = await app.value<WithdrawReview>('withdraw.confirm', input);
    expect(again.intentId).toBe(a.intentId);
    expect(await app.value<WithdrawStatus>('withdraw.status', { intentId: a.intentId })).toMatchObject({
      state: 'succeeded',
    });
  });

  it('send, swap and withdrawal alike: three racing confirmations of one review make one intent and one movement', async () => {
    const mark = machine.sandbox.movements().at(-1)?.seq ?? 0;
    const precheck = await app.value<{ precheckId: string }>('send.precheck', {
      code: 'BTC',
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      amount: '0.00031',
    });
    const quote = await app.value<{ quoteId: string }>('swap.quote', {
      fromSymbol: 'BTC',
      fromNetwork: 'Bitcoin Mainnet',
      toSymbol: 'ETH',
      toNetwork: 'Ethereum Mainnet',
      isUsdInput: false,
      amount: '0.00032',
    });
    const withdrawal = await form('0.0126');
    const thrice = <T>(confirm: () => Promise<T>) => Promise.all([confirm(), confirm(), confirm()]);
    const [sends, swaps, withdrawals] = await Promise.all([
      thrice(() => app.value<{ intentId: string }>('send.confirm', { precheckId: precheck.precheckId, feeRate: 1 })),
      thrice(() => app.value<{ intentId: string }>('swap.confirm', { quoteId: quote.quoteId })),
      thrice(() => app.value<WithdrawReview>('withdraw.confirm', withdrawal)),
    ]);
    for (const reviews of [sends, swaps, withdrawals]) {
      expect(new Set(reviews.map((review) => review.intentId)).size).toBe(1);
    }

    // Send and swap take the user's code, a withdrawal the merchant's.
    const userCode = createCodeSource(machine.userOf('alice').totpSecret, WIDE_TOTP_WINDOW);
    const executeAll = async (operation: 'send.execute' | 'swap.execute' | 'withdraw.execute', intentId: string) => {
      const tfaCode = operation === 'withdraw.execute' ? await machine.nextCode() : await userCode();
      return Promise.all([app.call(operation, { intentId, tfaCode }), app.call(operation, { intentId, tfaCode })]);
    };
    for (const [operation, intentId] of [
      ['send.execute', sends[0]?.intentId],
      ['swap.execute', swaps[0]?.intentId],
      ['withdraw.execute', withdrawals[0]?.intentId],
    ] as const) {
      const results = await executeAll(operation, intentId ?? '');
      expect(
        results.filter((result) => result.ok),
        JSON.stringify(results),
      ).toHaveLength(1);
    }
    const moved = machine.sandbox.movements().filter((movement) => movement.seq > mark);
    expect(moved.map((movement) => movement.kind).sort()).toEqual(['send', 'swap', 'withdraw']);
  });

  it('the same form with other details is refused; a new form with the same details is a second withdrawal', async () => {
    const input = await form('0.0122');
    const first = await app.value<WithdrawReview>('withdraw.confirm', input);
    const changed = await app.failure('withdraw.confirm', { ...input, amount: '0.0123' });
    expect(changed.code).toBe('stale_precheck');
    expect(changed.message).toMatch(/Start a new form/);

    const deliberate = await app.value<WithdrawReview>('withdraw.confirm', await form('0.0122'));
    expect(deliberate.intentId).not.toBe(first.intentId);
    expect(deliberate.merchantTransactionId).not.toBe(first.merchantTransactionId);
    expect(await execute(first)).toMatchObject({ ok: true });
    expect(await execute(deliberate)).toMatchObject({ ok: true });
    expect(machine.moved(first.merchantTransactionId)).toBe(1);
    expect(machine.moved(deliberate.merchantTransactionId)).toBe(1);
  });

  it('committed yet refused: executed again, the look-up finds it, settled as moved, one movement', async () => {
    const review = await app.value<WithdrawReview>('withdraw.confirm', await form('0.0124'));
    machine.sandbox.faults.set({ refuseAfterCommitNext: 1 });
    expect(await execute(review)).toMatchObject({ ok: false, error: { code: 'insufficient_balance' } });
    expect(await app.value<WithdrawStatus>('withdraw.status', { intentId: review.intentId })).toMatchObject({
      state: 'refused',
    });

    expect(await execute(review)).toMatchObject({ ok: true, value: { success: true } });
    expect(machine.sent(review.merchantTransactionId)).toBe(1);
    expect(machine.moved(review.merchantTransactionId)).toBe(1);
    expect(await app.value<WithdrawStatus>('withdraw.status', { intentId: review.intentId })).toMatchObject({
      state: 'succeeded',
    });
  });

  it('refused with nothing in the history: executed again, it goes out once after the look-up', async () => {
    const review = await app.value<WithdrawReview>('withdraw.confirm', await form('0.0125'));
    expect(await app.call('withdraw.execute', { intentId: review.intentId, tfaCode: '000000' })).toMatchObject({
      ok: false,
    });
    expect(await app.value<WithdrawStatus>('withdraw.status', { intentId: review.intentId })).toMatchObject({
      state: 'refused',
    });
    // The history cannot be read: nothing is sent, in words, and it stays refused.
    machine.sandbox.faults.set({ failNext: 10, failNextPath: '/api/OAuth/transactions' });
    const blind = await execute(review);
    expect(blind).toMatchObject({ ok: false, error: { code: 'service_error' } });
    expect(machine.sent(review.merchantTransactionId)).toBe(1);
    machine.sandbox.faults.reset();

    expect(await execute(review)).toMatchObject({ ok: true, value: { success: true } });
    expect(machine.sent(review.merchantTransactionId)).toBe(2);
    expect(machine.moved(review.merchantTransactionId)).toBe(1);
  });
});
