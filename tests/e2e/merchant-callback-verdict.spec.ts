import { createHash, createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SandboxInfo } from '../../sandbox/server';
import { expect, openScreen, test } from './support/fixtures';
import { enterMerchantKeys } from './support/merchant-keys';

type Merchant = SandboxInfo['merchants'][number];

const merchantOf = (app: { sandbox: { info(): SandboxInfo } }) => (app.sandbox.info().merchants as [Merchant])[0];

test.use({
  appOptions: {
    afterSignIn: async (app) => {
      await openScreen(app.page, 'Merchant');
      await enterMerchantKeys(app.page, merchantOf(app));
      await app.page.getByRole('tab', { name: 'Callback checker' }).click();
    },
  },
});

test.describe('callback checker verdicts in Chromium: what each signature proves and what it does not', () => {
  async function check(page: Page, body: string, header = ''): Promise<void> {
    await page.getByRole('textbox', { name: 'Callback body (JSON, as your endpoint received it)' }).fill(body);
    await page
      .getByRole('textbox', { name: 'X-Paybin-Signature header (only for the SDK’s callback shape)' })
      .fill(header);
    await page.getByRole('button', { name: 'Check signature' }).click();
  }

  test('the spec’s shape: the Hash is vouched for, Amount and Address are not, and the service is asked', async ({
    signedInApp: app,
  }) => {
    const { page } = app;
    const hash = 'C0FFEE12';
    const body = JSON.stringify({
      Address: 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
      UniqueId: 'tx-e2e-spec',
      Amount: 0.5,
      Symbol: 'LTC',
      ReferenceId: 'order-nobody-created',
      Price: { USD: 40, GBP: 31, EUR: 37, TRY: 1300, JPY: 6000 },
      Signature: createHash('md5')
        .update(`${merchantOf(app).secretKey}${hash}`)
        .digest('hex')
        .toUpperCase(),
      OrderId: 1,
      Hash: hash,
    });
    await check(page, body);
    // The headline names the Hash alone: a spec Signature does not cover Amount or Address (security.md 41).
    await expect(
      page.getByRole('heading', {
        name: 'The Signature matches the Hash only. Amount and Address are not covered by it: compare them with the service.',
      }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: /valid/i })).toHaveCount(0);
    const fields = page.getByRole('table', { name: 'Callback fields' });
    await expect(fields.getByRole('row', { name: /^Hash / })).toContainText('Yes');
    await expect(fields.getByRole('row', { name: /^Amount / })).toContainText('No');
    await expect(fields.getByRole('row', { name: /^Address / })).toContainText('No');
    await expect(page.getByRole('definition')).toHaveText([
      'The Hash came from someone who holds your secret key: the service (or anyone you gave the key to).',
      'That Amount, Address or any other field is unchanged: the Signature covers only the Hash, and the spec does not say how the Hash is made from the fields. Compare them with the service before you credit anything.',
    ]);
    await expect(page.getByRole('heading', { name: 'Compared with the service' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'could not find this deposit' })).toHaveText(
      'The app could not find this deposit at the service (not in your accounts’ history, and no deposit address for this reference), so Amount and Address were not compared.',
    );
  });

  test('the SDK’s shape: the HMAC vouches for the whole body; without its header nothing is verified', async ({
    signedInApp: app,
  }) => {
    const { page } = app;
    const body = JSON.stringify({
      requestId: 'r-1',
      symbol: 'LTC',
      amount: 0.5,
      txId: 'tx-e2e-sdk',
      status: 'confirmed',
    });
    const header = createHmac('sha256', merchantOf(app).secretKey).update(body).digest('hex');
    await check(page, body, header);
    // The previous verdict stays until the new one arrives: wait for this one's shape.
    await expect(page.getByText('Shape: the SDK’s shape')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'The signature covers the whole body, every field of it.' }),
    ).toHaveCount(1);
    await expect(page.getByRole('definition').first()).toHaveText(
      'The whole body, every field and byte of it, is exactly as someone holding your secret key sent it.',
    );

    await check(page, body);
    const notVerified = page.getByRole('alert').filter({ hasText: 'Not verified' });
    await expect(notVerified).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Signature invalid' })).toHaveCount(1);
    await expect(notVerified).toHaveText(
      'Not verified: a callback in the SDK’s shape is signed in its X-Paybin-Signature header, not in the body. Enter that header’s value as your endpoint received it.',
    );
  });

  test('a body mixing both shapes is refused in words', async ({ signedInApp: { page } }) => {
    await check(page, JSON.stringify({ txId: 'x', amount: 1, Signature: 'AB', Hash: 'CD' }));
    await expect(page.getByText('Shape: a mix of both shapes')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Signature invalid' })).toHaveCount(1);
    await expect(page.getByRole('alert').filter({ hasText: 'mixes the service' })).toBeVisible();
  });
});
