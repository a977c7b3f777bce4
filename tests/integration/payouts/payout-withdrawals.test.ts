import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchCheck, DraftSummary, DraftView, PayoutRowView } from '../../../src-preload/contract/payouts';
import type { SessionView } from '../../../src-preload/contract/session';
import {
  ETH_ADDRESS,
  MEMBER,
  setUpTreasury,
  startMerchantMachine,
  type MerchantLaunch,
  type MerchantMachine,
} from '../support/merchant-app';

/** A valid Ethereum address (EIP-55 checksum) that nobody verified. */
const UNVERIFIED_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const HEADER = 'address,amount,asset,network,reference,label';

/** Withdrawals of ETH to the verified address, each with its own amount and merchant transaction id. */
function rowLines(prefix: string, count: number): string[] {
  return [
    HEADER,
    ...Array.from(
      { length: count },
      (_, index) =>
        `${ETH_ADDRESS},0.00${String(21 + index)},ETH,,${prefix}-${String(index + 1)},Refund ${String(index + 1)}`,
    ),
  ];
}

/**
 * Payout rows that are merchant withdrawals against the strict sandbox (security.md 42, 27-29): checked
 * against the verified addresses of the merchant before anything moves, each row a withdrawal on the
 * withdrawal's own intent machine under the row's reference as its merchant transaction id, so faults
 * mid-batch and a restart mid-request move exactly one movement per row that went through, counted in the
 * sandbox's books.
 */
describe('payout batches of merchant withdrawals, strict service', () => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;

  async function toBusinessAccount(launch: MerchantLaunch): Promise<void> {
    const view = await launch.value<SessionView>('session.get');
    const account = view.accounts.find((candidate) => !candidate.isPersonalAccount);
    if (!account) throw new Error('no business account');
    await launch.value('session.switchAccount', { accountGuid: account.guid });
  }

  beforeAll(async () => {
    machine = await startMerchantMachine({ profile: 'strict' });
    app = await machine.launch();
    await app.signIn('alice');
    await setUpTreasury(machine, app, [{ code: 'ETH', address: ETH_ADDRESS }]);
    await toBusinessAccount(app);
  });
  afterAll(async () => {
    await machine?.close();
  });

  const withdrawal = () => ({ memberReference: MEMBER, email: machine.merchant.email });

  it('an address not verified for the merchant is named by row and column, and nothing is saved or sent', async () => {
    const lines = [
      HEADER,
      `${ETH_ADDRESS},0.0011,ETH,,CHECK-1,Verified`,
      `${UNVERIFIED_ADDRESS},0.0012,ETH,,CHECK-2,Not verified`,
      `${ETH_ADDRESS},0.0013,BSC-USD,,CHECK-3,Verified for ETH only`,
    ];
    const checked = await app.value<BatchCheck>('payouts.check', {
      lines,
      decimalSeparator: '.',
      withdrawal: withdrawal(),
    });
    expect(checked.problems.map((problem) => [problem.line, problem.column])).toEqual([
      [3, 'address'],
      [4, 'address'],
    ]);
    expect(checked.problems[0]?.message).toBe(
      `This address is not a verified withdrawal address of this merchant account for ETH under the member reference ${MEMBER}. Verify it first under Verified addresses.`,
    );
    // The same file as Interface A sends has no such problem: the rule belongs to withdrawals.
    const asSends = await app.value<BatchCheck>('payouts.check', { lines, decimalSeparator: '.' });
    expect(asSends.problems.filter((problem) => problem.column === 'address')).toEqual([]);

    const refused = await app.failure('payouts.save', {
      lines,
      decimalSeparator: '.',
      title: 'Refunds',
      withdrawal: withdrawal(),
    });
    expect(refused.code).toBe('bad_input');
    expect(await app.value<DraftSummary[]>('payouts.list')).toEqual([]);
    expect(machine.withdrawRequests).toHaveLength(0);
  });

  it('faults mid-batch and a restart mid-request: one movement per row that went through, none for the others', async () => {
    const draft = await app.value<DraftSummary>('payouts.save', {
      lines: rowLines('WD', 8),
      decimalSeparator: '.',
      title: 'Refunds',
      withdrawal: withdrawal(),
    });
    expect(draft.kind).toBe('withdraw');
    const acknowledged: string[] = [];
    const execute = async (launch: MerchantLaunch, n: number, tfaCode?: string) => {
      const result = await launch.call('payouts.executeRow', {
        draftId: draft.draftId,
        reference: `WD-${String(n)}`,
        tfaCode: tfaCode ?? (await machine.nextCode()),
        acknowledgedIntentIds: [...acknowledged],
      });
      const view = await launch.value<DraftView>('payouts.get', { draftId: draft.draftId });
      const row = view.rows[n - 1];
      if (!row) throw new Error(`no row ${String(n)}`);
      if (row.state === 'unknown' && row.intentId && !acknowledged.includes(row.intentId))
        acknowledged.push(row.intentId);
      return { result, row };
    };

    expect((await execute(app, 1)).row.state).toBe('succeeded');
    machine.sandbox.faults.set({ dropAfterCommitNext: 1 });
    expect((await execute(app, 2)).row.state).toBe('unknown');
    machine.sandbox.faults.set({ failNext: 1, failNextPath: '/v1/withdraw/add' });
    expect((await execute(app, 3)).row.state).toBe('unknown');
    // An unknown row is never sent again, whatever is pressed.
    expect((await execute(app, 2)).result).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    // A wrong code is a refusal (z-codes.ts): nothing moved, and the row goes once with a right code.
    expect((await execute(app, 4, '000000')).row.state).toBe('refused');
    expect((await execute(app, 4)).row.state).toBe('succeeded');

    // Row 5 leaves and the app "dies" while the service holds it: the next run reads the files as they are.
    machine.sandbox.faults.set({ holdPath: '/v1/withdraw/add' });
    const pending = execute(app, 5);
    await machine.sandbox.faults.whenHeld(1);
    const next = await machine.launch();
    await next.signIn('alice');
    await toBusinessAccount(next);
    machine.sandbox.faults.releaseHeld();
    await pending;
    await app.close();
    app = next;
    machine.sandbox.faults.reset();

    let view = await app.value<DraftView>('payouts.get', { draftId: draft.draftId });
    expect(view.rows.map((row) => row.state)).toEqual([
      'succeeded',
      'unknown',
      'unknown',
      'succeeded',
      'unknown',
      'waiting',
      'waiting',
      'waiting',
    ]);
    // Row 5's withdrawal came back from the money journal as unknown: never sent again, only looked up.
    acknowledged.push(view.rows[4]?.intentId ?? '');
    expect((await execute(app, 5)).result).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    for (const n of [6, 7]) expect((await execute(app, n)).row.state).toBe('succeeded');
    expect(
      await app.value<PayoutRowView>('payouts.skipRow', { draftId: draft.draftId, reference: 'WD-8' }),
    ).toMatchObject({ state: 'skipped' });

    // Check status finds rows 2 and 5 in the history; row 3 stays unknown, since absence proves nothing.
    for (const reference of ['WD-2', 'WD-3', 'WD-5'])
      await app.value('payouts.checkRow', { draftId: draft.draftId, reference });
    view = await app.value<DraftView>('payouts.get', { draftId: draft.draftId });
    expect(view.rows.map((row) => row.state)).toEqual([
      'succeeded',
      'succeeded',
      'unknown',
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
      'skipped',
    ]);
    for (const row of view.rows) {
      const paid = row.state === 'succeeded' ? 1 : 0;
      expect([row.reference, machine.moved(row.reference)]).toEqual([row.reference, paid]);
      expect(machine.sent(row.reference)).toBeLessThanOrEqual(row.reference === 'WD-4' ? 2 : 1);
    }
    // Every request carried the member reference the addresses are verified under, and the row's reference.
    for (const body of machine.withdrawRequests) {
      expect(body).toMatchObject({ ReferenceId: MEMBER, Symbol: 'ETH', Address: ETH_ADDRESS });
      expect(String(body.MerchantTransactionId)).toMatch(/^WD-[1-7]$/);
    }
  });
});
