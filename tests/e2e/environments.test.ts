import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { completeBrowserSignIn, startSignedInApp, type SignedInApp } from './support/signed-in-app';

/**
 * Settings › Sign-in environment and Merchant API environment: a second sandbox plays the "Custom"
 * environment, so switching is proven by where the next sign-in goes.
 */
describe('choosing environments in Settings', () => {
  let app: SignedInApp;
  let page: Page;
  let other: RunningSandbox;

  beforeAll(async () => {
    other = await startSandbox({ port: 0, quiet: true });
    app = await startSignedInApp({ username: 'alice' });
    page = app.page;
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
  });

  const section = () => page.getByRole('region', { name: 'Sign-in environment' });
  const openSettings = async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 2 }).waitFor();
  };

  it('checks a custom environment before saving it and says in words what failed', async () => {
    await openSettings();
    await expect.poll(() => section().textContent()).toContain('Wallet Desk signs in to Local sandbox');
    await section().getByLabel('Environment').selectOption({ label: 'Custom' });
    const form = section().getByRole('form', { name: 'Custom sign-in addresses' });
    await form
      .getByRole('textbox', { name: 'Sign-in server (issuer)' })
      .fill(`http://localhost:${new URL(other.origin).port}/oidc`);
    await form.getByRole('textbox', { name: 'Client id' }).fill(other.clientId);
    await form.getByRole('textbox', { name: 'Wallet API address' }).fill(other.baseUrl);
    await form.getByRole('button', { name: 'Save addresses' }).click();
    await expect.poll(() => section().getByRole('alert').textContent()).toContain('the name localhost');

    // The provider names itself without the trailing slash: discovery must match the address exactly.
    await form.getByRole('textbox', { name: 'Sign-in server (issuer)' }).fill(`${other.issuer}/`);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => section().getByRole('alert').textContent()).toContain(`calls itself ${other.issuer}`);
    expect(await form.getByRole('button', { name: 'Use Custom' }).isDisabled()).toBe(true);

    await form.getByRole('textbox', { name: 'Sign-in server (issuer)' }).fill(other.issuer);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => section().getByRole('status').textContent())
      .toContain('answered with a valid OpenID Connect discovery document');
    await form.getByRole('button', { name: 'Save addresses' }).click();
    await expect.poll(() => section().getByRole('status').textContent()).toBe('Checked and saved.');
  });

  it('switches only after a confirmation that says it signs out, then signs in at the new environment', async () => {
    const form = section().getByRole('form', { name: 'Custom sign-in addresses' });
    await form.getByRole('button', { name: 'Use Custom' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Switch to Custom?' });
    expect(await dialog.textContent()).toContain('You will be signed out of Local sandbox first');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.count()).toBe(0);
    await expect.poll(() => section().textContent()).toContain('Wallet Desk signs in to Local sandbox');

    await form.getByRole('button', { name: 'Use Custom' }).click();
    await dialog.getByRole('button', { name: 'Sign out and switch to Custom' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expect.poll(() => page.getByText('environment: Custom').isVisible()).toBe(true);

    const user = other.info().users.find((candidate) => candidate.username === 'alice')!;
    await completeBrowserSignIn(app, user, () => page.getByRole('button', { name: 'Sign in', exact: true }).click());
    expect(new URL(app.app.externalUrls.at(-1)!).origin).toBe(other.origin);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
  });

  it('tests and saves the merchant API address in Settings without any key', async () => {
    await openSettings();
    const merchant = page.getByRole('region', { name: 'Merchant API environment' });
    await merchant.getByLabel('Merchant environment').selectOption({ label: 'Custom' });
    const address = merchant.getByRole('textbox', { name: 'Merchant API address' });
    await address.fill('http://api.example.com');
    await merchant.getByRole('button', { name: 'Test address' }).click();
    await expect.poll(() => merchant.getByRole('alert').textContent()).toContain('must start with https://');

    await address.fill(other.apiUrl);
    await merchant.getByRole('button', { name: 'Test address' }).click();
    await expect.poll(() => merchant.getByRole('status').textContent()).toContain('answers like the merchant API');
    await merchant.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => merchant.getByRole('status').textContent()).toBe('API address saved.');
    expect(await address.inputValue()).toBe(other.apiUrl);
  });

  it('chooses the environment from the sign-in screen without a confirmation when signed out', async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('button', { name: 'Choose sign-in environment' }).click();
    await section().getByLabel('Environment').selectOption({ label: 'Local sandbox' });
    await section().getByRole('button', { name: 'Use Local sandbox' }).click();
    await expect.poll(() => page.getByText('environment: Local sandbox').isVisible()).toBe(true);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });
});
