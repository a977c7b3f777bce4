import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { completeBrowserSignIn } from './support/signed-in-app';

/**
 * Settings › Sign-in environment and Merchant API environment: a second sandbox plays the "Custom"
 * environment, so switching is proven by where the next sign-in goes.
 */
test.use({ appOptions: { username: 'alice' } });

test.describe('choosing environments in Settings', () => {
  // Each story goes on from where the one before left the app: after a failure the rest cannot run.
  test.describe.configure({ mode: 'serial' });

  const section = (page: Page) => page.getByRole('region', { name: 'Sign-in environment' });
  const openSettings = async (page: Page) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
  };

  test('checks a custom environment before saving it and says in words what failed', async ({
    // Asked for first, so the group's app (signed in to it later) is closed before it.
    otherSandbox: custom,
    signedInApp: { page },
  }) => {
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
    signedInApp: app,
    otherSandbox: custom,
  }) => {
    const { page } = app;
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
    signedInApp: { page },
    otherSandbox: custom,
  }) => {
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
    signedInApp: { page },
  }) => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('button', { name: 'Choose sign-in environment' }).click();
    await section(page).getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'Local sandbox' });
    await section(page).getByRole('button', { name: 'Use Local sandbox' }).click();
    await expect(page.getByText('environment: Local sandbox')).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});
