import Decimal from 'decimal.js';
import { generateSync } from 'otplib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BTC_ADDRESS,
  ETH_ADDRESS,
  md5,
  startInterfaceB,
  totp,
  verifyConfirmBody,
  verifyStartBody,
  withdrawBody,
  type Envelope,
  type Harness,
} from './interface-b-harness';

let h: Harness;
// Only Date is faked: TOTP codes follow the clock, and each test steps it 30 s to get a fresh code.
const T0 = Date.parse('2026-11-22T02:00:10Z');
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  h = await startInterfaceB();
});
afterEach(async () => {
  await h.close();
  vi.useRealTimers();
});

const nextTimeStep = () => vi.setSystemTime(Date.now() + 30_000);

function expectZ(res: { status: number; body: Envelope }, zcode: string) {
  expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: null, code: 400, message: zcode });
}

const ref = 'member-42';
const ethStart = { ReferenceId: ref, Symbol: 'ETH', NetworkId: 3, Address: ETH_ADDRESS, Label: 'Treasury cold' };

async function startVerification(): Promise<{ txId: string; amount: number }> {
  const res = await h.call('/v1/verify/start', verifyStartBody(h.merchant, ethStart));
  expect(res.status).toBe(200);
  return res.body.data as { txId: string; amount: number };
}

describe('Interface B address verification', () => {
  it('sends a small seeded amount, confirms only that exact amount, then lists the address', async () => {
    const started = await startVerification();
    expect(started.txId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(started.amount).toBeGreaterThanOrEqual(0.00001);
    expect(started.amount).toBeLessThan(0.0001);
    expect(new Decimal(started.amount).decimalPlaces()).toBeLessThanOrEqual(8);

    const confirm = (Amount: number) =>
      h.call(
        '/v1/verify/confirmAmount',
        verifyConfirmBody(h.merchant, { ReferenceId: ref, Symbol: 'ETH', NetworkId: 3, Amount }),
      );
    const listed = () => h.call('/v1/merchant/withdraw/withdrawableAssets', { ReferenceId: ref });

    const wrong = new Decimal(started.amount).plus('0.00000001').toNumber();
    expect((await confirm(wrong)).body.data).toEqual({ isVerified: false });
    expect((await listed()).body.data).toEqual([]);

    expect((await confirm(started.amount)).body.data).toEqual({ isVerified: true });
    expect((await listed()).body.data).toEqual([
      { symbol: 'ETH', networkId: 3, referenceId: ref, address: ETH_ADDRESS, label: 'Treasury cold' },
    ]);
    // Another merchant does not see it.
    expect(
      (await h.call('/v1/merchant/withdraw/withdrawableAssets', { ReferenceId: ref }, { as: h.other })).body.data,
    ).toEqual([]);
  });

  it('compares amounts as decimals: a trailing zero is the same amount', async () => {
    const started = await startVerification();
    const padded = `${new Decimal(started.amount).toFixed(8)}0`;
    // Sent as a decimal string; the hash covers the amount text as sent.
    const body = {
      ReferenceId: ref,
      Symbol: 'ETH',
      NetworkId: 3,
      Amount: padded,
      Hash: md5(`ETH3${padded}${ref}${h.merchant.secretKey}`),
    };
    expect((await h.call('/v1/verify/confirmAmount', body)).body.data).toEqual({ isVerified: true });
  });

  it('allows retries after a wrong amount, but voids the amount after five wrong ones (Z500 until restarted)', async () => {
    const started = await startVerification();
    const confirm = (Amount: number) =>
      h.call(
        '/v1/verify/confirmAmount',
        verifyConfirmBody(h.merchant, { ReferenceId: ref, Symbol: 'ETH', NetworkId: 3, Amount }),
      );
    for (let i = 1; i <= 5; i += 1) {
      expect((await confirm(new Decimal(started.amount).plus(i).toNumber())).body.data).toEqual({ isVerified: false });
    }
    expectZ(await confirm(started.amount), 'Z500');
    const restarted = await startVerification();
    expect((await confirm(restarted.amount)).body.data).toEqual({ isVerified: true });
  });
});

describe('Interface B withdrawals', () => {
  const payout = {
    ReferenceId: ref,
    Amount: 0.0123,
    Symbol: 'ETH',
    NetworkId: 3,
    Address: ETH_ADDRESS,
    MerchantTransactionId: 'payout-0001',
  };

  it('withdraws to a verified address and debits the balance exactly', async () => {
    const started = await startVerification();
    await h.call(
      '/v1/verify/confirmAmount',
      verifyConfirmBody(h.merchant, { ReferenceId: ref, Symbol: 'ETH', NetworkId: 3, Amount: started.amount }),
    );
    const before = (await h.balances()).ethBalance as number;
    const res = await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout));
    expect(res.status).toBe(200);
    const data = res.body.data as { txId: string; explorerUrl: string; success: boolean };
    expect(data.success).toBe(true);
    expect(data.txId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(data.explorerUrl).toBe(`https://etherscan.io/tx/${data.txId}`);
    const after = (await h.balances()).ethBalance as number;
    expect(new Decimal(before).minus(after).toFixed()).toBe('0.0123');
  });

  it('accepts a two-factor code once only (RFC 6238 §5.2)', async () => {
    const code = totp(h.merchant);
    expect((await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout, { TfaCode: code }))).status).toBe(200);
    const before = await h.balances();
    expectZ(
      await h.call(
        '/v1/withdraw/add',
        withdrawBody(h.merchant, { ...payout, MerchantTransactionId: 'payout-0002' }, { TfaCode: code }),
      ),
      'Z600',
    );
    expect(await h.balances()).toEqual(before);
    nextTimeStep();
    const fresh = totp(h.merchant);
    expect(fresh).not.toBe(code);
    expect(
      (
        await h.call(
          '/v1/withdraw/add',
          withdrawBody(h.merchant, { ...payout, MerchantTransactionId: 'payout-0002' }, { TfaCode: fresh }),
        )
      ).status,
    ).toBe(200);
  });

  it('refuses a wrong code, a code of another merchant, and a code far outside the time window (Z600)', async () => {
    const now = totp(h.merchant);
    const wrong = String((Number(now) + 1) % 1_000_000).padStart(6, '0');
    expectZ(await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout, { TfaCode: wrong })), 'Z600');
    expectZ(await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout, { TfaCode: totp(h.other) })), 'Z600');
    const old = generateSync({ secret: h.merchant.totpSecret, epoch: Math.floor(Date.now() / 1000) - 120 });
    expectZ(await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout, { TfaCode: old })), 'Z600');
    expectZ(await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout, { TfaCode: '12345' })), 'Z600');
  });

  it('accepts codes as far from now as the configured drift window, each once, and none beyond it', async () => {
    await h.close();
    h = await startInterfaceB(11, 3);
    const at = (stepsFromNow: number) =>
      generateSync({ secret: h.merchant.totpSecret, epoch: Math.floor(Date.now() / 1000) + stepsFromNow * 30 });
    const withdraw = (TfaCode: string, id: string) =>
      h.call('/v1/withdraw/add', withdrawBody(h.merchant, { ...payout, MerchantTransactionId: id }, { TfaCode }));
    expect((await withdraw(at(-3), 'payout-w1')).status).toBe(200);
    expect((await withdraw(at(3), 'payout-w2')).status).toBe(200);
    expectZ(await withdraw(at(3), 'payout-w3'), 'Z600');
    expectZ(await withdraw(at(4), 'payout-w4'), 'Z600');
    expectZ(await withdraw(at(-4), 'payout-w5'), 'Z600');
  });

  it('refuses an e-mail other than the merchant one, a bad address and more than the balance (Z600)', async () => {
    const before = await h.balances();
    expectZ(
      await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout, { Email: 'someone@else.example' })),
      'Z600',
    );
    expectZ(await h.call('/v1/withdraw/add', withdrawBody(h.merchant, { ...payout, Address: BTC_ADDRESS })), 'Z600');
    const tooMuch = new Decimal(before.ethBalance as number).plus('0.00000001').toNumber();
    expectZ(await h.call('/v1/withdraw/add', withdrawBody(h.merchant, { ...payout, Amount: tooMuch })), 'Z600');
    expectZ(await h.call('/v1/withdraw/add', withdrawBody(h.merchant, { ...payout, Amount: -1 })), 'Z600');
    expectZ(await h.call('/v1/withdraw/add', withdrawBody(h.merchant, { ...payout, Symbol: 'LTC' })), 'Z600');
    expect(await h.balances()).toEqual(before);
    // The refusals above did not burn the code.
    expect((await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout))).status).toBe(200);
  });

  it('withdraws the whole balance to the last unit', async () => {
    const all = (await h.balances()).btcBalance as number;
    const body = { ...payout, Symbol: 'BTC', NetworkId: 1, Address: BTC_ADDRESS, Amount: all };
    expect((await h.call('/v1/withdraw/add', withdrawBody(h.merchant, body))).status).toBe(200);
    expect((await h.balances()).btcBalance).toBe(0);
  });

  it('answers a repeated MerchantTransactionId with the original result and moves money once', async () => {
    const first = await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout));
    const afterFirst = await h.balances();
    // Same body, same (spent) code: the original answer, nothing new.
    const sameCode = await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout, { TfaCode: totp(h.merchant) }));
    nextTimeStep();
    const freshCode = await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout));
    expect(sameCode.body).toEqual(first.body);
    expect(freshCode.body).toEqual(first.body);
    expect(await h.balances()).toEqual(afterFirst);
  });

  it('moves money once when the same request arrives twice at the same time', async () => {
    const before = (await h.balances()).ethBalance as number;
    const body = withdrawBody(h.merchant, payout);
    const [one, two] = await Promise.all([h.call('/v1/withdraw/add', body), h.call('/v1/withdraw/add', body)]);
    expect(one.status).toBe(200);
    expect(two.body).toEqual(one.body);
    const after = (await h.balances()).ethBalance as number;
    expect(new Decimal(before).minus(after).toFixed()).toBe('0.0123');
  });

  it('refuses the same MerchantTransactionId with a different body (Z600)', async () => {
    await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout));
    const afterFirst = await h.balances();
    nextTimeStep();
    expectZ(await h.call('/v1/withdraw/add', withdrawBody(h.merchant, { ...payout, Amount: 0.0124 })), 'Z600');
    expectZ(await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout, { Label: 'Other label' })), 'Z600');
    expect(await h.balances()).toEqual(afterFirst);
    // Ids are per merchant: another merchant may use the same one.
    expect((await h.call('/v1/withdraw/add', withdrawBody(h.other, payout), { as: h.other })).status).toBe(200);
  });

  it('commit, then drop: the money moves once and a retry returns the committed result', async () => {
    const before = (await h.balances()).ethBalance as number;
    h.faults.set({ dropAfterCommitNext: 1 });
    await expect(h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout))).rejects.toThrow();
    const afterDrop = (await h.balances()).ethBalance as number;
    expect(new Decimal(before).minus(afterDrop).toFixed()).toBe('0.0123');
    nextTimeStep();
    const retry = await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout));
    expect(retry.status).toBe(200);
    expect((retry.body.data as { success: boolean }).success).toBe(true);
    expect((await h.balances()).ethBalance).toBe(afterDrop);
  });

  it('reset() restores the seeded balances and forgets withdrawals', async () => {
    const seeded = await h.balances();
    await h.call('/v1/withdraw/add', withdrawBody(h.merchant, payout));
    expect(await h.balances()).not.toEqual(seeded);
    h.b.reset();
    expect(await h.balances()).toEqual(seeded);
  });
});
