import type { Locator, Page } from '@playwright/test';
import { seededPortfolio, type SeededPortfolio } from '../support/seeded-wallets';
import { expectedFormats } from './support/amount-formats';
import { expect, test } from './support/fixtures';
import type { SignedInApp } from './support/signed-in-app';
import { dataRows } from './support/table-rows';

test.use({ appOptions: { username: 'alice' } });

// Assertions wait for the app to catch up; they do not time it.
const patiently = { timeout: 15_000 };

/** The balances read (GET /wallets): held or limited alone, so the session and the other reads answer. */
const WALLETS_PATH = '/api/OAuth/wallets';

/** How many balances answers the window has received. */
const balancesAnswers = (session: SignedInApp) =>
  session.app.received.filter((text) => text.includes('"totalBalanceUsd"')).length;

function activeAccountGuid(session: SignedInApp): string {
  const guid = session.app.core.session.view().activeAccountGuid;
  if (!guid) throw new Error('no active account');
  return guid;
}

const wallets = (page: Page) => page.getByRole('table', { name: 'Wallets' });
const totals = (page: Page) => page.getByRole('definition');
/** A row's cells as the user reads them, the row header (the asset) first. */
const cellsOf = (row: Locator) => row.getByRole('rowheader').or(row.getByRole('cell'));

async function formatsOf(page: Page) {
  return expectedFormats(await page.evaluate(() => navigator.language));
}

function expectedRows(seeded: SeededPortfolio, formats: ReturnType<typeof expectedFormats>): string[][] {
  return seeded.wallets.map((wallet) => [
    wallet.code,
    wallet.displayName,
    wallet.network,
    formats.crypto(wallet.amount, wallet.code),
    formats.usd(wallet.priceUsd),
    formats.usd(wallet.valueUsd),
  ]);
}

/** Every row of the wallets table reads as expected, top to bottom, and there are no others. */
async function expectRows(page: Page, rows: string[][]): Promise<void> {
  const shown = dataRows(wallets(page));
  await expect(shown).toHaveCount(rows.length, patiently);
  for (const [index, cells] of rows.entries()) await expect(cellsOf(shown.nth(index))).toHaveText(cells, patiently);
}

async function expectBalancesOf(page: Page, accountGuid: string): Promise<void> {
  const formats = await formatsOf(page);
  const seeded = seededPortfolio(accountGuid);
  await expectRows(page, expectedRows(seeded, formats));
  await expect(totals(page)).toHaveText(
    [formats.usd(seeded.totalBalanceUsd), formats.signedUsd(seeded.dailyProfitUsd)],
    patiently,
  );
}

test.describe('Home: the balances of the active account', () => {
  test('shows the total, the daily profit and every wallet exactly as seeded, highest value first', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await expectBalancesOf(page, activeAccountGuid(session));
    const seeded = seededPortfolio(activeAccountGuid(session));
    const formats = await formatsOf(page);
    const profit = totals(page).nth(1).getByText(formats.signedUsd(seeded.dailyProfitUsd), { exact: true });
    await expect(profit).toHaveClass(seeded.dailyProfitUsd.startsWith('-') ? /negative/ : /positive/);
    await expect(page.getByText(/^Updated \d+ s ago$/)).toHaveCount(1);
  });

  test('hides every amount in privacy mode and shows them again when it is turned off', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    const seeded = seededPortfolio(activeAccountGuid(session));
    const privacy = page.getByRole('button', { name: 'Privacy mode' });
    await privacy.click();
    await expect(privacy).toHaveAttribute('aria-pressed', 'true');
    // Two totals, then amount, price and value in each row (the pictures' own masks: portfolio-pictures.spec.ts).
    await expect(page.getByLabel('Totals').getByLabel('Hidden amount')).toHaveCount(2);
    await expect(wallets(page).getByLabel('Hidden amount')).toHaveCount(seeded.wallets.length * 3);
    await expect(page.getByRole('main')).not.toContainText(/\$|\d\.\d/);
    const shown = dataRows(wallets(page));
    await expect(shown).toHaveCount(seeded.wallets.length);
    for (let index = 0; index < seeded.wallets.length; index += 1) {
      await expect(cellsOf(shown.nth(index)).nth(3)).toHaveText('•••••');
      await expect(cellsOf(shown.nth(index)).nth(4)).toHaveText('•••••');
      await expect(cellsOf(shown.nth(index)).nth(5)).toHaveText('•••••');
    }

    await privacy.click();
    await expectBalancesOf(page, activeAccountGuid(session));
  });

  test('says it is slowing down when the service rate-limits, retries by itself and recovers', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    const seeded = seededPortfolio(activeAccountGuid(session));
    const answered = balancesAnswers(session);
    // The balances read is answered 429 until the story has seen the notice: the app retries after each wait.
    session.sandbox.faults.set({ rateLimitNext: 1000, rateLimitNextPath: WALLETS_PATH });
    const notice = page
      .getByRole('status')
      .filter({ hasText: /^The service asked Wallet Desk to slow down\. It tries again in \d+ seconds?\.$/ });
    try {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(notice).toBeVisible();
      // The balances already shown stay while waiting.
      await expectRows(page, expectedRows(seeded, await formatsOf(page)));
    } finally {
      session.sandbox.faults.reset();
    }
    await expect(notice).toHaveCount(0, patiently);
    // Recovered by its own retry: a new answer, and the line says when it came.
    await expect.poll(() => balancesAnswers(session), patiently).toBeGreaterThan(answered);
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await expect(page.getByText(/^Updated \d+ s ago$/)).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(session.pageErrors).toEqual([]);
  });

  test('shows an error in words when the service fails, keeps the last balances, and recovers on Refresh', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    const seeded = seededPortfolio(activeAccountGuid(session));
    // The balances read itself fails, not one of Home's other background reads.
    session.sandbox.faults.set({ failNext: 1, failNextPath: '/api/OAuth/wallets' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The service reported a problem' });
    await expect(alert).toBeVisible();
    await expectRows(page, expectedRows(seeded, await formatsOf(page)));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(alert).toHaveCount(0);
    expect(session.pageErrors).toEqual([]);
  });

  test('shows loading skeletons, then the other account’s balances after switching account', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    const before = activeAccountGuid(session);
    const other = session.user.accounts.find((account) => account.guid !== before);
    if (!other) throw new Error('alice has a single account');
    // The other account's balances are held until the story has seen what stands in for them.
    session.sandbox.faults.set({ holdPath: WALLETS_PATH });
    try {
      await page.getByRole('combobox', { name: 'Account' }).selectOption(other.guid);
      await expect(wallets(page)).toHaveAttribute('aria-busy', 'true', patiently);
      // Placeholder rows, hidden from assistive tech, stand in for the balances.
      await expect(wallets(page).locator('tr[aria-hidden="true"]')).not.toHaveCount(0);
      await expect.poll(() => session.sandbox.faults.held).toBeGreaterThan(0);
      await expect(wallets(page)).toHaveAttribute('aria-busy', 'true');
    } finally {
      session.sandbox.faults.reset();
    }
    await expect.poll(() => activeAccountGuid(session), patiently).toBe(other.guid);
    await expectBalancesOf(page, other.guid);
    await expect(wallets(page)).toHaveAttribute('aria-busy', 'false');
    expect(session.pageErrors).toEqual([]);
  });

  test('refreshes by itself while the window is visible, and neither refreshes nor ticks while it is hidden', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    const fetches = () => balancesAnswers(session);
    const home = page.getByRole('region', { name: 'Home' });
    const updated = page.getByText(/^Updated \d+ s ago$/);
    const setVisibility = (state: 'visible' | 'hidden') =>
      page.evaluate((next) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);

    // The page's clock is taken over so minutes can pass at once; the session lives on in main.
    await page.clock.install();
    await page.reload();
    await expectBalancesOf(page, activeAccountGuid(session));
    await expect(home).toHaveAttribute('aria-busy', 'false', patiently);
    const afterLoad = fetches();

    await page.clock.fastForward(31_000);
    await expect.poll(fetches, patiently).toBe(afterLoad + 1);
    await expect(home).toHaveAttribute('aria-busy', 'false', patiently);

    await setVisibility('hidden');
    const shownWhenHidden = (await updated.textContent()) ?? '';
    // Five minutes pass hidden: no refresh, and not even the "Updated" clock ticks (the polling rule).
    for (let minute = 0; minute < 5; minute += 1) await page.clock.fastForward(61_000);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await expect(updated).toHaveText(shownWhenHidden);
    await expect(home).toHaveAttribute('aria-busy', 'false');
    expect(fetches()).toBe(afterLoad + 1);

    await setVisibility('visible');
    await expect.poll(fetches, patiently).toBe(afterLoad + 2);
    await expect(page.getByText(/^Updated 0 s ago$/)).toHaveCount(1, patiently);
    expect(session.pageErrors).toEqual([]);
  });
});
