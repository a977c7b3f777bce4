import Decimal from 'decimal.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { accountOf, api, login, start, TotpSource, user } from './helpers';

const ETH_DEST = '0x52908400098527886E0F7030069857D2E4169EE7';
let sandbox: RunningSandbox;
let alice: string;
let trading: string;
let codes: TotpSource;
let seededEth: Decimal;

async function ethBalance(): Promise<Decimal> {
  const res = await api<{ wallets: { symbol: string; amount: number }[] }>(sandbox, 'GET', '/wallets', {
    token: alice,
    account: trading,
  });
  return new Decimal(String(res.body.data.wallets.find((w) => w.symbol === 'ETH')?.amount));
}

function control(path: string, body?: unknown): Promise<Response> {
  return fetch(`${sandbox.origin}/__sandbox/${path}`, {
    method: 'POST',
    body: body === undefined ? null : JSON.stringify(body),
  });
}

beforeAll(async () => {
  sandbox = await start({ totpWindowSteps: 20, rateLimit: { capacity: 20, refillPerSecond: 10 } });
  alice = (await login(sandbox, 'alice')).access_token;
  trading = accountOf(sandbox.info(), 'alice', 'MerchantAdministrator');
  codes = new TotpSource(user(sandbox.info(), 'alice').totpSecret, 20);
  seededEth = await ethBalance();
});
beforeEach(() => {
  sandbox.faults.reset();
});
afterAll(async () => {
  await sandbox.close();
});

describe('fault injection', () => {
  it('POST /__sandbox/faults validates the plan', async () => {
    const bad = await control('faults', { failNext: -1 });
    expect(bad.status).toBe(400);
    const unknown = await control('faults', { explode: true });
    expect(unknown.status).toBe(400);
    const ok = await control('faults', { failNext: 1 });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { plan: { failNext: number } }).plan.failNext).toBe(1);
  });

  it('failNext answers 500 with the envelope, then recovers', async () => {
    await control('faults', { failNext: 2 });
    for (let i = 0; i < 2; i += 1) {
      const res = await api(sandbox, 'GET', '/wallets', { token: alice, account: trading });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 500, message: 'Internal server error' });
    }
    expect((await api(sandbox, 'GET', '/wallets', { token: alice, account: trading })).status).toBe(200);
  });

  it('failNextPath keeps the failure for that path: other calls before it run as usual', async () => {
    const armed = await control('faults', { failNext: 1, failNextPath: '/api/OAuth/send/precheck' });
    expect(((await armed.json()) as { plan: { failNextPath: string } }).plan.failNextPath).toBe(
      '/api/OAuth/send/precheck',
    );
    expect((await api(sandbox, 'GET', '/wallets', { token: alice, account: trading })).status).toBe(200);
    expect((await api(sandbox, 'GET', '/session', { token: alice })).status).toBe(200);
    const body = { symbol: 'ETH', address: ETH_DEST, amount: 0.1 };
    const failed = await api(sandbox, 'POST', '/send/precheck', { token: alice, account: trading, body });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 500, message: 'Internal server error' });
    expect((await api(sandbox, 'POST', '/send/precheck', { token: alice, account: trading, body })).status).toBe(200);
    expect(sandbox.faults.plan).toMatchObject({ failNext: 0, failNextPath: null });
  });

  it('failNextPath must be a URL path; a later failNext without one fails any call again', async () => {
    expect((await control('faults', { failNext: 1, failNextPath: 'send' })).status).toBe(400);
    expect((await control('faults', { failNext: 1, failNextPath: '/api/OAuth/send?x=1' })).status).toBe(400);
    await control('faults', { failNext: 1, failNextPath: '/api/OAuth/send' });
    await control('faults', { failNext: 1 });
    expect((await api(sandbox, 'GET', '/session', { token: alice })).status).toBe(500);
  });

  it('emptyHistoryNext answers the next history reads with an empty page, then the history again', async () => {
    const read = () =>
      api<{ totalRecords: number; totalPages: number; page: number; items: unknown[] }>(
        sandbox,
        'POST',
        '/transactions',
        { token: alice, account: trading, body: { page: 1, recordsPerPage: 10 } },
      );
    const before = await read();
    expect(before.body.data.items.length).toBeGreaterThan(0);
    await control('faults', { emptyHistoryNext: 2 });
    for (let n = 0; n < 2; n += 1) {
      const empty = await read();
      expect(empty.status).toBe(200);
      expect(empty.body.data).toEqual({ totalRecords: 0, totalPages: 0, page: 1, recordsPerPage: 10, items: [] });
    }
    expect(sandbox.faults.plan.emptyHistoryNext).toBe(0);
    expect((await read()).body.data).toEqual(before.body.data);
  });

  it('a failed send changes nothing', async () => {
    const before = await ethBalance();
    await control('faults', { failNext: 1 });
    const res = await api(sandbox, 'POST', '/send', {
      token: alice,
      account: trading,
      tfa: codes.next(),
      body: { symbol: 'ETH', address: ETH_DEST, amount: 0.5, feeRate: 1 },
    });
    expect(res.status).toBe(500);
    expect((await ethBalance()).toFixed()).toBe(before.toFixed());
  });

  it('rateLimitNext answers 429 Rate limit exceeded', async () => {
    await control('faults', { rateLimitNext: 1 });
    const res = await fetch(`${sandbox.baseUrl}/api/OAuth/session`, { headers: { authorization: `Bearer ${alice}` } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ apiVersion: '1.0.0.0', data: false, code: 429, message: 'Rate limit exceeded' });
  });

  it('latencyMs delays answers', async () => {
    await control('faults', { latencyMs: 150 });
    const t0 = performance.now();
    await api(sandbox, 'GET', '/session', { token: alice });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it('rateLimitNextPath keeps the 429 for that path: other calls before it run as usual', async () => {
    const armed = await control('faults', { rateLimitNext: 1, rateLimitNextPath: '/api/OAuth/transactions' });
    expect(((await armed.json()) as { plan: { rateLimitNextPath: string } }).plan.rateLimitNextPath).toBe(
      '/api/OAuth/transactions',
    );
    expect((await api(sandbox, 'GET', '/wallets', { token: alice, account: trading })).status).toBe(200);
    expect((await api(sandbox, 'GET', '/session', { token: alice })).status).toBe(200);
    const read = () =>
      api(sandbox, 'POST', '/transactions', { token: alice, account: trading, body: { page: 1, recordsPerPage: 5 } });
    const limited = await read();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 429, message: 'Rate limit exceeded' });
    expect((await read()).status).toBe(200);
    expect(sandbox.faults.plan).toMatchObject({ rateLimitNext: 0, rateLimitNextPath: null });
  });

  it('rateLimitNextPath must be a URL path; a later rateLimitNext without one limits any call again', async () => {
    expect((await control('faults', { rateLimitNext: 1, rateLimitNextPath: 'transactions' })).status).toBe(400);
    await control('faults', { rateLimitNext: 1, rateLimitNextPath: '/api/OAuth/transactions' });
    await control('faults', { rateLimitNext: 1 });
    expect((await api(sandbox, 'GET', '/session', { token: alice })).status).toBe(429);
  });

  it('latencyPath slows only calls to that path: a later call elsewhere answers first', async () => {
    await control('faults', { latencyMs: 1500, latencyPath: '/api/OAuth/transactions' });
    let slowAnswered = false;
    const slow = api(sandbox, 'POST', '/transactions', {
      token: alice,
      account: trading,
      body: { page: 1, recordsPerPage: 5 },
    }).then((res) => {
      slowAnswered = true;
      return res;
    });
    expect((await api(sandbox, 'GET', '/wallets', { token: alice, account: trading })).status).toBe(200);
    expect(slowAnswered).toBe(false);
    expect((await slow).status).toBe(200);
    // A delay set again without a path slows any call, as before the option existed.
    await control('faults', { latencyMs: 10 });
    expect(sandbox.faults.plan).toMatchObject({ latencyMs: 10, latencyPath: null });
    expect((await control('faults', { latencyMs: 10, latencyPath: 'x' })).status).toBe(400);
  });

  it('holdPath holds calls to that path until released, after holdAfter calls through, and nothing else', async () => {
    await control('faults', { holdPath: '/api/OAuth/transactions', holdAfter: 1 });
    const page = () =>
      api(sandbox, 'POST', '/transactions', { token: alice, account: trading, body: { page: 1, recordsPerPage: 5 } });
    // The first call goes through: holdAfter lets it answer as usual.
    expect((await page()).status).toBe(200);
    let heldAnswered = false;
    const held = page().then((res) => {
      heldAnswered = true;
      return res;
    });
    await sandbox.faults.whenHeld(1);
    // Other paths answer while the held call waits, however long that is.
    expect((await api(sandbox, 'GET', '/wallets', { token: alice, account: trading })).status).toBe(200);
    expect(heldAnswered).toBe(false);
    expect(((await (await fetch(`${sandbox.origin}/__sandbox/held`)).json()) as { held: number }).held).toBe(1);
    const released = await control('held/release');
    expect(await released.json()).toEqual({ released: 1 });
    expect((await held).status).toBe(200);
    // Released means the hold is over: the next call to the path answers at once.
    expect(sandbox.faults.plan.holdPath).toBeNull();
    expect((await page()).status).toBe(200);
    expect((await control('faults', { holdPath: 'transactions' })).status).toBe(400);
  });

  it('clearing the fault plan lets held calls answer, so none waits into the next test', async () => {
    await control('faults', { holdPath: '/api/OAuth/wallets' });
    const held = api(sandbox, 'GET', '/wallets', { token: alice, account: trading });
    await sandbox.faults.whenHeld(1);
    await fetch(`${sandbox.origin}/__sandbox/faults`, { method: 'DELETE' });
    expect((await held).status).toBe(200);
    expect(sandbox.faults.held).toBe(0);
    expect(sandbox.faults.plan.holdPath).toBeNull();
  });

  it('dropAfterCommitNext: the send commits, the connection drops, a retry with the same referenceId moves no money again', async () => {
    const before = await ethBalance();
    await control('faults', { dropAfterCommitNext: 1 });
    const body = { symbol: 'ETH', address: ETH_DEST, amount: 0.25, feeRate: 1, referenceId: 'drop-1' };
    const code = codes.next();
    await expect(api(sandbox, 'POST', '/send', { token: alice, account: trading, tfa: code, body })).rejects.toThrow();
    const afterDrop = await ethBalance();
    expect(afterDrop.toFixed()).toBe(before.minus('0.25').minus('0.0006').toFixed());
    const retry = await api<{ txId: string }>(sandbox, 'POST', '/send', {
      token: alice,
      account: trading,
      tfa: code,
      body,
    });
    expect(retry.status).toBe(200);
    expect(retry.body.data.txId).toMatch(/^0x/);
    expect((await ethBalance()).toFixed()).toBe(afterDrop.toFixed());
    const history = await api<{ totalRecords: number }>(sandbox, 'POST', '/transactions', {
      token: alice,
      account: trading,
      body: { page: 1, recordsPerPage: 5, filter: 'drop-1' },
    });
    expect(history.body.data.totalRecords).toBe(1);
  });

  it('dropAfterCommitNext applies to swaps too', async () => {
    await control('faults', { dropAfterCommitNext: 1 });
    const before = await ethBalance();
    const body = {
      fromSymbol: 'ETH',
      fromNetwork: 'Ethereum Mainnet',
      toSymbol: 'USDT',
      toNetwork: 'Ethereum Mainnet',
      amount: 0.01,
      isUsdInput: false,
    };
    await expect(
      api(sandbox, 'POST', '/swap', { token: alice, account: trading, tfa: codes.next(), body }),
    ).rejects.toThrow();
    expect((await ethBalance()).toFixed()).toBe(before.minus('0.01').toFixed());
  });
});

describe('rate limiting', () => {
  it('a burst beyond the bucket answers 429 for that token only, then refills', async () => {
    const other = (await login(sandbox, 'carol')).access_token;
    await new Promise((r) => setTimeout(r, 2_100));
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => api(sandbox, 'GET', '/session', { token: alice }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(20);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect((await api(sandbox, 'GET', '/session', { token: other })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await api(sandbox, 'GET', '/session', { token: alice })).status).toBe(200);
  });
});

describe('control API', () => {
  it('GET /__sandbox/info lists identities and merchants', async () => {
    const info = (await (await fetch(`${sandbox.origin}/__sandbox/info`)).json()) as ReturnType<RunningSandbox['info']>;
    expect(info).toMatchObject({
      issuer: sandbox.issuer,
      clientId: 'wallet-desk',
      baseUrl: sandbox.origin,
      apiUrl: sandbox.origin,
    });
    expect(info.users.map((u) => u.username)).toEqual(['alice', 'bob', 'carol']);
    for (const u of info.users) expect(u.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(info.merchants.length).toBeGreaterThan(0);
    expect(info.merchants[0]).toMatchObject({ publicKey: expect.any(String), secretKey: expect.any(String) });
  });

  it('POST /__sandbox/reset restores the seeded balances and history', async () => {
    const identities = sandbox.info();
    expect(
      (
        await api(sandbox, 'POST', '/send', {
          token: alice,
          account: trading,
          tfa: codes.next(),
          body: { symbol: 'ETH', address: ETH_DEST, amount: 0.01, feeRate: 0 },
        })
      ).status,
    ).toBe(200);
    expect((await ethBalance()).toFixed()).not.toBe(seededEth.toFixed());
    expect((await control('reset')).status).toBe(200);
    expect(sandbox.info()).toEqual(identities);
    expect((await ethBalance()).toFixed()).toBe(seededEth.toFixed());
    const total = (
      await api<{ totalRecords: number }>(sandbox, 'POST', '/transactions', {
        token: alice,
        account: trading,
        body: { page: 1, recordsPerPage: 1 },
      })
    ).body.data.totalRecords;
    expect(total).toBe(20_000);
  });
});
