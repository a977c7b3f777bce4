import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UnresolvedWithdrawal, WithdrawReview, WithdrawStatus } from '../../../src-preload/contract/withdraw';
import type { ServiceProfile } from '../../../sandbox/profile';
import { zCodes } from '../../../src-main/service/z-codes';
import { withdrawEth } from '../../sandbox/service-calls';
import {
  confirmWithdrawal,
  ETH_ADDRESS,
  MEMBER,
  setUpTreasury,
  startMerchantMachine,
  type MerchantLaunch,
  type MerchantMachine,
} from '../support/merchant-app';

// docs/z-codes.md against the sandbox in both profiles: a code that proves nothing moved refuses and leaves
// nothing unknown; Z501 and Z519 are looked up at once; Z509 waits for e-mail approval until a look-up finds
// it. Movements are counted in the sandbox's own books (security.md 27-29).

const refusalCodes = zCodes.filter((entry) => entry.reading === 'refusal').map((entry) => entry.code);

describe.each<ServiceProfile>(['kind', 'strict'])('withdrawal Z-codes against the %s sandbox', (profile) => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;

  const submit = async (intent: WithdrawReview) =>
    app.call('withdraw.execute', { intentId: intent.intentId, tfaCode: await machine.nextCode() });
  const check = async (intent: WithdrawReview) =>
    (await app.value<{ status: WithdrawStatus }>('withdraw.reconcile', { intentId: intent.intentId })).status;
  const unresolved = () => app.value<UnresolvedWithdrawal[]>('withdraw.unresolved');
  const unknownIds = async () => (await unresolved()).map((entry) => entry.review.intentId);
  const confirm = async (amount: string) =>
    confirmWithdrawal(app, machine, amount, { acknowledgedIntentIds: await unknownIds() });
  /** A withdrawal under a merchant transaction id the user typed, as another computer may have used it. */
  const confirmTyped = async (merchantTransactionId: string) =>
    app.value<WithdrawReview>('withdraw.confirm', {
      formId: crypto.randomUUID(),
      referenceId: MEMBER,
      merchantTransactionId,
      code: 'ETH',
      address: ETH_ADDRESS,
      amount: '0.01',
      label: 'payout',
      email: machine.merchant.email,
      acknowledgedIntentIds: await unknownIds(),
    });
  /** The same merchant's keys used elsewhere (another tool, another computer) under this id. */
  const elsewhere = async (merchantTransactionId: string) =>
    withdrawEth(machine.sandbox, machine.merchant, { merchantTransactionId }, await machine.nextCode());

  beforeAll(async () => {
    machine = await startMerchantMachine({ profile });
    app = await machine.launch({ requestTimeoutMs: 6_000 });
    await app.signIn('alice');
    await setUpTreasury(machine, app);
  });
  afterEach(() => {
    machine.sandbox.faults.reset();
    machine.sandbox.setReadings({ withdrawCodes: 'spec' });
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('every code read as a refusal refuses the withdrawal in words and leaves nothing unknown', async () => {
    // One withdrawal, refused by each code in turn and sent again under the same id: few enough calls that the
    // sandbox's Interface B rate limit (60 at once) is never reached, however fast the machine.
    const intent = await confirm('0.0201');
    for (const zCode of refusalCodes) {
      machine.sandbox.faults.set({
        unexpectedAnswerNext: { commit: 'none', zCode, status: zCode === 'Z429' ? 429 : 400 },
      });
      const answer = await submit(intent);
      expect(answer.ok, zCode).toBe(false);
      if (!answer.ok) {
        expect(answer.error.code, zCode).not.toBe('outcome_unknown');
        expect(answer.error.message).toContain(zCode);
      }
      expect(await unknownIds(), zCode).toEqual([]);
    }
    expect(machine.sent(intent.merchantTransactionId)).toBe(refusalCodes.length);
    expect(machine.moved(intent.merchantTransactionId)).toBe(0);
  });

  it('Z507 from a service with the vendor’s codes: a refusal, nothing moved, nothing unknown', async () => {
    machine.sandbox.setReadings({ withdrawCodes: 'vendor' });
    const intent = await confirm('0.00005');
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'bad_input', field: 'amount' } });
    expect(await unknownIds()).not.toContain(intent.intentId);
    expect(machine.moved(intent.merchantTransactionId)).toBe(0);
  });

  it('Z501: the id was already executed elsewhere; the app looks it up at once and settles it', async () => {
    machine.sandbox.setReadings({ withdrawCodes: 'vendor' });
    const id = `z501-${profile}`;
    expect((await elsewhere(id)).body.code).toBe(200);
    const intent = await confirmTyped(id);
    const answer = await submit(intent);
    expect(answer).toMatchObject({ ok: true, value: { success: true } });
    expect((await app.value<WithdrawStatus>('withdraw.status', { intentId: intent.intentId })).state).toBe('succeeded');
    expect(await unknownIds()).not.toContain(intent.intentId);
    // The other tool's request and the app's one: the app sent it once, and never again.
    expect(machine.sent(id)).toBe(2);
    expect(machine.moved(id)).toBe(1);
  });

  it('Z519: the id was taken on elsewhere and has not moved yet; unknown after the look-up, settled once it lands', async () => {
    machine.sandbox.setReadings({ withdrawCodes: 'vendor' });
    const id = `z519-${profile}`;
    machine.sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true });
    await expect(elsewhere(id)).rejects.toThrow();
    const intent = await confirmTyped(id);
    const answer = await submit(intent);
    expect(answer).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    const status = await app.value<WithdrawStatus>('withdraw.status', { intentId: intent.intentId });
    expect(status.state).toBe('unknown');
    // The answer's fact and the look-up that was made at once, in one reason.
    expect(status.error?.message).toMatch(
      /already has a withdrawal request with this merchant transaction id \(Z519\)/,
    );
    expect(status.error?.message).toMatch(/Not found in the history of/);
    expect(machine.moved(id)).toBe(0);
    expect(machine.sandbox.releaseLateCommits()).toBe(1);
    expect((await check(intent)).state).toBe('succeeded');
    // The other tool's request and the app's one: the app sent it once, and never again.
    expect(machine.sent(id)).toBe(2);
    expect(machine.moved(id)).toBe(1);
  });

  it('Z509: waiting for e-mail approval, never sent again; the look-up settles it once approved', async () => {
    const intent = await confirm('0.0301');
    machine.sandbox.faults.set({
      unexpectedAnswerNext: { commit: 'late', zCode: 'Z509', status: 400 },
      holdLateCommits: true,
    });
    expect(await submit(intent)).toMatchObject({
      ok: false,
      error: { code: 'outcome_unknown', message: expect.stringMatching(/waiting for your e-mail approval/) },
    });
    const listed = (await unresolved()).find((entry) => entry.review.intentId === intent.intentId);
    expect(listed?.status).toMatchObject({ state: 'unknown', awaiting: 'email-approval', canRetry: false });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    // Not approved yet: the look-up finds nothing and it still waits.
    expect(await check(intent)).toMatchObject({ state: 'unknown', awaiting: 'email-approval' });
    expect(machine.sandbox.releaseLateCommits()).toBe(1);
    const settled = await check(intent);
    expect(settled.state).toBe('succeeded');
    expect(settled.awaiting).toBeUndefined();
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
  });

  it('Z509 survives a restart: still waiting for e-mail approval after relaunch, then the look-up settles it', async () => {
    const intent = await confirm('0.0302');
    machine.sandbox.faults.set({
      unexpectedAnswerNext: { commit: 'late', zCode: 'Z509', status: 400 },
      holdLateCommits: true,
    });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });

    const restarted = await machine.launch({ requestTimeoutMs: 6_000 });
    try {
      await restarted.signIn('alice');
      const listed = (await restarted.value<UnresolvedWithdrawal[]>('withdraw.unresolved')).find(
        (entry) => entry.review.intentId === intent.intentId,
      );
      expect(listed?.status).toMatchObject({ state: 'unknown', awaiting: 'email-approval', canRetry: false });
      expect(
        await restarted.call('withdraw.execute', { intentId: intent.intentId, tfaCode: await machine.nextCode() }),
      ).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
      const checkAfterRestart = async () =>
        (await restarted.value<{ status: WithdrawStatus }>('withdraw.reconcile', { intentId: intent.intentId })).status;
      // Not approved yet: the look-up after the restart finds nothing, and it still waits.
      expect(await checkAfterRestart()).toMatchObject({ state: 'unknown', awaiting: 'email-approval' });
      expect(machine.sandbox.releaseLateCommits()).toBe(1);
      const settled = await checkAfterRestart();
      expect(settled.state).toBe('succeeded');
      expect(settled.awaiting).toBeUndefined();
      expect(machine.sent(intent.merchantTransactionId)).toBe(1);
      expect(machine.moved(intent.merchantTransactionId)).toBe(1);
    } finally {
      await restarted.close();
    }
  });
});
