import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationName } from '../../../src-preload/contract';
import type { RunningSandbox } from '../../../sandbox/server';
import { startMerchantMachine, type MerchantLaunch, type MerchantMachine } from '../support/merchant-app';
import { JOURNAL_FILE } from '../../../src-main/journal/journal-format';

type Merchant = ReturnType<RunningSandbox['info']>['merchants'][number];
type Outcome = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string; field?: string } };

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

describe('merchant treasury features against the sandbox', () => {
  let machine: MerchantMachine;
  let sandbox: RunningSandbox;
  let merchant: Merchant;
  let other: Merchant;
  let app: MerchantLaunch;
  let aliceGuid: string;
  let code: () => Promise<string>;

  /** The keychain entry of a merchant secret saved by alice. */
  const entry = (environment: string, publicKey: string) => `merchant-secret:${aliceGuid}:${environment}:${publicKey}`;

  async function call(operation: string, input?: unknown): Promise<Outcome> {
    return (await app.call(operation as OperationName, input)) as Outcome;
  }
  async function value(operation: string, input?: unknown): Promise<Record<string, unknown>> {
    const result = await call(operation, input);
    if (!result.ok) throw new Error(`${operation} failed: ${result.error.code} ${result.error.message}`);
    return result.value as Record<string, unknown>;
  }
  /** A fresh launch of the app on the same settings and keychain, signed in as alice again. */
  async function restart(): Promise<void> {
    app = await machine.launch();
    await app.signIn('alice');
  }

  /** A confirmed (not yet submitted) withdrawal of 0.001 ETH to the verified address of member-1. */
  function confirmSmallEthWithdrawal(): Promise<Record<string, unknown>> {
    return value('withdraw.confirm', {
      formId: crypto.randomUUID(),
      referenceId: 'member-1',
      code: 'ETH',
      address: ETH_ADDRESS,
      amount: '0.001',
      label: '',
      email: merchant.email,
    });
  }
  async function rows<T = Record<string, string>>(operation: string, input?: unknown): Promise<T[]> {
    return (await value(operation, input)) as unknown as T[];
  }

  beforeAll(async () => {
    machine = await startMerchantMachine();
    sandbox = machine.sandbox;
    [merchant, other] = sandbox.info().merchants as [Merchant, Merchant];
    code = machine.nextCode;
    aliceGuid = machine.userOf('alice').userGuid;
    await restart();
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('stores the secret key write-only and tests the connection', async () => {
    const overview = await value('merchant.saveKeys', {
      environment: 'local-sandbox',
      publicKey: merchant.publicKey,
      secretKey: merchant.secretKey,
    });
    const local = (overview.environments as Array<Record<string, unknown>>).find((e) => e.id === 'local-sandbox');
    expect(local).toMatchObject({
      publicKey: merchant.publicKey,
      secretKey: 'set',
      boundOrigin: sandbox.origin,
      problem: null,
    });
    expect(await machine.secrets.get(entry('local-sandbox', merchant.publicKey))).toBe(merchant.secretKey);
    expect(await value('merchant.testConnection')).toMatchObject({
      message: expect.stringContaining('accepted these keys'),
    });
  });

  it('explains a wrong secret key and a key pair from two merchants plainly', async () => {
    await value('merchant.saveKeys', {
      environment: 'local-sandbox',
      publicKey: merchant.publicKey,
      secretKey: 'sk_sbx_definitely_wrong',
    });
    const wrong = await call('merchant.testConnection');
    expect(wrong).toMatchObject({
      ok: false,
      error: { code: 'invalid_credentials', message: expect.stringMatching(/secret key was refused/) },
    });
    await value('merchant.saveKeys', {
      environment: 'local-sandbox',
      publicKey: 'pk_sbx_unknown',
      secretKey: merchant.secretKey,
    });
    expect(await call('merchant.testConnection')).toMatchObject({
      ok: false,
      error: { code: 'invalid_credentials', message: expect.stringMatching(/public key/) },
    });
    // The old public key's entry went away with the replaced pair.
    expect(await machine.secrets.get(entry('local-sandbox', merchant.publicKey))).toBeNull();
    await value('merchant.saveKeys', {
      environment: 'local-sandbox',
      publicKey: merchant.publicKey,
      secretKey: other.secretKey,
    });
    expect(await call('merchant.testConnection')).toMatchObject({ ok: false, error: { code: 'invalid_credentials' } });
    await value('merchant.saveKeys', {
      environment: 'local-sandbox',
      publicKey: merchant.publicKey,
      secretKey: merchant.secretKey,
    });
  });

  it('production and the service sandbox start with the vendor SDK’s public merchant API addresses; sign-in stays the provider’s', async () => {
    const overview = await value('merchant.getSettings');
    const apiUrls = Object.fromEntries(
      (overview.environments as Array<{ id: string; apiUrl: string | null }>).map((e) => [e.id, e.apiUrl]),
    );
    expect(apiUrls).toMatchObject({
      production: 'https://gateway.paybin.io',
      'service-sandbox': 'https://sandbox.paybin.io',
      custom: null,
    });
    const signIn = (await value('environments.get')).environments as Array<Record<string, unknown>>;
    for (const id of ['production', 'service-sandbox'])
      expect(signIn.find((e) => e.id === id)).toMatchObject({ issuer: null, clientId: null, baseUrl: null });
  });

  it('binds keys to their environment and API origin: nothing is sent elsewhere', async () => {
    let hits = 0;
    const decoy: Server = createServer((_req, res) => {
      hits += 1;
      res.end('{}');
    });
    await new Promise<void>((resolve) => decoy.listen(0, '127.0.0.1', resolve));
    const decoyUrl = `http://127.0.0.1:${(decoy.address() as AddressInfo).port}`;
    try {
      await value('merchant.setEnvironment', { environment: 'production' });
      expect(await call('merchant.testConnection')).toMatchObject({ ok: false, error: { code: 'not_configured' } });
      expect(await call('merchant.setApiUrl', { environment: 'production', apiUrl: decoyUrl })).toMatchObject({
        ok: false,
        error: { code: 'bad_input' },
      });

      // Production may not share a host with a sandbox, so its keys can never be sent to one.
      expect(
        await call('merchant.setApiUrl', { environment: 'production', apiUrl: 'https://api.example.com' }),
      ).toMatchObject({ ok: true });
      expect(
        await call('merchant.setApiUrl', { environment: 'service-sandbox', apiUrl: 'https://api.example.com/v2' }),
      ).toMatchObject({
        ok: false,
        error: { code: 'bad_input', message: expect.stringMatching(/already the Production address/) },
      });
      await value('merchant.setEnvironment', { environment: 'custom' });
      await value('merchant.setApiUrl', { environment: 'custom', apiUrl: sandbox.apiUrl });
      await value('merchant.saveKeys', {
        environment: 'custom',
        publicKey: other.publicKey,
        secretKey: other.secretKey,
      });
      expect(await call('merchant.testConnection')).toMatchObject({ ok: true });
      const moved = await value('merchant.setApiUrl', { environment: 'custom', apiUrl: decoyUrl });
      const custom = (moved.environments as Array<Record<string, unknown>>).find((e) => e.id === 'custom');
      expect(custom?.problem).toMatch(/not sent to the new address/);
      expect(await call('merchant.testConnection')).toMatchObject({ ok: false, error: { code: 'not_configured' } });
      expect(hits).toBe(0);
      await value('merchant.deleteKeys', { environment: 'custom' });
      expect(await machine.secrets.get(entry('custom', other.publicKey))).toBeNull();
    } finally {
      decoy.close();
      await value('merchant.setEnvironment', { environment: 'local-sandbox' });
    }
  });

  it('lists the twelve balances with asset and network', async () => {
    const balances = await rows('merchant.balances');
    expect(balances).toHaveLength(12);
    expect(balances.find((r) => r.field === 'bscusdBalance')).toMatchObject({
      asset: 'USDT',
      network: 'Binance Smart Chain',
      code: 'BSC-USD',
    });
  });

  it('refuses a malformed address before any call', async () => {
    const before = machine.verificationAmounts.length;
    const bad = await call('merchant.verifyStart', {
      referenceId: 'member-1',
      code: 'ETH',
      address: '0x52908400098527886E0F7030069857D2E4169Ee7',
      label: 'typo',
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_address', field: 'address' } });
    expect(machine.verificationAmounts.length).toBe(before);
  });

  it('verifies with the exact amount only; a pending verification survives a restart', async () => {
    const started = await value('merchant.verifyStart', {
      referenceId: 'member-1',
      code: 'ETH',
      address: ETH_ADDRESS,
      label: 'Treasury cold',
    });
    expect(JSON.stringify(started)).not.toContain(machine.verificationAmounts.at(-1));
    await restart();
    const pending = await rows<{ id: string }>('merchant.verifyPending');
    expect(pending.map((p) => p.id)).toContain(started.id);
    const sent = new Decimal(machine.verificationAmounts.at(-1) as string);
    const wrong = await value('merchant.verifyConfirm', { id: started.id, amount: sent.plus('0.00000001').toFixed() });
    expect(wrong).toMatchObject({ verified: false, message: expect.stringMatching(/not the amount the service sent/) });
    const right = await value('merchant.verifyConfirm', { id: started.id, amount: sent.toFixed() });
    expect(right).toMatchObject({ verified: true, pending: [] });
    const list = await rows<unknown>('merchant.verifiedList', { referenceId: 'member-1' });
    expect(list).toContainEqual(expect.objectContaining({ code: 'ETH', address: ETH_ADDRESS, label: 'Treasury cold' }));
  });

  it('refuses a withdrawal to an unverified address unless the user allowed it', async () => {
    const input = {
      formId: crypto.randomUUID(),
      referenceId: 'member-1',
      code: 'BTC',
      address: BTC_ADDRESS,
      amount: '0.001',
      label: 'x',
      email: merchant.email,
    };
    expect(await call('withdraw.confirm', input)).toMatchObject({
      ok: false,
      error: { code: 'forbidden', field: 'address' },
    });
    await value('merchant.setAllowUnverified', { allow: true });
    const review = await value('withdraw.confirm', input);
    expect(review).toMatchObject({ verified: false });
    expect(await value('withdraw.status', { intentId: review.intentId })).toMatchObject({ state: 'confirmed' });
    await value('merchant.setAllowUnverified', { allow: false });
  });

  it('creates and gets a merchant deposit address; validates its URLs first', async () => {
    expect(
      await call('merchant.depositCreate', {
        code: 'BTC',
        label: 'Order 1',
        referenceId: 'order-1',
        callbackUrl: 'http://shop.example/cb',
      }),
    ).toMatchObject({ ok: false, error: { code: 'bad_input', field: 'callbackUrl' } });
    // An amount whose unit the user did not say is refused, never guessed.
    expect(
      await call('merchant.depositCreate', {
        code: 'USDT',
        label: 'Order 1',
        referenceId: 'order-1',
        callbackUrl: 'https://shop.example/cb',
        amount: '25',
      }),
    ).toMatchObject({ ok: false, error: { code: 'bad_input', field: 'amountUnit' } });
    const created = await value('merchant.depositCreate', {
      code: 'USDT',
      label: 'Order 1',
      referenceId: 'order-1',
      callbackUrl: 'https://shop.example/cb',
      amount: '25',
      amountUnit: 'fiat',
      currency: 'USD',
      redirectUrl: 'https://shop.example/paid',
    });
    expect(created).toMatchObject({
      code: 'USDT',
      network: 'Ethereum Mainnet',
      contractTypes: ['ERC20'],
      price: expect.any(Array),
      expected: { amount: '25', unit: 'USD' },
    });
    const got = await value('merchant.depositGet', { memberId: 'order-1', code: 'USDT' });
    expect(got.address).toBe(created.address);
  });

  it('checks a genuine callback signature and rejects a tampered one', async () => {
    let received = '';
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received = Buffer.concat(chunks).toString('utf8');
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const created = await value('merchant.depositCreate', {
        code: 'LTC',
        label: 'Callback test',
        referenceId: 'order-cb',
        callbackUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`,
      });
      const response = await fetch(`${sandbox.origin}/__sandbox/deposit`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ address: created.address, amount: '0.5' }),
      });
      expect(response.status).toBe(200);
      expect(received).toContain('Signature');
      expect(await value('merchant.callbackCheck', { body: received })).toMatchObject({ valid: true });
      const tampered = received.replace(/"Hash":"([0-9A-F])/, (_m, c: string) => `"Hash":"${c === 'A' ? 'B' : 'A'}`);
      expect(await value('merchant.callbackCheck', { body: tampered })).toMatchObject({
        valid: false,
        problems: [{ field: 'Signature' }],
      });
      const missing = await value('merchant.callbackCheck', { body: '{"Address":"x"}' });
      expect(missing).toMatchObject({ valid: false });
      expect((missing.problems as Array<{ field: string }>).map((p) => p.field)).toContain('Signature');
    } finally {
      receiver.close();
    }
  });

  it('never lets a secret key reach settings.json, the log or the renderer', async () => {
    const settingsText = await readFile(join(machine.dir, 'settings.json'), 'utf8');
    for (const secret of [merchant.secretKey, other.secretKey]) {
      expect(settingsText).not.toContain(secret);
      expect(machine.logger.text()).not.toContain(secret);
      expect(machine.bridgeTraffic.join('\n')).not.toContain(secret);
    }
    expect(settingsText).toContain(merchant.publicKey);
  });

  it('checks a withdrawal two-factor code in main, sends it with one request only, and keeps it nowhere', async () => {
    const intent = await confirmSmallEthWithdrawal();
    const sentBefore = machine.withdrawRequests.length;
    for (const tfaCode of ['12345', '1234567', '12a456', ' 123456', '']) {
      expect(await call('withdraw.execute', { intentId: intent.intentId, tfaCode }), tfaCode).toMatchObject({
        ok: false,
        error: { code: 'bad_input' },
      });
    }
    expect(machine.withdrawRequests.length).toBe(sentBefore);

    // A lost answer, so the withdrawal is written to the money journal while its outcome is unknown.
    const tfaCode = await code();
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    expect(await call('withdraw.execute', { intentId: intent.intentId, tfaCode })).toMatchObject({
      ok: false,
      error: { code: 'outcome_unknown' },
    });
    expect(machine.withdrawRequests.slice(sentBefore).filter((body) => body.TfaCode === tfaCode)).toHaveLength(1);

    const asCode = new RegExp(`(?<!\\d)${tfaCode}(?!\\d)`);
    const journalText = await readFile(join(machine.dir, JOURNAL_FILE), 'utf8');
    expect(journalText).toContain(intent.merchantTransactionId as string);
    expect(journalText).not.toMatch(asCode);
    expect(await readFile(join(machine.dir, 'settings.json'), 'utf8')).not.toMatch(asCode);
    expect(machine.logger.text()).not.toMatch(asCode);
    expect(machine.bridgeTraffic.join('\n')).not.toMatch(asCode);

    // Checking the status takes no code and sends nothing.
    const checked = await value('withdraw.reconcile', { intentId: intent.intentId });
    expect(checked).toMatchObject({ lookup: 'found', status: { state: 'succeeded' } });
    expect(machine.withdrawRequests.length).toBe(sentBefore + 1);
  });
});
