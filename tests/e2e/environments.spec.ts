import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { RunningSandbox } from '../../sandbox/server';
import { completeBrowserSignIn, type SignedInApp } from './support/signed-in-app';

/**
 * Settings › Sign-in environment and Merchant API environment: a second sandbox plays the "Custom"
 * environment, so switching is proven by where the next sign-in goes.
 */
type Launch = Parameters<Parameters<typeof test>[2]>[0];

/** Alice signed in to an app of the story's own (its own local sandbox), and a second sandbox to play Custom. */
async function appAndCustom({
  launchSandbox,
  launchSignedInApp,
}: Pick<Launch, 'launchSandbox' | 'launchSignedInApp'>): Promise<{ app: SignedInApp; custom: RunningSandbox }> {
  // Started first, so it outlives the app that signs in to it.
  const custom = await launchSandbox();
  const app = await launchSignedInApp({ username: 'alice' });
  return { app, custom };
}

test.describe('choosing environments in Settings', () => {
  const section = (page: Page) => page.getByRole('region', { name: 'Sign-in environment' });
  const openSettings = async (page: Page) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  };
  /** Custom's addresses checked and saved in Settings, as the first story does by hand. */
  const saveCustomAddresses = async (page: Page, custom: RunningSandbox) => {
    await openSettings(page);
    await section(page).getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Custom' });
    const form = section(page).getByRole('form', { name: 'Custom sign-in addresses' });
    await form.getByRole('textbox', { name: 'Sign-in server (issuer)' }).fill(custom.issuer);
    await form.getByRole('textbox', { name: 'Client id' }).fill(custom.clientId);
    await form.getByRole('textbox', { name: 'Wallet API address' }).fill(custom.baseUrl);
    await form.getByRole('button', { name: 'Save addresses' }).click();
    await expect(section(page).getByRole('status')).toHaveText('Checked and saved.');
  };

  test('checks a custom environment before saving it and says in words what failed', async ({
    launchSandbox,
    launchSignedInApp,
  }) => {
    const {
      app: { page },
      custom,
    } = await appAndCustom({ launchSandbox, launchSignedInApp });
    await openSettings(page);
    await expect(section(page)).toContainText('Wallet Desk signs in to Local sandbox');
    await section(page).getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Custom' });
    const form = section(page).getByRole('form', { name: 'Custom sign-in addresses' });
    await form
      .getByRole('textbox', { name: 'Sign-in server (issuer)' })
      .fill(`http://localhost:${new URL(custom.origin).port}/oidc`);
    await form.getByRole('textbox', { name: 'Client id' }).fill(custom.clientId);
    await form.getByRole('textbox', { name: 'Wallet API address' }).fill(custom.baseUrl);
    await form.getByRole('button', { name: 'Save addresses' }).click();
    await expect(section(page).getByRole('alert')).toContainText('the name localhost');
    // The field the error names is marked, and only that one.
    await expect(form.getByRole('textbox', { name: 'Sign-in server (issuer)' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(form.getByRole('textbox', { name: 'Client id' })).not.toHaveAttribute('aria-invalid');
    await expect(form.getByRole('textbox', { name: 'Wallet API address' })).not.toHaveAttribute('aria-invalid');

    // The provider names itself without the trailing slash: discovery must match the address exactly.
    await form.getByRole('textbox', { name: 'Sign-in server (issuer)' }).fill(`${custom.issuer}/`);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(section(page).getByRole('alert')).toContainText(`calls itself ${custom.issuer}`);
    await expect(form.getByRole('button', { name: 'Use Custom' })).toBeDisabled();

    await form.getByRole('textbox', { name: 'Sign-in server (issuer)' }).fill(custom.issuer);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect(section(page).getByRole('status')).toContainText(
      'answered with a valid OpenID Connect discovery document',
    );
    await form.getByRole('button', { name: 'Save addresses' }).click();
    await expect(section(page).getByRole('status')).toHaveText('Checked and saved.');
  });

  test('switches only after a confirmation that says it signs out, then signs in at the new environment', async ({
    launchSandbox,
    launchSignedInApp,
  }) => {
    const { app, custom } = await appAndCustom({ launchSandbox, launchSignedInApp });
    const { page } = app;
    await saveCustomAddresses(page, custom);
    const form = section(page).getByRole('form', { name: 'Custom sign-in addresses' });
    await form.getByRole('button', { name: 'Use Custom' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Switch to Custom?' });
    await expect(dialog).toContainText('You will be signed out of Local sandbox first');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(section(page)).toContainText('Wallet Desk signs in to Local sandbox');

    await form.getByRole('button', { name: 'Use Custom' }).click();
    await dialog.getByRole('button', { name: 'Sign out and switch to Custom' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByText('environment: Custom')).toBeVisible();

    const user = custom.info().users.find((candidate) => candidate.username === 'alice')!;
    await completeBrowserSignIn(app, user, () => page.getByRole('button', { name: 'Sign in', exact: true }).click());
    expect(new URL(app.app.externalUrls.at(-1)!).origin).toBe(custom.origin);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('tests and saves the merchant API address in Settings without any key', async ({
    launchSandbox,
    launchSignedInApp,
  }) => {
    const {
      app: { page },
      custom,
    } = await appAndCustom({ launchSandbox, launchSignedInApp });
    await openSettings(page);
    const merchant = page.getByRole('region', { name: 'Merchant API environment' });
    await merchant.getByRole('combobox', { name: 'Merchant environment' }).selectOption({ label: 'Custom' });
    const address = merchant.getByRole('textbox', { name: 'Merchant API address' });
    await address.fill('http://api.example.com');
    await merchant.getByRole('button', { name: 'Test address' }).click();
    await expect(merchant.getByRole('alert')).toContainText('must start with https://');

    await address.fill(custom.apiUrl);
    await merchant.getByRole('button', { name: 'Test address' }).click();
    await expect(merchant.getByRole('status')).toContainText('answers like the merchant API');
    await merchant.getByRole('button', { name: 'Save address' }).click();
    await expect(merchant.getByRole('status')).toHaveText('API address saved.');
    await expect(address).toHaveValue(custom.apiUrl);
  });

  test('chooses the environment from the sign-in screen without a confirmation when signed out', async ({
    launchSandbox,
    launchSignedInApp,
  }) => {
    const {
      app: { page },
      custom,
    } = await appAndCustom({ launchSandbox, launchSignedInApp });
    // Signed out at Custom: switching there signs out (the story above proves how).
    await saveCustomAddresses(page, custom);
    await section(page)
      .getByRole('form', { name: 'Custom sign-in addresses' })
      .getByRole('button', { name: 'Use Custom' })
      .click();
    await page.getByRole('button', { name: 'Sign out and switch to Custom' }).click();
    await expect(page.getByText('environment: Custom')).toBeVisible();

    await page.getByRole('button', { name: 'Choose sign-in environment' }).click();
    await section(page).getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Local sandbox' });
    await section(page).getByRole('button', { name: 'Use Local sandbox' }).click();
    await expect(page.getByText('environment: Local sandbox')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});
