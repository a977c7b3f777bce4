import type { SandboxInfo } from '../../sandbox/server';
import { expect, openScreen, test } from './support/fixtures';
import { enterMerchantKeys } from './support/merchant-keys';

type Merchant = SandboxInfo['merchants'][number];

test.use({ appOptions: { keychain: 'memory', afterSignIn: ({ page }) => openScreen(page, 'Merchant') } });

test.describe('merchant keys without an OS keychain: the app says where they really are', () => {
  test('announces saved keys as kept in memory for this run, under the banner that says there is no keychain', async ({
    signedInApp: app,
  }) => {
    const { page } = app;
    const [merchant] = app.sandbox.info().merchants as [Merchant];
    expect(app.secrets.kind).toBe('memory');
    await expect(page.getByRole('note').filter({ hasText: 'No usable OS keychain' })).toBeVisible();

    await enterMerchantKeys(page, merchant);

    const keys = page.getByRole('form', { name: 'Merchant API keys' });
    await expect(keys.getByText(/^Secret key: /)).toHaveText(
      'Secret key: •••• set (kept in memory for this run only (no usable OS keychain))',
    );
    await expect(page.getByText('Keys saved.')).toHaveText(
      'Keys saved. The secret key is kept in memory for this run only (no usable OS keychain) and cannot be shown again.',
    );
    await expect(page.getByRole('main')).not.toContainText(/stored in the (OS )?keychain/);
  });
});
