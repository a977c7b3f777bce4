import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ElementHandle, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { settled } from './support/settled';
import { completeBrowserSignIn } from './support/signed-in-app';
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

const screens = ['Home', 'Receive', 'Send', 'Swap', 'History', 'Merchant', 'Settings', 'Profile'] as const;
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
 * What is wrong with the layout of the page as it is now, in words naming the element; empty when nothing.
 * It measures every control and table of the page, so it reads the DOM directly; the top bar is handed in
 * as the page's banner (found by its role).
 */
async function layoutProblems(page: Page, topBar: boolean): Promise<string[]> {
  let topbar: ElementHandle<HTMLElement | SVGElement> | null = null;
  if (topBar) {
    // Exactly one: a second banner (or none) would otherwise pass the overlap check below by skipping it.
    const banner = page.getByRole('banner');
    await expect(banner, 'the top bar, the one banner of a signed-in window').toHaveCount(1);
    topbar = await banner.elementHandle();
  }
  return page.evaluate((topbar) => {
    const problems: string[] = [];
    const slack = 1;
    const width = document.documentElement.clientWidth;
    const describe = (element: Element): string => {
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        '';
      return `${element.tagName.toLowerCase()} "${name.replace(/\s+/g, ' ').trim().slice(0, 60)}"`;
    };
    const visible = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };

    if (document.documentElement.scrollWidth > width + slack) {
      problems.push(`the page scrolls sideways by ${document.documentElement.scrollWidth - width}px`);
    }

    const controls = [
      ...document.querySelectorAll(
        'button, input:not([type="hidden"]), select, textarea, a[href], [role="tab"], [tabindex="0"]',
      ),
    ].filter(visible);
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.left < -slack || box.right > width + slack) {
        problems.push(`${describe(control)} is outside the window (${Math.round(box.left)}..${Math.round(box.right)})`);
        continue;
      }
      // A box that scrolls or clips sideways hides whatever sticks out of it: that is a cut-off control.
      for (let parent = control.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'visible') continue;
        const frame = parent.getBoundingClientRect();
        if (box.left < frame.left - slack || box.right > frame.right + slack) {
          problems.push(`${describe(control)} is cut off by its ${parent.tagName.toLowerCase()}.${parent.className}`);
          break;
        }
      }
    }

    if (topbar) {
      const bar = topbar.getBoundingClientRect();
      const content = [...document.querySelectorAll('main *, nav *')].filter(
        (element) => !topbar.contains(element) && visible(element),
      );
      for (const element of content) {
        const box = element.getBoundingClientRect();
        const overlaps =
          box.top < bar.bottom - slack && box.bottom > bar.top + slack && box.left < bar.right && box.right > bar.left;
        if (overlaps) {
          problems.push(`${describe(element)} overlaps the top bar`);
          break;
        }
      }
    }

    for (const table of [...document.querySelectorAll('table')].filter(visible)) {
      const box = table.getBoundingClientRect();
      for (let parent = table.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const frame = parent.getBoundingClientRect();
        const clips = getComputedStyle(parent).overflowX !== 'visible';
        // A clipping box of a pixel or less is visually hidden on purpose (a chart's table kept for assistive
        // tech): nothing of it is seen, so nothing in it is cut off.
        if (clips && frame.width <= 1 && frame.height <= 1) break;
        if ((clips || parent.tagName === 'MAIN') && box.right > frame.right + slack) {
          problems.push(
            `table ${describe(table)} is ${Math.round(box.right - frame.right)}px wider than its ${parent.tagName.toLowerCase()}.${parent.className}`,
          );
          break;
        }
      }
    }

    for (const element of [...document.querySelectorAll('main *')].filter(visible)) {
      const overflowX = getComputedStyle(element).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + slack) {
        problems.push(
          `${element.tagName.toLowerCase()}.${element.className} scrolls sideways by ${element.scrollWidth - element.clientWidth}px`,
        );
      }
    }
    return problems;
  }, topbar);
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
