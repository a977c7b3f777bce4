import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openScreen, test } from './support/fixtures';
import {
  columnIndex,
  expectReferences,
  historyService,
  historyTable,
  openHistoryWith,
  openTradingHistory,
  pageStatus,
  type ServicePage,
} from './support/history-table';
import { exactly } from './support/page-text';
import { reloadSignedInApp } from './support/reload-app';
import type { SignedInApp } from './support/signed-in-app';
import { dataRows } from './support/table-rows';

test.use({
  appOptions: {
    username: 'alice',
    afterSignIn: async (session) => {
      // Wide enough for every column: narrower windows leave reference and label to the row's detail dialog.
      await session.page.setViewportSize({ width: 1600, height: 900 });
      await openTradingHistory(session);
    },
  },
});

/** The table shows what the service answers for this query and page, and the page count says how many in all. */
async function expectRowsOf(
  session: SignedInApp,
  query: Record<string, unknown>,
  pageNumber: number,
  recordsPerPage: number,
): Promise<ServicePage> {
  const { page } = session;
  const expected = await historyService(session).query({ ...query, page: pageNumber, recordsPerPage });
  await expectReferences(
    page,
    expected.items.map((item) => item.referenceId),
  );
  const formatted = new Intl.NumberFormat(await page.evaluate(() => navigator.language)).format(expected.totalRecords);
  await expect(pageStatus(page)).toContainText(`${formatted} transaction`);
  return expected;
}

/** The service's history read: held or limited alone, so the app's other calls (balances, session) cannot take a fault. */
const TRANSACTIONS_PATH = '/api/OAuth/transactions';

/** Deposits of BTC and OPT-USD without the small ones, 100 rows a page: what the filter stories leave set. */
const DEPOSIT_FILTERS = {
  symbols: ['BTC', 'OPT-USD'],
  withdrawTypes: [0],
  hideLowAmounts: true,
  recordsPerPage: 100,
};
const DEPOSIT_QUERY = { symbols: ['BTC', 'OPT-USD'], withdrawTypes: [0], hideLowAmounts: true };

const exportProgress = (page: Page) => page.getByRole('progressbar', { name: 'Export progress' });
/** Export has written something: its progress counts a record or more. */
const writtenSome = /^[1-9]\d*$/;

test.describe('History: 20,000 transactions, filtered, sorted, paged and exported', () => {
  test('shows the newest transactions first and pages to the very last one', async ({ signedInApp: session }) => {
    const { page } = session;
    await openHistoryWith(session);
    await expect(pageStatus(page)).toHaveText(/Page 1 of 400/);
    const first = await expectRowsOf(session, {}, 1, 50);
    expect(first.totalRecords).toBe(20_000);
    await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');

    await page.getByRole('button', { name: 'Next page' }).click();
    await expectRowsOf(session, {}, 2, 50);
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect(pageStatus(page)).toHaveText(/Page 400 of 400/);
    await expectRowsOf(session, {}, 400, 50);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await page.getByRole('button', { name: 'First page' }).click();
    await expectRowsOf(session, {}, 1, 50);

    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('100');
    await expectRowsOf(session, {}, 1, 100);
    await expect(pageStatus(page)).toHaveText(/Page 1 of 200/);
  });

  test('sorts by a column when its header is clicked, and again the other way', async ({ signedInApp: session }) => {
    const { page } = session;
    await openHistoryWith(session, { recordsPerPage: 100 });
    const amount = page.getByRole('columnheader', { name: 'Amount' });
    await amount.getByRole('button', { name: 'Amount' }).click();
    await expect(amount).toHaveAttribute('aria-sort', 'descending');
    await expectRowsOf(session, { orderBy: 'amount', sortOrder: 'desc' }, 1, 100);
    await amount.getByRole('button').click();
    await expect(amount).toHaveAttribute('aria-sort', 'ascending');
    await expectRowsOf(session, { orderBy: 'amount', sortOrder: 'asc' }, 1, 100);
    await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'none');
    await page.getByRole('columnheader', { name: 'Date' }).getByRole('button').click();
    await expectRowsOf(session, { orderBy: 'date', sortOrder: 'desc' }, 1, 100);
  });

  test("shows who each transaction went to, never the account's own address", async ({ signedInApp: session }) => {
    const { page } = session;
    await openHistoryWith(session, { recordsPerPage: 100 });
    const expected = await expectRowsOf(session, { orderBy: 'date', sortOrder: 'desc' }, 1, 100);
    await expect(page.getByRole('columnheader', { name: 'To / from' })).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: 'Address' })).toHaveCount(0);
    const withdrawals = expected.items.filter((item) => item.type === 'Withdraw' && item.to);
    expect(withdrawals.length).toBeGreaterThan(0);
    expect(expected.items.some((item) => item.type === 'Deposit')).toBe(true);
    const rows = dataRows(historyTable(page));
    const column = await columnIndex(page, 'To / from');
    // Read in one go once the page is in (expectRowsOf waited for it): a hundred rows asked one by one
    // took longer than the story's time on a loaded machine.
    const shown = await rows.evaluateAll(
      (trs, index) =>
        trs.map((tr) => {
          const cells = [...tr.children].filter(
            (cell) => cell.tagName === 'TD' && getComputedStyle(cell).display !== 'none',
          );
          const cell = cells[index];
          return {
            text: (cell?.textContent ?? '').replace(/\s+/g, ' ').trim(),
            title: cell?.getAttribute('title') ?? null,
          };
        }),
      column,
    );
    expect(shown).toHaveLength(expected.items.length);
    const mismatches = expected.items.flatMap((item, index) => {
      const cell = shown[index];
      const own = `${item.address.slice(0, 6)}…${item.address.slice(-6)}`;
      const wanted =
        item.type === 'Deposit'
          ? { text: 'Sender not reported', title: null }
          : item.to
            ? { text: `to ${item.to.slice(0, 6)}…${item.to.slice(-6)}`, title: `To ${item.to}` }
            : { text: 'To: not reported', title: null };
      const same = cell && cell.text === wanted.text && cell.title === wanted.title && !cell.text.includes(own);
      return same ? [] : [{ referenceId: item.referenceId, shown: cell, wanted }];
    });
    expect(mismatches).toEqual([]);
  });

  test('says so when the service is busy and loads the page by itself once the wait is over', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await openHistoryWith(session, { recordsPerPage: 100 });
    const busy = page.getByRole('alert').filter({ hasText: 'Too many requests' });
    // The service keeps answering 429 until the story has seen the notice: the app asks again after each
    // wait it is told, and the notice stands through every wait however slow the machine.
    session.sandbox.faults.set({ rateLimitNext: 1000, rateLimitNextPath: TRANSACTIONS_PATH });
    try {
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(busy).toBeVisible();
    } finally {
      session.sandbox.faults.reset();
    }
    await expectRowsOf(session, { orderBy: 'date', sortOrder: 'desc' }, 2, 100);
    await expect(busy).toHaveCount(0);
    await page.getByRole('button', { name: 'First page' }).click();
    await expectRowsOf(session, {}, 1, 100);
  });

  test('searches, filters by symbol and type, and hides small amounts as the service does', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await openHistoryWith(session, { recordsPerPage: 100 });
    const service = historyService(session);
    const sample = (await service.query({ page: 1, recordsPerPage: 1, filter: 'payroll' })).items[0];
    if (!sample) throw new Error('the service holds no payroll transaction');
    const search = page.getByRole('searchbox', { name: 'Search transactions' });
    await search.fill(sample.referenceId);
    await expectRowsOf(session, { filter: sample.referenceId }, 1, 100);
    await search.fill('payroll');
    await expectRowsOf(session, { filter: 'payroll' }, 1, 100);

    await search.fill('');
    await page.getByRole('checkbox', { name: 'BTC', exact: true }).check();
    await page.getByRole('checkbox', { name: 'OPT-USD' }).check();
    await expectRowsOf(session, { symbols: ['BTC', 'OPT-USD'] }, 1, 100);

    await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Deposits' });
    await expectRowsOf(session, { symbols: ['BTC', 'OPT-USD'], withdrawTypes: [0] }, 1, 100);

    const before = await service.query({ symbols: ['BTC', 'OPT-USD'], withdrawTypes: [0], page: 1, recordsPerPage: 1 });
    await page.getByRole('checkbox', { name: 'Hide small amounts' }).check();
    const after = await expectRowsOf(
      session,
      { symbols: ['BTC', 'OPT-USD'], withdrawTypes: [0], hideLowAmounts: true },
      1,
      100,
    );
    expect(after.totalRecords).toBeLessThan(before.totalRecords);

    await search.fill('no-such-transaction-anywhere');
    await expect(page.getByText('No transactions match these filters.')).toBeVisible();
    await search.fill('');
    await expectRowsOf(session, { symbols: ['BTC', 'OPT-USD'], withdrawTypes: [0], hideLowAmounts: true }, 1, 100);
  });

  test('remembers the filters of the account after the window reloads', async ({ signedInApp: session }) => {
    const { page } = session;
    await openHistoryWith(session, { recordsPerPage: 100 });
    await page.getByRole('checkbox', { name: 'BTC', exact: true }).check();
    await page.getByRole('checkbox', { name: 'OPT-USD' }).check();
    await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Deposits' });
    await page.getByRole('checkbox', { name: 'Hide small amounts' }).check();
    await expectRowsOf(session, DEPOSIT_QUERY, 1, 100);

    await reloadSignedInApp(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'History' }).click();
    await expect(page.getByRole('checkbox', { name: 'BTC', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Hide small amounts' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('deposits');
    await expectRowsOf(session, { symbols: ['BTC', 'OPT-USD'], withdrawTypes: [0], hideLowAmounts: true }, 1, 100);
  });

  test('opens every detail of a row from the keyboard and closes it with Escape', async ({ signedInApp: session }) => {
    const { page } = session;
    await openHistoryWith(session, DEPOSIT_FILTERS);
    const rows = dataRows(historyTable(page));
    // One Tab stop for the whole table; arrows, Home and End move between rows.
    await expect(rows.and(page.locator('[tabindex="0"]'))).toHaveCount(1);
    await page.getByRole('columnheader', { name: 'Label', exact: true }).click();
    await page.keyboard.press('Tab');
    await expect(rows.first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(rows.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(rows.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const expected = (
      await historyService(session).query({
        symbols: ['BTC', 'OPT-USD'],
        withdrawTypes: [0],
        hideLowAmounts: true,
        page: 1,
        recordsPerPage: 100,
      })
    ).items[1];
    if (!expected) throw new Error('the service answered fewer than two deposits');
    await expect(dialog).toContainText(expected.referenceId);
    await expect(dialog).toContainText(expected.date);
    // Named in words, never by the service's internal numbers.
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(
      `Deposit of ${expected.symbolName} (${expected.symbol})`,
    );
    await expect(dialog).not.toContainText(/withdrawType|symbol id/);
    // A deposit's sender is not something the service reports; its own receiving address is named as such.
    await expect(dialog).toContainText('Sender not reported');
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
      'Collected automatically',
      'USD',
      'EUR',
      'GBP',
      'TRY',
      'JPY',
    ]) {
      await expect(dialog.getByRole('term').filter({ hasText: exactly(term) }), term).toHaveCount(1);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rows.nth(1)).toBeFocused();
  });

  test('a row clicked while History loads its page again stays open once the page arrives', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await openHistoryWith(session, { recordsPerPage: 100 });
    const table = historyTable(page);
    const dialog = page.getByRole('dialog');
    await expect(table).toHaveAttribute('aria-busy', 'false');
    // The row's accessible name ends with its reference id: the record the user means to open.
    const name = (await dataRows(table).nth(1).getAttribute('aria-label')) ?? '';
    const reference = /reference (\S+)$/.exec(name)?.[1];
    if (!reference) throw new Error(`the second row names no reference id: "${name}"`);
    await openScreen(page, 'Home');
    // Only the history read is held: the new page comes once the story has clicked a row of the last visit.
    session.sandbox.faults.set({ holdPath: TRANSACTIONS_PATH });
    try {
      await openScreen(page, 'History');
      // The rows of the last visit are shown, and the table says a page is on its way.
      await expect(table).toHaveAttribute('aria-busy', 'true');
      await dataRows(table).nth(1).click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(reference);
      await expect.poll(() => session.sandbox.faults.held).toBeGreaterThan(0);
      await expect(table).toHaveAttribute('aria-busy', 'true');
    } finally {
      session.sandbox.faults.reset();
    }
    await expect(table).toHaveAttribute('aria-busy', 'false');
    // The page that arrived lists the same record: the detail the user opened is still open.
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(reference);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('opens a transaction in the block explorer through the system browser', async ({ signedInApp: session }) => {
    const { page } = session;
    // BTC and OPT-USD records: the explorers the link may open.
    await openHistoryWith(session, DEPOSIT_FILTERS);
    const link = historyTable(page)
      .getByRole('button', { name: /^Open transaction .* in block explorer$/ })
      .first();
    const opened = session.app.nextExternalUrl();
    await link.click();
    expect(await opened).toMatch(/^https:\/\/(mempool\.space|optimistic\.etherscan\.io)\/tx\/[0-9a-fx]+$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('cancelling an export leaves no file behind', async ({ signedInApp: session }) => {
    const { page } = session;
    await openHistoryWith(session);
    const target = join(session.userDataDir, 'cancelled-export.csv');
    session.app.saveDialog.choose = async () => target;
    // The export's first page is written and its second held: it is under way until the story cancels it.
    session.sandbox.faults.set({ holdPath: TRANSACTIONS_PATH, holdAfter: 1 });
    try {
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await expect(exportProgress(page)).toHaveAttribute('aria-valuenow', writtenSome);
      await expect.poll(() => session.sandbox.faults.held).toBe(1);
      await page.getByRole('button', { name: 'Cancel export' }).click();
    } finally {
      session.sandbox.faults.reset();
    }
    await expect(page.getByText('Export cancelled; no file was saved.')).toBeVisible();
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await readdir(session.userDataDir)).filter((name) => name.includes('cancelled-export'))).toEqual([]);
  });

  test('exports all 20,000 records exactly as the service holds them, through a 429 in the middle', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await openHistoryWith(session, { recordsPerPage: 100 });
    await expectRowsOf(session, {}, 1, 100);

    const target = join(session.userDataDir, 'everything.csv');
    let suggested = '';
    session.app.saveDialog.choose = async (name) => {
      suggested = name;
      return target;
    };
    const faults = session.sandbox.faults;
    // The export's second page is held until the story has seen the first written, then answered 429; the
    // page asked again after the wait is held until the story has seen the notice of the wait.
    faults.set({ holdPath: TRANSACTIONS_PATH, holdAfter: 1 });
    try {
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await expect(exportProgress(page)).toHaveAttribute('aria-valuenow', writtenSome);
      await expect.poll(() => faults.held).toBe(1);
      faults.set({ rateLimitNext: 1, rateLimitNextPath: TRANSACTIONS_PATH });
      faults.releaseHeld();
      faults.set({ holdPath: TRANSACTIONS_PATH });
      await expect(page.getByText(/asked to slow down/)).toBeVisible();
      await expect.poll(() => faults.held).toBe(1);
      await expect(page.getByText(/asked to slow down/)).toBeVisible();
    } finally {
      faults.reset();
    }
    // Forty pages and the wait the 429 asked for: longer than an ordinary assertion's wait on a loaded machine.
    await expect(page.getByText(/Export finished: 20,000 transactions/)).toBeVisible({ timeout: 60_000 });
    expect(suggested).toMatch(/^wallet-desk-history-\d{4}-\d{2}-\d{2}\.csv$/);

    const rows = parse(await readFile(target, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    const expected = await historyService(session).all({ orderBy: 'date', sortOrder: 'desc' });
    expect(rows).toHaveLength(20_000);
    const mismatches = rows.flatMap((row, index) => {
      const item = expected[index];
      if (!item) return [index];
      const same =
        row.Reference === item.referenceId &&
        row['Date (UTC)'] === new Date(item.date).toISOString() &&
        row.Asset === item.symbol &&
        row.Direction === (item.type === 'Deposit' ? 'in' : 'out') &&
        row.Status === item.status &&
        row['Transaction hash'] === (item.txId ?? '') &&
        row.Amount === new Decimal(String(Math.abs(item.amount))).toFixed() &&
        row['Fiat value'] ===
          new Decimal(String(Math.abs(item.amount)))
            .times(String(item.prices.usd))
            .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
            .toFixed(2);
      return same ? [] : [index];
    });
    expect(mismatches).toEqual([]);
  });

  test('raised no errors in the page', ({ signedInApp: session }) => {
    expect(session.pageErrors).toEqual([]);
  });
});
