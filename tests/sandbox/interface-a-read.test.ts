import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox, SandboxInfo } from '../../sandbox/server';
import { accountOf, api, login, start, user } from './helpers';

let sandbox: RunningSandbox;
let info: SandboxInfo;
let alice: string;
let bob: string;
let trading: string;
let northwind: string;

beforeAll(async () => {
  sandbox = await start();
  info = sandbox.info();
  alice = (await login(sandbox, 'alice')).access_token;
  bob = (await login(sandbox, 'bob')).access_token;
  trading = accountOf(info, 'alice', 'MerchantAdministrator');
  northwind = accountOf(info, 'alice', 'Agent');
});
afterAll(async () => {
  await sandbox.close();
});

interface Item {
  symbol: string;
  amount: number;
  value: number;
  date: string;
  type: string;
  status: string;
  withdrawType: number;
  label: string;
  [key: string]: unknown;
}
interface TxPage {
  totalRecords: number;
  totalPages: number;
  page: number;
  recordsPerPage: number;
  items: Item[];
}

const SPEC_ASSETS = ['BTC', 'LTC', 'ETH', 'OPT-ETH', 'USDT', 'BSC-USD', 'OPT-USD', 'ETH-USDC', 'BSC-USDC', 'BNB'];

describe('Interface A: envelope and authentication', () => {
  it('GET /session returns the user and accounts without the account header', async () => {
    const res = await api<{
      isAuthenticated: boolean;
      user: { userGuid: string; name: string; email: string };
      accounts: { guid: string; role: string; isPersonalAccount: boolean; name: string }[];
      currentAccountGuid: string;
    }>(sandbox, 'GET', '/session', { token: alice });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ apiVersion: '1.0.0.0', code: 200, message: 'OK' });
    expect(res.body.data.isAuthenticated).toBe(true);
    expect(res.body.data.user.userGuid).toBe(user(info, 'alice').userGuid);
    expect(res.body.data.accounts.map((a) => a.role)).toEqual(
      expect.arrayContaining(['MerchantAdministrator', 'Agent']),
    );
    expect(res.body.data.currentAccountGuid).toBe(trading);
  });

  it('401 Unauthorized without a token, with a garbage token, with a wrong scheme', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await api(sandbox, 'GET', '/wallets', { account: trading, ...(token ? { token } : {}) });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 401, message: 'Unauthorized' });
    }
    const basic = await fetch(`${sandbox.baseUrl}/api/OAuth/session`, { headers: { authorization: `Basic ${alice}` } });
    expect(basic.status).toBe(401);
  });

  it('400 X-Account-Guid header is required, on every endpoint but /session', async () => {
    const calls: Array<['GET' | 'POST', string]> = [
      ['GET', '/wallets'],
      ['GET', '/wallets/BTC/address'],
      ['POST', '/deposit/address/create'],
      ['GET', '/accounts'],
      ['POST', '/accounts/switch'],
      ['POST', '/send/precheck'],
      ['POST', '/send'],
      ['GET', '/swap/symbols'],
      ['POST', '/swap/precheck'],
      ['POST', '/swap'],
      ['POST', '/transactions'],
    ];
    for (const [method, path] of calls) {
      const res = await api(sandbox, method, path, { token: alice, body: method === 'POST' ? {} : undefined });
      expect(res.body, path).toEqual({
        apiVersion: '1.0.0.0',
        data: false,
        code: 400,
        message: 'X-Account-Guid header is required',
      });
      expect(res.status).toBe(400);
    }
  });

  it('403 Access denied to this account for an account of someone else or unknown', async () => {
    const carolAccount = user(info, 'carol').accounts[0]?.guid ?? '';
    for (const account of [carolAccount, '00000000-0000-4000-8000-000000000000']) {
      const res = await api(sandbox, 'GET', '/wallets', { token: alice, account });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        apiVersion: '1.0.0.0',
        data: false,
        code: 403,
        message: 'Access denied to this account',
      });
    }
    const bobOnTrading = await api(sandbox, 'GET', '/wallets', { token: bob, account: trading });
    expect(bobOnTrading.body.message).toBe('Access denied to this account');
  });

  it('unknown Interface A paths answer with the envelope', async () => {
    const res = await api(sandbox, 'GET', '/nope', { token: alice, account: trading });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, data: false });
  });
});

describe('Interface A: scopes', () => {
  it('a token without the needed scope gets 403 Insufficient scope', async () => {
    const walletOnly = (await login(sandbox, 'alice', { scope: 'openid svc:wallet' })).access_token;
    expect((await api(sandbox, 'GET', '/session', { token: walletOnly })).status).toBe(200);
    expect((await api(sandbox, 'GET', '/wallets', { token: walletOnly, account: trading })).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/accounts'],
      ['POST', '/transactions'],
      ['POST', '/send/precheck'],
    ] as const) {
      const res = await api(sandbox, method, path, {
        token: walletOnly,
        account: trading,
        body: method === 'POST' ? { page: 1, recordsPerPage: 10 } : undefined,
      });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 403, message: 'Insufficient scope' });
    }
    const merchantOnly = (await login(sandbox, 'alice', { scope: 'openid svc:merchant' })).access_token;
    expect((await api(sandbox, 'GET', '/session', { token: merchantOnly })).status).toBe(200);
    expect((await api(sandbox, 'GET', '/accounts', { token: merchantOnly, account: trading })).status).toBe(200);
    expect((await api(sandbox, 'GET', '/wallets', { token: merchantOnly, account: trading })).status).toBe(403);
    const openidOnly = (await login(sandbox, 'alice', { scope: 'openid' })).access_token;
    expect((await api(sandbox, 'GET', '/session', { token: openidOnly })).status).toBe(403);
  });
});

describe('Interface A: wallets and accounts', () => {
  it('GET /wallets lists every asset and network of spec 2.3 with exact totals', async () => {
    const res = await api<{
      totalBalance: number;
      dailyProfit: number;
      wallets: Array<
        Record<string, unknown> & {
          symbol: string;
          amount: number;
          price: number;
          balanceFiatAmount: number;
          address: string;
        }
      >;
    }>(sandbox, 'GET', '/wallets', { token: alice, account: trading });
    expect(res.status).toBe(200);
    const { wallets, totalBalance, dailyProfit } = res.body.data;
    expect(wallets.map((w) => w.symbol)).toEqual(SPEC_ASSETS);
    for (const w of wallets) {
      expect(Object.keys(w).sort()).toEqual(
        [
          'address',
          'amount',
          'balanceFiatAmount',
          'displayName',
          'name',
          'network',
          'price',
          'symbol',
          'symbolId',
        ].sort(),
      );
      expect(w.amount).toBeGreaterThan(0);
      expect(w.price).toBeGreaterThan(0);
    }
    const sum = wallets.reduce((s, w) => s + w.balanceFiatAmount, 0);
    expect(Math.abs(sum - totalBalance)).toBeLessThan(0.1);
    expect(typeof dailyProfit).toBe('number');
    expect(wallets.find((w) => w.symbol === 'BTC')?.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(wallets.find((w) => w.symbol === 'LTC')?.address).toMatch(/^ltc1q/);
    expect(wallets.find((w) => w.symbol === 'ETH')?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('GET /wallets/{symbol}/address, case-insensitive, and 400 Invalid symbol', async () => {
    const res = await api<Record<string, string>>(sandbox, 'GET', '/wallets/opt-usd/address', {
      token: alice,
      account: trading,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      symbol: 'OPT-USD',
      symbolName: 'Tether',
      displayName: 'USDT (Optimism)',
      network: 'Optimism Mainnet',
    });
    expect(res.body.data['address']).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const bad = await api(sandbox, 'GET', '/wallets/DOGE/address', { token: alice, account: trading });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 400, message: 'Invalid symbol' });
  });

  it('GET /accounts returns the profile of the active account', async () => {
    const res = await api<Record<string, unknown> & { connectedAccounts: { guid: string }[] }>(
      sandbox,
      'GET',
      '/accounts',
      { token: alice, account: northwind },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Northwind Payments',
      role: 'Agent',
      email: 'alice@example.test',
      userGuid: user(info, 'alice').userGuid,
      companyCount: 2,
    });
    expect(res.body.data.connectedAccounts.map((a) => a.guid)).not.toContain(northwind);
    expect(res.body.data.connectedAccounts.map((a) => a.guid)).toContain(trading);
  });

  it('POST /accounts/switch returns the new account and is reflected by /session', async () => {
    const res = await api<{
      currentAccountGuid: string;
      wallets: unknown[];
      accounts: unknown[];
      totalBalance: number;
    }>(sandbox, 'POST', '/accounts/switch', { token: alice, account: trading, body: { accountGuid: northwind } });
    expect(res.status).toBe(200);
    expect(res.body.data.currentAccountGuid).toBe(northwind);
    expect(res.body.data.wallets).toHaveLength(10);
    const session = await api<{ currentAccountGuid: string }>(sandbox, 'GET', '/session', { token: alice });
    expect(session.body.data.currentAccountGuid).toBe(northwind);
    const denied = await api(sandbox, 'POST', '/accounts/switch', {
      token: alice,
      account: trading,
      body: { accountGuid: user(info, 'carol').accounts[0]?.guid },
    });
    expect(denied.body).toEqual({
      apiVersion: '1.0.0.0',
      data: false,
      code: 403,
      message: 'Access denied to this account',
    });
    const malformed = await api(sandbox, 'POST', '/accounts/switch', { token: alice, account: trading, body: {} });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data).toBe(false);
  });

  it('GET /swap/symbols lists targets, networks and the swap balances', async () => {
    const res = await api<{
      symbolList: { baseSymbol: string; quoteSymbols: string[]; depositNetworks: string[] }[];
      balance: Record<string, number>;
    }>(sandbox, 'GET', '/swap/symbols', { token: alice, account: trading });
    expect(res.status).toBe(200);
    const usdt = res.body.data.symbolList.find((s) => s.baseSymbol === 'USDT');
    expect(usdt?.depositNetworks).toEqual(['Ethereum Mainnet', 'Binance Smartchain', 'Optimism Mainnet']);
    expect(usdt?.quoteSymbols).toContain('BTC');
    expect(Object.keys(res.body.data.balance).sort()).toEqual([
      'avaxBalance',
      'bnbBalance',
      'btcBalance',
      'ethBalance',
      'ltcBalance',
      'solBalance',
      'trxBalance',
      'usdtBalance',
    ]);
  });
});

describe('Interface A: POST /transactions', () => {
  const query = (body: Record<string, unknown>) =>
    api<TxPage>(sandbox, 'POST', '/transactions', { token: alice, account: trading, body });

  it('pages the 20,000-record history newest first with every TransactionItem field', async () => {
    const res = await query({ page: 1, recordsPerPage: 100 });
    expect(res.status).toBe(200);
    const page = res.body.data;
    expect(page.totalRecords).toBeGreaterThanOrEqual(20_000);
    expect(page.totalPages).toBe(Math.ceil(page.totalRecords / 100));
    expect(page.items).toHaveLength(100);
    const fields = [
      'symbolId',
      'symbol',
      'symbolName',
      'displayName',
      'address',
      'txId',
      'amount',
      'status',
      'type',
      'date',
      'value',
      'referenceId',
      'label',
      'merchantTransactionId',
      'to',
      'withdrawType',
      'prices',
      'isAutoCollected',
    ];
    for (const item of page.items) expect(Object.keys(item).sort()).toEqual([...fields].sort());
    const dates = page.items.map((i) => Date.parse(i.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const page2 = (await query({ page: 2, recordsPerPage: 100 })).body.data.items;
    expect(Date.parse(page2[0]?.date ?? '')).toBeLessThanOrEqual(dates[99] ?? 0);
  });

  it('covers symbols, both types, several statuses and two years', async () => {
    const all = (await query({ page: 1, recordsPerPage: 500, orderBy: 'date', sortOrder: 'asc' })).body.data;
    const newest = (await query({ page: 1, recordsPerPage: 1 })).body.data.items[0];
    const span = Date.parse(newest?.date ?? '') - Date.parse(all.items[0]?.date ?? '');
    expect(span).toBeGreaterThan(700 * 24 * 3600 * 1000);
    const sample = (await query({ page: 3, recordsPerPage: 500 })).body.data.items;
    expect(new Set(sample.map((i) => i.symbol)).size).toBe(10);
    expect(new Set(sample.map((i) => i.type))).toEqual(new Set(['Deposit', 'Withdraw']));
    expect([...new Set(sample.map((i) => i.status))].sort()).toEqual(['Completed', 'Failed', 'Pending']);
  });

  it('filters by text, symbols, withdrawTypes and hides low amounts', async () => {
    const bySymbol = (await query({ page: 1, recordsPerPage: 200, symbols: ['btc', 'LTC'] })).body.data;
    expect(bySymbol.items.every((i) => i.symbol === 'BTC' || i.symbol === 'LTC')).toBe(true);
    const byType = (await query({ page: 1, recordsPerPage: 200, withdrawTypes: [2] })).body.data;
    expect(byType.totalRecords).toBeGreaterThan(0);
    expect(byType.items.every((i) => i.withdrawType === 2 && i.type === 'Withdraw')).toBe(true);
    const text = (await query({ page: 1, recordsPerPage: 50, filter: 'payroll' })).body.data;
    expect(text.totalRecords).toBeGreaterThan(0);
    expect(text.items.every((i) => i.label.toLowerCase().includes('payroll'))).toBe(true);
    const all = (await query({ page: 1, recordsPerPage: 1 })).body.data.totalRecords;
    const hidden = (
      await query({ page: 1, recordsPerPage: 500, hideLowAmounts: true, orderBy: 'value', sortOrder: 'asc' })
    ).body.data;
    expect(hidden.totalRecords).toBeLessThan(all);
    expect(hidden.items.every((i) => i.value >= 1)).toBe(true);
    const nothing = (await query({ page: 1, recordsPerPage: 10, filter: 'no-such-text-anywhere' })).body.data;
    expect(nothing).toMatchObject({ totalRecords: 0, totalPages: 0, items: [] });
  });

  it('orders by amount and value in both directions', async () => {
    const desc = (
      await query({ page: 1, recordsPerPage: 50, orderBy: 'amount', sortOrder: 'desc' })
    ).body.data.items.map((i) => i.amount);
    expect([...desc].sort((a, b) => b - a)).toEqual(desc);
    const asc = (await query({ page: 1, recordsPerPage: 50, orderBy: 'Value', sortOrder: 'ASC' })).body.data.items.map(
      (i) => i.value,
    );
    expect([...asc].sort((a, b) => a - b)).toEqual(asc);
  });

  it('refuses bad paging, orderBy and symbols', async () => {
    for (const body of [
      { page: 0, recordsPerPage: 10 },
      { page: 1, recordsPerPage: 501 },
      { page: 1, recordsPerPage: 10, orderBy: 'secret' },
      { page: 1 },
      { page: 1, recordsPerPage: 10, sortOrder: 'up' },
    ]) {
      const res = await query(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data).toBe(false);
      expect(res.body.message).toMatch(/^Invalid request/);
    }
    const badSymbol = await query({ page: 1, recordsPerPage: 10, symbols: ['DOGE'] });
    expect(badSymbol.body).toEqual({ apiVersion: '1.0.0.0', data: false, code: 400, message: 'Invalid symbol' });
  });

  it('a page past the end is empty', async () => {
    const res = (await query({ page: 10_000, recordsPerPage: 100 })).body.data;
    expect(res.items).toEqual([]);
    expect(res.page).toBe(10_000);
  });
});
