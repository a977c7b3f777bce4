import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { start, TotpSource } from './helpers';
import { control, merchantCall, merchantOf, movements, withdrawEth } from './service-calls';
import { withdrawBody } from './interface-b-harness';

const WINDOW = 40;
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await start({ totpWindowSteps: WINDOW });
});
beforeEach(async () => {
  await control(sandbox, 'POST', 'reset');
});
afterAll(async () => {
  await sandbox.close();
});

const withdrawals = async (id: string) =>
  (await movements(sandbox)).filter((m) => m.kind === 'withdraw' && m.merchantTransactionId === id).length;

/** The withdrawCodes reading (sandbox README "Wire readings"): the vendor SDK's codes where spec 7.2 shows none. */
describe.each(['kind', 'strict'] as const)('withdrawCodes, %s profile', (profile) => {
  beforeEach(() => {
    sandbox.setProfile(profile);
  });

  it('spec (the default) answers Z600 for a bad address and replays or repeats a known id as before', async () => {
    expect(sandbox.info().readings.withdrawCodes).toBe('spec');
    const merchant = merchantOf(sandbox);
    const codes = new TotpSource(merchant.totpSecret, WINDOW);
    const bad = withdrawBody(
      merchant,
      {
        ReferenceId: 'm',
        Amount: 0.01,
        Symbol: 'ETH',
        NetworkId: 3,
        Address: 'not-an-address',
        MerchantTransactionId: 'a',
      },
      { TfaCode: codes.next() },
    );
    expect((await merchantCall(sandbox, merchant, '/v1/withdraw/add', bad)).body.message).toBe('Z600');
    expect(
      (await withdrawEth(sandbox, merchant, { merchantTransactionId: 'tiny', amount: 0.00001 }, codes.next())).body
        .code,
    ).toBe(200);
  });

  it('vendor: Z511 for a bad address, Z507 below the smallest withdrawal, Z501 for an executed id, Z519 for one not yet landed', async () => {
    sandbox.setReadings({ withdrawCodes: 'vendor' });
    const merchant = merchantOf(sandbox);
    const codes = new TotpSource(merchant.totpSecret, WINDOW);
    const bad = withdrawBody(
      merchant,
      {
        ReferenceId: 'm',
        Amount: 0.01,
        Symbol: 'ETH',
        NetworkId: 3,
        Address: 'not-an-address',
        MerchantTransactionId: 'b',
      },
      { TfaCode: codes.next() },
    );
    expect((await merchantCall(sandbox, merchant, '/v1/withdraw/add', bad)).body).toMatchObject({
      code: 400,
      data: null,
      message: 'Z511',
    });
    const tiny = await withdrawEth(sandbox, merchant, { merchantTransactionId: 'tiny', amount: 0.00005 }, codes.next());
    expect(tiny.body).toMatchObject({ code: 400, data: null, message: 'Z507' });
    expect(await withdrawals('tiny')).toBe(0);

    expect((await withdrawEth(sandbox, merchant, { merchantTransactionId: 'done' }, codes.next())).body.code).toBe(200);
    const again = await withdrawEth(sandbox, merchant, { merchantTransactionId: 'done' }, codes.next());
    expect(again).toMatchObject({ status: 400, body: { code: 400, data: null, message: 'Z501' } });
    expect(await withdrawals('done')).toBe(1);

    // Accepted, its answer lost, its movement held: the id is taken and nothing has moved yet.
    sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true });
    await expect(withdrawEth(sandbox, merchant, { merchantTransactionId: 'held' }, codes.next())).rejects.toThrow();
    expect((await withdrawEth(sandbox, merchant, { merchantTransactionId: 'held' }, codes.next())).body.message).toBe(
      'Z519',
    );
    expect(sandbox.releaseLateCommits()).toBe(1);
    expect((await withdrawEth(sandbox, merchant, { merchantTransactionId: 'held' }, codes.next())).body.message).toBe(
      'Z501',
    );
    expect(await withdrawals('held')).toBe(1);
  });
});
