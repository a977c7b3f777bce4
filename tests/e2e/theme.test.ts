import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

const LIGHT_BACKGROUND = 'rgb(246, 247, 249)';
const DARK_BACKGROUND = 'rgb(20, 23, 27)';

function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

describe('theme: system, light or dark, chosen in Settings', () => {
  let app: SignedInApp;
  let page: Page;
  const themeGroup = () => page.getByRole('group', { name: 'Theme' });

  beforeAll(async () => {
    app = await startSignedInApp();
    page = app.page;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('follows the system by default, and the system changing', async () => {
    expect(await themeGroup().getByRole('radio', { name: 'Same as the system' }).isChecked()).toBe(true);
    expect(await background(page)).toBe(LIGHT_BACKGROUND);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background(page)).toBe(DARK_BACKGROUND);
  });

  it('a chosen theme overrides the system and is saved in settings.json', async () => {
    await themeGroup().getByRole('radio', { name: 'Light' }).check();
    await expect.poll(() => background(page)).toBe(LIGHT_BACKGROUND);
    await page.emulateMedia({ colorScheme: 'light' });
    await themeGroup().getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);
    await expect
      .poll(async () => JSON.parse(await readFile(join(app.userDataDir, 'settings.json'), 'utf8')).preferences.theme)
      .toBe('dark');
  });

  it('paints the next start in the chosen theme before the app has heard anything from main (no flash)', async () => {
    // What the app left in the browser's storage is what the next start of the window finds there.
    const context = await app.browser.newContext({ storageState: await page.context().storageState() });
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
    await next.getByRole('status').filter({ hasText: 'Starting Wallet Desk' }).waitFor();
    await expect.poll(() => painted.length).toBeGreaterThan(0);
    expect(painted[0]).toBe(DARK_BACKGROUND);
    expect(await next.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
    await context.close();
  });

  it('back to the system theme, the next start follows the system again', async () => {
    await themeGroup().getByRole('radio', { name: 'Same as the system' }).check();
    await expect.poll(() => background(page)).toBe(LIGHT_BACKGROUND);
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-theme'))).toBe(false);
    expect(await background(page)).toBe(LIGHT_BACKGROUND);
  });
});
