import type { Page } from '@playwright/test';
import { expect, openScreen, signIn, test, WIDE_TOTP_WINDOW } from './support/fixtures';
import { historyTable, openHistoryWith, pageStatus } from './support/history-table';
import { alertSaying, statusSaying } from './support/page-text';
import { reloadSignedInApp } from './support/reload-app';
import { completeBrowserSignIn } from './support/signed-in-app';

/** BIP-173's example address: valid, and not alice's own. */
const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const firstCodeBox = (page: Page) =>
  page.getByRole('group', { name: 'Two-factor code' }).getByRole('textbox', { name: 'Digit 1 of 6' });

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

test.describe('results of an earlier action do not outlive a later one', () => {
  test.use({ appOptions: { username: 'alice' } });

  test('an address-book add that fails no longer says the earlier one was saved', async ({ signedInApp: { page } }) => {
    await reloadSignedInApp(page);
    await openScreen(page, 'Address book');
    const form = page.getByRole('form', { name: 'Add an address' });
    const add = async (name: string, code: string, address: string) => {
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await form.getByRole('combobox', { name: 'Asset and network' }).selectOption(code);
      await form.getByRole('textbox', { name: 'Address', exact: true }).fill(address);
      await form.getByRole('button', { name: 'Add to address book' }).click();
    };
    await add('Supplier', 'BTC', BTC_DESTINATION);
    await expect(statusSaying(page, 'Saved “Supplier”.')).toBeVisible();

    // A Bitcoin address is no Litecoin address: main refuses it.
    await add('Supplier two', 'LTC', BTC_DESTINATION);
    await expect(alertSaying(page, /Litecoin/)).toBeVisible();
    await expect(page.getByText('Saved “Supplier”.')).toHaveCount(0);
  });

  test('the go-to-page field is emptied by a re-sort, which shows page 1 of another order', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await openHistoryWith(session);
    const jump = page.getByRole('form', { name: 'Jump to page' });
    const field = jump.getByRole('textbox', { name: 'Go to page' });
    await field.fill('5');
    await jump.getByRole('button', { name: 'Go' }).click();
    await expect(pageStatus(page)).toHaveText(/^Page 5 of /);
    await expect(field).toHaveValue('5');

    await page.getByRole('columnheader', { name: 'Amount' }).getByRole('button').click();
    await expect(page.getByRole('columnheader', { name: 'Amount' })).not.toHaveAttribute('aria-sort', 'none');
    await expect(historyTable(page)).toHaveAttribute('aria-busy', 'false');
    await expect(pageStatus(page)).toHaveText(/^Page 1 of /);
    await expect(field).toHaveValue('');

    // A jump past the end says where it went; the page buttons then take that note away with the number.
    await field.fill('99999');
    await field.press('Enter');
    await expect(jump.getByRole('status')).toHaveText(/^There are only .* pages; showing page /);
    await page.getByRole('button', { name: 'First page' }).click();
    await expect(pageStatus(page)).toHaveText(/^Page 1 of /);
    await expect(field).toHaveValue('');
    await expect(jump.getByRole('status')).toHaveText('');
  });
});

test.describe('Start verification says why it cannot be pressed', () => {
  test.use({ appOptions: { username: 'alice' } });

  test('without the reference id above it, the button is described by the reason, and by what else is missing', async ({
    signedInApp: { page },
  }) => {
    await reloadSignedInApp(page);
    await openScreen(page, 'Merchant');
    await page.getByRole('tab', { name: 'Verified addresses' }).click();
    await page.getByRole('textbox', { name: 'Reference id', exact: true }).fill('');
    const add = page.getByRole('form', { name: 'Add address' });
    const start = add.getByRole('button', { name: 'Start verification' });
    await expect(start).toBeDisabled();
    await expect(start).toHaveAccessibleDescription(
      'Enter the member’s reference id at the top of this tab first: the address is verified under it.',
    );

    await add.getByRole('textbox', { name: 'Address', exact: true }).fill(BTC_DESTINATION);
    await add.getByRole('textbox', { name: 'Label', exact: true }).fill('Payout');
    await expect(start).toHaveAccessibleDescription(/reference id/);

    await page.getByRole('textbox', { name: 'Reference id', exact: true }).fill('member-edges');
    await add.getByRole('textbox', { name: 'Label', exact: true }).fill('');
    await expect(start).toBeDisabled();
    await expect(start).toHaveAccessibleDescription('Enter a label to start verification.');

    await add.getByRole('textbox', { name: 'Label', exact: true }).fill('Payout');
    await expect(start).toBeEnabled();
    await expect(start).toHaveAccessibleDescription('');
  });
});

test.describe('a refused two-factor code', () => {
  test.use({ appOptions: { username: 'alice', totpWindowSteps: WIDE_TOTP_WINDOW } });

  test('Send: focus goes to the first code box, ready for the next code', async ({ sendScreen: { page } }) => {
    await page.getByRole('combobox', { name: 'Asset' }).selectOption('BTC');
    await page.getByRole('textbox', { name: 'Destination address' }).fill(BTC_DESTINATION);
    await page.getByRole('textbox', { name: /^Amount/ }).fill('0.0004');
    await page.getByRole('button', { name: 'Check fees' }).click();
    for (const box of await page.getByRole('checkbox', { name: /may already have gone through/ }).all()) {
      await box.check();
    }
    await page.getByRole('radio', { name: /^Standard/ }).check();
    await page.getByRole('button', { name: 'Review send' }).click();
    await expect(page.getByRole('heading', { name: 'Review the send' })).toBeVisible();
    await firstCodeBox(page).fill('000000');
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(alertSaying(page, /refused this two-factor code/)).not.toHaveCount(0);
    await expect(firstCodeBox(page)).toBeFocused();
    await expect(firstCodeBox(page)).toHaveValue('');
  });

  test('Swap: focus goes to the first code box, ready for the next code', async ({ swapScreen: { page } }) => {
    await page.getByRole('combobox', { name: 'From', exact: true }).selectOption('BTC');
    await page.getByRole('combobox', { name: 'From network' }).selectOption('Bitcoin Mainnet');
    await page.getByRole('combobox', { name: 'To', exact: true }).selectOption('ETH');
    await page.getByRole('combobox', { name: 'To network' }).selectOption('Ethereum Mainnet');
    await page.getByRole('textbox', { name: /^Amount/ }).fill('0.001');
    await expect(page.getByRole('region', { name: 'Quote' })).toBeVisible();
    await page.getByRole('button', { name: 'Review swap' }).click();
    await expect(page.getByRole('heading', { name: 'Review the swap' })).toBeVisible();
    await firstCodeBox(page).fill('000000');
    await page.getByRole('button', { name: 'Swap now' }).click();
    await expect(alertSaying(page, /refused this two-factor code/)).not.toHaveCount(0);
    await expect(firstCodeBox(page)).toBeFocused();
  });
});
