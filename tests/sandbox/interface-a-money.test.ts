import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAddress } from '../../sandbox/data/addresses';
import { Prng } from '../../sandbox/data/prng';
import type { RunningSandbox, SandboxInfo } from '../../sandbox/server';
import { accountOf, api, login, start, totp, TotpSource, user } from './helpers';

const WINDOW = 40;
let sandbox: RunningSandbox;
let info: SandboxInfo;
let alice: string;
let bob: string;
let trading: string;
let northwind: string;
let codes: TotpSource;

interface Wallet {
  symbol: string;
  amount: number;
  address: string;
}

async function balance(account: string, symbol: string): Promise<Decimal> {
  const res = await api<{ wallets: Wallet[] }>(sandbox, 'GET', '/wallets', { token: alice, account });
  const w = res.body.data.wallets.find((x) => x.symbol === symbol);
  if (!w) throw new Error(`no ${symbol}`);
  return new Decimal(String(w.amount));
}

async function newest(account: string): Promise<Record<string, unknown>[]> {
  const res = await api<{ items: Record<string, unknown>[] }>(sandbox, 'POST', '/transactions', {
    token: alice,
    account,
    body: { page: 1, recordsPerPage: 5 },
  });
  return res.body.data.items;
}

const ETH_DEST = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_DEST = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const LTC_DEST = generateAddress('ltc', new Prng(99));

beforeAll(async () => {
  sandbox = await start({ totpWindowSteps: WINDOW });
  info = sandbox.info();
  alice = (await login(sandbox, 'alice')).access_token;
  bob = (await login(sandbox, 'bob')).access_token;
  trading = accountOf(info, 'alice', 'MerchantAdministrator');
  northwind = accountOf(info, 'alice', 'Agent');
  // One source for the file: the sandbox remembers every accepted time step.
  codes = new TotpSource(user(info, 'alice').totpSecret, WINDOW);
});
afterAll(async () => {
  await sandbox.close();
});

describe('POST /send/precheck', () => {
  it('returns three fee options, price and available balance', async () => {
    const res = await api<{
      feeData: { feeRate: number; fee: number; symbol: string; usd: number; arrivalEstimation: string }[];
      price: number;
      availableBalance: number;
      symbol: string;
      address: string;
      amount: number;
    }>(sandbox, 'POST', '/send/precheck', {
      token: alice,
      account: trading,
      body: { symbol: 'USDT', address: ETH_DEST, amount: 12.5 },
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.feeData.map((f) => f.feeRate)).toEqual([0, 1, 2]);
    expect(d.feeData.every((f) => f.symbol === 'ETH' && f.fee > 0 && f.usd > 0 && f.arrivalEstimation.length > 0)).toBe(
      true,
    );
    expect(d.feeData[0]!.fee).toBeLessThan(d.feeData[2]!.fee);
    expect(d).toMatchObject({ symbol: 'USDT', address: ETH_DEST, amount: 12.5 });
    expect(d.availableBalance).toBe((await balance(trading, 'USDT')).toNumber());
  });

  it('refuses an unknown symbol, a bad address, a bad amount and too much', async () => {
    const call = (body: unknown) => api(sandbox, 'POST', '/send/precheck', { token: alice, account: trading, body });
    expect((await call({ symbol: 'DOGE', address: ETH_DEST, amount: 1 })).body).toEqual({
      apiVersion: '1.0.0.0',
      data: false,
      code: 400,
      message: 'Invalid symbol',
    });
    expect(
      (await call({ symbol: 'ETH', address: '0x52908400098527886e0f7030069857D2E4169EE7', amount: 1 })).body.message,
    ).toBe('Invalid address');
    expect((await call({ symbol: 'BTC', address: ETH_DEST, amount: 1 })).body.message).toBe('Invalid address');
    expect((await call({ symbol: 'ETH', address: ETH_DEST, amount: -1 })).body.message).toBe('Invalid amount');
    expect((await call({ symbol: 'BTC', address: BTC_DEST, amount: 0.123456789 })).body.message).toBe('Invalid amount');
    const tooMuch = await call({ symbol: 'BTC', address: BTC_DEST, amount: 1_000_000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 400, message: 'Insufficient balance' });
  });
});

describe('POST /send', () => {
  it('moves exactly amount + fee and appends history', async () => {
    const before = await balance(trading, 'ETH');
    const precheck = await api<{ feeData: { fee: number }[] }>(sandbox, 'POST', '/send/precheck', {
      token: alice,
      account: trading,
      body: { symbol: 'ETH', address: ETH_DEST, amount: 0.1 },
    });
    const fee = new Decimal(String(precheck.body.data.feeData[1]!.fee));
    const res = await api<{ txId: string; explorerUrl: string }>(sandbox, 'POST', '/send', {
      token: alice,
      account: trading,
      tfa: codes.next(),
      body: {
        symbol: 'ETH',
        address: ETH_DEST,
        amount: 0.1,
        feeRate: 1,
        referenceId: 'send-exact-1',
        description: 'Rent',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.txId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(res.body.data.explorerUrl).toBe(`https://etherscan.io/tx/${res.body.data.txId}`);
    expect((await balance(trading, 'ETH')).toFixed()).toBe(before.minus('0.1').minus(fee).toFixed());
    const [row] = await newest(trading);
    expect(row).toMatchObject({
      symbol: 'ETH',
      amount: 0.1,
      type: 'Withdraw',
      status: 'Completed',
      to: ETH_DEST,
      referenceId: 'send-exact-1',
      label: 'Rent',
      withdrawType: 1,
      txId: res.body.data.txId,
    });
  });

  it('takes token fees from the network coin', async () => {
    const usdtBefore = await balance(trading, 'BSC-USD');
    const bnbBefore = await balance(trading, 'BNB');
    const res = await api(sandbox, 'POST', '/send', {
      token: alice,
      account: trading,
      tfa: codes.next(),
      body: { symbol: 'BSC-USD', address: ETH_DEST.toLowerCase(), amount: 0.3, feeRate: 0 },
    });
    expect(res.status).toBe(200);
    expect((await balance(trading, 'BSC-USD')).toFixed()).toBe(usdtBefore.minus('0.3').toFixed());
    expect((await balance(trading, 'BNB')).toFixed()).toBe(bnbBefore.minus('0.00015').toFixed());
  });

  it('requires the TFA header and a valid code (400), and accepts each code once', async () => {
    const body = { symbol: 'LTC', address: LTC_DEST, amount: 0.01, feeRate: 1 };
    const missing = await api(sandbox, 'POST', '/send', { token: alice, account: trading, body });
    expect(missing.body).toEqual({
      apiVersion: '1.0.0.0',
      data: false,
      code: 400,
      message: 'Two-factor code is required',
    });
    const wrong = await api(sandbox, 'POST', '/send', {
      token: alice,
      account: trading,
      tfa: '000000' === totp(user(info, 'alice').totpSecret) ? '111111' : '000000',
      body,
    });
    expect(wrong.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 400, message: 'Invalid two-factor code' });
    const bobsCode = await api(sandbox, 'POST', '/send', {
      token: alice,
      account: trading,
      tfa: totp(user(info, 'bob').totpSecret),
      body,
    });
    expect(bobsCode.body.message).toBe('Invalid two-factor code');
    const before = await balance(trading, 'LTC');
    const code = codes.next();
    expect((await api(sandbox, 'POST', '/send', { token: alice, account: trading, tfa: code, body })).status).toBe(200);
    const replay = await api(sandbox, 'POST', '/send', { token: alice, account: trading, tfa: code, body });
    expect(replay.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 400, message: 'Invalid two-factor code' });
    expect((await balance(trading, 'LTC')).toFixed()).toBe(before.minus('0.01').minus('0.0001').toFixed());
  });

  it('returns the original result for a repeat with the same referenceId and body, without moving money twice', async () => {
    const body = { symbol: 'BTC', address: BTC_DEST, amount: 0.001, feeRate: 2, referenceId: 'dup-1' };
    const before = await balance(trading, 'BTC');
    const code = codes.next();
    const first = await api<{ txId: string }>(sandbox, 'POST', '/send', {
      token: alice,
      account: trading,
      tfa: code,
      body,
    });
    expect(first.status).toBe(200);
    const sameCode = await api<{ txId: string }>(sandbox, 'POST', '/send', {
      token: alice,
      account: trading,
      tfa: code,
      body,
    });
    expect(sameCode.body.data).toEqual(first.body.data);
    const freshCode = await api<{ txId: string }>(sandbox, 'POST', '/send', {
      token: alice,
      account: trading,
      tfa: codes.next(),
      body,
    });
    expect(freshCode.body.data).toEqual(first.body.data);
    expect((await balance(trading, 'BTC')).toFixed()).toBe(before.minus('0.001').minus('0.00004').toFixed());
    const history = await api<{ totalRecords: number }>(sandbox, 'POST', '/transactions', {
      token: alice,
      account: trading,
      body: { page: 1, recordsPerPage: 10, filter: 'dup-1' },
    });
    expect(history.body.data.totalRecords).toBe(1);
  });

  it('refuses the same referenceId with a different body (409)', async () => {
    const body = { symbol: 'BTC', address: BTC_DEST, amount: 0.002, feeRate: 1, referenceId: 'dup-2' };
    expect(
      (await api(sandbox, 'POST', '/send', { token: alice, account: trading, tfa: codes.next(), body })).status,
    ).toBe(200);
    const before = await balance(trading, 'BTC');
    const changed = await api(sandbox, 'POST', '/send', {
      token: alice,
      account: trading,
      tfa: codes.next(),
      body: { ...body, amount: 0.003 },
    });
    expect(changed.status).toBe(409);
    expect(changed.body).toEqual({
      apiVersion: '1.0.0.0',
      data: false,
      code: 409,
      message: 'Reference id already used with a different request',
    });
    expect((await balance(trading, 'BTC')).toFixed()).toBe(before.toFixed());
  });

  it('refuses an insufficient balance without moving money', async () => {
    const before = await balance(trading, 'BTC');
    const res = await api(sandbox, 'POST', '/send', {
      token: alice,
      account: trading,
      tfa: codes.next(),
      body: { symbol: 'BTC', address: BTC_DEST, amount: before.plus(1).toNumber(), feeRate: 1 },
    });
    expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 400, message: 'Insufficient balance' });
    expect((await balance(trading, 'BTC')).toFixed()).toBe(before.toFixed());
  });

  it('allows an Agent and refuses a Viewer with 403 Insufficient permissions for send operation', async () => {
    const agent = await api(sandbox, 'POST', '/send', {
      token: alice,
      account: northwind,
      tfa: codes.next(),
      body: { symbol: 'USDT', address: ETH_DEST, amount: 1, feeRate: 1 },
    });
    expect(agent.status).toBe(200);
    const viewer = await api(sandbox, 'POST', '/send', {
      token: bob,
      account: northwind,
      tfa: totp(user(info, 'bob').totpSecret),
      body: { symbol: 'USDT', address: ETH_DEST, amount: 1, feeRate: 1 },
    });
    expect(viewer.status).toBe(403);
    expect(viewer.body).toEqual({
      apiVersion: '1.0.0.0',
      data: false,
      code: 403,
      message: 'Insufficient permissions for send operation',
    });
    // A viewer may still read and precheck.
    expect(
      (
        await api(sandbox, 'POST', '/send/precheck', {
          token: bob,
          account: northwind,
          body: { symbol: 'USDT', address: ETH_DEST, amount: 1 },
        })
      ).status,
    ).toBe(200);
  });
});

describe('swap', () => {
  it('prechecks crypto and USD input', async () => {
    const wallets = (
      await api<{ wallets: (Wallet & { price: number })[] }>(sandbox, 'GET', '/wallets', {
        token: alice,
        account: trading,
      })
    ).body.data.wallets;
    const btcPrice = new Decimal(String(wallets.find((w) => w.symbol === 'BTC')!.price));
    const usdtPrice = new Decimal(String(wallets.find((w) => w.symbol === 'USDT')!.price));
    const crypto = await api<{ cryptoAmount: number; toAmount: number }>(sandbox, 'POST', '/swap/precheck', {
      token: alice,
      account: trading,
      body: {
        fromSymbol: 'BTC',
        fromNetwork: 'Bitcoin Mainnet',
        toSymbol: 'USDT',
        toNetwork: 'Ethereum Mainnet',
        amount: 0.01,
        isUsdInput: false,
      },
    });
    expect(crypto.status).toBe(200);
    expect(crypto.body.data.cryptoAmount).toBe(0.01);
    const expected = new Decimal('0.01')
      .times(btcPrice)
      .times('0.995')
      .dividedBy(usdtPrice)
      .toDecimalPlaces(6, Decimal.ROUND_DOWN);
    expect(crypto.body.data.toAmount).toBe(expected.toNumber());
    const usd = await api<{ cryptoAmount: number; toAmount: number }>(sandbox, 'POST', '/swap/precheck', {
      token: alice,
      account: trading,
      body: {
        fromSymbol: 'BTC',
        fromNetwork: 'Bitcoin Mainnet',
        toSymbol: 'ETH',
        toNetwork: 'Optimism Mainnet',
        amount: 500,
        isUsdInput: true,
      },
    });
    expect(usd.body.data.cryptoAmount).toBe(
      new Decimal(500).dividedBy(btcPrice).toDecimalPlaces(8, Decimal.ROUND_DOWN).toNumber(),
    );
  });

  it('refuses unknown pairs with Invalid symbol', async () => {
    for (const body of [
      {
        fromSymbol: 'DOGE',
        fromNetwork: 'Bitcoin Mainnet',
        toSymbol: 'USDT',
        toNetwork: 'Ethereum Mainnet',
        amount: 1,
        isUsdInput: false,
      },
      {
        fromSymbol: 'BTC',
        fromNetwork: 'Ethereum Mainnet',
        toSymbol: 'USDT',
        toNetwork: 'Ethereum Mainnet',
        amount: 1,
        isUsdInput: false,
      },
      {
        fromSymbol: 'USDT',
        fromNetwork: 'Ethereum Mainnet',
        toSymbol: 'USDT',
        toNetwork: 'Ethereum Mainnet',
        amount: 1,
        isUsdInput: false,
      },
    ]) {
      const res = await api(sandbox, 'POST', '/swap/precheck', { token: alice, account: trading, body });
      expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 400, message: 'Invalid symbol' });
    }
  });

  it('swaps exactly, appends both legs and needs a fresh code', async () => {
    const body = {
      fromSymbol: 'USDT',
      fromNetwork: 'Binance Smartchain',
      toSymbol: 'USDC',
      toNetwork: 'Ethereum Mainnet',
      amount: 100.25,
      isUsdInput: false,
    };
    const quote = (
      await api<{ cryptoAmount: number; toAmount: number }>(sandbox, 'POST', '/swap/precheck', {
        token: alice,
        account: trading,
        body,
      })
    ).body.data;
    const fromBefore = await balance(trading, 'BSC-USD');
    const toBefore = await balance(trading, 'ETH-USDC');
    const code = codes.next();
    const res = await api<{
      address: string;
      swapReferenceId: string;
      sendResult: { txId: string; explorerUrl: string };
      errorCode: null;
      statusCode: number;
    }>(sandbox, 'POST', '/swap', { token: alice, account: trading, tfa: code, body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ errorCode: null, statusCode: 200 });
    expect(res.body.data.sendResult.explorerUrl).toContain(res.body.data.sendResult.txId);
    expect((await balance(trading, 'BSC-USD')).toFixed()).toBe(fromBefore.minus('100.25').toFixed());
    expect((await balance(trading, 'ETH-USDC')).toFixed()).toBe(toBefore.plus(String(quote.toAmount)).toFixed());
    const legs = (await newest(trading)).slice(0, 2);
    expect(legs.map((l) => l['referenceId'])).toEqual([res.body.data.swapReferenceId, res.body.data.swapReferenceId]);
    expect(legs.map((l) => l['withdrawType'])).toEqual([2, 2]);
    const replay = await api(sandbox, 'POST', '/swap', { token: alice, account: trading, tfa: code, body });
    expect(replay.body.message).toBe('Invalid two-factor code');
  });

  it('refuses a swap beyond the balance, and a Viewer with 403 Insufficient permissions for swap operation', async () => {
    const body = {
      fromSymbol: 'BTC',
      fromNetwork: 'Bitcoin Mainnet',
      toSymbol: 'ETH',
      toNetwork: 'Ethereum Mainnet',
      amount: 10_000,
      isUsdInput: false,
    };
    const rich = await api(sandbox, 'POST', '/swap', { token: alice, account: trading, tfa: codes.next(), body });
    expect(rich.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 400, message: 'Insufficient balance' });
    const viewer = await api(sandbox, 'POST', '/swap', {
      token: bob,
      account: northwind,
      tfa: totp(user(info, 'bob').totpSecret),
      body: { ...body, amount: 0.0001 },
    });
    expect(viewer.body).toEqual({
      apiVersion: '1.0.0.0',
      data: false,
      code: 403,
      message: 'Insufficient permissions for swap operation',
    });
  });
});

describe('POST /deposit/address/create', () => {
  it('creates a fresh valid address bound to the reference, idempotent per referenceId', async () => {
    const body = {
      symbol: 'ETH-USDC',
      label: 'Invoice 77',
      referenceId: 'dep-1',
      callbackUrl: 'http://127.0.0.1:9/hook',
      amount: 25,
      currency: 'EUR',
    };
    const res = await api<{ wallet: string; symbol: string; network: string; referenceId: string; requestId: string }>(
      sandbox,
      'POST',
      '/deposit/address/create',
      { token: alice, account: trading, body },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ symbol: 'ETH-USDC', network: 'Ethereum Mainnet', referenceId: 'dep-1' });
    expect(res.body.data.wallet).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(res.body.data.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const again = await api(sandbox, 'POST', '/deposit/address/create', { token: alice, account: trading, body });
    expect(again.body.data).toEqual(res.body.data);
    const other = await api(sandbox, 'POST', '/deposit/address/create', {
      token: alice,
      account: trading,
      body: { ...body, label: 'changed' },
    });
    expect(other.status).toBe(409);
    const btc = await api<{ wallet: string }>(sandbox, 'POST', '/deposit/address/create', {
      token: alice,
      account: trading,
      body: { symbol: 'BTC', label: 'x', referenceId: 'dep-2', callbackUrl: 'https://merchant.example/hook' },
    });
    expect(btc.body.data.wallet).toMatch(/^bc1q/);
  });

  it('refuses an unknown symbol and a malformed callback URL', async () => {
    const bad = await api(sandbox, 'POST', '/deposit/address/create', {
      token: alice,
      account: trading,
      body: { symbol: 'XRP', label: 'x', referenceId: 'dep-3', callbackUrl: 'https://merchant.example/hook' },
    });
    expect(bad.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 400, message: 'Invalid symbol' });
    const url = await api(sandbox, 'POST', '/deposit/address/create', {
      token: alice,
      account: trading,
      body: { symbol: 'BTC', label: 'x', referenceId: 'dep-4', callbackUrl: 'javascript:alert(1)' },
    });
    expect(url.status).toBe(400);
    expect(url.body.message).toMatch(/^Invalid request/);
  });
});
