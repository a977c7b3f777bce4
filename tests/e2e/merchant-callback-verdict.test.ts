import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxInfo } from '../../sandbox/server';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

type Merchant = SandboxInfo['merchants'][number];

describe('callback checker verdicts in Chromium: what each signature proves and what it does not', () => {
  let app: SignedInApp;
  let merchant: Merchant;

  beforeAll(async () => {
    app = await startSignedInApp();
    [merchant] = app.sandbox.info().merchants as [Merchant];
    const page = app.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Merchant' }).click();
    await page.getByRole('heading', { name: 'Merchant' }).waitFor();
    await page.getByLabel('Public key', { exact: true }).fill(merchant.publicKey);
    await page.getByLabel('Secret key', { exact: true }).fill(merchant.secretKey);
    await page.getByRole('button', { name: 'Save keys' }).click();
    await page.getByText('Keys saved.').waitFor();
    await page.getByRole('tab', { name: 'Callback checker' }).click();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function check(body: string, header = ''): Promise<void> {
    const page = app.page;
    await page.getByRole('textbox', { name: 'Callback body (JSON, as your endpoint received it)' }).fill(body);
    await page
      .getByRole('textbox', { name: 'X-Paybin-Signature header (only for the SDK’s callback shape)' })
      .fill(header);
    await page.getByRole('button', { name: 'Check signature' }).click();
  }

  it('the spec’s shape: the Hash is vouched for, Amount and Address are not, and the service is asked', async () => {
    const hash = 'C0FFEE12';
    const body = JSON.stringify({
      Address: 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
      UniqueId: 'tx-e2e-spec',
      Amount: 0.5,
      Symbol: 'LTC',
      ReferenceId: 'order-nobody-created',
      Price: { USD: 40, GBP: 31, EUR: 37, TRY: 1300, JPY: 6000 },
      Signature: createHash('md5').update(`${merchant.secretKey}${hash}`).digest('hex').toUpperCase(),
      OrderId: 1,
      Hash: hash,
    });
    await check(body);
    const page = app.page;
    await page.getByRole('heading', { name: 'Signature valid' }).waitFor();
    const proof = page.getByRole('definition');
    expect(await proof.allTextContents()).toEqual([
      'The Hash came from someone who holds your secret key: the service (or anyone you gave the key to).',
      'That Amount, Address or any other field is unchanged: the Signature covers only the Hash, and the spec does not say how the Hash is made from the fields. Compare them with the service before you credit anything.',
    ]);
    await page.getByRole('heading', { name: 'Compared with the service' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'could not find this deposit' }).textContent()).toBe(
      'The app could not find this deposit at the service (not in your accounts’ history, and no deposit address for this reference), so Amount and Address were not compared.',
    );
  });

  it('the SDK’s shape: the HMAC vouches for the whole body; without its header nothing is verified', async () => {
    const body = JSON.stringify({
      requestId: 'r-1',
      symbol: 'LTC',
      amount: 0.5,
      txId: 'tx-e2e-sdk',
      status: 'confirmed',
    });
    const header = createHmac('sha256', merchant.secretKey).update(body).digest('hex');
    await check(body, header);
    const page = app.page;
    // The previous verdict stays until the new one arrives: wait for this one's shape.
    await page.getByText('Shape: the SDK’s shape').waitFor();
    expect(await page.getByRole('heading', { name: 'Signature valid' }).count()).toBe(1);
    expect(await page.getByRole('definition').first().textContent()).toBe(
      'The whole body, every field and byte of it, is exactly as someone holding your secret key sent it.',
    );

    await check(body);
    await page.getByRole('alert').filter({ hasText: 'Not verified' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Signature invalid' }).count()).toBe(1);
    expect(await page.getByRole('alert').filter({ hasText: 'Not verified' }).textContent()).toBe(
      'Not verified: a callback in the SDK’s shape is signed in its X-Paybin-Signature header, not in the body. Enter that header’s value as your endpoint received it.',
    );
  });

  it('a body mixing both shapes is refused in words', async () => {
    await check(JSON.stringify({ txId: 'x', amount: 1, Signature: 'AB', Hash: 'CD' }));
    const page = app.page;
    await page.getByText('Shape: a mix of both shapes').waitFor();
    expect(await page.getByRole('heading', { name: 'Signature invalid' }).count()).toBe(1);
    await page.getByRole('alert').filter({ hasText: 'mixes the service' }).waitFor();
  });
});
