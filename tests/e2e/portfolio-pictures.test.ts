import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededPortfolio } from '../integration/portfolio/seeded-wallets';
import { api, login } from '../sandbox/helpers';
import { expectedFormats } from './support/amount-formats';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

describe('Home: portfolio pictures, each a named figure with its numbers as a table', () => {
  let session: SignedInApp;
  let page: Page;
  let locale: string;
  const pageErrors: string[] = [];
  const patiently = { timeout: 15_000 };

  beforeAll(async () => {
    session = await startSignedInApp({ username: 'alice' });
    page = session.page;
    page.on('pageerror', (error) => pageErrors.push(error.message));
    locale = await page.evaluate(() => navigator.language);
  });

  afterAll(async () => {
    await session?.close();
  });

  function activeAccountGuid(): string {
    const guid = session.app.core.session.view().activeAccountGuid;
    if (!guid) throw new Error('no active account');
    return guid;
  }

  const allocation = () => page.getByRole('figure', { name: 'Allocation by asset' });

  /** Whether the figure's table can be seen: visually hidden, its box is clipped to a single pixel. */
  function tableSeen(figure: ReturnType<Page['getByRole']>): Promise<boolean> {
    return figure.getByRole('table').evaluate((table) => {
      const box = (table.parentElement ?? table).getBoundingClientRect();
      return box.width > 1 && box.height > 1;
    });
  }

  async function tableRows(figure: ReturnType<Page['getByRole']>): Promise<string[][]> {
    return figure
      .getByRole('table')
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          Array.from(row.querySelectorAll('th, td'), (cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()),
        ),
      );
  }

  /** The seeded wallets' values and shares, worked out here from the sandbox's numbers, not the app's. */
  function expectedAllocation(): string[][] {
    const formats = expectedFormats(locale);
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const held = seededPortfolio(activeAccountGuid()).wallets.filter((wallet) => new Decimal(wallet.valueUsd).gt(0));
    const total = held.reduce((sum, wallet) => sum.plus(wallet.valueUsd), new Decimal(0));
    return held.map((wallet) => [
      wallet.code,
      formats.usd(wallet.valueUsd),
      percent.format(new Decimal(wallet.valueUsd).div(total).toString() as Intl.StringNumericLiteral),
    ]);
  }

  it('draws the allocation by asset and keeps a table of the same numbers for assistive tech', async () => {
    await allocation().waitFor(patiently);
    await allocation().locator('svg.chart').waitFor(patiently);
    // The drawing is hidden from the accessibility tree; the table (visually hidden) carries the numbers.
    expect(await allocation().locator('svg.chart').getAttribute('aria-hidden')).toBe('true');
    const table = allocation().getByRole('table', { name: 'Allocation by asset' });
    await table.waitFor({ state: 'attached' });
    expect(await tableSeen(allocation())).toBe(false);
    await expect.poll(() => tableRows(allocation()), patiently).toEqual(expectedAllocation());
  });

  it('"Show as table" swaps the drawing for the visible table, and back', async () => {
    const toggle = allocation().getByRole('button', { name: 'Show as table' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => tableSeen(allocation())).toBe(true);
    expect(await allocation().locator('svg').count()).toBe(0);
    expect(await tableRows(allocation())).toEqual(expectedAllocation());
    await toggle.click();
    await allocation().locator('svg.chart').waitFor();
    expect(await tableSeen(allocation())).toBe(false);
  });

  it('hides every amount and share in privacy mode, in the drawing and in the table', async () => {
    const privacy = page.getByRole('button', { name: 'Privacy mode' });
    const shown = expectedAllocation();
    await expect
      .poll(() => allocation().locator('svg.chart text').allTextContents())
      .toEqual(shown.flatMap(([code, , share]) => [code, share]));
    await privacy.click();
    try {
      await expect.poll(() => allocation().getByLabel('Hidden amount').count()).toBe(shown.length * 2);
      for (const row of await tableRows(allocation())) expect(row.slice(1)).toEqual(['•••••', '•••••']);
      // Only the asset codes remain drawn: no share or value.
      expect(await allocation().locator('svg.chart text').allTextContents()).toEqual(shown.map(([code]) => code));
      expect((await allocation().textContent()) ?? '').not.toMatch(/\$|%|\d/);
    } finally {
      await privacy.click();
    }
    await expect.poll(() => tableRows(allocation())).toEqual(shown);
    expect(pageErrors).toEqual([]);
  });

  const flows = () => page.getByRole('figure', { name: 'Deposits and withdrawals per day, last 7 days' });

  /**
   * Deposits and withdrawals per local day of the last 7 days, worked out here from what the service itself
   * answers (asked with a token of the test's own), completed records only.
   */
  async function expectedFlows(): Promise<string[][]> {
    const formats = expectedFormats(locale);
    const token = (await login(session.sandbox, 'alice')).access_token;
    const now = new Date();
    const days = Array.from(
      { length: 7 },
      (_, index) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6 + index),
    );
    const key = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
    const sums = new Map(days.map((day) => [key(day), { in: new Decimal(0), out: new Decimal(0) }]));
    for (let n = 1; ; n += 1) {
      const answer = await api<{
        totalPages: number;
        items: { date: string; value: number; status: string; withdrawType: number }[];
      }>(session.sandbox, 'POST', '/transactions', {
        token,
        account: activeAccountGuid(),
        body: { page: n, recordsPerPage: 500, orderBy: 'date', sortOrder: 'desc' },
      });
      const data = answer.body.data;
      for (const item of data.items) {
        const bucket = sums.get(key(new Date(item.date)));
        if (!bucket || item.status !== 'Completed') continue;
        const value = new Decimal(String(item.value)).abs();
        if (item.withdrawType === 0) bucket.in = bucket.in.plus(value);
        else bucket.out = bucket.out.plus(value);
      }
      const oldest = data.items.at(-1);
      if (n >= data.totalPages || !oldest || new Date(oldest.date) < days[0]!) break;
    }
    const dayFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
    return days.map((day) => {
      const bucket = sums.get(key(day))!;
      return [dayFormat.format(day), formats.usd(bucket.in.toString()), formats.usd(bucket.out.toString())];
    });
  }

  it('draws deposits and withdrawals per day for the chosen range, with the same numbers as a table', async () => {
    await page.getByLabel('Range').selectOption('7');
    await flows().locator('svg.chart').waitFor(patiently);
    const expected = await expectedFlows();
    expect(
      expected.some(
        (row) => row[1] !== expectedFormats(locale).usd('0') || row[2] !== expectedFormats(locale).usd('0'),
      ),
    ).toBe(true);
    await expect.poll(() => tableRows(flows()), patiently).toEqual(expected);
    expect(await flows().locator('svg.chart').getAttribute('aria-hidden')).toBe('true');

    await page.getByRole('button', { name: 'Privacy mode' }).click();
    try {
      await expect.poll(() => flows().getByLabel('Hidden amount').count()).toBe(7 * 2);
      expect((await flows().getByRole('table').textContent()) ?? '').not.toContain('$');
    } finally {
      await page.getByRole('button', { name: 'Privacy mode' }).click();
    }
    await expect.poll(() => tableRows(flows())).toEqual(expected);
    expect(pageErrors).toEqual([]);
  });
});
