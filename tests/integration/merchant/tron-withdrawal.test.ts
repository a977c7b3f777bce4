import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantBalanceRow, MerchantDepositAddressView } from '../../../src-preload/contract/merchant';
import type {
  UnresolvedWithdrawal,
  WithdrawOutcome,
  WithdrawReview,
  WithdrawStatus,
} from '../../../src-preload/contract/withdraw';
import { zCodes } from '../../../src-main/service/z-codes';
import type { ServiceProfile } from '../../../sandbox/profile';
import {
  confirmWithdrawal,
  setUpTreasury,
  startMerchantMachine,
  type MerchantLaunch,
  type MerchantMachine,
} from '../support/merchant-app';

// Tether's TRC-20 contract address: a real T-address.
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

// USDT on TRON through Interface B, against the sandbox playing the wider service, in both profiles:
// NetworkId 6 on every body, verified, withdrawn once.
describe.each<ServiceProfile>(['kind', 'strict'])('USDT on TRON through the merchant API, %s profile', (profile) => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;
  const sent: Array<{ path: string; body: Record<string, unknown> }> = [];

  beforeAll(async () => {
    machine = await startMerchantMachine({ profile, widerService: true });
    const appFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (url.pathname.startsWith('/v1/') && typeof init?.body === 'string')
        sent.push({ path: url.pathname, body: JSON.parse(init.body) as Record<string, unknown> });
      return appFetch(input, init);
    };
    app = await machine.launch({ requestTimeoutMs: 5_000 });
    await app.signIn('alice');
    await setUpTreasury(machine, app, [{ code: 'TRX-USD', address: TRON_ADDRESS }]);
  });
  afterAll(async () => {
    await machine?.close();
  });

  const bodiesTo = (path: string) => sent.filter((entry) => entry.path === path).map((entry) => entry.body);
  const unknownIds = async () =>
    (await app.value<UnresolvedWithdrawal[]>('withdraw.unresolved')).map((entry) => entry.review.intentId);
  const confirmTron = async (amount: string) =>
    confirmWithdrawal(app, machine, amount, {
      code: 'TRX-USD',
      address: TRON_ADDRESS,
      acknowledgedIntentIds: await unknownIds(),
    });
  const submit = async (intent: WithdrawReview) =>
    app.call('withdraw.execute', { intentId: intent.intentId, tfaCode: await machine.nextCode() });
  const check = async (intent: WithdrawReview) =>
    (await app.value<{ status: WithdrawStatus }>('withdraw.reconcile', { intentId: intent.intentId })).status;

  afterEach(() => {
    machine.sandbox.faults.reset();
  });

  it('verifies the T-address with USDT and NetworkId 6, and withdraws it once', async () => {
    for (const path of ['/v1/verify/start', '/v1/verify/confirmAmount'])
      expect(bodiesTo(path).at(-1), path).toMatchObject({ Symbol: 'USDT', NetworkId: 6 });
    const review = await confirmWithdrawal(app, machine, '12.5', { code: 'TRX-USD', address: TRON_ADDRESS });
    expect(review).toMatchObject({ code: 'TRX-USD', verified: true });
    const outcome = await app.value<WithdrawOutcome>('withdraw.execute', {
      intentId: review.intentId,
      tfaCode: await machine.nextCode(),
    });
    expect(outcome).toBeTruthy();
    expect(bodiesTo('/v1/withdraw/add')).toEqual([
      expect.objectContaining({ Symbol: 'USDT', NetworkId: 6, Address: TRON_ADDRESS, Amount: 12.5 }),
    ]);
    expect(machine.sandbox.movements().filter((movement) => movement.kind === 'withdraw')).toEqual([
      expect.objectContaining({ symbol: 'TRX-USD', amount: '12.5', address: TRON_ADDRESS }),
    ]);
  });

  it('each code docs/z-codes.md reads as a refusal refuses a TRON withdrawal in words and leaves nothing unknown', async () => {
    const intent = await confirmTron('1.25');
    const refusals = zCodes.filter((entry) => entry.reading === 'refusal').map((entry) => entry.code);
    for (const zCode of refusals) {
      machine.sandbox.faults.set({
        unexpectedAnswerNext: { commit: 'none', zCode, status: zCode === 'Z429' ? 429 : 400 },
      });
      const answer = await submit(intent);
      expect(answer.ok, zCode).toBe(false);
      if (!answer.ok) expect(answer.error.code, zCode).not.toBe('outcome_unknown');
      expect(await unknownIds(), zCode).toEqual([]);
    }
    expect(machine.moved(intent.merchantTransactionId)).toBe(0);
  });

  it('Z501 on a TRON withdrawal that moved: the look-up made at once settles it', async () => {
    const intent = await confirmTron('1.5');
    machine.sandbox.faults.set({ unexpectedAnswerNext: { commit: 'now', zCode: 'Z501', status: 400 } });
    expect(await submit(intent)).toMatchObject({ ok: true, value: { success: true } });
    expect(await unknownIds()).not.toContain(intent.intentId);
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
  });

  it('Z509 on a TRON withdrawal: waiting for e-mail approval until the look-up finds it', async () => {
    const intent = await confirmTron('1.75');
    machine.sandbox.faults.set({
      unexpectedAnswerNext: { commit: 'late', zCode: 'Z509', status: 400 },
      holdLateCommits: true,
    });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    expect(await check(intent)).toMatchObject({ state: 'unknown', awaiting: 'email-approval' });
    expect(machine.sandbox.releaseLateCommits()).toBe(1);
    expect(await check(intent)).toMatchObject({ state: 'succeeded' });
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
  });

  it('makes a TRON deposit address on TRON, and lists TRON balances under their own codes', async () => {
    const created = await app.value<MerchantDepositAddressView>('merchant.depositCreate', {
      code: 'TRX-USD',
      label: 'Order tron',
      referenceId: `tron-${profile}`,
      callbackUrl: 'https://shop.example/cb',
    });
    expect(bodiesTo('/v1/deposit/address/create').at(-1)).toMatchObject({ Symbol: 'USDT', NetworkId: 6 });
    expect(created).toMatchObject({ code: 'TRX-USD', network: 'Tron Mainnet' });
    expect(created.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const rows = await app.value<MerchantBalanceRow[]>('merchant.balances');
    expect(rows.filter((row) => row.network === 'TRON').map((row) => row.code)).toEqual(['TRX', 'TRX-USD']);
  });

  it('refuses SOL and AVAX before anything is sent: the merchant API has no NetworkId for them', async () => {
    const before = sent.length;
    for (const code of ['SOL', 'AVAX']) {
      const refused = await app.call('merchant.depositCreate', {
        code,
        label: 'Order',
        referenceId: `no-${code}-${profile}`,
        callbackUrl: 'https://shop.example/cb',
      });
      expect(refused, code).toMatchObject({ ok: false, error: { code: 'invalid_symbol', field: 'code' } });
    }
    expect(sent.length).toBe(before);
  });
});
