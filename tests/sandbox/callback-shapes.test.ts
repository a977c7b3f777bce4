import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDepositCallback } from '../../sandbox/callbacks/deliver';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';

const fields = {
  Address: 'ltc1qaddr',
  UniqueId: 'tx-9',
  Amount: 0.5,
  Symbol: 'LTC',
  ReferenceId: 'ref-9',
  Price: { USD: 40, GBP: 31, EUR: 37, TRY: 1300, JPY: 6000 },
  OrderId: 700009,
};

describe('sandbox deposit callbacks in the SDK’s shape (README "Callback shapes")', () => {
  const received: Array<{ body: string; header: string | undefined }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        header: req.headers['x-paybin-signature'] as string,
      });
      res.end('ok');
    });
  });
  let url: string;
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;
    sandbox = await startSandbox({ port: 0, quiet: true, callbackShape: 'sdk' });
  });
  afterAll(async () => {
    receiver.close();
    await sandbox?.close();
  });

  it('sdk: camelCase body, X-Paybin-Signature = lowercase hex HMAC-SHA256 of the exact body with the secret', async () => {
    received.length = 0;
    const report = await deliverDepositCallback({ callbackUrl: url, secretKey: 'sk_x' }, fields, {
      shape: 'sdk',
      requestId: 'req-1',
    });
    expect(report).toMatchObject({ delivered: true, shape: 'sdk' });
    const { body, header } = received[0] as { body: string; header: string };
    expect(JSON.parse(body)).toEqual({
      requestId: 'req-1',
      symbol: 'LTC',
      amount: 0.5,
      txId: 'tx-9',
      status: 'confirmed',
      confirmations: 12,
      timestamp: expect.any(String),
      referenceId: 'ref-9',
    });
    expect(header).toBe(createHmac('sha256', 'sk_x').update(body).digest('hex'));
    expect(report.body).toBe(body);
  });

  it('spec stays the default of deliverDepositCallback: no header, the spec 6 body', async () => {
    received.length = 0;
    const report = await deliverDepositCallback({ callbackUrl: url, secretKey: 'sk_x' }, fields, {});
    expect(report).toMatchObject({ shape: 'spec', signatureHeader: null });
    expect(received[0]?.header).toBeUndefined();
    expect(JSON.parse(received[0]?.body as string)).toHaveProperty('Signature');
  });

  it('the setting: started as sdk here, switchable, refused when not spec or sdk, back to the start on reset', async () => {
    const shape = async () => (await (await fetch(`${sandbox.origin}/__sandbox/callback-shape`)).json()) as unknown;
    expect(await shape()).toEqual({ shape: 'sdk' });
    const post = (body: unknown) =>
      fetch(`${sandbox.origin}/__sandbox/callback-shape`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ shape: 'spec' })).status).toBe(200);
    expect(await shape()).toEqual({ shape: 'spec' });
    expect((await post({ shape: 'xml' })).status).toBe(400);
    await fetch(`${sandbox.origin}/__sandbox/reset`, { method: 'POST' });
    expect(await shape()).toEqual({ shape: 'sdk' });
    const fresh = await startSandbox({ port: 0, quiet: true });
    try {
      expect(await (await fetch(`${fresh.origin}/__sandbox/callback-shape`)).json()).toEqual({ shape: 'spec' });
    } finally {
      await fresh.close();
    }
  });
});
