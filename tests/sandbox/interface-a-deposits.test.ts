import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { accountOf, api, login, start, user } from './helpers';

let sandbox: RunningSandbox;
let alice: string;
let trading: string;
let receiver: Server;
let receiverUrl: string;
const received: Array<Record<string, unknown>> = [];
let failFirst = 0;

beforeAll(async () => {
  sandbox = await start();
  alice = (await login(sandbox, 'alice')).access_token;
  trading = accountOf(sandbox.info(), 'alice', 'MerchantAdministrator');
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      received.push(JSON.parse(text) as Record<string, unknown>);
      res.statusCode = failFirst > 0 ? 500 : 200;
      failFirst = Math.max(0, failFirst - 1);
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((r) => receiver.close(r));
});

describe('simulated deposits on Interface A addresses', () => {
  it('credits the wallet, appends history and delivers a signed callback, retrying until 200', async () => {
    const created = await api<{ wallet: string }>(sandbox, 'POST', '/deposit/address/create', {
      token: alice,
      account: trading,
      body: { symbol: 'OPT-USD', label: 'Order 9', referenceId: 'order-9', callbackUrl: receiverUrl },
    });
    const before =
      (
        await api<{ wallets: { symbol: string; amount: number }[] }>(sandbox, 'GET', '/wallets', {
          token: alice,
          account: trading,
        })
      ).body.data.wallets.find((w) => w.symbol === 'OPT-USD')?.amount ?? 0;
    failFirst = 2;
    received.length = 0;
    const res = await fetch(`${sandbox.origin}/__sandbox/deposit`, {
      method: 'POST',
      body: JSON.stringify({ address: created.body.data.wallet, amount: 42.5, retryDelayMs: 10 }),
    });
    expect(res.status).toBe(200);
    const report = (await res.json()) as { delivered: boolean; attempts: { status: number }[] };
    expect(report.delivered).toBe(true);
    expect(report.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(received).toHaveLength(3);
    const event = received[0] as Record<string, unknown> & { Hash: string; Signature: string };
    expect(event).toMatchObject({
      Address: created.body.data.wallet,
      Amount: 42.5,
      Symbol: 'OPT-USD',
      ReferenceId: 'order-9',
    });
    const secret = user(sandbox.info(), 'alice').accounts.find((a) => a.guid === trading)?.callbackSecret ?? '';
    expect(event.Signature).toBe(
      createHash('md5')
        .update(secret + event.Hash)
        .digest('hex')
        .toUpperCase(),
    );
    const after =
      (
        await api<{ wallets: { symbol: string; amount: number }[] }>(sandbox, 'GET', '/wallets', {
          token: alice,
          account: trading,
        })
      ).body.data.wallets.find((w) => w.symbol === 'OPT-USD')?.amount ?? 0;
    expect(Math.round((after - before) * 1e6)).toBe(42_500_000);
    const history = await api<{ items: Record<string, unknown>[] }>(sandbox, 'POST', '/transactions', {
      token: alice,
      account: trading,
      body: { page: 1, recordsPerPage: 1 },
    });
    expect(history.body.data.items[0]).toMatchObject({
      type: 'Deposit',
      amount: 42.5,
      referenceId: 'order-9',
      label: 'Order 9',
      txId: event['UniqueId'],
    });
    const again = await fetch(`${sandbox.origin}/__sandbox/deposit`, {
      method: 'POST',
      body: JSON.stringify({ address: created.body.data.wallet, amount: 1, uniqueId: String(event['UniqueId']) }),
    });
    expect(again.status).toBe(409);
  });

  it('answers 404 for an address nobody created', async () => {
    const res = await fetch(`${sandbox.origin}/__sandbox/deposit`, {
      method: 'POST',
      body: JSON.stringify({ address: '0x52908400098527886E0F7030069857D2E4169EE7', amount: 1 }),
    });
    expect(res.status).toBe(404);
  });
});
