import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxInfo } from '../../sandbox/server';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

type Merchant = SandboxInfo['merchants'][number];

describe('merchant keys without an OS keychain: the app says where they really are', () => {
  let app: SignedInApp;
  let merchant: Merchant;

  beforeAll(async () => {
    app = await startSignedInApp({ keychain: 'memory' });
    [merchant] = app.sandbox.info().merchants as [Merchant];
    await app.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Merchant' }).click();
    await app.page.getByRole('heading', { name: 'Merchant' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('announces saved keys as kept in memory for this run, under the banner that says there is no keychain', async () => {
    const page = app.page;
    expect(app.secrets.kind).toBe('memory');
    await page.getByRole('note').filter({ hasText: 'No usable OS keychain' }).waitFor();

    await page.getByLabel('Public key').fill(merchant.publicKey);
    await page.getByLabel('Secret key', { exact: true }).fill(merchant.secretKey);
    await page.getByRole('button', { name: 'Save keys' }).click();
    await page.getByText('Keys saved.').waitFor();

    const keys = page.getByRole('form', { name: 'Merchant API keys' });
    const status = await keys.getByText(/^Secret key: /).textContent();
    expect(status).toBe('Secret key: •••• set (kept in memory for this run only (no usable OS keychain))');
    expect(await page.getByText('Keys saved.').textContent()).toBe(
      'Keys saved. The secret key is kept in memory for this run only (no usable OS keychain) and cannot be shown again.',
    );
    expect(await page.getByRole('main').textContent()).not.toMatch(/stored in the (OS )?keychain/);
  });
});
