import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { completeBrowserSignIn } from './support/signed-in-app';
import { judgeLayout, type WindowSize } from './support/layout-judge';
import { dataRows } from './support/table-rows';

/**
 * Every screen is usable from 800x600 to 2560x1440. At three window sizes, on every
 * screen: no control lies outside the window or is cut off by a box that scrolls or clips it sideways,
 * nothing overlaps the top bar, every table fits its column, and the page never scrolls sideways. Each
 * screen is saved as a PNG under test-results/layout/ (git-ignored) for a person to look at.
 */
const sizes = [
  { width: 800, height: 600 },
  { width: 1280, height: 800 },
  { width: 2560, height: 1440 },
] as const;

const screens = [
  'Home',
  'Receive',
  'Send',
  'Swap',
  'History',
  'Payouts',
  'Payment requests',
  'Address book',
  'Merchant',
  'Settings',
  'Profile',
] as const;
const merchantTabs = [
  'API keys',
  'Balances',
  'Verified addresses',
  'Withdraw',
  'Deposit addresses',
  'Callback checker',
];

const judge = (page: Page, size: WindowSize, name: string, topBar = true) => judgeLayout(page, size, name, { topBar });

for (const size of sizes) {
  test.describe(`a ${size.width} x ${size.height} window`, () => {
    test.use({
      appOptions: { username: 'alice', afterSignIn: async ({ page }) => page.setViewportSize(size) },
    });

    test('the sign-in screen', async ({ sandbox, launchApp }) => {
      const signedOut = await launchApp({ sandbox });
      await signedOut.page.setViewportSize(size);
      await expect(signedOut.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(await judge(signedOut.page, size, 'sign-in', false)).toEqual([]);
    });

    for (const screen of screens) {
      test(screen, async ({ signedInApp: { page } }) => {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen, exact: true }).click();
        await expect(page.getByRole('heading', { name: screen, level: 2 })).toBeVisible();
        if (screen !== 'Merchant') {
          expect(await judge(page, size, screen)).toEqual([]);
          return;
        }
        const problems: string[] = [];
        for (const tab of merchantTabs) {
          await page.getByRole('tab', { name: tab }).click();
          await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
          problems.push(...(await judge(page, size, `Merchant ${tab}`)));
        }
        expect(problems).toEqual([]);
      });
    }

    test('the lock screen', async ({ signedInApp: app }) => {
      const { page } = app;
      await page.getByRole('button', { name: 'Lock now' }).click();
      await expect(page.getByRole('heading', { name: 'Wallet Desk is locked' })).toBeVisible();
      const problems = await judge(page, size, 'lock', false);
      await completeBrowserSignIn(app, app.user, () => page.getByRole('button', { name: 'Unlock' }).click());
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      expect(problems).toEqual([]);
    });
  });
}

test.describe('History in a 1600 x 900 window', () => {
  const size = { width: 1600, height: 900 };
  test.use({ appOptions: { username: 'alice', afterSignIn: async ({ page }) => page.setViewportSize(size) } });

  test('fits: every column it shows is inside the content area, nothing scrolls sideways', async ({
    signedInApp: { page },
  }) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'History' }).click();
    await expect(dataRows(page.getByRole('table', { name: 'Transactions' })).first()).toBeVisible();
    expect(await judge(page, size, 'History')).toEqual([]);
  });
});
