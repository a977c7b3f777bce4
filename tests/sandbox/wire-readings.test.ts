import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { depositCreateBody, ETH_ADDRESS, verifyStartBody } from './interface-b-harness';
import { control, merchantCall, merchantOf, type InfoMerchant } from './service-calls';

/** Interface B as each reading of the spec's silences plays it (sandbox README "Wire readings"). */
describe('sandbox wire readings', () => {
  let sandbox: RunningSandbox;
  let merchant: InfoMerchant;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    merchant = merchantOf(sandbox);
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await control(sandbox, 'POST', 'reset');
  });

  const start = (Symbol: string, NetworkId: number, ReferenceId = 'member-r') =>
    merchantCall(
      sandbox,
      merchant,
      '/v1/verify/start',
      verifyStartBody(merchant, { ReferenceId, Symbol, NetworkId, Address: ETH_ADDRESS, Label: 'Payout' }),
    );
  const deposit = (extra: Record<string, unknown>, Symbol = 'ETH', ReferenceId = 'inv-1') =>
    merchantCall(
      sandbox,
      merchant,
      '/v1/deposit/address/create',
      depositCreateBody(
        merchant,
        { Symbol, Label: 'Order', ReferenceId, CallbackUrl: 'https://shop.example/cb' },
        extra,
      ),
    );

  it('defaults are the sandbox as it was, reported by /__sandbox/info; reset returns to the start readings', async () => {
    expect(sandbox.info().readings).toEqual({
      assetForm: 'either',
      nulls: 'refuse',
      errorStatus: 'http-4xx',
      depositAmount: 'crypto',
      depositAnswer: 'full',
      depositNetwork: 'read',
      withdrawCodes: 'spec',
    });
    const set = await control(sandbox, 'POST', 'readings', { nulls: 'accept' });
    expect(set.body.readings).toMatchObject({ nulls: 'accept', assetForm: 'either' });
    expect((await control(sandbox, 'POST', 'readings', { nulls: 'maybe' })).status).toBe(400);
    expect((await control(sandbox, 'POST', 'readings', { other: 1 })).status).toBe(400);
    await control(sandbox, 'POST', 'reset');
    expect(sandbox.info().readings.nulls).toBe('refuse');
  });

  it('refuses a reading given as undefined rather than spreading it over the one in force', () => {
    // @ts-expect-error the input type already refuses it; this is the check for callers without types.
    expect(() => sandbox.setReadings({ assetForm: undefined })).toThrow();
    expect(sandbox.info().readings.assetForm).toBe('either');
  });

  it('asset form: either takes both, asset-name refuses network codes, network-code refuses asset names (Z300)', async () => {
    expect((await start('USDT', 4)).body.code).toBe(200);
    expect((await start('BSC-USD', 4)).body.code).toBe(200);

    sandbox.setReadings({ assetForm: 'asset-name' });
    expect((await start('USDT', 4)).body.code).toBe(200);
    expect((await start('BSC-USD', 4)).body).toMatchObject({ code: 400, message: 'Z300', data: null });
    expect((await start('ETH', 5)).body.code).toBe(200);

    sandbox.setReadings({ assetForm: 'network-code' });
    expect((await start('BSC-USD', 4)).body.code).toBe(200);
    expect((await start('USDT', 4)).body).toMatchObject({ code: 400, message: 'Z300' });
    expect((await start('ETH', 5)).body.message).toBe('Z300');
    // A single-network asset's name is its code in every form.
    expect((await start('ETH', 3)).body.code).toBe(200);
  });

  it('asset form asset-name answers the asset beside networkId in listings and deposit answers', async () => {
    sandbox.setReadings({ assetForm: 'asset-name' });
    const created = await deposit({}, 'USDT');
    expect(created.body.data).toMatchObject({ symbol: 'USDT', network: 'Ethereum Mainnet' });
    const found = await merchantCall(sandbox, merchant, '/v1/deposit/address/get', {
      MemberId: 'inv-1',
      Symbol: 'USDT',
      NetworkId: 3,
    });
    expect(found.body.data).toMatchObject({ symbol: 'USDT', networkId: 3 });
  });

  it('nulls: refused as Z600 by default, read as absent when accepted', async () => {
    const withNulls = { Amount: null, Currency: null, RedirectUrl: null, CancelUrl: null };
    expect((await deposit(withNulls)).body).toMatchObject({ code: 400, message: 'Z600' });
    sandbox.setReadings({ nulls: 'accept' });
    const accepted = await deposit(withNulls);
    expect(accepted.body.code).toBe(200);
    expect(accepted.body.data).toMatchObject({ symbol: 'ETH' });
  });

  it('error status: Z-codes on HTTP 400 by default, on HTTP 200 (envelope unchanged) when asked', async () => {
    const refused = await start('DOGE', 3);
    expect(refused.status).toBe(400);
    sandbox.setReadings({ errorStatus: 'http-200' });
    const on200 = await start('DOGE', 3);
    expect(on200.status).toBe(200);
    expect(on200.body).toEqual({ apiVersion: '1.0.0.0', data: null, code: 400, message: 'Z300' });
  });

  it('deposit amount: crypto prices the units, fiat counts the Currency', async () => {
    const crypto = await deposit({ Amount: 2, Currency: 'EUR' });
    const unitPrice = (await deposit({}, 'ETH', 'inv-unit')).body.data as { price: { usd: number } };
    expect((crypto.body.data as { price: { usd: number } }).price.usd).toBeCloseTo(unitPrice.price.usd * 2, 2);
    sandbox.setReadings({ depositAmount: 'fiat' });
    const fiat = await deposit({ Amount: 92, Currency: 'EUR' }, 'ETH', 'inv-2');
    expect((fiat.body.data as { price: Record<string, number> }).price).toMatchObject({ eur: 92, usd: 100 });
  });

  it("deposit answer sdk: the SDK's declared shape only", async () => {
    sandbox.setReadings({ depositAnswer: 'sdk' });
    const data = (await deposit({})).body.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(['network', 'price', 'requestId', 'symbol', 'wallet']);
    expect(Object.keys(data.price as object).sort()).toEqual(['eur', 'gbp', 'try', 'usd']);
  });
});
