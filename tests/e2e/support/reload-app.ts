import type { Page } from 'playwright-core';

/**
 * Reloads the app window and waits for the signed-in shell. On a shared machine another test run may be
 * rebuilding out/ at that moment (electron-vite empties it first), which leaves a blank page: the reload
 * is then tried again rather than failing a story that has nothing to do with the build.
 */
export async function reloadSignedInApp(page: Page, attempts = 4): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (let attempt = 1; ; attempt += 1) {
    await page.reload();
    try {
      await nav.waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt >= attempts) {
        const shown = (
          await page
            .locator('body')
            .innerText()
            .catch(() => '')
        ).slice(0, 300);
        throw new Error(`the signed-in app did not come back after ${attempts} reloads; the page shows: ${shown}`, {
          cause: error,
        });
      }
    }
  }
}
