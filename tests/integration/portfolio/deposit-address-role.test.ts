import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedDepositAddressView } from '../../../src-preload/contract/receive';
import { startMoneyApp, type MoneyApp } from '../support/money-app';

const REQUEST = { symbol: 'BTC', label: 'Invoice 7', callbackUrl: 'https://shop.example/deposits' };

/**
 * One role rule for deposit addresses on both interfaces (README, "Who may create deposit addresses"): an
 * address with a callback URL decides where payers send money and where their payments are announced, so a
 * Viewer may not make one, on Interface A as on Interface B (merchant.depositCreate, treasury-access.test.ts).
 */
describe('who may create an Interface A deposit address', () => {
  let bob: MoneyApp;
  let alice: MoneyApp;
  beforeAll(async () => {
    [bob, alice] = await Promise.all([startMoneyApp({ username: 'bob' }), startMoneyApp({ username: 'alice' })]);
  });
  afterAll(async () => {
    await Promise.all([bob?.close(), alice?.close()]);
  });

  it('a Viewer is refused in words before anything reaches the service', async () => {
    const error = await bob.failure('receive.createDepositAddress', REQUEST);
    expect(error).toMatchObject({
      code: 'forbidden',
      message:
        'Your role (Viewer) in Northwind Payments cannot create deposit addresses. Ask an administrator of the account.',
    });
    expect(bob.count('POST', '/deposit/address/create')).toBe(0);
    expect((await bob.value<{ items: unknown[] }>('receive.createdAddresses')).items).toEqual([]);
  });

  it('a role that may move money creates it', async () => {
    const created = await alice.value<CreatedDepositAddressView>('receive.createDepositAddress', REQUEST);
    expect(created.label).toBe('Invoice 7');
    expect(alice.count('POST', '/deposit/address/create')).toBe(1);
  });
});
