import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantDepositAddressView } from '../../../src-preload/contract/merchant';
import type { PaymentRequestStatusView, PaymentRequestView } from '../../../src-preload/contract/payment-requests';
import type { CreatedDepositAddressView } from '../../../src-preload/contract/receive';
import type { ServiceProfile } from '../../../sandbox/profile';
import { startPaymentMachine, type PaymentLaunch, type PaymentMachine } from './payment-app';

/** Connection refused at once: the sandbox's callback delivery gives up quickly. */
const CALLBACK = 'http://127.0.0.1:9/payments';

async function listed(app: PaymentLaunch): Promise<PaymentRequestView[]> {
  return (await app.value<{ items: PaymentRequestView[] }>('paymentRequests.list')).items;
}

async function statusOf(app: PaymentLaunch, id: string): Promise<PaymentRequestStatusView> {
  const answer = await app.value<{ items: PaymentRequestStatusView[]; failed: unknown[] }>('paymentRequests.statuses', {
    ids: [id],
  });
  expect(answer.failed).toEqual([]);
  const [status] = answer.items;
  if (!status) throw new Error('no status');
  return status;
}

describe.each<ServiceProfile>(['kind', 'strict'])('payment requests against the %s sandbox', (profile) => {
  let machine: PaymentMachine;
  let app: PaymentLaunch;

  beforeAll(async () => {
    machine = await startPaymentMachine(profile);
    app = await machine.launch();
    await app.signIn('alice');
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('a Receive deposit address is kept, and its status follows the deposits: waiting, partly paid, paid, overpaid', async () => {
    const created = await app.value<CreatedDepositAddressView>('receive.createDepositAddress', {
      symbol: 'BTC',
      label: 'Invoice 7',
      referenceId: `inv-7-${profile}`,
      callbackUrl: CALLBACK,
      amount: '0.3',
    });
    const request = (await listed(app)).find((item) => item.referenceId === created.referenceId);
    expect(request).toMatchObject({
      origin: 'receive',
      address: created.address,
      code: 'BTC',
      label: 'Invoice 7',
      expected: { amount: '0.3', unit: 'BTC', kind: 'asset' },
      createdBy: expect.any(String),
    });
    const id = request!.id;
    expect(await statusOf(app, id)).toMatchObject({ status: 'waiting', received: '0', deposits: [] });

    // 0.1 + 0.2 is 0.3 only in decimal arithmetic.
    await machine.deposit(created.address, '0.1');
    expect(await statusOf(app, id)).toMatchObject({ status: 'partly-paid', received: '0.1', receivedUnit: 'BTC' });
    await machine.deposit(created.address, '0.2');
    const paid = await statusOf(app, id);
    expect(paid).toMatchObject({ status: 'paid', received: '0.3' });
    expect(paid.deposits.map((deposit) => [deposit.amount, deposit.matchedBy, deposit.counted])).toEqual([
      ['0.2', 'reference', true],
      ['0.1', 'reference', true],
    ]);
    await machine.deposit(created.address, '0.00000001');
    expect(await statusOf(app, id)).toMatchObject({ status: 'overpaid', received: '0.30000001' });
  });

  it('a merchant deposit address (Interface B) is kept too, and read from the linked account’s history', async () => {
    const merchant = machine.info.merchants[0]!;
    await app.value('merchant.saveKeys', {
      environment: 'local-sandbox',
      publicKey: merchant.publicKey,
      secretKey: merchant.secretKey,
    });
    const created = await app.value<MerchantDepositAddressView>('merchant.depositCreate', {
      code: 'LTC',
      label: 'Order 12',
      referenceId: `order-12-${profile}`,
      callbackUrl: CALLBACK,
      amount: '2',
      amountUnit: 'crypto',
    });
    const request = (await listed(app)).find((item) => item.referenceId === created.referenceId);
    expect(request).toMatchObject({ origin: 'merchant', address: created.address, label: 'Order 12' });
    expect(request?.expected).toMatchObject({ amount: '2', kind: 'asset' });
    await machine.deposit(created.address, '1.5');
    expect(await statusOf(app, request!.id)).toMatchObject({ status: 'partly-paid', received: '1.5' });
    await machine.deposit(created.address, '0.5');
    expect(await statusOf(app, request!.id)).toMatchObject({ status: 'paid', received: '2' });
  });

  it.runIf(profile === 'strict')(
    'a reference used again makes another address on a strict service: each request counts its own address only',
    async () => {
      const again = await app.value<MerchantDepositAddressView>('merchant.depositCreate', {
        code: 'LTC',
        label: 'Order 12 again',
        referenceId: `order-12-${profile}`,
        callbackUrl: CALLBACK,
        amount: '1',
        amountUnit: 'crypto',
      });
      const both = (await listed(app)).filter((item) => item.referenceId === `order-12-${profile}`);
      expect(both).toHaveLength(2);
      expect(new Set(both.map((item) => item.address)).size).toBe(2);
      await machine.deposit(again.address, '1');
      const first = both.find((item) => item.address !== again.address)!;
      const second = both.find((item) => item.address === again.address)!;
      expect(await statusOf(app, second.id)).toMatchObject({ status: 'paid', received: '1' });
      expect(await statusOf(app, first.id)).toMatchObject({ status: 'paid', received: '2' });
      await app.value('paymentRequests.delete', { id: second.id, confirmed: true });
    },
  );

  it('is kept encrypted: the file names neither the reference nor the address', async () => {
    const folder = join(machine.dir, 'payment-requests', 'local-sandbox');
    const names = (await readdir(folder)).filter((name) => name.endsWith('.json'));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const text = await readFile(join(folder, name), 'utf8');
      expect(text).not.toContain(`inv-7-${profile}`);
      expect(text).not.toContain('Invoice 7');
    }
  });

  it('survives sign-out and a restart, is hidden from another user, and nobody sees it while locked', async () => {
    const before = await listed(app);
    expect(before.length).toBe(2);
    await app.value('session.lock');
    expect(await app.failure('paymentRequests.list')).toMatchObject({ code: 'locked' });
    await app.value('session.signOut');
    expect(await app.failure('paymentRequests.list')).toMatchObject({ code: 'not_signed_in' });
    await app.close();

    app = await machine.launch();
    await app.signIn('carol');
    expect(await listed(app)).toEqual([]);
    expect(
      await app.value<{ items: unknown[]; failed: Array<{ id: string }> }>('paymentRequests.statuses', {
        ids: [before[0]!.id],
      }),
    ).toMatchObject({ items: [], failed: [{ id: before[0]!.id }] });
    expect(await app.value('paymentRequests.delete', { id: before[0]!.id, confirmed: true })).toEqual({
      deleted: false,
    });
    await app.value('session.signOut');

    await app.signIn('alice');
    expect(await listed(app)).toEqual(before);
  });

  it('exports the list as CSV with the last known status, and deletes only on the user’s word', async () => {
    const items = await listed(app);
    for (const item of items) await statusOf(app, item.id);
    const exported = await app.value<{ path: string; rows: number }>('paymentRequests.export', {
      ids: items.map((item) => item.id),
    });
    expect(exported.rows).toBe(2);
    const csv = await readFile(exported.path, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Created,Created by,Reference,Label,Asset,Network,Address,Expected amount/);
    expect(lines.some((line) => line.includes(`inv-7-${profile}`) && line.includes('Overpaid'))).toBe(true);
    expect(lines.some((line) => line.includes(`order-12-${profile}`) && line.includes(',Paid,'))).toBe(true);

    expect(await app.failure('paymentRequests.delete', { id: items[0]!.id })).toMatchObject({ code: 'bad_input' });
    expect(await app.value('paymentRequests.delete', { id: items[0]!.id, confirmed: true })).toEqual({ deleted: true });
    expect((await listed(app)).map((item) => item.id)).toEqual([items[1]!.id]);
  });
});
