import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededPortfolio, type SeededPortfolio } from '../integration/portfolio/seeded-wallets';
import { expectedFormats } from './support/amount-formats';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

describe('Home: the balances of the active account', () => {
  let session: SignedInApp;
  let page: Page;
  let formats: ReturnType<typeof expectedFormats>;
  const pageErrors: string[] = [];
  // Polls wait for the app to catch up; they do not time it.
  const patiently = { timeout: 15_000 };

  beforeAll(async () => {
    session = await startSignedInApp({ username: 'alice' });
    page = session.page;
    page.on('pageerror', (error) => pageErrors.push(error.message));
    formats = expectedFormats(await page.evaluate(() => navigator.language));
  });

  afterAll(async () => {
    await session?.close();
  });

  function activeAccountGuid(): string {
    const guid = session.app.core.session.view().activeAccountGuid;
    if (!guid) throw new Error('no active account');
    return guid;
  }

  const wallets = () => page.getByRole('table', { name: 'Wallets' });
  const totals = () => page.getByRole('definition');

  /** Every row of the wallets table as the user reads it, top to bottom. */
  async function shownRows(): Promise<string[][]> {
    const rows = wallets().locator('tbody tr');
    return rows.evaluateAll((elements) =>
      elements.map((row) =>
        Array.from(row.querySelectorAll('th, td'), (cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()),
      ),
    );
  }

  function expectedRows(seeded: SeededPortfolio): string[][] {
    return seeded.wallets.map((wallet) => [
      wallet.code,
      wallet.displayName,
      wallet.network,
      formats.crypto(wallet.amount, wallet.code),
      formats.usd(wallet.priceUsd),
      formats.usd(wallet.valueUsd),
    ]);
  }

  async function expectBalancesOf(accountGuid: string): Promise<void> {
    const seeded = seededPortfolio(accountGuid);
    await expect.poll(shownRows, patiently).toEqual(expectedRows(seeded));
    await expect
      .poll(() => totals().allTextContents(), patiently)
      .toEqual([formats.usd(seeded.totalBalanceUsd), formats.signedUsd(seeded.dailyProfitUsd)]);
  }

  it('shows the total, the daily profit and every wallet exactly as seeded, highest value first', async () => {
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await expectBalancesOf(activeAccountGuid());
    const profit = page.getByRole('definition').nth(1).locator('.amount');
    const seeded = seededPortfolio(activeAccountGuid());
    expect(await profit.getAttribute('class')).toContain(
      seeded.dailyProfitUsd.startsWith('-') ? 'negative' : 'positive',
    );
    await expect.poll(() => page.getByText(/^Updated \d+ s ago$/).count()).toBe(1);
  });

  it('hides every amount in privacy mode and shows them again when it is turned off', async () => {
    const seeded = seededPortfolio(activeAccountGuid());
    const privacy = page.getByRole('button', { name: 'Privacy mode' });
    await privacy.click();
    await expect.poll(() => privacy.getAttribute('aria-pressed')).toBe('true');
    // Two totals, then amount, price and value in each row (the pictures' own masks: portfolio-pictures.test.ts).
    await expect.poll(() => page.getByLabel('Totals').getByLabel('Hidden amount').count()).toBe(2);
    expect(await wallets().getByLabel('Hidden amount').count()).toBe(seeded.wallets.length * 3);
    const text = (await page.getByRole('main').textContent()) ?? '';
    expect(text).not.toMatch(/\$|\d\.\d/);
    for (const row of await shownRows()) expect(row.slice(3)).toEqual(['•••••', '•••••', '•••••']);

    await privacy.click();
    await expectBalancesOf(activeAccountGuid());
  });

  it('says it is slowing down when the service rate-limits, retries by itself and recovers', async () => {
    const seeded = seededPortfolio(activeAccountGuid());
    session.sandbox.faults.set({ rateLimitNext: 1 });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const notice = page.getByRole('status').filter({ hasText: /^Slowing down, retrying in \d+ s$/ });
    await notice.waitFor();
    // The balances already shown stay while waiting.
    expect(await shownRows()).toEqual(expectedRows(seeded));
    await notice.waitFor({ state: 'detached', timeout: 15_000 });
    expect(session.sandbox.faults.plan.rateLimitNext).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);
    await expect.poll(() => page.getByText(/^Updated [0-2] s ago$/).count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('shows an error in words when the service fails, keeps the last balances, and recovers on Refresh', async () => {
    const seeded = seededPortfolio(activeAccountGuid());
    session.sandbox.faults.set({ failNext: 1 });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The service reported a problem' });
    await alert.waitFor();
    expect(await shownRows()).toEqual(expectedRows(seeded));
    await page.getByRole('button', { name: 'Refresh' }).click();
    await alert.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });

  it('shows loading skeletons, then the other account’s balances after switching account', async () => {
    const before = activeAccountGuid();
    const other = session.user.accounts.find((account) => account.guid !== before);
    if (!other) throw new Error('alice has a single account');
    session.sandbox.faults.set({ latencyMs: 1_500 });
    try {
      await page.getByLabel('Account').selectOption(other.guid);
      await expect.poll(() => wallets().getAttribute('aria-busy'), patiently).toBe('true');
      expect(await wallets().locator('tbody .skeleton').count()).toBeGreaterThan(0);
    } finally {
      session.sandbox.faults.reset();
    }
    await expect.poll(activeAccountGuid, patiently).toBe(other.guid);
    await expectBalancesOf(other.guid);
    expect(await wallets().getAttribute('aria-busy')).toBe('false');
    expect(pageErrors).toEqual([]);
  });

  it('refreshes by itself while the window is visible, and neither refreshes nor ticks while it is hidden', async () => {
    const fetches = () => session.app.received.filter((text) => text.includes('"totalBalanceUsd"')).length;
    const busy = () => page.getByRole('region', { name: 'Home' }).getAttribute('aria-busy');
    const setVisibility = (state: 'visible' | 'hidden') =>
      page.evaluate((next) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);

    // The page's clock is taken over so minutes can pass at once; the session lives on in main.
    await page.clock.install();
    await page.reload();
    await expectBalancesOf(activeAccountGuid());
    await expect.poll(busy, patiently).toBe('false');
    const afterLoad = fetches();

    await page.clock.fastForward(31_000);
    await expect.poll(fetches, patiently).toBe(afterLoad + 1);
    await expect.poll(busy, patiently).toBe('false');

    await setVisibility('hidden');
    const shownWhenHidden = await page.getByText(/^Updated \d+ s ago$/).textContent();
    // Five minutes pass hidden: no refresh, and not even the "Updated" clock ticks (the polling rule).
    for (let minute = 0; minute < 5; minute += 1) await page.clock.fastForward(61_000);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.getByText(/^Updated \d+ s ago$/).textContent()).toBe(shownWhenHidden);
    expect(await busy()).toBe('false');
    expect(fetches()).toBe(afterLoad + 1);

    await setVisibility('visible');
    await expect.poll(fetches, patiently).toBe(afterLoad + 2);
    await expect.poll(() => page.getByText(/^Updated 0 s ago$/).count(), patiently).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
