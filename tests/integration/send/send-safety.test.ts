import Decimal from 'decimal.js';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendAsset, SendOutcome, SendPrecheck, SendReview, SendStatus } from '../../../src-preload/contract/send';
import { createSendService } from '../../../src-main/features/send';
import { startMoneyApp, type MoneyApp } from '../support/money-app';
import { profiles } from '../support/money-faults';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const EVM_DESTINATION = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function balanceOf(app: MoneyApp, code: string): Promise<Decimal> {
  const assets = await app.value<SendAsset[]>('send.assets');
  return new Decimal(assets.find((asset) => asset.code === code)?.balance ?? 'NaN');
}

async function prepare(
  app: MoneyApp,
  input: { code?: string; address?: string; amount?: string; feeRate?: 0 | 1 | 2 } = {},
): Promise<SendReview> {
  const precheck = await app.value<SendPrecheck>('send.precheck', {
    code: input.code ?? 'BTC',
    address: input.address ?? BTC_DESTINATION,
    amount: input.amount ?? '0.0005',
  });
  // Earlier tests leave unknown sends on purpose; a new one goes past them only by acknowledging them.
  const unresolved = await app.value<{ review: SendReview }[]>('send.unresolved');
  return app.value<SendReview>('send.confirm', {
    precheckId: precheck.precheckId,
    feeRate: input.feeRate ?? 1,
    acknowledgedIntentIds: unresolved.map((entry) => entry.review.intentId),
  });
}

function sendsWith(app: MoneyApp, referenceId: string): number {
  return app.requests.filter((request) => request.path === '/send' && request.body?.referenceId === referenceId).length;
}

// Against the kind sandbox and the strict one (no de-duplication, the code checked first): security.md 21-29
// must not rest on the service being kind.
describe.each(profiles)('send is safe against mistakes and double spending, %s service', (profile) => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ serviceProfile: profile });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses an address with a bad checksum or the wrong network before any precheck reaches the service', async () => {
    const before = app.count('POST', '/send/precheck');
    const wrongCase = EVM_DESTINATION.replace('a', 'A'); // breaks the EIP-55 checksum
    const cases = [
      { code: 'ETH', address: wrongCase },
      { code: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' }, // last character changed
      { code: 'BTC', address: 'ltc1qpvc9275lcn5suv6c0k3v0mq3xedcpfw24vvr3x' }, // a Litecoin address
      { code: 'USDT', address: '0x1234' },
      { code: 'LTC', address: '' },
    ];
    for (const input of cases) {
      const error = await app.failure('send.precheck', { ...input, amount: '0.01' });
      expect(error, input.address).toMatchObject({ code: 'invalid_address', field: 'address' });
    }
    expect(app.count('POST', '/send/precheck')).toBe(before);
  });

  it('says Insufficient balance at the amount field, and refuses a fee the balance cannot cover', async () => {
    const error = await app.failure('send.precheck', { code: 'BTC', address: BTC_DESTINATION, amount: '100000' });
    expect(error).toMatchObject({ code: 'insufficient_balance', field: 'amount' });
    expect(error.message).toMatch(/Insufficient balance/);

    const max = await app.value<SendPrecheck>('send.precheck', {
      code: 'BTC',
      address: BTC_DESTINATION,
      amount: 'max',
      maxFeeRate: 0,
    });
    expect(max.feeOptions.map((option) => option.affordable)).toEqual([true, false, false]);
    const refused = await app.failure('send.confirm', { precheckId: max.precheckId, feeRate: 2 });
    expect(refused).toMatchObject({ code: 'insufficient_balance', field: 'amount' });
  });

  it('a wrong code is refused at the code field and moves nothing; the same reference then goes through once', async () => {
    const before = await balanceOf(app, 'BTC');
    const review = await prepare(app);
    const wrong = await app.failure('send.execute', { intentId: review.intentId, tfaCode: '000000' });
    expect(wrong).toMatchObject({ code: 'invalid_code', field: 'tfa' });
    expect((await balanceOf(app, 'BTC')).equals(before)).toBe(true);
    expect(await app.value<SendStatus>('send.status', { intentId: review.intentId })).toMatchObject({
      state: 'refused',
      canRetry: true,
    });

    const outcome = await app.value<SendOutcome>('send.execute', {
      intentId: review.intentId,
      tfaCode: await app.nextCode(),
    });
    expect(outcome.referenceId).toBe(review.referenceId);
    expect(sendsWith(app, review.referenceId)).toBe(2);
    expect((await balanceOf(app, 'BTC')).toFixed()).toBe(before.minus(review.amount).minus(review.fee).toFixed());

    // A succeeded intent answers from the ledger: no further request, whatever code is given.
    const again = await app.value<SendOutcome>('send.execute', { intentId: review.intentId, tfaCode: '123456' });
    expect(again).toEqual(outcome);
    expect(sendsWith(app, review.referenceId)).toBe(2);
  });

  it('a code that was already used is refused by the service for a new send', async () => {
    const code = await app.nextCode();
    const first = await prepare(app);
    await app.value('send.execute', { intentId: first.intentId, tfaCode: code });
    const before = await balanceOf(app, 'BTC');
    const second = await prepare(app);
    const reused = await app.failure('send.execute', { intentId: second.intentId, tfaCode: code });
    expect(reused).toMatchObject({ code: 'invalid_code', field: 'tfa' });
    expect((await balanceOf(app, 'BTC')).equals(before)).toBe(true);
  });

  it('rejects a malformed code in main without a request', async () => {
    const review = await prepare(app);
    const sent = app.count('POST', '/send');
    for (const tfaCode of ['12345', '1234567', '12a456', ' 123456']) {
      const error = await app.failure('send.execute', { intentId: review.intentId, tfaCode });
      expect(error.code).toBe('bad_input');
    }
    expect(app.count('POST', '/send')).toBe(sent);
    expect(await app.value<SendStatus>('send.status', { intentId: review.intentId })).toMatchObject({
      state: 'confirmed',
    });
  });

  it('double submit: two executes at once make one request; two confirms of one precheck make one intent', async () => {
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'BTC',
      address: BTC_DESTINATION,
      amount: '0.0002',
    });
    const [a, b] = await Promise.all([
      app.value<SendReview>('send.confirm', { precheckId: precheck.precheckId, feeRate: 1 }),
      app.value<SendReview>('send.confirm', { precheckId: precheck.precheckId, feeRate: 1 }),
    ]);
    expect(a.intentId).toBe(b.intentId);
    expect(a.referenceId).toBe(b.referenceId);

    const code = await app.nextCode();
    const results = await Promise.all([
      app.call('send.execute', { intentId: a.intentId, tfaCode: code }),
      app.call('send.execute', { intentId: a.intentId, tfaCode: code }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ ok: false, error: { code: 'in_flight' } });
    expect(sendsWith(app, a.referenceId)).toBe(1);
  });

  it('any change after the precheck needs a new one: confirm accepts only the precheck id, fee and description', async () => {
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'BTC',
      address: BTC_DESTINATION,
      amount: '0.0002',
    });
    const changed = await app.failure('send.confirm', { precheckId: precheck.precheckId, feeRate: 1, amount: '0.5' });
    expect(changed.code).toBe('bad_input');
    const unknown = await app.failure('send.confirm', { precheckId: crypto.randomUUID(), feeRate: 1 });
    expect(unknown.code).toBe('stale_precheck');
    await app.value('send.confirm', { precheckId: precheck.precheckId, feeRate: 1 });
    const otherFee = await app.failure('send.confirm', { precheckId: precheck.precheckId, feeRate: 2 });
    expect(otherFee.code).toBe('stale_precheck');
  });

  it('commit then drop: the outcome is unknown, nothing is resubmitted, and the history look-up finds the one send', async () => {
    const before = await balanceOf(app, 'BTC');
    const review = await prepare(app, { amount: '0.0007' });
    app.sandbox.faults.set({ dropAfterCommitNext: 1 });
    const lost = await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() });
    expect(lost.code).toBe('outcome_unknown');
    expect(await app.value<SendStatus>('send.status', { intentId: review.intentId })).toMatchObject({
      state: 'unknown',
      canRetry: false,
    });

    // A second execute sends nothing while the outcome is unknown.
    expect((await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'outcome_unknown',
    );
    expect(sendsWith(app, review.referenceId)).toBe(1);

    // It stays listed as unresolved (for the screen after a reload or lock) until it is checked.
    const unresolved = await app.value<{ review: SendReview; status: SendStatus }[]>('send.unresolved');
    expect(unresolved.map((entry) => entry.review.referenceId)).toEqual([review.referenceId]);

    const reconciled = await app.value<{ lookup: string; status: SendStatus }>('send.reconcile', {
      intentId: review.intentId,
    });
    expect(reconciled.lookup).toBe('found');
    expect(await app.value('send.unresolved')).toEqual([]);
    expect(reconciled.status).toMatchObject({
      state: 'succeeded',
      outcome: { referenceId: review.referenceId, status: 'Completed' },
    });
    expect(reconciled.status.outcome?.txId).toMatch(/^[0-9a-f]{64}$/);
    expect((await balanceOf(app, 'BTC')).toFixed()).toBe(before.minus(review.amount).minus(review.fee).toFixed());

    // Settled: execute returns the reconciled result, still without a second request.
    const settled = await app.value<SendOutcome>('send.execute', {
      intentId: review.intentId,
      tfaCode: await app.nextCode(),
    });
    expect(settled.txId).toBe(reconciled.status.outcome?.txId);
    expect(sendsWith(app, review.referenceId)).toBe(1);
  });

  it('a server error is an unknown outcome too; a look-up that finds nothing keeps it unknown and offers no retry', async () => {
    const before = await balanceOf(app, 'BTC');
    const review = await prepare(app, { amount: '0.0003' });
    app.sandbox.faults.set({ failNext: 1 });
    expect((await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'outcome_unknown',
    );
    const reconciled = await app.value<{ lookup: string; status: SendStatus }>('send.reconcile', {
      intentId: review.intentId,
    });
    // Absence from history is no proof (security.md 27): still unknown, nothing offered to resend.
    expect(reconciled).toMatchObject({ lookup: 'not_found', status: { state: 'unknown', canRetry: false } });
    expect((await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'outcome_unknown',
    );
    expect(sendsWith(app, review.referenceId)).toBe(1);
    expect((await balanceOf(app, 'BTC')).equals(before)).toBe(true);

    // A new send is refused until the user acknowledges this one by id; the refusal names it in words.
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'BTC',
      address: BTC_DESTINATION,
      amount: '0.0003',
    });
    const refused = await app.failure('send.confirm', { precheckId: precheck.precheckId, feeRate: 1 });
    expect(refused.code).toBe('unresolved_intent');
    expect(refused.message).toContain(`0.0003 BTC to ${BTC_DESTINATION}`);
    expect(refused.message).toContain(review.referenceId);
    expect(refused.message).toMatch(/started at \d{2}:\d{2} on \d{4}-\d{2}-\d{2} \(local time\)/);
    expect(refused.message).not.toMatch(/confirmed|UTC/);
    const next = await app.value<SendReview>('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      acknowledgedIntentIds: [review.intentId],
    });
    expect(next.referenceId).not.toBe(review.referenceId);
  });

  it('a confirmed send whose fees are too old is refused without a request, and must be checked again', async () => {
    let clock = Date.now();
    const session = app.core.session;
    const send = createSendService({ session, logger: app.logger, now: () => clock });
    const unknownIds = (await app.value<{ review: SendReview }[]>('send.unresolved')).map((u) => u.review.intentId);
    const precheck = await send.precheck({ code: 'BTC', address: BTC_DESTINATION, amount: '0.0001' });
    const review = await send.confirm({
      precheckId: precheck.precheckId,
      feeRate: 1,
      acknowledgedIntentIds: unknownIds,
    });
    clock += 6 * 60_000;
    const sent = app.count('POST', '/send');
    await expect(send.execute({ intentId: review.intentId, tfaCode: await app.nextCode() })).rejects.toMatchObject({
      code: 'stale_precheck',
    });
    expect(app.count('POST', '/send')).toBe(sent);
    const late = await send.precheck({ code: 'BTC', address: BTC_DESTINATION, amount: '0.0001' });
    clock += 6 * 60_000;
    await expect(send.confirm({ precheckId: late.precheckId, feeRate: 1 })).rejects.toMatchObject({
      code: 'stale_precheck',
    });
  });

  it('switching account drops the precheck and refuses to send an intent prepared for the other account', async () => {
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'BTC',
      address: BTC_DESTINATION,
      amount: '0.0001',
    });
    const review = await prepare(app, { amount: '0.0001' });
    const home = app.core.session.activeAccount();
    await app.switchTo('Agent');
    expect((await app.failure('send.confirm', { precheckId: precheck.precheckId, feeRate: 1 })).code).toBe(
      'stale_precheck',
    );
    const sent = app.count('POST', '/send');
    expect((await app.failure('send.execute', { intentId: review.intentId, tfaCode: await app.nextCode() })).code).toBe(
      'stale_precheck',
    );
    expect(app.count('POST', '/send')).toBe(sent);
    await app.value('session.switchAccount', { accountGuid: home.guid });
  });

  it('warns about a look-alike of an address from the history, at precheck and again on review', async () => {
    const first = await prepare(app, { code: 'ETH', address: EVM_DESTINATION, amount: '0.001' });
    await app.value('send.execute', { intentId: first.intentId, tfaCode: await app.nextCode() });
    // Same first and last characters, one digit different in the middle, valid checksum.
    const body = EVM_DESTINATION.slice(2).toLowerCase();
    const middle = body.length / 2;
    const lookalike = getAddress(
      `0x${body.slice(0, middle)}${body[middle] === '0' ? '1' : '0'}${body.slice(middle + 1)}`,
    );
    const precheck = await app.value<SendPrecheck>('send.precheck', {
      code: 'ETH',
      address: lookalike,
      amount: '0.001',
    });
    expect(precheck.poisoningWarning).toMatchObject({ lookalike: EVM_DESTINATION, source: 'history' });
    const review = await app.value<SendReview>('send.confirm', {
      precheckId: precheck.precheckId,
      feeRate: 1,
      acknowledgedIntentIds: (await app.value<{ review: SendReview }[]>('send.unresolved')).map(
        (entry) => entry.review.intentId,
      ),
    });
    expect(review.poisoningWarning?.lookalike).toBe(EVM_DESTINATION);

    const exact = await app.value<SendPrecheck>('send.precheck', {
      code: 'ETH',
      address: EVM_DESTINATION,
      amount: '0.001',
    });
    expect(exact.poisoningWarning).toBeNull();
  });

  it('never lets a two-factor code reach the logs, the bridge results or any request but the send itself', async () => {
    const review = await prepare(app);
    const code = await app.nextCode();
    await app.value('send.execute', { intentId: review.intentId, tfaCode: code });
    expect(app.logger.text()).not.toContain(code);
    expect(app.bridgeTraffic.join('\n')).not.toContain(code);
    const carrying = app.requests.filter((request) => request.headers.tfa === code);
    expect(carrying.map((request) => request.path)).toEqual(['/send']);
    expect(
      app.requests.filter(
        (request) => request.path !== '/send' && request.path !== '/swap' && 'tfa' in request.headers,
      ),
    ).toEqual([]);
  });
});

describe('send and roles', () => {
  let app: MoneyApp;

  beforeAll(async () => {
    app = await startMoneyApp({ username: 'bob' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a role that may not send is told so in words, before anything reaches the service', async () => {
    const error = await app.failure('send.precheck', { code: 'BTC', address: BTC_DESTINATION, amount: '0.001' });
    expect(error.code).toBe('forbidden');
    expect(error.message).toBe(
      'Your role (Viewer) in Northwind Payments cannot send. Ask an administrator of the account.',
    );
    expect(app.count('POST', '/send/precheck')).toBe(0);
  });

  it("the service's own 403 reads the same way (when the app's check is bypassed)", async () => {
    const session = app.core.session;
    const unguarded = createSendService({
      session: { ...session, requireMoneyMovingRole: () => session.activeAccount() },
      logger: app.logger,
    });
    const precheck = await unguarded.precheck({ code: 'BTC', address: BTC_DESTINATION, amount: '0.001' });
    const review = await unguarded.confirm({ precheckId: precheck.precheckId, feeRate: 1 });
    const refused = await unguarded.execute({ intentId: review.intentId, tfaCode: await app.nextCode() }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(app.count('POST', '/send')).toBe(1);
    expect(refused).toMatchObject({
      code: 'forbidden',
      message: 'Your role (Viewer) in Northwind Payments cannot send. Ask an administrator of the account.',
    });
    expect(unguarded.status(review.intentId).state).toBe('refused');
  });
});
