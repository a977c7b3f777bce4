import Decimal from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { accountOf, api, login, start, TotpSource, user } from './helpers';
import { depositCreateBody, md5 } from './interface-b-harness';
import {
  control,
  ETH_DEST,
  merchantCall,
  merchantOf,
  movements,
  withdrawEth,
  type InfoMerchant,
} from './service-calls';

const WINDOW = 20;

describe('service profile switch', () => {
  let kind: RunningSandbox;
  let strict: RunningSandbox;
  beforeAll(async () => {
    [kind, strict] = await Promise.all([start(), start({ serviceProfile: 'strict' })]);
  });
  afterAll(async () => {
    await Promise.all([kind.close(), strict.close()]);
  });

  it('starts kind by default, switches over the control API and in process, and reset returns to the start profile', async () => {
    expect(kind.info()).toMatchObject({ profile: 'kind', startProfile: 'kind' });
    const switched = await control(kind, 'POST', 'profile', { profile: 'strict' });
    expect(switched).toEqual({ status: 200, body: { profile: 'strict' } });
    expect((await control(kind, 'GET', 'info')).body['profile']).toBe('strict');
    kind.setProfile('kind');
    expect(kind.info().profile).toBe('kind');
    kind.setProfile('strict');
    expect((await control(kind, 'POST', 'reset')).status).toBe(200);
    expect(kind.info().profile).toBe('kind');
  });

  it('a sandbox started strict reports it and resets back to strict', async () => {
    expect(strict.info()).toMatchObject({ profile: 'strict', startProfile: 'strict' });
    await control(strict, 'POST', 'profile', { profile: 'kind' });
    expect(strict.info().profile).toBe('kind');
    await control(strict, 'POST', 'reset');
    expect(strict.info().profile).toBe('strict');
  });

  it('POST /__sandbox/profile refuses a bad body with 400 and changes nothing', async () => {
    for (const body of [{ profile: 'lenient' }, {}, { profile: 'strict', extra: 1 }, { profile: 1 }]) {
      expect((await control(kind, 'POST', 'profile', body)).status).toBe(400);
    }
    const malformed = await fetch(`${kind.origin}/__sandbox/profile`, { method: 'POST', body: '{not json' });
    expect(malformed.status).toBe(400);
    expect(kind.info().profile).toBe('kind');
  });
});

describe('strict profile, Interface A', () => {
  let sandbox: RunningSandbox;
  let alice: string;
  let bob: string;
  let trading: string;
  let northwind: string;
  let codes: TotpSource;
  let bobCodes: TotpSource;

  beforeAll(async () => {
    sandbox = await start({ serviceProfile: 'strict', totpWindowSteps: WINDOW });
    alice = (await login(sandbox, 'alice')).access_token;
    bob = (await login(sandbox, 'bob')).access_token;
    trading = accountOf(sandbox.info(), 'alice', 'MerchantAdministrator');
    northwind = accountOf(sandbox.info(), 'bob', 'Viewer');
  });
  beforeEach(async () => {
    // Reset forgets used TOTP steps, so each test draws codes from the start of the window again.
    await control(sandbox, 'POST', 'reset');
    codes = new TotpSource(user(sandbox.info(), 'alice').totpSecret, WINDOW);
    bobCodes = new TotpSource(user(sandbox.info(), 'bob').totpSecret, WINDOW);
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const send = (tfa: string, body: Record<string, unknown>, as = { token: '', account: '' }) =>
    api<{ txId: string }>(sandbox, 'POST', '/send', {
      token: as.token || alice,
      account: as.account || trading,
      tfa,
      body,
    });
  const ethBalance = async (): Promise<Decimal> => {
    const res = await api<{ wallets: { symbol: string; amount: number }[] }>(sandbox, 'GET', '/wallets', {
      token: alice,
      account: trading,
    });
    return new Decimal(String(res.body.data.wallets.find((w) => w.symbol === 'ETH')?.amount));
  };

  it('a send with a used referenceId moves money again: two answers, two debits, two movements', async () => {
    const before = await ethBalance();
    const body = { symbol: 'ETH', address: ETH_DEST, amount: 0.1, feeRate: 1, referenceId: 'strict-twice' };
    const first = await send(codes.next(), body);
    const second = await send(codes.next(), body);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.data.txId).not.toBe(first.body.data.txId);
    const fee = new Decimal('0.0006');
    expect((await ethBalance()).toFixed()).toBe(before.minus(new Decimal('0.1').plus(fee).times(2)).toFixed());
    const moved = (await movements(sandbox)).filter((m) => m.referenceId === 'strict-twice');
    expect(moved).toHaveLength(2);
    expect(moved[0]).toMatchObject({
      seq: 1,
      interface: 'A',
      kind: 'send',
      accountGuid: trading,
      merchantPublicKey: null,
      merchantTransactionId: null,
      symbol: 'ETH',
      amount: '0.1',
      address: ETH_DEST,
    });
    expect(Date.parse(moved[0]?.at ?? '')).not.toBeNaN();
    expect(sandbox.movements()).toEqual(await movements(sandbox));
  });

  it('the kind profile replays the same send instead: one movement', async () => {
    sandbox.setProfile('kind');
    const body = { symbol: 'ETH', address: ETH_DEST, amount: 0.1, feeRate: 1, referenceId: 'kind-once' };
    const code = codes.next();
    const first = await send(code, body);
    const replay = await send(code, body);
    expect(replay.body.data).toEqual(first.body.data);
    expect(await movements(sandbox)).toHaveLength(1);
  });

  it('a send refused for its balance still burns the code', async () => {
    const code = codes.next();
    const refused = await send(code, { symbol: 'ETH', address: ETH_DEST, amount: 1_000_000, feeRate: 1 });
    expect(refused.body).toMatchObject({ code: 400, message: 'Insufficient balance' });
    const again = await send(code, { symbol: 'ETH', address: ETH_DEST, amount: 0.01, feeRate: 1 });
    expect(again.body).toMatchObject({ code: 400, message: 'Invalid two-factor code' });
    expect(await movements(sandbox)).toEqual([]);
  });

  it('the code is checked before the body: a bad code on a malformed body is a code error, a good one is burned', async () => {
    const bad = await send('000000', { symbol: 'ETH' });
    expect(bad.body).toMatchObject({ code: 400, message: 'Invalid two-factor code' });
    const code = codes.next();
    const malformed = await send(code, { symbol: 'ETH', address: 'not-an-address', amount: 0.01, feeRate: 1 });
    expect(malformed.body).toMatchObject({ code: 400, message: 'Invalid address' });
    const reuse = await send(code, { symbol: 'ETH', address: ETH_DEST, amount: 0.01, feeRate: 1 });
    expect(reuse.body.message).toBe('Invalid two-factor code');
  });

  it('the code is checked before the role: a Viewer refused with 403 has spent it', async () => {
    const code = bobCodes.next();
    const body = { symbol: 'ETH', address: ETH_DEST, amount: 0.01, feeRate: 1 };
    const refused = await send(code, body, { token: bob, account: northwind });
    expect(refused.body).toMatchObject({ code: 403, message: 'Insufficient permissions for send operation' });
    const again = await send(code, body, { token: bob, account: northwind });
    expect(again.body).toMatchObject({ code: 400, message: 'Invalid two-factor code' });
  });

  it('a swap refused for its symbol still burns the code', async () => {
    const swap = (tfa: string, toSymbol: string) =>
      api(sandbox, 'POST', '/swap', {
        token: alice,
        account: trading,
        tfa,
        body: {
          fromSymbol: 'ETH',
          fromNetwork: 'Ethereum Mainnet',
          toSymbol,
          toNetwork: 'Ethereum Mainnet',
          amount: 0.01,
          isUsdInput: false,
        },
      });
    const code = codes.next();
    expect((await swap(code, 'DOGE')).body).toMatchObject({ code: 400, message: 'Invalid symbol' });
    expect((await swap(code, 'USDT')).body).toMatchObject({ code: 400, message: 'Invalid two-factor code' });
    expect((await swap(codes.next(), 'USDT')).status).toBe(200);
    expect((await movements(sandbox)).map((m) => m.kind)).toEqual(['swap']);
  });

  it('deposit address creation with a used referenceId makes a new address', async () => {
    const create = () =>
      api<{ wallet: string }>(sandbox, 'POST', '/deposit/address/create', {
        token: alice,
        account: trading,
        body: { symbol: 'BTC', label: 'Invoice', referenceId: 'dep-1', callbackUrl: 'http://127.0.0.1:9/cb' },
      });
    const first = await create();
    const second = await create();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.data.wallet).not.toBe(first.body.data.wallet);
  });
});

describe('strict profile, Interface B', () => {
  let sandbox: RunningSandbox;
  let merchant: InfoMerchant;
  let codes: TotpSource;

  beforeAll(async () => {
    sandbox = await start({ serviceProfile: 'strict', totpWindowSteps: WINDOW });
    merchant = merchantOf(sandbox);
  });
  beforeEach(async () => {
    await control(sandbox, 'POST', 'reset');
    codes = new TotpSource(merchant.totpSecret, WINDOW);
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const ethBalance = async (): Promise<Decimal> => {
    const res = await merchantCall(sandbox, merchant, '/v1/merchant/balances', {});
    return new Decimal(String((res.body.data as { ethBalance: number }).ethBalance));
  };
  const zError = (zcode: string) => ({ apiVersion: '1.0.0.0', data: null, code: 400, message: zcode });

  it('a withdrawal with a used MerchantTransactionId moves money again', async () => {
    const before = await ethBalance();
    const first = await withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-strict-1' }, codes.next());
    const second = await withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-strict-1' }, codes.next());
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((second.body.data as { txId: string }).txId).not.toBe((first.body.data as { txId: string }).txId);
    expect((await ethBalance()).toFixed()).toBe(before.minus('0.02').toFixed());
    const moved = await movements(sandbox);
    expect(moved).toHaveLength(2);
    expect(moved[1]).toMatchObject({
      seq: 2,
      interface: 'B',
      kind: 'withdraw',
      accountGuid: merchant.linkedAccount?.guid,
      merchantPublicKey: merchant.publicKey,
      referenceId: 'ref-MTX-strict-1',
      merchantTransactionId: 'MTX-strict-1',
      symbol: 'ETH',
      amount: '0.01',
      address: ETH_DEST,
    });
  });

  it('a wrong or used code is Z202, checked before the hash', async () => {
    expect((await withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-z202' }, '000000')).body).toEqual(
      zError('Z202'),
    );
    const badHash = { ...withdrawFields('MTX-hash'), TfaCode: '000000', Hash: md5('wrong') };
    expect((await merchantCall(sandbox, merchant, '/v1/withdraw/add', badHash)).body).toEqual(zError('Z202'));
    const code = codes.next();
    expect((await withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-ok' }, code)).status).toBe(200);
    expect((await withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-again' }, code)).body).toEqual(
      zError('Z202'),
    );
  });

  it('insufficient balance is Z513, and the refused request has spent its code', async () => {
    const code = codes.next();
    const refused = await withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-big', amount: 100_000 }, code);
    expect(refused.body).toEqual(zError('Z513'));
    const again = await withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-small' }, code);
    expect(again.body).toEqual(zError('Z202'));
    expect(await movements(sandbox)).toEqual([]);
  });

  it('a bad hash is still Z800 and other invalid parameters Z600, each after spending the code', async () => {
    const hashCode = codes.next();
    const badHash = { ...withdrawFields('MTX-800'), TfaCode: hashCode, Hash: md5('wrong') };
    expect((await merchantCall(sandbox, merchant, '/v1/withdraw/add', badHash)).body).toEqual(zError('Z800'));
    expect((await withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-801' }, hashCode)).body).toEqual(
      zError('Z202'),
    );
    const emailCode = codes.next();
    const wrongEmail = { ...signedWithdraw('MTX-600'), TfaCode: emailCode, Email: 'someone@else.example' };
    expect((await merchantCall(sandbox, merchant, '/v1/withdraw/add', wrongEmail)).body).toEqual(zError('Z600'));
    expect((await withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-601' }, emailCode)).body).toEqual(
      zError('Z202'),
    );
  });

  it('bad keys are refused before the code is looked at (Z200, Z503), so the code stays usable', async () => {
    const code = codes.next();
    const body = { ...signedWithdraw('MTX-keys'), TfaCode: code };
    const wrongSecret = await fetch(`${sandbox.apiUrl}/v1/withdraw/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': 'sk_sbx_wrong' },
      body: JSON.stringify({ PublicKey: merchant.publicKey, ...body }),
    });
    expect(await wrongSecret.json()).toEqual(zError('Z503'));
    const unknownKey = await fetch(`${sandbox.apiUrl}/v1/withdraw/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': merchant.secretKey },
      body: JSON.stringify({ ...body, PublicKey: 'pk_sbx_nobody' }),
    });
    expect(await unknownKey.json()).toEqual(zError('Z200'));
    expect((await withdrawEth(sandbox, merchant, { merchantTransactionId: 'MTX-keys' }, code)).status).toBe(200);
  });

  it('deposit address creation with a used ReferenceId makes a new address', async () => {
    const body = depositCreateBody(merchant, {
      Symbol: 'LTC',
      Label: 'Top-up',
      ReferenceId: 'member-7',
      CallbackUrl: 'http://127.0.0.1:9/cb',
    });
    const first = await merchantCall(sandbox, merchant, '/v1/deposit/address/create', body);
    const second = await merchantCall(sandbox, merchant, '/v1/deposit/address/create', body);
    const wallets = [first, second].map((r) => (r.body.data as { wallet: string }).wallet);
    expect(wallets[1]).not.toBe(wallets[0]);
    const got = await merchantCall(sandbox, merchant, '/v1/deposit/address/get', {
      MemberId: 'member-7',
      Symbol: 'LTC',
    });
    expect((got.body.data as { address: string }).address).toBe(wallets[1]);
  });

  function withdrawFields(merchantTransactionId: string) {
    return {
      ReferenceId: `ref-${merchantTransactionId}`,
      Amount: 0.01,
      Symbol: 'ETH',
      NetworkId: 3,
      Address: ETH_DEST,
      MerchantTransactionId: merchantTransactionId,
      Label: 'Payout',
      Email: merchant.email,
    };
  }

  function signedWithdraw(merchantTransactionId: string) {
    const fields = withdrawFields(merchantTransactionId);
    return { ...fields, Hash: md5(`ETH0.01${ETH_DEST}${merchantTransactionId}${merchant.secretKey}`) };
  }
});
