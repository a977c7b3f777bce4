import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login } from '../sandbox/helpers';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

interface ServiceItem {
  referenceId: string;
  date: string;
}
interface ServicePage {
  totalRecords: number;
  totalPages: number;
  items: ServiceItem[];
}

describe('History tools: a date range, jump to page, my labels and JSON export of the filtered view', () => {
  let session: SignedInApp;
  let page: Page;
  let token: string;
  let tradingGuid: string;
  const pageErrors: string[] = [];

  async function allFromService(query: Record<string, unknown>): Promise<ServiceItem[]> {
    const items: ServiceItem[] = [];
    for (let n = 1; ; n += 1) {
      const answer = await api<ServicePage>(session.sandbox, 'POST', '/transactions', {
        token,
        account: tradingGuid,
        body: { ...query, page: n, recordsPerPage: 500 },
      });
      items.push(...answer.body.data.items);
      if (n >= answer.body.data.totalPages) return items;
    }
  }

  const table = () => page.getByRole('table', { name: 'Transactions' });
  const pageStatus = () => page.getByRole('navigation', { name: 'Pages' }).getByRole('status');
  const shownReferences = () =>
    table()
      .locator('tbody tr td:nth-child(9)')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title') ?? ''));

  /** The local midnights of the browser's own time zone, as the app computes them. */
  const localRange = (from: string, to: string) =>
    page.evaluate(
      ([a, b]) => {
        const [fy, fm, fd] = a.split('-').map(Number) as [number, number, number];
        const [ty, tm, td] = b.split('-').map(Number) as [number, number, number];
        return {
          since: Date.parse(new Date(fy, fm - 1, fd).toISOString()),
          until: Date.parse(new Date(ty, tm - 1, td + 1).toISOString()),
          fromShown: new Intl.DateTimeFormat(navigator.language, { dateStyle: 'medium' }).format(
            new Date(fy, fm - 1, fd),
          ),
        };
      },
      [from, to] as const,
    );

  let fromDay = '';
  let toDay = '';
  let inRange: ServiceItem[] = [];

  beforeAll(async () => {
    session = await startSignedInApp({ username: 'alice' });
    page = session.page;
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const trading = session.user.accounts.find((account) => account.name === 'Alice Trading Ltd');
    if (!trading) throw new Error('alice has no trading account');
    tradingGuid = trading.guid;
    token = (await login(session.sandbox, 'alice')).access_token;
    if (session.app.core.session.view().activeAccountGuid !== tradingGuid) {
      await page.getByRole('combobox', { name: 'Account' }).selectOption(tradingGuid);
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'History' }).click();
    await pageStatus()
      .filter({ hasText: /Page 1 of 400/ })
      .waitFor();
    // Two weeks, three months before the newest record.
    const newest = (await allFromService({ orderBy: 'date', sortOrder: 'desc' }))[0];
    const start = new Date(Date.parse(newest?.date ?? '') - 100 * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    fromDay = day(start);
    toDay = day(new Date(start.getTime() + 13 * 86_400_000));
  });

  afterAll(async () => {
    await session?.close();
  });

  it('narrows to a date range, whole local days, described in the locale, and refuses an inverted one', async () => {
    const dates = page.getByRole('group', { name: 'Dates' });
    await dates.getByLabel('From').fill(fromDay);
    await dates.getByLabel('To').fill(toDay);
    const { since, until, fromShown } = await localRange(fromDay, toDay);
    inRange = (await allFromService({ orderBy: 'date', sortOrder: 'desc' })).filter((item) => {
      const ms = Date.parse(item.date);
      return ms >= since && ms < until;
    });
    expect(inRange.length).toBeGreaterThan(50);
    await expect.poll(shownReferences).toEqual(inRange.slice(0, 50).map((item) => item.referenceId));
    await expect.poll(() => pageStatus().textContent()).toContain(`${inRange.length} transactions`);
    expect(await dates.textContent()).toContain(`From ${fromShown} to `);

    await dates.getByLabel('To').fill('2020-01-01');
    await page.getByRole('alert').filter({ hasText: 'The To date must be on or after the From date.' }).waitFor();
    expect(await dates.getByLabel('To').getAttribute('aria-invalid')).toBe('true');
    expect(await shownReferences()).toEqual(inRange.slice(0, 50).map((item) => item.referenceId));
    await dates.getByLabel('To').fill(toDay);
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
  });

  it('jumps to a typed page, clamping past the end with a message', async () => {
    const jump = page.getByRole('form', { name: 'Jump to page' });
    const last = Math.ceil(inRange.length / 50);
    await jump.getByRole('textbox', { name: 'Go to page' }).fill('2');
    await jump.getByRole('button', { name: 'Go' }).click();
    await expect.poll(shownReferences).toEqual(inRange.slice(50, 100).map((item) => item.referenceId));
    await jump.getByRole('textbox', { name: 'Go to page' }).fill('9999');
    await jump.getByRole('button', { name: 'Go' }).click();
    await expect.poll(() => pageStatus().textContent()).toMatch(new RegExp(`Page ${last} of ${last}`));
    await expect
      .poll(() => jump.getByRole('status').textContent())
      .toBe(`There are only ${last} pages; showing page ${last}.`);
    await jump.getByRole('textbox', { name: 'Go to page' }).fill('two');
    await jump.getByRole('textbox', { name: 'Go to page' }).press('Enter');
    await expect.poll(() => jump.getByRole('status').textContent()).toBe('Enter a whole page number, such as 3.');
    expect(await pageStatus().textContent()).toMatch(new RegExp(`Page ${last} of ${last}`));
    await page.getByRole('button', { name: 'First page' }).click();
    await expect.poll(shownReferences).toEqual(inRange.slice(0, 50).map((item) => item.referenceId));
  });

  it('labels a row from its detail, shows it in the table, refuses bidi marks and keeps it after a reload', async () => {
    await table().getByRole('row').nth(3).click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByRole('textbox', { name: 'My label' });
    await field.fill('Pay\u202Eroll');
    await dialog.getByRole('button', { name: 'Save label' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Remove line breaks' }).waitFor();
    await field.fill('Office rent, November');
    await dialog.getByRole('button', { name: 'Save label' }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Label saved.');
    expect(await dialog.getByRole('definition').filter({ hasText: 'Office rent, November' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The table has room for its My label column in a wide window; narrower ones leave it to the detail.
    await page.setViewportSize({ width: 1920, height: 1080 });
    const labelled = table().getByRole('row').nth(3);
    await expect.poll(() => labelled.getByRole('cell').nth(10).textContent()).toBe('Office rent, November');

    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'History' }).click();
    await expect.poll(shownReferences).toEqual(inRange.slice(0, 50).map((item) => item.referenceId));
    await expect
      .poll(() => table().getByRole('row').nth(3).getByRole('cell').nth(10).textContent())
      .toBe('Office rent, November');
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('exports exactly the filtered view, date range and my label included, as JSON', async () => {
    const target = join(session.userDataDir, 'range.json');
    session.app.saveDialog.choose = async (suggested) => {
      expect(suggested).toMatch(/^wallet-desk-history-\d{4}-\d{2}-\d{2}\.json$/);
      return target;
    };
    await page.getByRole('button', { name: 'Export JSON' }).click();
    await page.getByText(`Export finished: ${inRange.length} transactions`).waitFor({ timeout: 60_000 });
    const records = JSON.parse(await readFile(target, 'utf8')) as Array<{ referenceId: string; userLabel: string }>;
    expect(records.map((record) => record.referenceId)).toEqual(inRange.map((item) => item.referenceId));
    expect(records.filter((record) => record.userLabel !== '')).toEqual([
      expect.objectContaining({ referenceId: inRange[2]?.referenceId, userLabel: 'Office rent, November' }),
    ]);
  });

  it('raised no errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
