import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The screen as it stays once it has loaded, the state a check of the whole page (axe-core, the layout
 * measurements) is meant to judge: nothing marked busy any more, and fonts and images (QR codes) in.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
