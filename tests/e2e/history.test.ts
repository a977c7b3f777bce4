import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login } from '../sandbox/helpers';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

interface ServiceItem {
  referenceId: string;
  txId?: string | null;
  symbol: string;
  amount: number;
  value: number;
  status: string;
  type: string;
  date: string;
  address: string;
  to?: string | null;
}
interface ServicePage {
  totalRecords: number;
  totalPages: number;
  items: ServiceItem[];
}

describe('History: 20,000 transactions, filtered, sorted, paged and exported', () => {
  let session: SignedInApp;
  let page: Page;
  let token: string;
  let tradingGuid: string;
  const pageErrors: string[] = [];

  /** What the service itself answers, asked directly with a token of the test's own. */
  async function service(body: Record<string, unknown>): Promise<ServicePage> {
    const answer = await api<ServicePage>(session.sandbox, 'POST', '/transactions', {
      token,
      account: tradingGuid,
      body,
    });
    if (answer.body.code !== 200) throw new Error(`service answered ${answer.body.code}`);
    return answer.body.data;
  }

  async function allFromService(query: Record<string, unknown>): Promise<ServiceItem[]> {
    const items: ServiceItem[] = [];
    for (let n = 1; ; n += 1) {
      const result = await service({ ...query, page: n, recordsPerPage: 500 });
      items.push(...result.items);
      if (n >= result.totalPages) return items;
    }
  }

  const table = () => page.getByRole('table', { name: 'Transactions' });
  const pageStatus = () => page.getByRole('navigation', { name: 'Pages' }).getByRole('status');

  /** The reference ids of the rows on screen, top to bottom (the cell's title holds the full id). */
  const shownReferences = () =>
    table()
      .locator('tbody tr td:nth-child(9)')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title') ?? ''));

  async function expectRowsOf(
    query: Record<string, unknown>,
    pageNumber: number,
    recordsPerPage: number,
  ): Promise<ServicePage> {
    const expected = await service({ ...query, page: pageNumber, recordsPerPage });
    await expect.poll(shownReferences).toEqual(expected.items.map((item) => item.referenceId));
    const formatted = new Intl.NumberFormat(await page.evaluate(() => navigator.language)).format(
      expected.totalRecords,
    );
    await expect.poll(() => pageStatus().textContent()).toContain(`${formatted} transaction`);
    return expected;
  }

  beforeAll(async () => {
    session = await startSignedInApp({ username: 'alice' });
    page = session.page;
    // Wide enough for every column: narrower windows leave reference and label to the row's detail dialog.
    await page.setViewportSize({ width: 1600, height: 900 });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const trading = session.user.accounts.find((account) => account.name === 'Alice Trading Ltd');
    if (!trading) throw new Error('alice has no trading account');
    tradingGuid = trading.guid;
    token = (await login(session.sandbox, 'alice')).access_token;
    if (session.app.core.session.view().activeAccountGuid !== tradingGuid) {
      await page.getByRole('combobox', { name: 'Account' }).selectOption(tradingGuid);
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'History' }).click();
  });

  afterAll(async () => {
    await session?.close();
  });

  it('shows the newest transactions first and pages to the very last one', async () => {
    await expect.poll(() => pageStatus().textContent()).toMatch(/Page 1 of 400/);
    const first = await expectRowsOf({}, 1, 50);
    expect(first.totalRecords).toBe(20_000);
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort'))
      .toBe('descending');

    await page.getByRole('button', { name: 'Next page' }).click();
    await expectRowsOf({}, 2, 50);
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect.poll(() => pageStatus().textContent()).toMatch(/Page 400 of 400/);
    await expectRowsOf({}, 400, 50);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'First page' }).click();
    await expectRowsOf({}, 1, 50);

    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('100');
    await expectRowsOf({}, 1, 100);
    await expect.poll(() => pageStatus().textContent()).toMatch(/Page 1 of 200/);
  });

  it('sorts by a column when its header is clicked, and again the other way', async () => {
    const amount = page.getByRole('columnheader', { name: 'Amount' });
    await amount.getByRole('button', { name: 'Amount' }).click();
    await expect.poll(() => amount.getAttribute('aria-sort')).toBe('descending');
    await expectRowsOf({ orderBy: 'amount', sortOrder: 'desc' }, 1, 100);
    await amount.getByRole('button').click();
    await expect.poll(() => amount.getAttribute('aria-sort')).toBe('ascending');
    await expectRowsOf({ orderBy: 'amount', sortOrder: 'asc' }, 1, 100);
    expect(await page.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('none');
    await page.getByRole('columnheader', { name: 'Date' }).getByRole('button').click();
    await expectRowsOf({ orderBy: 'date', sortOrder: 'desc' }, 1, 100);
  });

  it("shows who each transaction went to, never the account's own address", async () => {
    const expected = await expectRowsOf({ orderBy: 'date', sortOrder: 'desc' }, 1, 100);
    expect(await page.getByRole('columnheader', { name: 'To / from' }).count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'Address' }).count()).toBe(0);
    const cells = await table()
      .locator('tbody tr td:nth-child(7)')
      .evaluateAll((tds) => tds.map((td) => ({ text: td.textContent ?? '', title: td.getAttribute('title') })));
    const withdrawals = expected.items.filter((item) => item.type === 'Withdraw' && item.to);
    expect(withdrawals.length).toBeGreaterThan(0);
    expect(expected.items.some((item) => item.type === 'Deposit')).toBe(true);
    expected.items.forEach((item, index) => {
      const cell = cells[index];
      const own = `${item.address.slice(0, 6)}…${item.address.slice(-6)}`;
      expect(cell?.text, item.referenceId).not.toContain(own);
      if (item.type === 'Deposit') expect(cell).toEqual({ text: 'Sender not reported', title: null });
      else if (item.to) {
        expect(cell?.title).toBe(`To ${item.to}`);
        expect(cell?.text).toBe(`to ${item.to.slice(0, 6)}…${item.to.slice(-6)}`);
      } else expect(cell).toEqual({ text: 'To: not reported', title: null });
    });
  });

  it('says so when the service is busy and loads the page by itself once the wait is over', async () => {
    session.sandbox.faults.set({ rateLimitNext: 1 });
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('alert').filter({ hasText: 'Too many requests' }).waitFor();
    await expectRowsOf({ orderBy: 'date', sortOrder: 'desc' }, 2, 100);
    expect(await page.getByRole('alert').filter({ hasText: 'Too many requests' }).count()).toBe(0);
    await page.getByRole('button', { name: 'First page' }).click();
    await expectRowsOf({}, 1, 100);
  });

  it('searches, filters by symbol and type, and hides small amounts as the service does', async () => {
    const sample = (await service({ page: 1, recordsPerPage: 1, filter: 'payroll' })).items[0];
    const search = page.getByRole('searchbox', { name: 'Search transactions' });
    await search.fill(sample?.referenceId ?? '');
    await expectRowsOf({ filter: sample?.referenceId }, 1, 100);
    await search.fill('payroll');
    await expectRowsOf({ filter: 'payroll' }, 1, 100);

    await search.fill('');
    await page.getByRole('checkbox', { name: 'BTC', exact: true }).check();
    await page.getByRole('checkbox', { name: 'OPT-USD' }).check();
    await expectRowsOf({ symbols: ['BTC', 'OPT-USD'] }, 1, 100);

    await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Deposits' });
    await expectRowsOf({ symbols: ['BTC', 'OPT-USD'], withdrawTypes: [0] }, 1, 100);

    const before = await service({ symbols: ['BTC', 'OPT-USD'], withdrawTypes: [0], page: 1, recordsPerPage: 1 });
    await page.getByRole('checkbox', { name: 'Hide small amounts' }).check();
    const after = await expectRowsOf({ symbols: ['BTC', 'OPT-USD'], withdrawTypes: [0], hideLowAmounts: true }, 1, 100);
    expect(after.totalRecords).toBeLessThan(before.totalRecords);

    await search.fill('no-such-transaction-anywhere');
    await page.getByText('No transactions match these filters.').waitFor();
    await search.fill('');
    await expectRowsOf({ symbols: ['BTC', 'OPT-USD'], withdrawTypes: [0], hideLowAmounts: true }, 1, 100);
  });

  it('remembers the filters of the account after the window reloads', async () => {
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'History' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'BTC', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Hide small amounts' }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('deposits');
    await expectRowsOf({ symbols: ['BTC', 'OPT-USD'], withdrawTypes: [0], hideLowAmounts: true }, 1, 100);
  });

  it('opens every detail of a row from the keyboard and closes it with Escape', async () => {
    const rows = table().locator('tbody tr');
    const focusedIndex = () => page.evaluate(() => document.activeElement?.getAttribute('data-index'));
    // One Tab stop for the whole table; arrows, Home and End move between rows.
    expect(await table().locator('tbody tr[tabindex="0"]').count()).toBe(1);
    await page.getByRole('columnheader', { name: 'Label', exact: true }).click();
    await page.keyboard.press('Tab');
    await expect.poll(focusedIndex).toBe('0');
    await page.keyboard.press('End');
    await expect.poll(focusedIndex).toBe(String((await rows.count()) - 1));
    await page.keyboard.press('Home');
    await expect.poll(focusedIndex).toBe('0');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe('1');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const expected = (
      await service({
        symbols: ['BTC', 'OPT-USD'],
        withdrawTypes: [0],
        hideLowAmounts: true,
        page: 1,
        recordsPerPage: 100,
      })
    ).items[1];
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain(expected?.referenceId ?? 'missing');
    expect(text).toContain(expected?.date ?? 'missing');
    // A deposit's sender is not something the service reports; its own receiving address is named as such.
    expect(text).toContain('Sender not reported');
    for (const term of [
      'Date',
      'Type',
      'Status',
      'Asset',
      'Network',
      'Amount',
      'USD value',
      'From',
      'Your wallet address',
      'Transaction id',
      'Reference id',
      'Label',
      'Merchant transaction id',
      'Auto-collected',
      'USD',
      'EUR',
      'GBP',
      'TRY',
      'JPY',
    ]) {
      expect(
        await dialog
          .getByRole('term')
          .filter({ hasText: new RegExp(`^${term}$`) })
          .count(),
      ).toBe(1);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe('1');
  });

  it('opens a transaction in the block explorer through the system browser', async () => {
    const link = table()
      .getByRole('button', { name: /^Open transaction .* in block explorer$/ })
      .first();
    const opened = session.app.nextExternalUrl();
    await link.click();
    expect(await opened).toMatch(/^https:\/\/(mempool\.space|optimistic\.etherscan\.io)\/tx\/[0-9a-fx]+$/);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('cancelling an export leaves no file behind', async () => {
    const target = join(session.userDataDir, 'cancelled-export.csv');
    session.app.saveDialog.choose = async () => target;
    session.sandbox.faults.set({ latencyMs: 150 });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const bar = page.getByRole('progressbar', { name: 'Export progress' });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Cancel export' }).click();
    await page.getByText('Export cancelled; no file was saved.').waitFor();
    session.sandbox.faults.reset();
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await readdir(session.userDataDir)).filter((name) => name.includes('cancelled-export'))).toEqual([]);
  });

  it('exports all 20,000 records exactly as the service holds them, through a 429 in the middle', async () => {
    const search = page.getByRole('searchbox', { name: 'Search transactions' });
    await page.getByRole('button', { name: 'All symbols' }).click();
    await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'All types' });
    await page.getByRole('checkbox', { name: 'Hide small amounts' }).uncheck();
    await search.fill('');
    await expectRowsOf({}, 1, 100);

    const target = join(session.userDataDir, 'everything.csv');
    session.app.saveDialog.choose = async (suggested) => {
      expect(suggested).toMatch(/^wallet-desk-history-\d{4}-\d{2}-\d{2}\.csv$/);
      return target;
    };
    session.sandbox.faults.set({ latencyMs: 40 });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const bar = page.getByRole('progressbar', { name: 'Export progress' });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    session.sandbox.faults.set({ rateLimitNext: 1 });
    await page.getByText(/asked to slow down/).waitFor();
    await page.getByText(/Export finished: 20,000 transactions/).waitFor({ timeout: 60_000 });
    session.sandbox.faults.reset();

    const rows = parse(await readFile(target, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    const expected = await allFromService({ orderBy: 'date', sortOrder: 'desc' });
    expect(rows).toHaveLength(20_000);
    const mismatches = rows.flatMap((row, index) => {
      const item = expected[index];
      if (!item) return [index];
      const same =
        row.referenceId === item.referenceId &&
        row.date === item.date &&
        row.symbol === item.symbol &&
        row.type === item.type &&
        row.status === item.status &&
        row.txId === (item.txId ?? '') &&
        row.amount === new Decimal(String(item.amount)).toFixed() &&
        row.usdValue === new Decimal(String(item.value)).toFixed();
      return same ? [] : [index];
    });
    expect(mismatches).toEqual([]);
  });

  it('raised no errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
