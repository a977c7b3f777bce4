import type { Locator } from '@playwright/test';
import { expect, openScreen, test } from './support/fixtures';
import { enterMerchantKeys } from './support/merchant-keys';
import { alertSaying, statusSaying } from './support/page-text';
import { reloadSignedInApp } from './support/reload-app';

/**
 * Settings and keys say what they accept and answer where the asking happened: the idle-lock time states its
 * range beside the field and keeps a refused entry on screen, saving nothing; "Test connection" answers
 * beside its button, announced as a status, not at the bottom of the panel.
 */
test.use({ appOptions: { username: 'alice' } });

/** How far below `above` the top of `below` starts, in pixels. */
async function gapBetween(above: Locator, below: Locator): Promise<number> {
  const [top, bottom] = [await above.boundingBox(), await below.boundingBox()];
  if (!top || !bottom) throw new Error('both must be on screen');
  return bottom.y - (top.y + top.height);
}

test.describe('the idle-lock time', () => {
  test('says what it accepts; 0 and 5000 are kept as typed and refused, nothing is saved; 30 is saved', async ({
    signedInApp: { page, app },
  }) => {
    await openScreen(page, 'Settings');
    const minutes = page.getByRole('spinbutton', { name: 'Lock after idle (minutes)' });
    await expect(minutes).toHaveAccessibleDescription('Enter a whole number of minutes from 1 to 1440 (24 hours).');
    const before = await app.dispatch('preferences.get', undefined);
    expect(before).toMatchObject({ ok: true, value: { idleLockMinutes: 15 } });

    for (const refused of ['0', '5000']) {
      await minutes.fill(refused);
      await minutes.press('Tab');
      await expect(minutes).toHaveValue(refused);
      await expect(minutes).toHaveAttribute('aria-invalid', 'true');
      await expect(
        alertSaying(page, 'Nothing was saved: Wallet Desk still locks after 15 idle minutes.'),
      ).toBeVisible();
      await expect(minutes).toHaveAccessibleDescription(
        'Nothing was saved: Wallet Desk still locks after 15 idle minutes. Enter a whole number of minutes from 1 to 1440 (24 hours).',
      );
      expect(await app.dispatch('preferences.get', undefined)).toEqual(before);
    }

    await minutes.fill('30');
    await minutes.press('Enter');
    await expect(minutes).not.toHaveAttribute('aria-invalid');
    await expect(alertSaying(page, /Nothing was saved/)).toHaveCount(0);
    await expect
      .poll(async () => app.dispatch('preferences.get', undefined))
      .toMatchObject({ ok: true, value: { idleLockMinutes: 30 } });
    // Saved, not only shown: a fresh window reads it back.
    await reloadSignedInApp(page);
    await openScreen(page, 'Settings');
    await expect(page.getByRole('spinbutton', { name: 'Lock after idle (minutes)' })).toHaveValue('30');
    expect(await app.dispatch('preferences.update', { idleLockMinutes: 15 })).toMatchObject({ ok: true });
  });
});

test.describe('Merchant › API keys, Test connection', () => {
  test('answers beside its button, as a status inside the keys form', async ({ signedInApp: { page, sandbox } }) => {
    await openScreen(page, 'Merchant');
    const [merchant] = sandbox.info().merchants;
    if (!merchant) throw new Error('the sandbox seeds merchants');
    await enterMerchantKeys(page, merchant);
    const form = page.getByRole('form', { name: 'Merchant API keys' });
    const button = form.getByRole('button', { name: 'Test connection' });
    await button.click();
    const answer = statusSaying(form, /accepted these keys/);
    await expect(answer).toBeVisible();
    // Right under the row of buttons, not below the signing and asset-naming sections.
    expect(await gapBetween(button, answer)).toBeLessThan(48);
    // "Keys saved." was the panel's message for the save; the test's answer does not stand beside it.
    await expect(statusSaying(page, /accepted these keys/)).toHaveCount(1);
  });
});
