import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, startSignedInApp, type AppSession } from './support/signed-in-app';

const open: AppSession[] = [];
const sandboxes: AppSession['sandbox'][] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
  while (sandboxes.length > 0) await sandboxes.pop()?.close();
});

const walletRows = (page: Page) => page.getByRole('table', { name: 'Wallets' }).locator('tbody tr:not([aria-hidden])');

/** Signs alice in, waits for her fresh balances on Home, and quits (keeping the sandbox, settings and keychain). */
async function signedInOnceThenQuit(): Promise<
  Pick<AppSession, 'sandbox' | 'secrets' | 'userDataDir'> & { firstRow: string }
> {
  const first = await startSignedInApp({ username: 'alice' });
  sandboxes.push(first.sandbox);
  await first.page.getByText(/Updated \d+ s ago/).waitFor();
  const firstRow = (await walletRows(first.page).first().innerText()).replace(/\s+/g, ' ');
  await first.browser.close();
  await first.app.close();
  await first.logger.close();
  return { sandbox: first.sandbox, secrets: first.secrets, userDataDir: first.userDataDir, firstRow };
}

describe('the last known balances at launch', () => {
  it('a relaunch paints the last known balances "as of" their time at once, then the fresh ones', async () => {
    const { sandbox, secrets, userDataDir, firstRow } = await signedInOnceThenQuit();
    // A slow service, so the moment between the two is long enough to see.
    sandbox.faults.set({ latencyMs: 1_500 });
    const again = await startApp({ sandbox, secrets, userDataDir });
    open.push(again);
    const { page } = again;
    await page
      .getByText(/Last known balances\s+as of/)
      .first()
      .waitFor();
    expect((await walletRows(page).first().innerText()).replace(/\s+/g, ' ')).toBe(firstRow);
    expect(await page.getByText(/Updated \d+ s ago/).count()).toBe(0);

    await page.getByText(/Updated \d+ s ago/).waitFor({ timeout: 20_000 });
    expect(await page.getByText(/as of/).count()).toBe(0);
    expect(await walletRows(page).count()).toBeGreaterThan(0);
    expect(again.app.externalUrls).toEqual([]);
  });

  it('with the service failing at launch, the app starts on the last known balances, says so, and tries again on request', async () => {
    const { sandbox, secrets, userDataDir, firstRow } = await signedInOnceThenQuit();
    // GET /session fails once: the stored session cannot be restored now, but is not over.
    sandbox.faults.set({ failNext: 1 });
    const again = await startApp({ sandbox, secrets, userDataDir });
    open.push(again);
    const { page } = again;
    const notice = page.getByRole('alert').filter({ hasText: /could not be reached/ });
    await notice.waitFor();
    await expect.poll(() => notice.innerText()).toMatch(/last known balances\s+as of/);
    expect((await walletRows(page).first().innerText()).replace(/\s+/g, ' ')).toBe(firstRow);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByText(/Updated \d+ s ago/).waitFor();
    expect(await notice.count()).toBe(0);
    expect(again.app.externalUrls).toEqual([]);
  });

  it('after sign-out, a relaunch shows no balances at all', async () => {
    const first = await startSignedInApp({ username: 'alice' });
    sandboxes.push(first.sandbox);
    await first.page.getByText(/Updated \d+ s ago/).waitFor();
    await first.page.getByRole('button', { name: 'Sign out' }).click();
    await first.page.getByRole('button', { name: 'Sign in' }).waitFor();
    await first.browser.close();
    await first.app.close();
    await first.logger.close();
    const again = await startApp({ sandbox: first.sandbox, secrets: first.secrets, userDataDir: first.userDataDir });
    open.push(again);
    await again.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await again.page.getByRole('table', { name: 'Wallets' }).count()).toBe(0);
  });
});
