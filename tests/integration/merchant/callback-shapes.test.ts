import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallbackCheckResult } from '../../../src-preload/contract/merchant';
import { startMerchantMachine, type MerchantLaunch, type MerchantMachine } from '../support/merchant-app';

/** The checker against both callback shapes the sandbox can deliver, and against the service's records. */
describe('callback checker against the sandbox, both shapes', () => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;
  let receiver: Server;
  let callbackUrl: string;
  let received: Array<{ body: string; header: string | null }> = [];

  const control = async (path: string, body: unknown) => {
    const response = await fetch(`${machine.sandbox.origin}/__sandbox/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  const checkIt = (body: string, signatureHeader?: string) =>
    app.value<CallbackCheckResult>('merchant.callbackCheck', signatureHeader ? { body, signatureHeader } : { body });

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const header = req.headers['x-paybin-signature'];
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          header: typeof header === 'string' ? header : null,
        });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`;
    machine = await startMerchantMachine();
    app = await machine.launch();
    await app.signIn('alice');
    await app.value('merchant.saveKeys', {
      environment: 'local-sandbox',
      publicKey: machine.merchant.publicKey,
      secretKey: machine.merchant.secretKey,
    });
  });
  afterAll(async () => {
    receiver?.close();
    await machine?.close();
  });
  beforeEach(() => {
    received = [];
  });

  it('spec shape (default): valid, and the Address is compared with the address the service holds for the reference', async () => {
    const created = await app.value<{ address: string }>('merchant.depositCreate', {
      code: 'LTC',
      label: 'Shape test',
      referenceId: 'order-spec',
      callbackUrl,
    });
    // Kept out of the history, as a service may do: the checker falls back to the address it holds.
    await control('deposit', { address: created.address, amount: '0.5', listInHistory: false });
    const { body, header } = received[0] as { body: string; header: string | null };
    expect(header).toBeNull();
    const genuine = await checkIt(body);
    expect(genuine).toMatchObject({ valid: true, shape: 'spec' });
    expect(genuine.comparison?.summary).toMatch(
      /^Address matches the deposit address the service holds for reference order-spec\./,
    );

    // A changed Address keeps a valid Signature (it covers only the Hash): the comparison is what catches it.
    const moved = body.replace(created.address, 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9');
    const changed = await checkIt(moved);
    expect(changed.valid).toBe(true);
    expect(changed.doesNotProve).toMatch(/Amount, Address/);
    expect(changed.comparison?.summary).toMatch(/^Does not match the service: Address differs/);
  });

  it('SDK shape (POST /__sandbox/callback-shape): valid with its header; a changed body or no header is not', async () => {
    await control('callback-shape', { shape: 'sdk' });
    try {
      const created = await app.value<{ address: string }>('merchant.depositCreate', {
        code: 'LTC',
        label: 'Shape test',
        referenceId: 'order-sdk',
        callbackUrl,
      });
      await control('deposit', { address: created.address, amount: '0.25', listInHistory: false });
      const { body, header } = received[0] as { body: string; header: string };
      expect(JSON.parse(body)).toMatchObject({
        amount: 0.25,
        symbol: 'LTC',
        referenceId: 'order-sdk',
        status: 'confirmed',
      });
      expect(header).toMatch(/^[0-9a-f]{64}$/);
      const genuine = await checkIt(body, header);
      expect(genuine).toMatchObject({ valid: true, shape: 'sdk' });
      expect(genuine.proves).toMatch(/whole body/);
      // Kept out of the history: nothing to compare the amount with.
      expect(genuine.comparison?.summary).toMatch(/Amount was not compared/);
      expect(await checkIt(body.replace('0.25', '2.5'), header)).toMatchObject({ valid: false, shape: 'sdk' });
      expect(await checkIt(body)).toMatchObject({
        valid: false,
        summary: expect.stringMatching(/X-Paybin-Signature header/),
      });
      // A per-delivery override back to the spec's shape.
      await control('deposit', { address: created.address, amount: '0.1', callbackShape: 'spec' });
      expect(received[1]?.header).toBeNull();
      expect(await checkIt(received[1]?.body as string)).toMatchObject({ shape: 'spec', valid: true });
    } finally {
      await control('callback-shape', { shape: 'spec' });
    }
  });

  it('a merchant deposit the service lists in the account history is compared field by field with it', async () => {
    const created = await app.value<{ address: string }>('merchant.depositCreate', {
      code: 'LTC',
      label: 'Listed test',
      referenceId: 'order-listed',
      callbackUrl,
    });
    await control('deposit', { address: created.address, amount: '0.4' });
    const body = received[0]?.body as string;
    const genuine = await checkIt(body);
    expect(genuine).toMatchObject({ valid: true, shape: 'spec' });
    expect(genuine.comparison?.summary).toMatch(
      /^Amount, Address and ReferenceId match the deposit with this transaction id in the history of "Alice Trading Ltd"\./,
    );
    const inflated = await checkIt(body.replace('"Amount":0.4', '"Amount":40'));
    expect(inflated.comparison?.summary).toMatch(/^Does not match the service: Amount differs/);
  });

  it('Amount and Address are compared with the deposit in the account history where the service shows it', async () => {
    // An Interface A deposit address lands in the account's history; its callback is signed with the account's
    // callback secret, not these merchant keys, so the signature is invalid here, yet the comparison runs.
    const created = await app.value<{ address: string }>('receive.createDepositAddress', {
      symbol: 'LTC',
      label: 'History test',
      callbackUrl,
    });
    await control('deposit', { address: created.address, amount: '0.75' });
    const body = received[0]?.body as string;
    const genuine = await checkIt(body);
    expect(genuine.valid).toBe(false);
    expect(genuine.comparison?.summary).toMatch(
      /^Only Amount and Address were compared, and they match the deposit with this transaction id in the history of ".*ReferenceId .* was not compared/,
    );
    const inflated = await checkIt(body.replace('"Amount":0.75', '"Amount":75'));
    expect(inflated.comparison?.summary).toMatch(/^Does not match the service: Amount differs/);
    expect(inflated.comparison?.rows).toContainEqual({ field: 'Amount', callback: '75', service: '0.75', same: false });
  });
});
