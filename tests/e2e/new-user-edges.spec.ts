import { expect, openScreen, test } from './support/fixtures';
import { alertSaying } from './support/page-text';
import { reloadSignedInApp } from './support/reload-app';

test.describe('a Viewer on the Merchant screen', () => {
  test.use({ appOptions: { username: 'bob' } });

  test('is told to ask an administrator, never to use an API keys tab a Viewer does not have', async ({
    signedInApp: { page },
  }) => {
    await reloadSignedInApp(page);
    await openScreen(page, 'Merchant');
    await expect(page.getByRole('tab')).toHaveText(['Balances']);
    // Bob has no keys of his own: the balances say why, in words for his role.
    await expect(
      alertSaying(
        page,
        'You have no merchant keys for Local sandbox. Your role (Viewer) in Northwind Payments cannot save merchant keys. Ask an administrator of the account.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: 'ask an administrator of the account' })).toBeVisible();
    await expect(page.getByText(/under API keys/)).toHaveCount(0);
  });
});
