import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyAlarm } from '../../../src-preload/contract/alarms';
import type {
  ClosedWithdrawal,
  UnresolvedWithdrawal,
  WithdrawLookupResult,
  WithdrawStatus,
} from '../../../src-preload/contract/withdraw';
import {
  confirmWithdrawal,
  setUpTreasury,
  startMerchantMachine,
  type MerchantLaunch,
  type MerchantMachine,
} from '../support/merchant-app';

const WARNING = 'The withdrawal may still have moved money. Close it as did not go through anyway.';

// security.md 36 for withdrawals, against the strict sandbox: a person closes an unknown withdrawal, no new
// one needs it acknowledged, and when the history shows it after all the alarm is raised at once.
describe('closing an unknown withdrawal, strict sandbox', () => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;

  beforeAll(async () => {
    machine = await startMerchantMachine({ profile: 'strict' });
    app = await machine.launch();
    await app.signIn('alice');
    await setUpTreasury(machine, app);
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('closed after the warning, it is listed with its closing and needs no acknowledgement; found later, the alarm is raised', async () => {
    const intent = await confirmWithdrawal(app, machine, '0.0211');
    // The service moves it but answers success: false, so the app cannot know (security.md 28).
    machine.withdrawAnswer.rewrite = (data) => ({ ...data, txId: 'abc211', success: false });
    const answer = await app.call('withdraw.execute', { intentId: intent.intentId, tfaCode: await machine.nextCode() });
    machine.withdrawAnswer.rewrite = null;
    expect(answer).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    expect((await app.value<UnresolvedWithdrawal[]>('withdraw.unresolved')).map((e) => e.review.intentId)).toEqual([
      intent.intentId,
    ]);

    const closed = await app.value<ClosedWithdrawal[]>('withdraw.close', {
      intentIds: [intent.intentId],
      warning: WARNING,
      confirmed: true,
    });
    expect(closed).toEqual([
      expect.objectContaining({
        review: expect.objectContaining({ intentId: intent.intentId, amount: '0.0211' }),
        status: expect.objectContaining({ state: 'closed' }),
        closure: expect.objectContaining({ shown: WARNING }),
      }),
    ]);
    expect(await app.value('withdraw.unresolved')).toEqual([]);
    // A new withdrawal without any acknowledgement is confirmed.
    const next = await confirmWithdrawal(app, machine, '0.0212');
    expect(next.intentId).not.toBe(intent.intentId);
    // Closed is never sent again.
    const again = await app.failure('withdraw.execute', {
      intentId: intent.intentId,
      tfaCode: await machine.nextCode(),
    });
    expect(again.code).toBe('stale_precheck');
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);

    const found = await app.value<{ lookup: WithdrawLookupResult; status: WithdrawStatus }>('withdraw.reconcile', {
      intentId: intent.intentId,
    });
    expect(found).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
    expect(await app.value<MoneyAlarm[]>('alarms.list')).toEqual([
      expect.objectContaining({ kind: 'withdraw', referenceId: intent.merchantTransactionId, amount: '0.0211' }),
    ]);
    expect(await app.value('withdraw.closed')).toEqual([]);
  });
});
