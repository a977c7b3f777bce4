import { expect, type Page } from '@playwright/test';

/**
 * What a treasurer does first on the Merchant screen: types the merchant's API keys into the keys form
 * and saves them, then waits for the app to confirm. The Merchant screen must be open.
 */
export async function enterMerchantKeys(
  page: Page,
  keys: { readonly publicKey: string; readonly secretKey: string },
): Promise<void> {
  const form = page.getByRole('form', { name: 'Merchant API keys' });
  await form.getByRole('textbox', { name: 'Public key', exact: true }).fill(keys.publicKey);
  const secret = form.getByRole('textbox', { name: 'Secret key', exact: true });
  await secret.fill(keys.secretKey);
  await form.getByRole('button', { name: 'Save keys' }).click();
  await expect(page.getByText('Keys saved.')).toBeVisible();
  // Saved means stored: the write-only field is emptied then (an earlier save's "Keys saved." may still show).
  await expect(secret).toHaveValue('');
}
