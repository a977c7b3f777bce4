import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { settled } from './support/settled';
import { completeBrowserSignIn } from './support/signed-in-app';
import { layoutProblems } from './support/layout-problems';
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
  'Payment requests',
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

interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * Saves the screen as a PNG for a person to look at, and returns its layout problems, each naming the screen.
 * `topBar` is false for the sign-in and lock screens, which have none.
 */
async function judge(page: Page, size: Size, name: string, topBar = true): Promise<string[]> {
  await settled(page);
  const dir = resolve(test.info().project.outputDir, '..', 'layout', `${size.width}x${size.height}`);
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name.replace(/[^\w-]+/g, '-').toLowerCase()}.png`), fullPage: true });
  return (await layoutProblems(page, topBar)).map((problem) => `${name}: ${problem}`);
}

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
