import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { AppSession, SignedInApp } from './support/signed-in-app';
import { dataRows } from './support/table-rows';

/** Where the fresh balances come from (GET /wallets): held alone, so the session and the rest answer. */
const WALLETS_PATH = '/api/OAuth/wallets';

const walletRows = (page: Page) => dataRows(page.getByRole('table', { name: 'Wallets' }));

/** A row's text as a reader meets it: the cells' texts with the white space between them collapsed. */
const rowText = async (page: Page) =>
  ((await walletRows(page).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Signs alice in, waits for her fresh balances on Home, and quits (keeping the sandbox, settings and keychain). */
async function signedInOnceThenQuit(
  launchSignedInApp: (options: { username: string; sandbox: AppSession['sandbox'] }) => Promise<SignedInApp>,
  sandbox: AppSession['sandbox'],
): Promise<Pick<AppSession, 'secrets' | 'userDataDir'> & { firstRow: string }> {
  const first = await launchSignedInApp({ username: 'alice', sandbox });
  await expect(first.page.getByText(/Updated \d+ s ago/)).toBeVisible();
  const firstRow = await rowText(first.page);
  await first.dispose();
  return { secrets: first.secrets, userDataDir: first.userDataDir, firstRow };
}

test.describe('the last known balances at launch', () => {
  test('a relaunch paints the last known balances "as of" their time at once, then the fresh ones', async ({
    launchSandbox,
    launchApp,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const { secrets, userDataDir, firstRow } = await signedInOnceThenQuit(launchSignedInApp, sandbox);
    // The fresh balances wait until the story has seen the last known ones: held, not slowed, since a delay
    // is over before a slow machine has even opened the window.
    sandbox.faults.set({ holdPath: WALLETS_PATH });
    const again = await launchApp({ sandbox, secrets, userDataDir });
    const { page } = again;
    await expect(page.getByText(/Last known balances\s+as of/).first()).toBeVisible();
    await expect(walletRows(page).first()).toHaveText(firstRow);
    await expect(page.getByText(/Updated \d+ s ago/)).toHaveCount(0);
    // The app has asked for the fresh balances: what it shows now stands in for an answer on its way.
    await expect.poll(() => sandbox.faults.held).toBeGreaterThan(0);
    await expect(page.getByText(/Last known balances\s+as of/).first()).toBeVisible();

    sandbox.faults.releaseHeld();
    await expect(page.getByText(/Updated \d+ s ago/)).toBeVisible();
    await expect(page.getByText(/as of/)).toHaveCount(0);
    await expect(walletRows(page)).not.toHaveCount(0);
    expect(again.app.externalUrls).toEqual([]);
  });

  test('with the service failing at launch, the app starts on the last known balances, says so, and tries again on request', async ({
    launchSandbox,
    launchApp,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const { secrets, userDataDir, firstRow } = await signedInOnceThenQuit(launchSignedInApp, sandbox);
    // GET /session fails once: the stored session cannot be restored now, but is not over.
    sandbox.faults.set({ failNext: 1, failNextPath: '/api/OAuth/session' });
    const again = await launchApp({ sandbox, secrets, userDataDir });
    const { page } = again;
    const notice = page.getByRole('alert').filter({ hasText: /could not be reached/ });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(/last known balances\s+as of/);
    await expect(walletRows(page).first()).toHaveText(firstRow);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByText(/Updated \d+ s ago/)).toBeVisible();
    await expect(notice).toHaveCount(0);
    expect(again.app.externalUrls).toEqual([]);
  });

  test('after sign-out, a relaunch shows no balances at all', async ({
    launchSandbox,
    launchApp,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const first = await launchSignedInApp({ username: 'alice', sandbox });
    await expect(first.page.getByText(/Updated \d+ s ago/)).toBeVisible();
    await first.page.getByRole('button', { name: 'Sign out' }).click();
    await expect(first.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await first.dispose();
    const again = await launchApp({ sandbox, secrets: first.secrets, userDataDir: first.userDataDir });
    await expect(again.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(again.page.getByRole('table', { name: 'Wallets' })).toHaveCount(0);
  });
});
