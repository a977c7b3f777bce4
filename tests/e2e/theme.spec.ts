import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, OWN_APP, test } from './support/fixtures';

const LIGHT_BACKGROUND = 'rgb(246, 247, 249)';
const DARK_BACKGROUND = 'rgb(20, 23, 27)';

/** The page's own background, as painted. */
const body = (page: Page) => page.locator('body');

test.use({
  appOptions: {
    afterSignIn: async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    },
  },
});

// Each story has its own sandbox and app (OWN_APP): a story about a chosen theme chooses it itself.
test.describe('theme: system, light or dark, chosen in Settings', { tag: OWN_APP }, () => {
  const themeGroup = (page: Page) => page.getByRole('group', { name: 'Theme' });

  /** Dark chosen in Settings while the system is light, and seen painted. */
  async function chooseDark(page: Page): Promise<void> {
    await themeGroup(page).getByRole('radio', { name: 'Dark' }).check();
    await expect(body(page)).toHaveCSS('background-color', DARK_BACKGROUND);
  }

  test('follows the system by default, and the system changing', async ({ signedInApp: { page } }) => {
    await expect(themeGroup(page).getByRole('radio', { name: 'Same as the system' })).toBeChecked();
    await expect(body(page)).toHaveCSS('background-color', LIGHT_BACKGROUND);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(body(page)).toHaveCSS('background-color', DARK_BACKGROUND);
  });

  test('a chosen theme overrides the system and is saved in settings.json', async ({ signedInApp: app }) => {
    const { page } = app;
    await themeGroup(page).getByRole('radio', { name: 'Light' }).check();
    await expect(body(page)).toHaveCSS('background-color', LIGHT_BACKGROUND);
    await page.emulateMedia({ colorScheme: 'light' });
    await themeGroup(page).getByRole('radio', { name: 'Dark' }).check();
    await expect(body(page)).toHaveCSS('background-color', DARK_BACKGROUND);
    await expect
      .poll(async () => JSON.parse(await readFile(join(app.userDataDir, 'settings.json'), 'utf8')).preferences.theme)
      .toBe('dark');
  });

  test('paints the next start in the chosen theme before the app has heard anything from main (no flash)', async ({
    signedInApp: app,
    browser,
  }) => {
    await chooseDark(app.page);
    // What the app left in the browser's storage is what the next start of the window finds there.
    const context = await browser.newContext({ storageState: await app.page.context().storageState() });
    const next = await context.newPage();
    await next.emulateMedia({ colorScheme: 'light' });
    // No bridge call is ever answered: whatever the first paint shows cannot have come from the preferences.
    await next.route('**/__bridge/**', () => undefined);
    const painted: string[] = [];
    await next.exposeFunction('recordPaint', (color: string) => painted.push(color));
    // The earliest moment a page can be looked at: its first animation frame.
    await next.addInitScript(() => {
      requestAnimationFrame(() =>
        (window as unknown as { recordPaint(color: string): void }).recordPaint(
          getComputedStyle(document.body ?? document.documentElement).backgroundColor,
        ),
      );
    });
    await next.goto(app.app.url);
    await expect(next.getByRole('status').filter({ hasText: 'Starting Wallet Desk' })).toBeVisible();
    await expect.poll(() => painted.length).toBeGreaterThan(0);
    expect(painted[0]).toBe(DARK_BACKGROUND);
    await expect(next.locator('html')).toHaveAttribute('data-theme', 'dark');
    await context.close();
  });

  test("paints the next start in the theme settings.json holds, with nothing in the page's storage", async ({
    signedInApp: app,
    browser,
  }) => {
    await chooseDark(app.page);
    // A window that kept no copy of the choice: main writes it in the page's head from settings.json.
    const context = await browser.newContext();
    const next = await context.newPage();
    await next.emulateMedia({ colorScheme: 'light' });
    await next.route('**/__bridge/**', () => undefined);
    const painted: string[] = [];
    await next.exposeFunction('recordPaint', (color: string) => painted.push(color));
    await next.addInitScript(() => {
      requestAnimationFrame(() =>
        (window as unknown as { recordPaint(color: string): void }).recordPaint(
          getComputedStyle(document.body ?? document.documentElement).backgroundColor,
        ),
      );
    });
    const served = await (await next.request.get(app.app.url)).text();
    expect(served).toContain('data-theme="dark"');
    await next.goto(app.app.url);
    await expect(next.getByRole('status').filter({ hasText: 'Starting Wallet Desk' })).toBeVisible();
    await expect.poll(() => painted.length).toBeGreaterThan(0);
    expect(painted[0]).toBe(DARK_BACKGROUND);
    expect(await next.evaluate(() => localStorage.length)).toBe(0);
    await context.close();
  });

  test('back to the system theme, the next start follows the system again', async ({ signedInApp: { page } }) => {
    await chooseDark(page);
    await themeGroup(page).getByRole('radio', { name: 'Same as the system' }).check();
    await expect(body(page)).toHaveCSS('background-color', LIGHT_BACKGROUND);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme');
    await expect(body(page)).toHaveCSS('background-color', LIGHT_BACKGROUND);
  });
});
