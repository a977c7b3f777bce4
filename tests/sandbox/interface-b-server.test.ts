import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { md5 } from './interface-b-harness';

// Interface B as the sandbox server mounts it: next to OIDC, Interface A and the control API.
describe('Interface B inside the sandbox server', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, seed: 5 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const post = async (path: string, body: unknown, apiKey?: string) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (apiKey) headers['X-Api-Key'] = apiKey;
    const res = await fetch(`${sandbox.apiUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('lists the merchants in /__sandbox/info and serves their deposits, callbacks and reset', async () => {
    const merchant = sandbox.info().merchants[0];
    if (!merchant) throw new Error('no seeded merchant');
    const balances = async () =>
      (await post('/v1/merchant/balances', { PublicKey: merchant.publicKey }, merchant.secretKey)).body.data as Record<
        string,
        number
      >;
    const seeded = await balances();
    expect(seeded.btcBalance).toBeGreaterThan(0);

    const received: unknown[] = [];
    const receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString('utf8')));
      req.on('end', () => {
        received.push(JSON.parse(text));
        res.end();
      });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    try {
      const CallbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;
      const fields = {
        PublicKey: merchant.publicKey,
        Symbol: 'LTC',
        Label: 'Top-up',
        ReferenceId: 'srv-1',
        CallbackUrl,
      };
      const hash = md5(`${merchant.publicKey}LTCTop-upsrv-1${CallbackUrl}${merchant.secretKey}`);
      const created = await post('/v1/deposit/address/create', { ...fields, Hash: hash }, merchant.secretKey);
      const address = (created.body.data as { wallet: string }).wallet;
      const deposit = await post('/__sandbox/deposit', { address, amount: 2.5 });
      expect(deposit.status).toBe(200);
      expect(deposit.body.delivered).toBe(true);
      expect(received).toHaveLength(1);
      const credited = (await balances()).ltcBalance as number;
      expect(new Decimal(credited).minus(seeded.ltcBalance as number).toFixed()).toBe('2.5');
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }

    expect((await post('/__sandbox/reset', {})).status).toBe(200);
    expect(await balances()).toEqual(seeded);
  });

  it('answers 404 for a simulated deposit on an unknown address', async () => {
    const res = await post('/__sandbox/deposit', { address: 'ltc1qnothing', amount: 1 });
    expect(res.status).toBe(404);
  });
});
