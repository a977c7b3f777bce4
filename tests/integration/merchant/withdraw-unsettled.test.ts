import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  UnresolvedWithdrawal,
  WithdrawLookupResult,
  WithdrawReview,
  WithdrawStatus,
} from '../../../src-preload/contract/withdraw';
import {
  confirmWithdrawal,
  MEMBER,
  ETH_ADDRESS,
  setUpTreasury,
  sleep,
  startMerchantMachine,
  type MerchantLaunch,
  type MerchantMachine,
} from '../support/merchant-app';

// Withdrawals the app cannot call settled, against the strict sandbox (security.md 23, 27, 28): one still in
// flight, one the service answered with `success: false`, one visible only in another account of the user,
// and one whose write-ahead failed. Movements are counted in the sandbox's own books.

describe('withdrawals that are not settled, against the strict sandbox', () => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;

  const submit = async (intent: WithdrawReview) =>
    app.call('withdraw.execute', { intentId: intent.intentId, tfaCode: await machine.nextCode() });
  const get = (intent: WithdrawReview) => app.value<WithdrawStatus>('withdraw.status', { intentId: intent.intentId });
  /** "Check status": what the look-up found, and what it left the withdrawal as. */
  const lookUp = (intent: WithdrawReview) =>
    app.value<{ lookup: WithdrawLookupResult; status: WithdrawStatus }>('withdraw.reconcile', {
      intentId: intent.intentId,
    });
  const check = async (intent: WithdrawReview) => (await lookUp(intent)).status;
  const unsettled = () => app.value<UnresolvedWithdrawal[]>('withdraw.unresolved');
  /** A new withdrawal after the user acknowledged every withdrawal the warning named. */
  const confirm = async (amount: string) =>
    confirmWithdrawal(app, machine, amount, {
      acknowledgedIntentIds: (await unsettled()).map((entry) => entry.review.intentId),
    });
  const accountsOf = () => machine.userOf('alice').accounts;
  const accountNamed = (name: RegExp) => {
    const account = accountsOf().find((candidate) => name.test(candidate.name));
    if (!account) throw new Error(`alice has no account matching ${String(name)}`);
    return account;
  };

  beforeAll(async () => {
    machine = await startMerchantMachine({ profile: 'strict' });
    app = await machine.launch();
    await app.signIn('alice');
    await setUpTreasury(machine, app);
  });
  afterEach(() => {
    machine.sandbox.faults.reset();
    machine.withdrawAnswer.rewrite = null;
    machine.journalWrites.fail = false;
    machine.historyRow.merchantTransactionId = null;
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('a withdrawal still in flight is listed as unsettled and a new one needs it acknowledged', async () => {
    const first = await confirm('0.0201');
    machine.sandbox.faults.set({ latencyMs: 2_000 });
    const answer = submit(first);
    await expect.poll(async () => (await get(first)).state).toBe('in-flight');
    // The request has reached the sandbox (it waits there); the next calls go at normal speed.
    await sleep(200);
    machine.sandbox.faults.reset();

    expect(await unsettled()).toContainEqual(
      expect.objectContaining({
        review: expect.objectContaining({ intentId: first.intentId, amount: '0.0201' }),
        status: expect.objectContaining({ state: 'in-flight' }),
      }),
    );
    const unacknowledged = await app.failure('withdraw.confirm', {
      formId: crypto.randomUUID(),
      referenceId: MEMBER,
      code: 'ETH',
      address: ETH_ADDRESS,
      amount: '0.0201',
      label: 'payout',
      email: machine.merchant.email,
    });
    expect(unacknowledged.code).toBe('unresolved_intent');
    expect(unacknowledged.message).toContain(first.merchantTransactionId);

    expect(await answer).toMatchObject({ ok: true, value: { success: true } });
    expect(await get(first)).toMatchObject({ state: 'succeeded' });
    expect((await unsettled()).map((entry) => entry.review.intentId)).not.toContain(first.intentId);
    expect(machine.sent(first.merchantTransactionId)).toBe(1);
    expect(machine.moved(first.merchantTransactionId)).toBe(1);
    // The refused second confirmation never became a withdrawal: one request, one movement in all.
    expect(machine.withdrawRequests.filter((body) => body.Amount === 0.0201)).toHaveLength(1);
  });

  it('a 200 answer with success: false is an unknown outcome, never a success; the look-up settles it', async () => {
    const intent = await confirm('0.0202');
    machine.withdrawAnswer.rewrite = (data) => ({ ...data, txId: 'abc123', success: false });
    const answer = await submit(intent);
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'outcome_unknown', message: expect.stringMatching(/may or may not have moved/) },
    });
    expect(await get(intent)).toMatchObject({ state: 'unknown', outcome: null });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    machine.withdrawAnswer.rewrite = null;

    // The sandbox did move it; only the history, never a second request, says so.
    expect(await check(intent)).toMatchObject({ state: 'succeeded', outcome: { success: true } });
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
  });

  // Only a Completed row settles a withdrawal as succeeded.
  it.each([
    ['Pending', /pending at the service/i],
    ['Failed', /Failed/],
  ])('a history row %s keeps the withdrawal unknown and says so', async (status, words) => {
    const intent = await confirm(status === 'Pending' ? '0.0206' : '0.0207');
    machine.sandbox.faults.set({ dropAfterCommitNext: 1 });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    machine.historyRow.merchantTransactionId = intent.merchantTransactionId;
    machine.historyRow.status = status;
    const { lookup, status: checked } = await lookUp(intent);
    expect(lookup).toBe(status === 'Pending' ? 'pending' : 'failed');
    expect(checked).toMatchObject({ state: 'unknown', outcome: null, error: { code: 'outcome_unknown' } });
    expect(checked.error?.message).toMatch(words);
    expect(checked.error?.message).toMatch(/found/i);
    expect((await unsettled()).map((entry) => entry.review.intentId)).toContain(intent.intentId);

    // Once the row says Completed, the same look-up settles it; nothing was ever sent again.
    machine.historyRow.merchantTransactionId = null;
    expect(await check(intent)).toMatchObject({ state: 'succeeded', outcome: { success: true } });
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
  });

  it('check status looks in every account of the user, not only the active one, and names those it searched', async () => {
    const dropped = await confirm('0.0203');
    machine.sandbox.faults.set({ dropAfterCommitNext: 1 });
    expect(await submit(dropped)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    const lost = await confirm('0.0204');
    machine.sandbox.faults.set({ failNext: 1 });
    expect(await submit(lost)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });

    // The merchant's withdrawals show in its linked company account; the user now works in the personal one.
    const linked = machine.merchant.linkedAccount;
    if (!linked) throw new Error('the sandbox links every seeded merchant to an account');
    expect(linked.guid).not.toBe(accountNamed(/Liddell/).guid);
    await app.value('session.switchAccount', { accountGuid: accountNamed(/Liddell/).guid });
    try {
      expect(await check(dropped)).toMatchObject({ state: 'succeeded', outcome: { success: true } });
      const { lookup, status: notFound } = await lookUp(lost);
      expect(lookup).toBe('not_found');
      expect(notFound.state).toBe('unknown');
      for (const account of accountsOf()) expect(notFound.error?.message).toContain(account.name);
    } finally {
      await app.value('session.switchAccount', { accountGuid: linked.guid });
    }
    expect(machine.sent(dropped.merchantTransactionId)).toBe(1);
    expect(machine.moved(dropped.merchantTransactionId)).toBe(1);
    expect(machine.sent(lost.merchantTransactionId)).toBe(1);
    expect(machine.moved(lost.merchantTransactionId)).toBe(0);
  });

  it('a write-ahead that fails sends nothing and says so plainly; the same withdrawal may then be sent', async () => {
    const intent = await confirm('0.0205');
    machine.journalWrites.fail = true;
    const failed = await app.failure('withdraw.execute', {
      intentId: intent.intentId,
      tfaCode: await machine.nextCode(),
    });
    expect(failed.code).toBe('storage_failed');
    expect(failed.message).toMatch(/nothing was sent/i);
    expect(failed.message).not.toMatch(/ENOSPC|Error:|\bat \//);
    expect(await get(intent)).toMatchObject({ state: 'confirmed' });
    expect(machine.sent(intent.merchantTransactionId)).toBe(0);

    machine.journalWrites.fail = false;
    expect(await submit(intent)).toMatchObject({ ok: true, value: { success: true } });
    expect(await get(intent)).toMatchObject({ state: 'succeeded' });
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
  });
});
