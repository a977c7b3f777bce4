import { expect, openScreen, signIn, test } from './support/fixtures';
import { alertSaying } from './support/page-text';
import { reloadSignedInApp } from './support/reload-app';
import { completeBrowserSignIn } from './support/signed-in-app';

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
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

test.describe('who signs in next', () => {
  test('after a sign-out the next person starts on Home; a lock and unlock of the same user keeps the screen', async ({
    launchApp,
  }) => {
    const session = await launchApp();
    const { page } = session;
    const alice = await signIn(session, 'alice');
    await openScreen(page, 'History');

    await page.getByRole('button', { name: 'Lock now' }).click();
    await expect(page.getByRole('heading', { name: 'Wallet Desk is locked' })).toBeVisible();
    await completeBrowserSignIn(session, alice.user, () => page.getByRole('button', { name: 'Unlock' }).click());
    await expect(page.getByRole('heading', { name: 'History', exact: true })).toBeVisible();
    await expect(mainNavigation(page).getByRole('button', { name: 'History' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await signIn(session, 'bob');
    await expect(page.getByRole('heading', { name: 'Home', exact: true })).toBeVisible();
    await expect(mainNavigation(page).getByRole('button', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'History', exact: true })).toHaveCount(0);

    // The same holds for the same person signing in again after signing out.
    await openScreen(page, 'Profile');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await signIn(session, 'bob');
    await expect(mainNavigation(page).getByRole('button', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });
});
