import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxInfo } from '../../sandbox/server';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

type Merchant = SandboxInfo['merchants'][number];

describe('merchant request signing in the keys panel (Chromium)', () => {
  let app: SignedInApp;
  let merchant: Merchant;

  const control = (path: string, body: unknown) =>
    fetch(`${app.sandbox.origin}/__sandbox/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    app = await startSignedInApp();
    [merchant] = app.sandbox.info().merchants as [Merchant];
    const page = app.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Merchant' }).click();
    await page.getByRole('heading', { name: 'Merchant' }).waitFor();
    await page.getByLabel('Public key', { exact: true }).fill(merchant.publicKey);
    await page.getByLabel('Secret key', { exact: true }).fill(merchant.secretKey);
    await page.getByRole('button', { name: 'Save keys' }).click();
    await page.getByText('Keys saved.').waitFor();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('generates a key pair, shows only the public key with a Copy button, and signs once turned on', async () => {
    const page = app.page;
    const signing = page.getByRole('region', { name: 'Request signing (X-Signature)' });
    const toggle = signing.getByRole('checkbox', { name: 'Sign requests with X-Signature' });
    // Nothing to sign with yet.
    expect(await toggle.isDisabled()).toBe(true);

    await signing.getByRole('button', { name: 'Generate key pair' }).click();
    await page.getByText(/^Key pair generated\./).waitFor();
    const publicKey = signing.getByRole('textbox', { name: 'Public key to register with the service' });
    const pem = await publicKey.inputValue();
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/);
    expect(await page.content()).not.toContain('PRIVATE KEY-----');

    await signing.getByRole('button', { name: 'Copy public key' }).click();
    await signing.getByText('Copied. The clipboard holds exactly this text.').waitFor();
    expect(app.app.clipboard.text).toBe(pem);

    // The user registers the public key with the service, which from now on requires signatures.
    expect(
      (await control('request-signing/keys', { merchantPublicKey: merchant.publicKey, publicKeyPem: pem })).status,
    ).toBe(200);
    expect((await control('request-signing', { required: true })).status).toBe(200);

    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('alert').filter({ hasText: 'Z800' }).waitFor();

    // Keyboard: focus the box and press Space.
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.getByText('Requests are now signed (X-Signature).').waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('status').filter({ hasText: 'the merchant API accepted these keys' }).waitFor();
  });

  it('refuses a too-small private key with a clear error, and imports a good one (the field is cleared)', async () => {
    const page = app.page;
    const signing = page.getByRole('region', { name: 'Request signing (X-Signature)' });
    const field = signing.getByRole('textbox', { name: 'Private key to import (PEM, RSA, 2048 bits or more)' });
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    await field.fill(small);
    await signing.getByRole('button', { name: 'Import private key' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This RSA key has 1024 bits; at least 2048 are needed.' })
      .waitFor();
    // Still signing with the generated key.
    expect(await signing.getByRole('checkbox', { name: 'Sign requests with X-Signature' }).isChecked()).toBe(true);

    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await field.fill(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
    await signing.getByRole('button', { name: 'Import private key' }).click();
    await page.getByText(/^Private key imported\./).waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await signing.getByRole('textbox', { name: 'Public key to register with the service' }).inputValue()).toBe(
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    );
    // A new key is not registered yet: signing is off until the user turns it on again.
    expect(await signing.getByRole('checkbox', { name: 'Sign requests with X-Signature' }).isChecked()).toBe(false);
  });
});
