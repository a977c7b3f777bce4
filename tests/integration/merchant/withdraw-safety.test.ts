import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UnresolvedWithdrawal, WithdrawReview, WithdrawStatus } from '../../../src-preload/contract/withdraw';
import type { ServiceProfile } from '../../../sandbox/profile';
import {
  confirmWithdrawal,
  ETH_ADDRESS,
  MEMBER,
  setUpTreasury,
  sleep,
  startMerchantMachine,
  type MerchantLaunch,
  type MerchantMachine,
} from '../support/merchant-app';

// security.md 27-29: at most one money movement per confirmed withdrawal
// in every fault, counted in the sandbox's own books; "Check status" never sends; "not found" keeps the
// outcome unknown; a new withdrawal beside an unknown one needs the user's acknowledgement by id.

/**
 * The client's timeout, and a service slower than it for the timeout case. Generous, so a loaded machine
 * does not turn an ordinary call into a timeout (and a fault armed for it onto the next call).
 */
const TIMEOUT_MS = 6_000;
const SLOWER_THAN_TIMEOUT_MS = TIMEOUT_MS + 1_000;

describe.each<ServiceProfile>(['kind', 'strict'])('withdrawals against the %s sandbox', (profile) => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;

  const submit = async (intent: WithdrawReview, tfaCode?: string) =>
    app.call('withdraw.execute', { intentId: intent.intentId, tfaCode: tfaCode ?? (await machine.nextCode()) });
  /** "Check status": what the look-up left the withdrawal as. */
  const check = async (intent: WithdrawReview, launch: MerchantLaunch = app) =>
    (await launch.value<{ status: WithdrawStatus }>('withdraw.reconcile', { intentId: intent.intentId })).status;
  /** The withdrawals with an unknown outcome main lists, as the warning names them. */
  const unknownIds = async () =>
    (await app.value<UnresolvedWithdrawal[]>('withdraw.unresolved')).map((entry) => entry.review.intentId);
  /** A new withdrawal, acknowledging every earlier unknown one (as the user does after the warning). */
  const confirm = async (amount: string, code = 'ETH') =>
    confirmWithdrawal(app, machine, amount, { acknowledgedIntentIds: await unknownIds(), code });

  beforeAll(async () => {
    machine = await startMerchantMachine({ profile });
    app = await machine.launch({ requestTimeoutMs: TIMEOUT_MS });
    await app.signIn('alice');
    await setUpTreasury(machine, app, [
      { code: 'ETH', address: ETH_ADDRESS },
      { code: 'BSC-USD', address: ETH_ADDRESS },
    ]);
  });
  afterEach(() => {
    machine.sandbox.faults.reset();
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('duplicate clicks: one request, one movement', async () => {
    const intent = await confirm('0.0101');
    const tfaCode = await machine.nextCode();
    const results = await Promise.all([submit(intent, tfaCode), submit(intent, tfaCode), submit(intent, tfaCode)]);
    expect(results.filter((result) => result.ok)).not.toHaveLength(0);
    for (const result of results) if (!result.ok) expect(result.error.code).toBe('in_flight');
    expect(await submit(intent)).toMatchObject({ ok: true, value: { success: true } });
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
  });

  // A refusal code beside a status or data that say otherwise is no refusal.
  it('an answer whose status, envelope code and data disagree is unknown; the same id is never sent again', async () => {
    const intent = await confirm('0.0111');
    // The sandbox commits the withdrawal; the answer then says 400 with a "wrong code" beside a success.
    machine.withdrawAnswer.reshape = ({ json }) => ({
      status: 400,
      json: { ...json, code: 200, message: 'Z202' },
    });
    try {
      expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    } finally {
      machine.withdrawAnswer.reshape = null;
    }
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
    expect(await check(intent)).toMatchObject({ state: 'succeeded' });
  });

  // The acknowledgement is checked again when the withdrawal leaves, not only when it is confirmed.
  it('a withdrawal confirmed before another became unknown is refused when sent until that one is acknowledged', async () => {
    const first = await confirm('0.0112');
    const second = await confirm('0.0113');
    machine.sandbox.faults.set({ dropAfterCommitNext: 1 });
    expect(await submit(first)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });

    const refused = await submit(second);
    expect(refused).toMatchObject({ ok: false, error: { code: 'unresolved_intent' } });
    if (!refused.ok) expect(refused.error.message).toContain(first.merchantTransactionId);
    expect(machine.sent(second.merchantTransactionId)).toBe(0);
    // Ids the user was not shown acknowledge nothing.
    expect(
      await app.call('withdraw.execute', {
        intentId: second.intentId,
        tfaCode: await machine.nextCode(),
        acknowledgedIntentIds: [randomUUID()],
      }),
    ).toMatchObject({ ok: false, error: { code: 'unresolved_intent' } });
    expect(machine.sent(second.merchantTransactionId)).toBe(0);

    const sent = await app.call('withdraw.execute', {
      intentId: second.intentId,
      tfaCode: await machine.nextCode(),
      acknowledgedIntentIds: await unknownIds(),
    });
    expect(sent).toMatchObject({ ok: true, value: { success: true } });
    expect(machine.sent(second.merchantTransactionId)).toBe(1);
    expect(machine.moved(second.merchantTransactionId)).toBe(1);
    expect(machine.moved(first.merchantTransactionId)).toBe(1);
    expect(await check(first)).toMatchObject({ state: 'succeeded' });
  });

  it('commit then drop: unknown, never re-sent, kept over a restart; check status finds it without a code', async () => {
    const intent = await confirm('0.0102');
    machine.sandbox.faults.set({ dropAfterCommitNext: 1 });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });

    const restarted = await machine.launch();
    await restarted.signIn('alice');
    const listed = await restarted.value<UnresolvedWithdrawal[]>('withdraw.unresolved');
    expect(listed).toContainEqual(
      expect.objectContaining({
        review: expect.objectContaining({ intentId: intent.intentId, amount: '0.0102' }),
        status: expect.objectContaining({ state: 'unknown' }),
      }),
    );
    const checked = await check(intent, restarted);
    expect(checked).toMatchObject({ state: 'succeeded', outcome: { success: true } });
    // The first run (still open in this test) learns the same from its own look-up.
    expect(await check(intent)).toMatchObject({ state: 'succeeded' });
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
    await restarted.close();
  });

  it('a 5xx before anything moved: unknown (never refused), not found keeps it unknown, a new one needs acknowledgement', async () => {
    const intent = await confirm('0.0103');
    machine.sandbox.faults.set({ failNext: 1 });
    const failed = await submit(intent);
    expect(failed).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    const acknowledgedBefore = (await unknownIds()).filter((id) => id !== intent.intentId);
    const checked = await check(intent);
    expect(checked).toMatchObject({ state: 'unknown', error: { code: 'outcome_unknown' } });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(0);

    // A new withdrawal names the earlier one until the user acknowledges it by id.
    const refused = await app.call('withdraw.confirm', {
      formId: crypto.randomUUID(),
      referenceId: MEMBER,
      code: 'ETH',
      address: ETH_ADDRESS,
      amount: '0.0103',
      label: 'payout',
      email: machine.merchant.email,
      acknowledgedIntentIds: acknowledgedBefore,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'unresolved_intent' } });
    if (!refused.ok) {
      expect(refused.error.message).toContain(intent.merchantTransactionId);
      expect(refused.error.message).toContain('0.0103 ETH');
      expect(refused.error.message).toContain(ETH_ADDRESS);
    }
    const next = await confirm('0.0103');
    expect(next.merchantTransactionId).not.toBe(intent.merchantTransactionId);
  });

  it('timeout: the app stops waiting; the outcome is unknown, nothing is re-sent, at most one movement', async () => {
    const intent = await confirm('0.0104');
    machine.sandbox.faults.set({ latencyMs: SLOWER_THAN_TIMEOUT_MS });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    machine.sandbox.faults.reset();
    await sleep(SLOWER_THAN_TIMEOUT_MS - TIMEOUT_MS + 500);
    // Whether the service still carried out the abandoned request is its own affair; the app learns it
    // from the history and never from a second request.
    const moved = machine.moved(intent.merchantTransactionId);
    expect(moved).toBeLessThanOrEqual(1);
    expect((await check(intent)).state).toBe(moved === 1 ? 'succeeded' : 'unknown');
    expect(await submit(intent)).toMatchObject(
      moved === 1 ? { ok: true, value: { success: true } } : { ok: false, error: { code: 'outcome_unknown' } },
    );
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
  });

  it('late commit: not found at first stays unknown (absence is no proof); found once it lands', async () => {
    const intent = await confirm('0.0105');
    // The sandbox holds the commit until the test releases it: the look-ups below come first on any machine.
    machine.sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    for (let look = 0; look < 2; look += 1) expect((await check(intent)).state).toBe('unknown');
    // Not found is no licence to send it again.
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    expect(machine.moved(intent.merchantTransactionId)).toBe(0);
    expect(machine.sandbox.releaseLateCommits()).toBe(1);
    expect(await check(intent)).toMatchObject({ state: 'succeeded' });
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
  });

  it('429: a definite refusal; the deliberate retry reuses the same merchant transaction id and moves once', async () => {
    const intent = await confirm('0.0106');
    machine.sandbox.faults.set({ rateLimitNext: 1 });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    expect((await app.value<WithdrawStatus>('withdraw.status', { intentId: intent.intentId })).state).toBe('refused');
    expect(await submit(intent)).toMatchObject({ ok: true, value: { success: true } });
    expect(machine.sent(intent.merchantTransactionId)).toBe(2);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
  });

  it('a wrong code is a refusal; the retry with the same merchant transaction id moves once', async () => {
    const intent = await confirm('0.0107');
    const wrong = await submit(intent, '000000');
    expect(wrong).toMatchObject({
      ok: false,
      error: { code: profile === 'strict' ? 'invalid_code' : 'bad_input' },
    });
    expect(await submit(intent)).toMatchObject({ ok: true, value: { success: true } });
    expect(
      machine.withdrawRequests.filter((body) => body.MerchantTransactionId === intent.merchantTransactionId),
    ).toEqual([
      expect.objectContaining({ Amount: 0.0107, Address: ETH_ADDRESS }),
      expect.objectContaining({ Amount: 0.0107, Address: ETH_ADDRESS }),
    ]);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
  });

  it.each([
    ['Z777', 'now', 1],
    ['Z777', 'none', 0],
    ['Z509', 'late', 1],
  ] as const)('an unexpected %s (money moves: %s) is unknown, never refused', async (zCode, commit, moves) => {
    const intent = await confirm('0.0108');
    machine.sandbox.faults.set({ unexpectedAnswerNext: { commit, zCode, status: 400 }, holdLateCommits: true });
    const answer = await submit(intent);
    expect(answer).toMatchObject({
      ok: false,
      // Z509 waits for e-mail approval: the money may still move once approved (docs/z-codes.md).
      error: { code: 'outcome_unknown', message: expect.stringMatching(/may have moved|may still move/) },
    });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    if (commit === 'late') {
      // Held until released: the service commits after the app has looked, and not found stays unknown.
      expect((await check(intent)).state).toBe('unknown');
      expect(machine.moved(intent.merchantTransactionId)).toBe(0);
    }
    expect(machine.sandbox.releaseLateCommits()).toBe(commit === 'late' ? 1 : 0);
    const checked = await check(intent);
    expect(checked.state).toBe(moves === 1 ? 'succeeded' : 'unknown');
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(moves);
  });

  it('an identical earlier withdrawal: each confirmation has its own id and moves once; neither settles the other', async () => {
    const first = await confirm('0.0109');
    // Held until released, so the first lands only after the second and the look-up between them.
    machine.sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true });
    expect(await submit(first)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    const second = await confirm('0.0109');
    expect(await submit(second)).toMatchObject({ ok: true, value: { success: true } });
    // The identical second withdrawal is in history now, but under its own id: the first stays unknown.
    expect((await check(first)).state).toBe('unknown');
    expect(machine.moved(first.merchantTransactionId)).toBe(0);
    expect(machine.sandbox.releaseLateCommits()).toBe(1);
    expect((await check(first)).state).toBe('succeeded');
    expect(machine.moved(first.merchantTransactionId)).toBe(1);
    expect(machine.moved(second.merchantTransactionId)).toBe(1);
  });

  it('restart with a withdrawal in flight: the next run lists it unknown, will not send it, finds it once', async () => {
    const intent = await confirm('0.0110');
    machine.sandbox.faults.set({ latencyMs: 1_000 });
    const inFlight = submit(intent);
    await sleep(300);
    // The app "quits" mid-request: a new run reads what the journal holds.
    const next = await machine.launch();
    await next.signIn('alice');
    const listed = await next.value<UnresolvedWithdrawal[]>('withdraw.unresolved');
    expect(listed).toContainEqual(
      expect.objectContaining({
        review: expect.objectContaining({ intentId: intent.intentId }),
        status: expect.objectContaining({ state: 'unknown' }),
      }),
    );
    expect(
      await next.call('withdraw.execute', { intentId: intent.intentId, tfaCode: await machine.nextCode() }),
    ).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    await inFlight;
    machine.sandbox.faults.reset();
    expect(await check(intent, next)).toMatchObject({ state: 'succeeded' });
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
    await next.close();
  });

  it('no code is spent in vain: an amount over the merchant balance of that network is refused at confirmation', async () => {
    const balances = await app.value<Array<{ field: string; amount: string }>>('merchant.balances');
    const bsc = balances.find((row) => row.field === 'bscusdBalance')?.amount as string;
    const sentBefore = machine.withdrawRequests.length;
    const refused = await app.call('withdraw.confirm', {
      formId: crypto.randomUUID(),
      referenceId: MEMBER,
      code: 'BSC-USD',
      address: ETH_ADDRESS,
      amount: new Decimal(bsc).plus(1).toFixed(),
      label: '',
      email: machine.merchant.email,
      acknowledgedIntentIds: await unknownIds(),
    });
    expect(refused).toMatchObject({
      ok: false,
      // The balance is named as the window's language writes it (English here: 191,438.097004).
      error: { code: 'insufficient_balance', message: expect.stringContaining(englishDecimal(bsc)) },
    });
    expect(machine.withdrawRequests.length).toBe(sentBefore);
  });

  it('a verified address listed as the asset name plus network id (the SDK form) matches its network only', async () => {
    machine.listing.asAssetName = true;
    try {
      const listed = await app.value<Array<{ code: string; networkId: number }>>('merchant.verifiedList', {
        referenceId: MEMBER,
      });
      expect(listed).toContainEqual(expect.objectContaining({ code: 'BSC-USD', networkId: 4 }));
      const bsc = await confirm('0.01', 'BSC-USD');
      expect(bsc).toMatchObject({ verified: true, code: 'BSC-USD' });
      // USDT on Ethereum was never verified: the same address under USDT + network 3 is not a match.
      expect(
        await app.call('withdraw.confirm', {
          formId: crypto.randomUUID(),
          referenceId: MEMBER,
          code: 'USDT',
          address: ETH_ADDRESS,
          amount: '0.01',
          label: '',
          email: machine.merchant.email,
          acknowledgedIntentIds: await unknownIds(),
        }),
      ).toMatchObject({ ok: false, error: { code: 'forbidden', field: 'address' } });
    } finally {
      machine.listing.asAssetName = false;
    }
  });
});

function englishDecimal(text: string): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 }).format(text as Intl.StringNumericLiteral);
}
