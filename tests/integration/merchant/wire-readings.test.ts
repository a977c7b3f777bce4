import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantDepositAddressView } from '../../../src-preload/contract/merchant';
import type { UnresolvedWithdrawal, WithdrawReview, WithdrawStatus } from '../../../src-preload/contract/withdraw';
import type { ServiceProfile } from '../../../sandbox/profile';
import type { WireReadings } from '../../../sandbox/server';
import {
  ETH_ADDRESS,
  MEMBER,
  setUpTreasury,
  startMerchantMachine,
  type MerchantLaunch,
  type MerchantMachine,
} from '../support/merchant-app';

// The app against every reading of Interface B's silences the sandbox can play (sandbox README
// "Wire readings"), over loopback, through the app's own main-process features.

const DEFAULTS: WireReadings = {
  assetForm: 'either',
  nulls: 'refuse',
  errorStatus: 'http-4xx',
  depositAmount: 'crypto',
  depositAnswer: 'full',
  depositNetwork: 'read',
  withdrawCodes: 'spec',
};

describe.each<ServiceProfile>(['kind', 'strict'])('Interface B wire readings, %s profile', (profile) => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;
  /** Every Interface B request body that left the app, by path. */
  const sent: Array<{ path: string; body: Record<string, unknown> }> = [];

  const submit = async (intent: WithdrawReview, tfaCode?: string) =>
    app.call('withdraw.execute', { intentId: intent.intentId, tfaCode: tfaCode ?? (await machine.nextCode()) });
  const unresolvedIds = async () =>
    (await app.value<UnresolvedWithdrawal[]>('withdraw.unresolved')).map((entry) => entry.review.intentId);
  /** "Check status": what the look-up left the withdrawal as. */
  const check = async (intent: WithdrawReview) =>
    (await app.value<{ status: WithdrawStatus }>('withdraw.reconcile', { intentId: intent.intentId })).status;
  const confirm = async (extra: Record<string, unknown> = {}) =>
    app.value<WithdrawReview>('withdraw.confirm', {
      formId: crypto.randomUUID(),
      referenceId: MEMBER,
      code: 'ETH',
      address: ETH_ADDRESS,
      amount: '0.0123',
      label: 'payout',
      email: machine.merchant.email,
      acknowledgedIntentIds: await unresolvedIds(),
      ...extra,
    });
  const bodiesTo = (path: string) => sent.filter((entry) => entry.path.endsWith(path)).map((entry) => entry.body);

  beforeAll(async () => {
    machine = await startMerchantMachine({ profile });
    const appFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (new URL(url).pathname.startsWith('/v1/') && typeof init?.body === 'string')
        sent.push({ path: new URL(url).pathname, body: JSON.parse(init.body) as Record<string, unknown> });
      return appFetch(input, init);
    };
    app = await machine.launch({ requestTimeoutMs: 2_000 });
    await app.signIn('alice');
    await setUpTreasury(machine, app);
  });
  afterEach(async () => {
    machine.sandbox.setReadings(DEFAULTS);
    machine.sandbox.faults.reset();
    machine.withdrawAnswer.reshape = null;
    await app.value('merchant.setAssetForm', { environment: 'local-sandbox', assetForm: 'asset-name' });
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('sends multi-network assets as the SDKs do (asset name + NetworkId) and reads the listing back in either form', async () => {
    machine.sandbox.setReadings({ assetForm: 'asset-name' });
    const started = await app.value<{ id: string }>('merchant.verifyStart', {
      referenceId: MEMBER,
      code: 'BSC-USD',
      address: ETH_ADDRESS,
      label: 'BSC payout',
    });
    expect(bodiesTo('/v1/verify/start').at(-1)).toMatchObject({ Symbol: 'USDT', NetworkId: 4 });
    const amount = machine.verificationAmounts.at(-1) as string;
    expect(await app.value('merchant.verifyConfirm', { id: started.id, amount })).toMatchObject({ verified: true });
    // The service names the asset beside networkId; the app still knows it is USDT on BSC.
    const listed = await app.value<Array<{ code: string; referenceId: string }>>('merchant.verifiedList', {
      referenceId: MEMBER,
    });
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'BSC-USD', referenceId: MEMBER })]));
    const intent = await confirm({ code: 'BSC-USD', amount: '1.5' });
    expect(intent).toMatchObject({ verified: true, code: 'BSC-USD' });
    expect(await submit(intent)).toMatchObject({ ok: true, value: { success: true } });
    expect(bodiesTo('/v1/withdraw/add').at(-1)).toMatchObject({ Symbol: 'USDT', NetworkId: 4 });
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
  });

  it('a service that reads only network codes: the refusal names the setting; switched, the codes go out', async () => {
    machine.sandbox.setReadings({ assetForm: 'network-code' });
    const refused = await app.failure('merchant.verifyStart', {
      referenceId: MEMBER,
      code: 'OPT-ETH',
      address: ETH_ADDRESS,
      label: 'Optimism payout',
    });
    expect(refused.code).toBe('invalid_symbol');
    expect(refused.message).toContain('Merchant › API keys › "How assets are named"');
    expect(refused.message).toContain('Network-specific code (BSC-USD)');
    const overview = await app.value<{ environments: Array<{ id: string; assetForm: string }> }>(
      'merchant.setAssetForm',
      { environment: 'local-sandbox', assetForm: 'network-code' },
    );
    expect(overview.environments.find((environment) => environment.id === 'local-sandbox')?.assetForm).toBe(
      'network-code',
    );
    await app.value('merchant.verifyStart', {
      referenceId: MEMBER,
      code: 'OPT-ETH',
      address: ETH_ADDRESS,
      label: 'Optimism payout',
    });
    expect(bodiesTo('/v1/verify/start').at(-1)).toMatchObject({ Symbol: 'OPT-ETH', NetworkId: 5 });
  });

  it('the member reference and the merchant transaction id are separate; a typed id is the identity, used once', async () => {
    const mti = `INV-${profile}-77`;
    const intent = await confirm({ merchantTransactionId: mti });
    expect(intent).toMatchObject({ merchantTransactionId: mti, memberReferenceId: MEMBER });
    expect(await submit(intent)).toMatchObject({ ok: true, value: { success: true } });
    expect(bodiesTo('/v1/withdraw/add').at(-1)).toMatchObject({ ReferenceId: MEMBER, MerchantTransactionId: mti });
    expect(machine.moved(mti)).toBe(1);
    // The same typed id again is refused before anything is sent, in words, on the field.
    const again = await app.failure('withdraw.confirm', {
      formId: crypto.randomUUID(),
      referenceId: MEMBER,
      merchantTransactionId: mti,
      code: 'ETH',
      address: ETH_ADDRESS,
      amount: '0.0123',
      label: 'payout',
      email: machine.merchant.email,
    });
    expect(again).toMatchObject({ code: 'bad_input', field: 'merchantTransactionId' });
    expect(machine.sent(mti)).toBe(1);
    // Left empty, one is made at confirm, distinct from the member reference.
    const made = await confirm();
    expect(made.merchantTransactionId).not.toBe(MEMBER);
    expect(made.memberReferenceId).toBe(MEMBER);
    expect(await submit(made)).toMatchObject({ ok: true });
    expect(bodiesTo('/v1/withdraw/add').at(-1)).toMatchObject({
      ReferenceId: MEMBER,
      MerchantTransactionId: made.merchantTransactionId,
    });
  });

  it('a typed id whose withdrawal is unknown cannot start another; Check status finds it by that id', async () => {
    const mti = `INV-${profile}-lost`;
    const intent = await confirm({ merchantTransactionId: mti });
    machine.sandbox.faults.set({ dropAfterCommitNext: 1 });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    const again = await app.failure('withdraw.confirm', {
      formId: crypto.randomUUID(),
      referenceId: MEMBER,
      merchantTransactionId: mti,
      code: 'ETH',
      address: ETH_ADDRESS,
      amount: '0.0123',
      label: 'payout',
      email: machine.merchant.email,
      acknowledgedIntentIds: await unresolvedIds(),
    });
    expect(again).toMatchObject({ code: 'bad_input', field: 'merchantTransactionId' });
    // The status's referenceId is the withdrawal's at-most-once identity: the typed merchant transaction id.
    expect(await check(intent)).toMatchObject({ state: 'succeeded', referenceId: mti });
    expect(machine.sent(mti)).toBe(1);
    expect(machine.moved(mti)).toBe(1);
  });

  it('never sends null: optional fields are left out, so a service that refuses null accepts every call', async () => {
    // nulls: refuse is the default reading.
    await app.value('merchant.depositCreate', {
      code: 'BTC',
      label: 'Order n',
      referenceId: `order-null-${profile}`,
      callbackUrl: 'https://shop.example/cb',
    });
    await app.value('merchant.depositGet', { memberId: `order-null-${profile}`, code: 'BTC' });
    const intent = await confirm();
    expect(await submit(intent)).toMatchObject({ ok: true });
    for (const { body } of sent) expect(Object.values(body)).not.toContain(null);
  });

  it('Z-codes on HTTP 200: a refusal is understood (retry with the same id, one movement)', async () => {
    machine.sandbox.setReadings({ errorStatus: 'http-200' });
    const intent = await confirm();
    const refused = await submit(intent, '000000');
    expect(refused).toMatchObject({ ok: false, error: { code: profile === 'strict' ? 'invalid_code' : 'bad_input' } });
    expect((await app.value<WithdrawStatus>('withdraw.status', { intentId: intent.intentId })).state).toBe('refused');
    expect(await submit(intent)).toMatchObject({ ok: true, value: { success: true } });
    expect(machine.sent(intent.merchantTransactionId)).toBe(2);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
    // Calls that move no money read a Z-code on 200 too.
    expect(await app.failure('merchant.depositGet', { memberId: 'nobody-here', code: 'BTC' })).toMatchObject({
      code: 'service_error',
    });
  });

  it('Z-codes on HTTP 200: an ambiguous one (a txId beside the refusal) stays unknown and is never resent', async () => {
    machine.sandbox.setReadings({ errorStatus: 'http-200' });
    const intent = await confirm();
    machine.withdrawAnswer.reshape = ({ status, json }) => ({
      status,
      json: { ...json, code: 400, data: null, message: 'Z202', txId: '0xabc' },
    });
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    machine.withdrawAnswer.reshape = null;
    expect(await submit(intent)).toMatchObject({ ok: false, error: { code: 'outcome_unknown' } });
    expect(machine.sent(intent.merchantTransactionId)).toBe(1);
    expect(machine.moved(intent.merchantTransactionId)).toBe(1);
    expect(await check(intent)).toMatchObject({ state: 'succeeded' });
  });

  it('deposit amount: sent in the unit the user chose; the answer shows how the service read it', async () => {
    const create = (referenceId: string, amount: Record<string, unknown>) =>
      app.value<MerchantDepositAddressView>('merchant.depositCreate', {
        code: 'ETH',
        label: 'Order',
        referenceId,
        callbackUrl: 'https://shop.example/cb',
        ...amount,
      });
    machine.sandbox.setReadings({ depositAmount: 'fiat' });
    const fiat = await create(`fiat-${profile}`, { amount: '92', amountUnit: 'fiat', currency: 'EUR' });
    expect(bodiesTo('/v1/deposit/address/create').at(-1)).toMatchObject({ Amount: 92, Currency: 'EUR' });
    expect(fiat.expected).toEqual({ amount: '92', unit: 'EUR' });
    expect(fiat.price).toEqual(expect.arrayContaining([{ currency: 'EUR', amount: '92' }]));
    machine.sandbox.setReadings({ depositAmount: 'crypto' });
    const crypto = await create(`crypto-${profile}`, { amount: '0.5', amountUnit: 'crypto' });
    const body = bodiesTo('/v1/deposit/address/create').at(-1) as Record<string, unknown>;
    expect(body).toMatchObject({ Amount: 0.5 });
    expect('Currency' in body).toBe(false);
    expect(crypto.expected).toEqual({ amount: '0.5', unit: 'ETH' });
  });

  it('a deposit address for USDT on Binance Smartchain carries NetworkId 4 in either asset form and is made on BSC', async () => {
    const createBsc = (referenceId: string) =>
      app.value<MerchantDepositAddressView>('merchant.depositCreate', {
        code: 'BSC-USD',
        label: 'Order bsc',
        referenceId,
        callbackUrl: 'https://shop.example/cb',
      });
    const named = await createBsc(`bsc-name-${profile}`);
    expect(bodiesTo('/v1/deposit/address/create').at(-1)).toMatchObject({ Symbol: 'USDT', NetworkId: 4 });
    expect(named).toMatchObject({ code: 'BSC-USD', network: 'Binance Smartchain' });
    await app.value('merchant.setAssetForm', { environment: 'local-sandbox', assetForm: 'network-code' });
    const coded = await createBsc(`bsc-code-${profile}`);
    expect(bodiesTo('/v1/deposit/address/create').at(-1)).toMatchObject({ Symbol: 'BSC-USD', NetworkId: 4 });
    expect(coded).toMatchObject({ code: 'BSC-USD', network: 'Binance Smartchain' });
    // A single-network asset's body stays as the spec and the SDKs write it.
    await app.value('merchant.depositCreate', {
      code: 'BTC',
      label: 'Order btc',
      referenceId: `btc-${profile}`,
      callbackUrl: 'https://shop.example/cb',
    });
    expect('NetworkId' in (bodiesTo('/v1/deposit/address/create').at(-1) ?? {})).toBe(false);
  });

  it('an address a service made on another network than the one asked for is refused, never shown with a warning', async () => {
    machine.sandbox.setReadings({ depositNetwork: 'ignore' });
    const refused = await app.call('merchant.depositCreate', {
      code: 'BSC-USD',
      label: 'Order eth',
      referenceId: `bsc-ignored-${profile}`,
      callbackUrl: 'https://shop.example/cb',
    });
    expect(refused).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'service_error',
        message:
          'The service made this address on Ethereum Mainnet, not on Binance Smartchain as asked, so the app does not show it. Nobody should pay to it on Binance Smartchain.',
      }),
    });
    expect(JSON.stringify(refused)).not.toMatch(/0x[0-9a-fA-F]{40}/);
  });

  it("deposit answers in the SDK's shape are accepted; what they lack is simply not shown", async () => {
    machine.sandbox.setReadings({ depositAnswer: 'sdk', assetForm: 'asset-name' });
    const created = await app.value<MerchantDepositAddressView>('merchant.depositCreate', {
      code: 'USDT',
      label: 'Order s',
      referenceId: `sdk-${profile}`,
      callbackUrl: 'https://shop.example/cb',
      amount: '10',
      amountUnit: 'fiat',
      currency: 'USD',
    });
    expect(created).toMatchObject({
      code: 'USDT',
      network: 'Ethereum Mainnet',
      referenceGuid: null,
      supportedNetworks: null,
      contractTypes: null,
      information: null,
      minAmounts: [],
    });
    expect(created.price?.map((row) => row.currency).sort()).toEqual(['EUR', 'GBP', 'TRY', 'USD']);
  });
});
