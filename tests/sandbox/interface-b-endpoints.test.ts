import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isValidAddress } from '../../sandbox/data/addresses';
import {
  BTC_ADDRESS,
  ETH_ADDRESS,
  depositCreateBody,
  md5,
  startInterfaceB,
  verifyConfirmBody,
  verifyStartBody,
  withdrawBody,
  type Envelope,
  type Harness,
} from './interface-b-harness';

let h: Harness;
beforeEach(async () => {
  h = await startInterfaceB();
});
afterEach(async () => {
  await h.close();
});

function expectZ(res: { status: number; body: Envelope }, zcode: string, status = 400) {
  expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: null, code: status, message: zcode });
  expect(res.status).toBe(status);
}

const BALANCE_FIELDS = [
  'btcBalance',
  'ltcBalance',
  'ethBalance',
  'bnbBalance',
  'trxBalance',
  'usdtBalance',
  'bscusdBalance',
  'trxusdBalance',
  'optusdBalance',
  'optethBalance',
  'ethusdcBalance',
  'bscusdcBalance',
];

describe('Interface B authentication and envelope', () => {
  it('answers balances in the envelope with all twelve fields as numbers', async () => {
    const res = await h.call('/v1/merchant/balances', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ apiVersion: '1.0.0.0', code: 200, message: 'OK' });
    const data = res.body.data as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual([...BALANCE_FIELDS].sort());
    for (const value of Object.values(data)) expect(typeof value === 'number' && value > 0).toBe(true);
  });

  it('unknown or missing PublicKey is Z200', async () => {
    expectZ(await h.call('/v1/merchant/balances', { PublicKey: 'pk_sbx_nobody' }), 'Z200');
    const res = await fetch(`${h.base}/v1/merchant/balances`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': h.merchant.secretKey },
      body: '{}',
    });
    expectZ({ status: res.status, body: (await res.json()) as Envelope }, 'Z200');
  });

  it('missing X-Api-Key, or another merchant secret, is Z503', async () => {
    expectZ(await h.call('/v1/merchant/balances', {}, { apiKey: null }), 'Z503');
    expectZ(await h.call('/v1/merchant/balances', {}, { apiKey: h.other.secretKey }), 'Z503');
  });

  it('a body that is not a JSON object is Z400', async () => {
    const res = await fetch(`${h.base}/v1/merchant/balances`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': h.merchant.secretKey },
      body: '{"PublicKey": ',
    });
    expectZ({ status: res.status, body: (await res.json()) as Envelope }, 'Z400');
  });

  it('never writes secrets or codes into its log', async () => {
    await h.call('/v1/merchant/balances', {}, { apiKey: 'sk_wrong_value' });
    await h.call(
      '/v1/withdraw/add',
      withdrawBody(
        h.merchant,
        {
          ReferenceId: 'r',
          Amount: 0.001,
          Symbol: 'BTC',
          NetworkId: 1,
          Address: BTC_ADDRESS,
          MerchantTransactionId: 'm',
        },
        { TfaCode: '123456' },
      ),
    );
    const log = h.logLines.join('\n');
    expect(log).toContain('Z503');
    for (const secret of [h.merchant.secretKey, 'sk_wrong_value', '123456']) expect(log).not.toContain(secret);
  });
});

describe('Interface B parameter errors', () => {
  const start = { ReferenceId: 'member-1', Symbol: 'ETH', NetworkId: 3, Address: ETH_ADDRESS, Label: 'Cold wallet' };

  it('a missing required field is Z600', async () => {
    const { Label: _omit, ...noLabel } = verifyStartBody(h.merchant, start);
    expectZ(await h.call('/v1/verify/start', noLabel), 'Z600');
    expectZ(await h.call('/v1/merchant/withdraw/withdrawableAssets', {}), 'Z600');
  });

  it('a wrong hash is Z800 on every hashed call', async () => {
    const bad = { Hash: md5('not the right text') };
    expectZ(await h.call('/v1/verify/start', { ...verifyStartBody(h.merchant, start), ...bad }), 'Z800');
    expectZ(
      await h.call('/v1/verify/confirmAmount', {
        ...verifyConfirmBody(h.merchant, { ReferenceId: 'member-1', Symbol: 'ETH', NetworkId: 3, Amount: 0.0001 }),
        ...bad,
      }),
      'Z800',
    );
    const withdraw = withdrawBody(h.merchant, {
      ReferenceId: 'r-1',
      Amount: 0.01,
      Symbol: 'ETH',
      NetworkId: 3,
      Address: ETH_ADDRESS,
      MerchantTransactionId: 'mtx-1',
    });
    expectZ(await h.call('/v1/withdraw/add', { ...withdraw, ...bad }), 'Z800');
    // The hash binds the amount: the same hash with another amount is refused.
    expectZ(await h.call('/v1/withdraw/add', { ...withdraw, Amount: 0.02 }), 'Z800');
    const deposit = depositCreateBody(h.merchant, {
      Symbol: 'BTC',
      Label: 'Invoice',
      ReferenceId: 'inv-1',
      CallbackUrl: 'https://shop.example/cb',
    });
    expectZ(await h.call('/v1/deposit/address/create', { ...deposit, ...bad }), 'Z800');
    // A hash made with another merchant's secret is as wrong.
    expectZ(await h.call('/v1/verify/start', verifyStartBody(h.other, start)), 'Z800');
  });

  it('an unknown symbol is Z300', async () => {
    expectZ(await h.call('/v1/verify/start', verifyStartBody(h.merchant, { ...start, Symbol: 'DOGE' })), 'Z300');
    expectZ(
      await h.call(
        '/v1/deposit/address/create',
        depositCreateBody(h.merchant, {
          Symbol: 'XRP',
          Label: 'x',
          ReferenceId: 'inv-x',
          CallbackUrl: 'https://shop.example/cb',
        }),
      ),
      'Z300',
    );
  });

  it('a symbol on the wrong network, an unknown network or a malformed address is Z600', async () => {
    expectZ(
      await h.call('/v1/verify/start', verifyStartBody(h.merchant, { ...start, Symbol: 'BTC', NetworkId: 3 })),
      'Z600',
    );
    expectZ(await h.call('/v1/verify/start', verifyStartBody(h.merchant, { ...start, NetworkId: 7 })), 'Z600');
    expectZ(await h.call('/v1/verify/start', verifyStartBody(h.merchant, { ...start, Address: BTC_ADDRESS })), 'Z600');
    // One changed character breaks the bech32 checksum.
    const mistyped = { ...start, Symbol: 'BTC', NetworkId: 1, Address: `${BTC_ADDRESS.slice(0, -1)}5` };
    expectZ(await h.call('/v1/verify/start', verifyStartBody(h.merchant, mistyped)), 'Z600');
    // A mixed-case EVM address must carry a valid EIP-55 checksum.
    const badCase = { ...start, Address: ETH_ADDRESS.replace('E0F', 'e0F') };
    expectZ(await h.call('/v1/verify/start', verifyStartBody(h.merchant, badCase)), 'Z600');
    expectZ(
      await h.call(
        '/v1/verify/start',
        verifyStartBody(h.merchant, { ...start, Symbol: 'BTC', NetworkId: 1, Address: ETH_ADDRESS }),
      ),
      'Z600',
    );
  });

  it('confirming where nothing was started is Z500', async () => {
    expectZ(
      await h.call(
        '/v1/verify/confirmAmount',
        verifyConfirmBody(h.merchant, {
          ReferenceId: 'never-started',
          Symbol: 'ETH',
          NetworkId: 3,
          Amount: 0.0001,
        }),
      ),
      'Z500',
    );
  });

  it('lists no withdrawable assets for a reference with nothing verified', async () => {
    const res = await h.call('/v1/merchant/withdraw/withdrawableAssets', { ReferenceId: 'member-none' });
    expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: [], code: 200, message: 'OK' });
  });
});

describe('Interface B deposit addresses', () => {
  const created = {
    Symbol: 'BSC-USD',
    Label: 'Invoice 7',
    ReferenceId: 'member-7',
    CallbackUrl: 'https://shop.example/cb',
  };

  it('creates an address with prices, networks and minimums, and answers a repeat the same way', async () => {
    const res = await h.call(
      '/v1/deposit/address/create',
      depositCreateBody(h.merchant, created, { Amount: 250, Currency: 'EUR' }),
    );
    expect(res.status).toBe(200);
    const data = res.body.data as Record<string, unknown>;
    expect(data).toMatchObject({
      symbol: 'BSC-USD',
      network: 'Binance Smartchain',
      supportedNetworks: ['Ethereum Mainnet', 'Binance Smartchain', 'Optimism Mainnet'],
      contractTypes: ['BEP20'],
    });
    expect(isValidAddress('evm', String(data.wallet))).toBe(true);
    expect(data.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(data.referenceGuid).toMatch(/^[0-9a-f-]{36}$/);
    // 250 units at USDT's base price of 1 USD.
    expect(data.price).toEqual({ usd: 250, eur: 230, gbp: 197.5, try: 8100, jpy: 37800 });
    expect(data.minAmounts).toEqual([
      { currency: 'BSC-USD', amount: 1 },
      { currency: 'USD', amount: 1 },
    ]);
    expect(typeof data.information).toBe('string');
    const again = await h.call(
      '/v1/deposit/address/create',
      depositCreateBody(h.merchant, created, { Amount: 250, Currency: 'EUR' }),
    );
    expect(again.body.data).toEqual(data);
  });

  it('hands out well-formed segwit addresses for Bitcoin and Litecoin', async () => {
    for (const [Symbol, kind] of [
      ['BTC', 'btc'],
      ['LTC', 'ltc'],
    ] as const) {
      const res = await h.call('/v1/deposit/address/create', depositCreateBody(h.merchant, { ...created, Symbol }));
      const data = res.body.data as { wallet: string; contractTypes: string[] };
      expect(isValidAddress(kind, data.wallet)).toBe(true);
      expect(data.contractTypes).toEqual([]);
    }
  });

  it('refuses the same ReferenceId with a different body (Z600) and a bad callback URL (Z600)', async () => {
    await h.call('/v1/deposit/address/create', depositCreateBody(h.merchant, created));
    expectZ(
      await h.call(
        '/v1/deposit/address/create',
        depositCreateBody(h.merchant, { ...created, CallbackUrl: 'https://other.example/cb' }),
      ),
      'Z600',
    );
    expectZ(
      await h.call(
        '/v1/deposit/address/create',
        depositCreateBody(h.merchant, { ...created, ReferenceId: 'm-8', CallbackUrl: 'ftp://x/y' }),
      ),
      'Z600',
    );
    expectZ(
      await h.call(
        '/v1/deposit/address/create',
        depositCreateBody(h.merchant, { ...created, ReferenceId: 'm-9' }, { Currency: 'XYZ' }),
      ),
      'Z600',
    );
  });

  it('retrieves a created address by MemberId, symbol and network; an unknown one is Z500', async () => {
    const made = await h.call('/v1/deposit/address/create', depositCreateBody(h.merchant, created));
    const wallet = (made.body.data as { wallet: string }).wallet;
    const res = await h.call('/v1/deposit/address/get', { MemberId: 'member-7', Symbol: 'USDT', NetworkId: 4 });
    expect(res.body.data).toMatchObject({
      address: wallet,
      symbol: 'BSC-USD',
      networkId: 4,
      network: 'Binance Smartchain',
      isContract: true,
      contractTypes: ['BEP20'],
      referenceGuid: (made.body.data as { referenceGuid: string }).referenceGuid,
    });
    expect(typeof (res.body.data as { memberWalletId: unknown }).memberWalletId).toBe('number');
    expectZ(await h.call('/v1/deposit/address/get', { MemberId: 'member-7', Symbol: 'USDT', NetworkId: 3 }), 'Z500');
    expectZ(
      await h.call('/v1/deposit/address/get', { MemberId: 'member-7', Symbol: 'BSC-USD', Label: 'other' }),
      'Z500',
    );
    // Addresses belong to their merchant.
    expectZ(
      await h.call('/v1/deposit/address/get', { MemberId: 'member-7', Symbol: 'BSC-USD' }, { as: h.other }),
      'Z500',
    );
  });
});

describe('Interface B faults and rate limiting', () => {
  it('an injected failure is HTTP 500 with message Z500, then service resumes', async () => {
    h.faults.set({ failNext: 1 });
    expectZ(await h.call('/v1/merchant/balances', {}), 'Z500', 500);
    expect((await h.call('/v1/merchant/balances', {})).status).toBe(200);
  });

  it('a failure scoped to one path lets other calls through and fails the first call to that path', async () => {
    h.faults.set({ failNext: 1, failNextPath: '/v1/deposit/address/get' });
    expect((await h.call('/v1/merchant/balances', {})).status).toBe(200);
    expectZ(await h.call('/v1/deposit/address/get', { MemberId: 'member-7', Symbol: 'BSC-USD' }), 'Z500', 500);
    expect(h.faults.plan).toMatchObject({ failNext: 0, failNextPath: null });
  });

  it('an injected rate limit is Z429 with HTTP 429', async () => {
    h.faults.set({ rateLimitNext: 1 });
    expectZ(await h.call('/v1/merchant/balances', {}), 'Z429', 429);
    expect((await h.call('/v1/merchant/balances', {})).status).toBe(200);
  });

  it('limits a burst per public key with Z429, leaving other merchants alone', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, () => h.call('/v1/merchant/balances', {})));
    const limited = results.filter((r) => r.body.message === 'Z429');
    expect(limited.length).toBeGreaterThan(0);
    for (const r of limited) expectZ(r, 'Z429', 429);
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(60);
    expect((await h.call('/v1/merchant/balances', {}, { as: h.other })).status).toBe(200);
    h.b.reset();
    expect((await h.call('/v1/merchant/balances', {})).status).toBe(200);
  });
});
