import type { SandboxInfo } from '../../sandbox/server';
import { accessibilityViolations } from './support/accessibility';
import type { Page } from '@playwright/test';
import { expect, openScreen, OWN_APP, test } from './support/fixtures';
import { enterMerchantKeys } from './support/merchant-keys';
import { testKeys } from '../support/test-keys';

type Merchant = SandboxInfo['merchants'][number];

const merchantOf = (app: { sandbox: { info(): SandboxInfo } }) => (app.sandbox.info().merchants as [Merchant])[0];

test.use({
  appOptions: {
    afterSignIn: async (app) => {
      await openScreen(app.page, 'Merchant');
      await enterMerchantKeys(app.page, merchantOf(app));
    },
  },
});

/**
 * Generating an RSA key pair is real work in main, seconds of CPU on a loaded machine: a wait for it to be
 * done (nothing is raced), longer than an ordinary assertion's.
 */
const KEY_GENERATION = { timeout: 60_000 };

const control = (origin: string, path: string, body: unknown) =>
  fetch(`${origin}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The story's own signing key: generated in the keys panel, as a user does; returns its public key. */
async function generateSigningKey(page: Page): Promise<string> {
  const signing = page.getByRole('region', { name: 'Request signing (X-Signature)' });
  await signing.getByRole('button', { name: 'Generate key pair' }).click();
  await expect(page.getByText(/^Key pair generated\./)).toBeVisible(KEY_GENERATION);
  return signing.getByRole('textbox', { name: 'Public key to register with the service' }).inputValue();
}

/** A generated key, registered with the service, and signing turned on: the panel of a signing merchant. */
async function signingWithGeneratedKey(app: { page: Page; sandbox: { origin: string; info(): SandboxInfo } }) {
  const pem = await generateSigningKey(app.page);
  const registered = await control(app.sandbox.origin, 'request-signing/keys', {
    merchantPublicKey: merchantOf(app).publicKey,
    publicKeyPem: pem,
  });
  expect(registered.status).toBe(200);
  const signing = app.page.getByRole('region', { name: 'Request signing (X-Signature)' });
  const toggle = signing.getByRole('checkbox', { name: 'Sign requests with X-Signature' });
  // The box shows main's answer, not the click: it turns checked once main has stored the choice.
  await toggle.click();
  await expect(app.page.getByText('Requests are now signed (X-Signature).')).toBeVisible();
  await expect(toggle).toBeChecked();
}

test.describe('merchant request signing in the keys panel (Chromium)', { tag: OWN_APP }, () => {
  test('generates a key pair, shows only the public key with a Copy button, and signs once turned on', async ({
    signedInApp: app,
  }) => {
    const { page } = app;
    const merchant = merchantOf(app);
    const signing = page.getByRole('region', { name: 'Request signing (X-Signature)' });
    const toggle = signing.getByRole('checkbox', { name: 'Sign requests with X-Signature' });
    // Nothing to sign with yet.
    await expect(toggle).toBeDisabled();

    await signing.getByRole('button', { name: 'Generate key pair' }).click();
    await expect(page.getByText(/^Key pair generated\./)).toBeVisible(KEY_GENERATION);
    const publicKey = signing.getByRole('textbox', { name: 'Public key to register with the service' });
    await expect(publicKey).toHaveValue(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/);
    const pem = await publicKey.inputValue();
    expect(await page.content()).not.toContain('PRIVATE KEY-----');

    await signing.getByRole('button', { name: 'Copy public key' }).click();
    await expect(signing.getByText('Copied. The clipboard holds exactly this text.')).toBeVisible();
    expect(app.app.clipboard.text).toBe(pem);

    // The user registers the public key with the service, which from now on requires signatures.
    expect(
      (
        await control(app.sandbox.origin, 'request-signing/keys', {
          merchantPublicKey: merchant.publicKey,
          publicKeyPem: pem,
        })
      ).status,
    ).toBe(200);
    expect((await control(app.sandbox.origin, 'request-signing', { required: true })).status).toBe(200);

    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Z800' })).toBeVisible();

    // Keyboard: focus the box and press Space.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Requests are now signed (X-Signature).')).toBeVisible();
    await expect(toggle).toBeChecked();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'the merchant API accepted these keys' })).toBeVisible();
  });

  test('refuses a too-small private key with a clear error, and imports a good one (the field is cleared)', async ({
    signedInApp: app,
  }) => {
    const { page } = app;
    await signingWithGeneratedKey(app);
    const signing = page.getByRole('region', { name: 'Request signing (X-Signature)' });
    const field = signing.getByRole('textbox', { name: 'Private key to import (PEM, RSA, 2048 bits or more)' });
    const small = testKeys.rsa1024Pkcs8Pem;
    const replace = page.getByRole('alertdialog', { name: 'Replace the signing key?' });
    await field.fill(small);
    await signing.getByRole('button', { name: 'Import private key' }).click();
    // A key is stored already (generated above): the import asks before it replaces it.
    await expect(replace).toHaveAccessibleDescription(/The key you pasted takes its place/);
    await replace.getByRole('button', { name: 'Replace signing key' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This RSA key has 1024 bits; at least 2048 are needed.' }),
    ).toBeVisible();
    // Still signing with the generated key.
    await expect(signing.getByRole('checkbox', { name: 'Sign requests with X-Signature' })).toBeChecked();

    const { privateKeyPkcs1Pem, publicKeyPem } = testKeys.rsa2048A;
    const before = await signing.getByRole('textbox', { name: 'Public key to register with the service' }).inputValue();
    await field.fill(privateKeyPkcs1Pem);
    await signing.getByRole('button', { name: 'Import private key' }).click();
    // Cancel keeps the stored key and what was pasted.
    await replace.getByRole('button', { name: 'Cancel' }).click();
    await expect(replace).toHaveCount(0);
    await expect(signing.getByRole('textbox', { name: 'Public key to register with the service' })).toHaveValue(before);
    await expect(field).not.toHaveValue('');
    await signing.getByRole('button', { name: 'Import private key' }).click();
    await replace.getByRole('button', { name: 'Replace signing key' }).click();
    await expect(page.getByText(/^Private key imported\./)).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(signing.getByRole('textbox', { name: 'Public key to register with the service' })).toHaveValue(
      publicKeyPem,
    );
    // A new key is not registered yet: signing is off until the user turns it on again.
    await expect(signing.getByRole('checkbox', { name: 'Sign requests with X-Signature' })).not.toBeChecked();
  });

  test('asks before a new key pair replaces the signing key: Escape keeps it, confirming by keyboard replaces it', async ({
    signedInApp: { page },
  }) => {
    await generateSigningKey(page);
    const signing = page.getByRole('region', { name: 'Request signing (X-Signature)' });
    const publicKey = signing.getByRole('textbox', { name: 'Public key to register with the service' });
    const before = await publicKey.inputValue();
    const generate = signing.getByRole('button', { name: 'Generate a new key pair' });
    const dialog = page.getByRole('alertdialog', { name: 'Replace the signing key?' });

    await generate.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(/it cannot be brought back/);
    // Focus starts on the choice that loses nothing.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(generate).toBeFocused();
    await expect(publicKey).toHaveValue(before);

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Replace signing key' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Key pair generated\./)).toBeVisible(KEY_GENERATION);
    await expect(dialog).toHaveCount(0);
    await expect(publicKey).not.toHaveValue(before);
    await expect(publicKey).toHaveValue(/^-----BEGIN PUBLIC KEY-----\n/);
  });

  test('asks before deleting the signing key: Cancel keeps it, confirming deletes it and signing can no longer be turned on', async ({
    signedInApp: { page },
  }) => {
    await generateSigningKey(page);
    const signing = page.getByRole('region', { name: 'Request signing (X-Signature)' });
    const publicKey = signing.getByRole('textbox', { name: 'Public key to register with the service' });
    const dialog = page.getByRole('alertdialog', { name: 'Delete the signing key?' });

    await signing.getByRole('button', { name: 'Delete signing key' }).click();
    await expect(dialog).toHaveAccessibleDescription(/cannot be brought back/);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(publicKey).toBeVisible();

    await signing.getByRole('button', { name: 'Delete signing key' }).click();
    await dialog.getByRole('button', { name: 'Delete signing key' }).click();
    await expect(publicKey).toHaveCount(0);
    await expect(signing.getByRole('checkbox', { name: 'Sign requests with X-Signature' })).toBeDisabled();
    await expect(signing.getByRole('button', { name: 'Generate key pair' })).toBeVisible();
  });
});
