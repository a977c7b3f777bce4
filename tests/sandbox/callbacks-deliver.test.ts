import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from '@koa/router';
import Decimal from 'decimal.js';
import Koa from 'koa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliverDepositCallback } from '../../sandbox/callbacks/deliver';
import { depositEventHash, depositEventSignature, type DepositEvent } from '../../sandbox/callbacks/signature';
import { depositCreateBody, startInterfaceB, type Harness } from './interface-b-harness';

/** A callback receiver on loopback that answers with the given statuses in turn (then 200). */
async function startReceiver(statuses: number[] = []) {
  const received: DepositEvent[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as DepositEvent);
      res.statusCode = statuses[received.length - 1] ?? 200;
      res.end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/deposit-callback`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url, received, close };
}

const signatureOk = (secret: string, e: DepositEvent) =>
  createHash('md5').update(`${secret}${e.Hash}`).digest('hex').toUpperCase() === e.Signature;

const fields = {
  Address: 'bc1qaddr',
  UniqueId: 'tx-1',
  Amount: 0.5,
  Symbol: 'BTC',
  ReferenceId: 'ref-9',
  Price: { USD: 32125.25, GBP: 25378.95, EUR: 29555.23, TRY: 1040858.1, JPY: 4857337.8 },
  OrderId: 700001,
};

describe('deposit callback signing (spec 6)', () => {
  // Expected values from `printf '%s' ... | md5sum` and `| sha256sum`, upper-cased.
  it('Signature is the uppercase MD5 hex of secret key + Hash', () => {
    expect(depositEventSignature('sk_test_secret', 'ABC123')).toBe('521CE5CD1F02F5309DF64C6494196B32');
  });

  it('Hash is the uppercase SHA-256 hex of the documented field text', () => {
    expect(depositEventHash(fields)).toBe('76DFF6C4C7B22683C926A89F9EB47DD0A426CAA158D43A437266504CBD02BD3C');
  });
});

describe('deliverDepositCallback', () => {
  it('retries until the receiver answers 200: failing twice means three attempts', async () => {
    const receiver = await startReceiver([500, 503]);
    try {
      const report = await deliverDepositCallback({ callbackUrl: receiver.url, secretKey: 'sk_x' }, fields, {
        retryDelayMs: 10,
      });
      expect(report.delivered).toBe(true);
      expect(report.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
      expect(receiver.received).toHaveLength(3);
      for (const event of receiver.received) {
        expect(event).toEqual(report.event);
        expect(signatureOk('sk_x', event)).toBe(true);
      }
      expect(signatureOk('sk_other', report.event)).toBe(false);
    } finally {
      await receiver.close();
    }
  });

  it('gives up after one attempt and three retries; only 200 acknowledges', async () => {
    const receiver = await startReceiver([500, 201, 404, 500, 200]);
    try {
      const report = await deliverDepositCallback({ callbackUrl: receiver.url, secretKey: 'sk_x' }, fields, {
        retryDelayMs: 0,
      });
      expect(report.delivered).toBe(false);
      expect(report.attempts.map((a) => a.status)).toEqual([500, 201, 404, 500]);
      expect(receiver.received).toHaveLength(4);
    } finally {
      await receiver.close();
    }
  });

  it('counts a receiver that does not answer in time, or is not there, as a failed attempt', async () => {
    const silent = createServer(() => undefined);
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const port = (silent.address() as AddressInfo).port;
    try {
      const report = await deliverDepositCallback(
        { callbackUrl: `http://127.0.0.1:${port}/`, secretKey: 'sk_x' },
        fields,
        { retries: 1, retryDelayMs: 0, timeoutMs: 100 },
      );
      expect(report.delivered).toBe(false);
      expect(report.attempts.map((a) => a.status)).toEqual([null, null]);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    const gone = await deliverDepositCallback({ callbackUrl: `http://127.0.0.1:${port}/`, secretKey: 'sk_x' }, fields, {
      retries: 0,
    });
    expect(gone.attempts).toHaveLength(1);
    expect(gone.attempts[0]?.status).toBeNull();
    expect(gone.attempts[0]?.error).toBeTruthy();
  });
});

describe('POST /__sandbox/deposit', () => {
  let h: Harness;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeEach(async () => {
    h = await startInterfaceB();
  });
  afterEach(async () => {
    await receiver?.close();
    await h.close();
  });

  async function createAddress(symbol = 'USDT'): Promise<string> {
    const res = await h.call(
      '/v1/deposit/address/create',
      depositCreateBody(h.merchant, {
        Symbol: symbol,
        Label: 'Invoice 9',
        ReferenceId: 'order-9',
        CallbackUrl: receiver.url,
      }),
    );
    return (res.body.data as { wallet: string }).wallet;
  }

  it('credits the merchant and delivers a signed event to the callback URL, retrying', async () => {
    receiver = await startReceiver([500, 500]);
    const address = await createAddress();
    const before = (await h.balances()).usdtBalance as number;
    const res = await h.control({ address, amount: 125.5, retryDelayMs: 5 });
    expect(res.status).toBe(200);
    expect(res.body.delivered).toBe(true);
    expect((res.body.attempts as Array<{ status: number }>).map((a) => a.status)).toEqual([500, 500, 200]);
    const event = receiver.received[2] as DepositEvent;
    expect(Object.keys(event)).toEqual([
      'Address',
      'UniqueId',
      'Amount',
      'Symbol',
      'ReferenceId',
      'Price',
      'Signature',
      'OrderId',
      'Hash',
    ]);
    expect(event).toMatchObject({ Address: address, Amount: 125.5, Symbol: 'USDT', ReferenceId: 'order-9' });
    // 125.5 USDT at its base price of 1 USD, times 0.79 / 0.92 / 32.40 / 151.20, to the cent (half up).
    expect(event.Price).toEqual({ USD: 125.5, GBP: 99.15, EUR: 115.46, TRY: 4066.2, JPY: 18975.6 });
    expect(Number.isInteger(event.OrderId)).toBe(true);
    expect(event.UniqueId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(event.Hash).toMatch(/^[0-9A-F]{64}$/);
    expect(signatureOk(h.merchant.secretKey, event)).toBe(true);
    const after = (await h.balances()).usdtBalance as number;
    expect(new Decimal(after).minus(before).toFixed()).toBe('125.5');
  });

  it('refuses a second credit of the same UniqueId, a wrong symbol and a malformed body', async () => {
    receiver = await startReceiver();
    const address = await createAddress('BTC');
    expect((await h.control({ address, amount: '0.001', uniqueId: 'chain-tx-1', symbol: 'BTC' })).status).toBe(200);
    const credited = await h.balances();
    expect((await h.control({ address, amount: '0.001', uniqueId: 'chain-tx-1' })).status).toBe(409);
    expect((await h.control({ address, amount: '0.001', symbol: 'ETH' })).status).toBe(400);
    expect((await h.control({ address, amount: '0.000000001' })).status).toBe(400);
    expect((await h.control({ address, amount: -1 })).status).toBe(400);
    expect((await h.control({ amount: 1 })).status).toBe(400);
    expect(await h.balances()).toEqual(credited);
    expect(receiver.received).toHaveLength(1);
  });

  it('answers 404 for an address nobody created', async () => {
    receiver = await startReceiver();
    const res = await h.control({ address: '0x0000000000000000000000000000000000000001', amount: 1 });
    expect(res.status).toBe(404);
  });
});

it('passes an address it does not know to a later handler on the same path (Interface A addresses)', async () => {
  const { createInterfaceB } = await import('../../sandbox/interface-b');
  const { SandboxFaults } = await import('../../sandbox/faults');
  const b = createInterfaceB({ seed: 1, faults: new SandboxFaults() });
  const later = new Router();
  later.post('/__sandbox/deposit', (ctx) => {
    ctx.body = { handledBy: 'interface-a', input: ctx.state.simulatedDeposit as unknown };
  });
  const app = new Koa();
  app.use(b.controlRouter.routes());
  app.use(later.routes());
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/__sandbox/deposit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ address: 'A-address', amount: 2 }),
    });
    expect(await res.json()).toEqual({ handledBy: 'interface-a', input: { address: 'A-address', amount: 2 } });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
