import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The screen as it stays once it has loaded, the state a check of the whole page (axe-core, the layout
 * measurements) is meant to judge: nothing marked busy any more, and fonts and images (QR codes) in.
 */
export async function settled(page: Page): Promise<void> {
  // Home's pictures read the account's whole history before they stop being busy: on a machine busy with
  // other work that took over the default 10 s in a CI run (the first story of its run), so the wait is for
  // the screen to settle, however long the machine takes, within the story's own time.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
