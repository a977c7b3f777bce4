import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioView } from '../../../src-preload/contract/portfolio';
import type { CreatedDepositAddressView, WalletAddressView } from '../../../src-preload/contract/receive';
import type { SessionView } from '../../../src-preload/contract/session';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { seededPortfolio } from '../../support/seeded-wallets';
import { startSignedInCore, type SignedInCore } from '../support/signed-in-core';

const CALLBACK = 'https://shop.example/deposits';

describe('portfolio and receive against the sandbox', () => {
  let sandbox: RunningSandbox;
  let app: SignedInCore;
  let accounts: { guid: string; name: string }[];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    app = await startSignedInCore(sandbox, { username: 'alice', dirPrefix: 'wallet-desk-portfolio-' });
    const alice = sandbox.info().users.find((user) => user.username === 'alice');
    accounts = alice?.accounts ?? [];
  });

  afterAll(async () => {
    await app?.close();
    await sandbox?.close();
  });

  async function activeAccountGuid(): Promise<string> {
    const view = await app.value<SessionView>('session.get');
    if (!view.activeAccountGuid) throw new Error('no active account');
    return view.activeAccountGuid;
  }

  it('shows the seeded balances of the active account exactly, highest fiat value first', async () => {
    const guid = await activeAccountGuid();
    const portfolio = await app.value<PortfolioView>('portfolio.wallets');
    const seeded = seededPortfolio(guid);
    expect(portfolio.accountGuid).toBe(guid);
    expect(portfolio.totalBalanceUsd).toBe(seeded.totalBalanceUsd);
    expect(portfolio.dailyProfitUsd).toBe(seeded.dailyProfitUsd);
    expect(portfolio.wallets).toEqual(seeded.wallets);
    expect(Date.parse(portfolio.fetchedAt)).not.toBeNaN();
  });

  it('gives the wallet address of the asset and network asked for', async () => {
    const seeded = seededPortfolio(await activeAccountGuid());
    for (const code of ['BTC', 'OPT-USD'] as const) {
      const address = await app.value<WalletAddressView>('receive.address', { code });
      const wallet = seeded.wallets.find((candidate) => candidate.code === code);
      expect(address).toMatchObject({
        code,
        address: wallet?.address,
        network: wallet?.network,
        displayName: wallet?.displayName,
      });
    }
  });

  it('reports a 429 as rate_limited with the wait, then recovers on the next call', async () => {
    sandbox.faults.set({ rateLimitNext: 1 });
    const error = await app.failure('portfolio.wallets');
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 1 });
    const portfolio = await app.value<PortfolioView>('portfolio.wallets');
    expect(portfolio.wallets.length).toBeGreaterThan(0);
  });

  it('creates a deposit address without an amount: the QR carries the plain address', async () => {
    const { referenceId } = await app.value<{ referenceId: string }>('receive.newReferenceId');
    const created = await app.value<CreatedDepositAddressView>('receive.createDepositAddress', {
      symbol: 'LTC',
      label: 'Invoice 17',
      referenceId,
      callbackUrl: CALLBACK,
    });
    expect(created).toMatchObject({
      symbol: 'LTC',
      network: 'Litecoin Mainnet',
      label: 'Invoice 17',
      referenceId,
      paymentUriKind: 'address',
    });
    expect(created.address).toMatch(/^ltc1/);
    expect(created.paymentUri).toBe(created.address);
    expect(created.requestId).toMatch(/^[0-9a-f-]{36}$/i);
    expect(created.amount).toBeUndefined();
  });

  it('creates deposit addresses with an amount: BIP-21 for bitcoin, EIP-681 for ether and for a known token', async () => {
    const btc = await app.value<CreatedDepositAddressView>('receive.createDepositAddress', {
      symbol: 'BTC',
      label: 'Order 1',
      callbackUrl: CALLBACK,
      amount: '0.0125',
      currency: 'EUR',
    });
    expect(btc.referenceId).not.toBe('');
    expect(btc).toMatchObject({ amount: '0.0125', currency: 'EUR', paymentUriKind: 'bip21' });
    expect(btc.paymentUri).toBe(`bitcoin:${btc.address}?amount=0.0125`);

    const eth = await app.value<CreatedDepositAddressView>('receive.createDepositAddress', {
      symbol: 'ETH',
      label: 'Order 2',
      callbackUrl: 'http://127.0.0.1:9/hook',
      amount: '0.5',
    });
    expect(eth.paymentUri).toBe(`ethereum:${eth.address}@1?value=500000000000000000`);

    const usdt = await app.value<CreatedDepositAddressView>('receive.createDepositAddress', {
      symbol: 'USDT',
      label: 'Order 3',
      callbackUrl: CALLBACK,
      amount: '25.5',
    });
    expect(usdt.paymentUri).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${usdt.address}&uint256=25500000`,
    );
  });

  it('refuses a bad callback URL before any call to the service', async () => {
    // A pending rate-limit fault is used up by the first request that reaches the service.
    sandbox.faults.set({ rateLimitNext: 1 });
    for (const callbackUrl of [
      'shop.example/deposits',
      'ftp://shop.example/x',
      'javascript:alert(1)',
      'https:shop.example',
      'https://user:pw@shop.example/',
    ]) {
      const error = await app.failure('receive.createDepositAddress', { symbol: 'BTC', label: 'Bad', callbackUrl });
      expect(error).toMatchObject({ code: 'bad_input', field: 'callbackUrl' });
    }
    expect(sandbox.faults.plan.rateLimitNext).toBe(1);
    sandbox.faults.reset();
  });

  it('refuses a reference id already used in this session before any call, and lists this session’s addresses newest first', async () => {
    const before = await app.value<{ items: CreatedDepositAddressView[] }>('receive.createdAddresses');
    const first = await app.value<CreatedDepositAddressView>('receive.createDepositAddress', {
      symbol: 'BNB',
      label: 'Once',
      referenceId: 'order-2026-0001',
      callbackUrl: CALLBACK,
    });
    sandbox.faults.set({ rateLimitNext: 1 });
    const error = await app.failure('receive.createDepositAddress', {
      symbol: 'BNB',
      label: 'Twice',
      referenceId: 'order-2026-0001',
      callbackUrl: CALLBACK,
    });
    expect(error).toMatchObject({ code: 'bad_input', field: 'referenceId' });
    expect(sandbox.faults.plan.rateLimitNext).toBe(1);
    sandbox.faults.reset();

    const after = await app.value<{ items: CreatedDepositAddressView[] }>('receive.createdAddresses');
    expect(after.items).toHaveLength(before.items.length + 1);
    expect(after.items[0]).toEqual(first);
    const generated = await app.value<{ referenceId: string }>('receive.newReferenceId');
    expect(after.items.map((item) => item.referenceId)).not.toContain(generated.referenceId);
  });

  it('copies to the clipboard and says whether the clipboard still holds exactly that text', async () => {
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    expect(await app.value('clipboard.copy', { text: address })).toEqual({ verified: true });
    expect(app.clipboard.text).toBe(address);

    app.clipboard.hijackWith = 'bc1qattackerattackerattackerattackerattacker';
    expect(await app.value('clipboard.copy', { text: address })).toEqual({ verified: false });
    app.clipboard.hijackWith = null;
  });

  it('switching account shows the other account’s balances and its own list of created addresses', async () => {
    const current = await activeAccountGuid();
    const other = accounts.find((account) => account.guid !== current);
    if (!other) throw new Error('alice has one account only');
    await app.value('session.switchAccount', { accountGuid: other.guid });
    const portfolio = await app.value<PortfolioView>('portfolio.wallets');
    const seeded = seededPortfolio(other.guid);
    expect(portfolio.accountGuid).toBe(other.guid);
    expect(portfolio.totalBalanceUsd).toBe(seeded.totalBalanceUsd);
    expect(portfolio.wallets).toEqual(seeded.wallets);
    expect((await app.value<{ items: unknown[] }>('receive.createdAddresses')).items).toEqual([]);
  });

  it('starts a new list of created addresses after signing out and in again', async () => {
    await app.value('receive.createDepositAddress', {
      symbol: 'ETH',
      label: 'Before sign-out',
      referenceId: 'kept-until-sign-out',
      callbackUrl: CALLBACK,
    });
    expect((await app.value<{ items: unknown[] }>('receive.createdAddresses')).items).toHaveLength(1);
    await app.value('session.signOut');
    expect(await app.failure('receive.createdAddresses')).toMatchObject({ code: 'not_signed_in' });
    await app.value('session.signIn');
    expect((await app.value<{ items: unknown[] }>('receive.createdAddresses')).items).toEqual([]);
  });

  it('hides everything once locked', async () => {
    await app.value('session.lock');
    expect(await app.failure('portfolio.wallets')).toMatchObject({ code: 'locked' });
    expect(await app.failure('receive.createdAddresses')).toMatchObject({ code: 'locked' });
    expect(await app.failure('receive.address', { code: 'BTC' })).toMatchObject({ code: 'locked' });
  });
});
