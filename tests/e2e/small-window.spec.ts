import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

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
