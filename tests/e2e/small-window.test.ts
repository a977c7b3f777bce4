import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

/**
 * Issue 15, defect 2: at 800x600 the top bar pushed "Sign out" off screen and the page scrolled sideways.
 * Every screen must be usable at the smallest window the app supports: no sideways page scroll, and the
 * account switcher, Privacy mode, Lock now and Sign out inside the window.
 */
describe('an 800x600 window', () => {
  let app: SignedInApp;
  let page: Page;

  beforeAll(async () => {
    app = await startSignedInApp({ username: 'alice' });
    page = app.page;
    await page.setViewportSize({ width: 800, height: 600 });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function insideWindow(name: string, role: 'button' | 'combobox'): Promise<void> {
    const box = await page.getByRole(role, { name }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(800);
  }

  it.each(['Home', 'Send', 'Swap', 'Receive', 'Merchant', 'History', 'Address book', 'Profile', 'Settings'])(
    '%s: the page does not scroll sideways and the top bar controls are inside the window',
    async (screen) => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen }).click();
      await page.getByRole('heading', { name: screen, level: 2 }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      for (const name of ['Privacy mode', 'Lock now', 'Sign out']) await insideWindow(name, 'button');
      await insideWindow('Account', 'combobox');
    },
  );
});
