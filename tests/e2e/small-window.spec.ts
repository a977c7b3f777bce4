import type { Page } from '@playwright/test';
import { expect, openScreen, test } from './support/fixtures';
import { layoutProblems } from './support/layout-problems';
import { statusSaying } from './support/page-text';

/**
 * At 800x600 the top bar pushed "Sign out" off screen and the page scrolled sideways.
 * Every screen must be usable at the smallest window the app supports: no sideways page scroll, and the
 * account switcher, Privacy mode, Lock now and Sign out inside the window.
 */
test.use({ appOptions: { username: 'alice' } });

test.describe('an 800x600 window', () => {
  async function insideWindow(page: Page, name: string, role: 'button' | 'combobox'): Promise<void> {
    const box = await page.getByRole(role, { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(800);
  }

  for (const screen of [
    'Home',
    'Send',
    'Swap',
    'Receive',
    'Merchant',
    'History',
    'Payouts',
    'Payment requests',
    'Address book',
    'Profile',
    'Settings',
  ]) {
    test(`${screen}: the page does not scroll sideways and the top bar controls are inside the window`, async ({
      signedInApp: { page },
    }) => {
      await page.setViewportSize({ width: 800, height: 600 });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen }).click();
      await expect(page.getByRole('heading', { name: screen, level: 2 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      for (const name of ['Privacy mode', 'Lock now', 'Sign out']) await insideWindow(page, name, 'button');
      await insideWindow(page, 'Account', 'combobox');
    });
  }
});

/**
 * States a form reaches only after some input, at 800x600: what a screen shows on opening fits (above), and
 * so must every field a choice adds. A fieldset is as wide as its widest content unless told otherwise, so a
 * list naming a long saved address pushed the whole Send form past the window's right edge.
 */
test.describe('an 800x600 window, forms filled in', () => {
  /** BIP-173's longest example: a P2WSH address, as long as a saved destination gets. */
  const LONG_BTC_ADDRESS = 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3';

  test('Send with a saved address for the chosen asset fits, picked and with its fees checked', async ({
    signedInApp: { page },
  }) => {
    await page.setViewportSize({ width: 800, height: 600 });
    await openScreen(page, 'Address book');
    const add = page.getByRole('form', { name: 'Add an address' });
    await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Cold storage (multisig vault)');
    await add.getByRole('combobox', { name: 'Asset and network' }).selectOption('BTC');
    await add.getByRole('textbox', { name: 'Address', exact: true }).fill(LONG_BTC_ADDRESS);
    await add.getByRole('button', { name: 'Add to address book' }).click();
    await expect(statusSaying(page, 'Saved “Cold storage (multisig vault)”.')).toBeVisible();

    await openScreen(page, 'Send');
    await page.getByRole('combobox', { name: 'Asset', exact: true }).selectOption('BTC');
    const picker = page.getByRole('combobox', { name: 'Address book' });
    await expect(
      picker.getByRole('option', { name: `Cold storage (multisig vault) — ${LONG_BTC_ADDRESS}` }),
    ).toHaveCount(1);
    expect(await layoutProblems(page, true)).toEqual([]);

    await picker.selectOption({ label: `Cold storage (multisig vault) — ${LONG_BTC_ADDRESS}` });
    await page.getByRole('textbox', { name: /^Amount/ }).fill('0.0001');
    await page.getByRole('button', { name: 'Check fees' }).click();
    await expect(page.getByRole('group', { name: 'Fee' })).toBeVisible();
    expect(await layoutProblems(page, true)).toEqual([]);
  });

  test('Settings with a refused idle-lock time fits', async ({ signedInApp: { page } }) => {
    await page.setViewportSize({ width: 800, height: 600 });
    await openScreen(page, 'Settings');
    const minutes = page.getByRole('spinbutton', { name: 'Lock after idle (minutes)' });
    await minutes.fill('5000');
    await minutes.press('Tab');
    await expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(await layoutProblems(page, true)).toEqual([]);
  });
});
