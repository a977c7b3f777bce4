import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, OWN_APP, test } from './support/fixtures';
import {
  expectReferences,
  historyService,
  historyTable,
  openTradingHistory,
  pageStatus,
  type ServiceItem,
} from './support/history-table';
import { reloadSignedInApp } from './support/reload-app';
import type { SignedInApp } from './support/signed-in-app';
import { dataRows } from './support/table-rows';

test.use({
  appOptions: {
    username: 'alice',
    afterSignIn: async (session) => {
      await openTradingHistory(session);
      await expect(pageStatus(session.page)).toHaveText(/Page 1 of 400/);
    },
  },
});

/** The local midnights of the browser's own time zone, as the app computes them. */
const localRange = (page: Page, from: string, to: string) =>
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

interface Range {
  readonly fromDay: string;
  readonly toDay: string;
  readonly fromShown: string;
  /** The service's records of those days, newest first. */
  readonly inRange: ServiceItem[];
}

/** Two weeks, three months before the newest record, and what the story's own service holds in them. */
async function theRange(session: SignedInApp): Promise<Range> {
  const service = historyService(session);
  const all = await service.all({ orderBy: 'date', sortOrder: 'desc' });
  const start = new Date(Date.parse(all[0]?.date ?? '') - 100 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const fromDay = day(start);
  const toDay = day(new Date(start.getTime() + 13 * 86_400_000));
  const { since, until, fromShown } = await localRange(session.page, fromDay, toDay);
  const inRange = all.filter((item) => {
    const ms = Date.parse(item.date);
    return ms >= since && ms < until;
  });
  return { fromDay, toDay, fromShown, inRange };
}

/** The story's range, typed into the Dates fields as a user does, and its count of transactions waited for. */
async function narrowedToRange(session: SignedInApp): Promise<Range> {
  const range = await theRange(session);
  const dates = session.page.getByRole('group', { name: 'Dates' });
  await dates.getByLabel('From').fill(range.fromDay);
  await dates.getByLabel('To').fill(range.toDay);
  await expect(pageStatus(session.page)).toContainText(`${range.inRange.length} transactions`);
  await expectReferences(session.page, references(range.inRange.slice(0, 50)));
  return range;
}

/** The third row of the table, labelled from its detail; the detail is closed again. */
async function labelThirdRow(page: Page, label: string): Promise<void> {
  await dataRows(historyTable(page)).nth(2).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'My label' }).fill(label);
  await dialog.getByRole('button', { name: 'Save label' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Label saved.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

const references = (items: readonly ServiceItem[]) => items.map((item) => item.referenceId);

// Each story has its own sandbox and app (OWN_APP): it sets the range and labels it needs itself.
test.describe(
  'History tools: a date range, jump to page, my labels and JSON export of the filtered view',
  { tag: OWN_APP },
  () => {
    // Every story's own page threw nothing.
    test.afterEach(({ signedInApp: session }) => {
      expect(session.pageErrors).toEqual([]);
    });

    test('narrows to a date range, whole local days, described in the locale, and refuses an inverted one', async ({
      signedInApp: session,
    }) => {
      const { page } = session;
      const { fromDay, toDay, fromShown, inRange } = await theRange(session);
      const dates = page.getByRole('group', { name: 'Dates' });
      await dates.getByLabel('From').fill(fromDay);
      await dates.getByLabel('To').fill(toDay);
      expect(inRange.length).toBeGreaterThan(50);
      await expectReferences(page, references(inRange.slice(0, 50)));
      await expect(pageStatus(page)).toContainText(`${inRange.length} transactions`);
      await expect(dates).toContainText(`From ${fromShown} to `);

      await dates.getByLabel('To').fill('2020-01-01');
      await expect(
        page.getByRole('alert').filter({ hasText: 'The To date must be on or after the From date.' }),
      ).toBeVisible();
      await expect(dates.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
      await expectReferences(page, references(inRange.slice(0, 50)));
      await dates.getByLabel('To').fill(toDay);
      await expect(page.getByRole('alert')).toHaveCount(0);
    });

    test('jumps to a typed page, clamping past the end with a message', async ({ signedInApp: session }) => {
      const { page } = session;
      const { inRange } = await narrowedToRange(session);
      const jump = page.getByRole('form', { name: 'Jump to page' });
      const field = jump.getByRole('textbox', { name: 'Go to page' });
      const last = Math.ceil(inRange.length / 50);
      await field.fill('2');
      await jump.getByRole('button', { name: 'Go' }).click();
      await expectReferences(page, references(inRange.slice(50, 100)));
      await field.fill('9999');
      await jump.getByRole('button', { name: 'Go' }).click();
      await expect(pageStatus(page)).toHaveText(new RegExp(`Page ${last} of ${last}`));
      await expect(jump.getByRole('status')).toHaveText(`There are only ${last} pages; showing page ${last}.`);
      await field.fill('two');
      await field.press('Enter');
      await expect(jump.getByRole('status')).toHaveText('Enter a whole page number, such as 3.');
      await expect(pageStatus(page)).toHaveText(new RegExp(`Page ${last} of ${last}`));
      await page.getByRole('button', { name: 'First page' }).click();
      await expectReferences(page, references(inRange.slice(0, 50)));
    });

    test('labels a row from its detail, shows it in the table, refuses bidi marks and keeps it after a reload', async ({
      signedInApp: session,
    }) => {
      const { page } = session;
      const { inRange } = await narrowedToRange(session);
      const third = () => dataRows(historyTable(page)).nth(2);
      await third().click();
      const dialog = page.getByRole('dialog');
      const field = dialog.getByRole('textbox', { name: 'My label' });
      await field.fill('Pay\u202Eroll');
      await dialog.getByRole('button', { name: 'Save label' }).click();
      await expect(dialog.getByRole('alert').filter({ hasText: 'Remove line breaks' })).toBeVisible();
      await field.fill('Office rent, November');
      await dialog.getByRole('button', { name: 'Save label' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Label saved.');
      await expect(dialog.getByRole('definition').filter({ hasText: 'Office rent, November' })).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // The table has room for its My label column in a wide window; narrower ones leave it to the detail.
      await page.setViewportSize({ width: 1920, height: 1080 });
      await expect(third().getByRole('cell').nth(10)).toHaveText('Office rent, November');

      await reloadSignedInApp(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'History' }).click();
      await expectReferences(page, references(inRange.slice(0, 50)));
      await expect(third().getByRole('cell').nth(10)).toHaveText('Office rent, November');
      await page.setViewportSize({ width: 1280, height: 720 });
    });

    test('exports exactly the filtered view, date range and my label included, as JSON', async ({
      signedInApp: session,
    }) => {
      const { page } = session;
      const { inRange } = await narrowedToRange(session);
      await labelThirdRow(page, 'Office rent, November');
      const target = join(session.userDataDir, 'range.json');
      let suggested = '';
      session.app.saveDialog.choose = async (name) => {
        suggested = name;
        return target;
      };
      await page.getByRole('combobox', { name: 'Export as' }).selectOption({ label: 'JSON for programs' });
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      // Writing every record of the range: more than an ordinary assertion's wait on a loaded machine.
      await expect(page.getByText(`Export finished: ${inRange.length} transactions`)).toBeVisible({ timeout: 60_000 });
      expect(suggested).toMatch(/^wallet-desk-history-\d{4}-\d{2}-\d{2}\.json$/);
      const records = JSON.parse(await readFile(target, 'utf8')) as Array<{ referenceId: string; userLabel: string }>;
      expect(records.map((record) => record.referenceId)).toEqual(references(inRange));
      expect(records.filter((record) => record.userLabel !== '')).toEqual([
        expect.objectContaining({ referenceId: inRange[2]?.referenceId, userLabel: 'Office rent, November' }),
      ]);
    });

    test('exports the date range for Koinly in euros, and the file reads back as Koinly documents it', async ({
      signedInApp: session,
    }) => {
      const { page } = session;
      const { fromDay, toDay, inRange } = await theRange(session);
      const dates = page.getByRole('group', { name: 'Dates' });
      await dates.getByLabel('From').fill(fromDay);
      await dates.getByLabel('To').fill(toDay);
      await expect(pageStatus(page)).toContainText(`${inRange.length} transactions`);
      const target = join(session.userDataDir, 'range-koinly.csv');
      let suggested = '';
      session.app.saveDialog.choose = async (name) => {
        suggested = name;
        return target;
      };
      await page.getByRole('combobox', { name: 'Export as' }).selectOption({ label: 'Koinly (universal CSV)' });
      await page.getByRole('combobox', { name: 'Value in' }).selectOption('EUR');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const completed = inRange.filter((item) => item.status === 'Completed');
      const others = inRange.length - completed.length;
      expect(others).toBeGreaterThan(1);
      // Writing every record of the range: more than an ordinary assertion's wait on a loaded machine.
      await expect(page.getByText(`Export finished: ${completed.length} transactions`)).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByText(`${others} transactions that are not completed were left out.`)).toBeVisible();
      expect(suggested).toMatch(/^wallet-desk-history-\d{4}-\d{2}-\d{2}-koinly\.csv$/);

      const text = await readFile(target, 'utf8');
      expect(text.split('\r\n')[0]).toBe(
        'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
      );
      const rows = parse(text, { columns: true }) as Array<Record<string, string>>;
      expect(rows).toHaveLength(completed.length);
      const mismatches = rows.flatMap((row, index) => {
        const item = completed[index];
        if (!item) return [index];
        const amount = new Decimal(String(Math.abs(item.amount))).toFixed();
        const out = item.type === 'Withdraw';
        const same =
          row.Date === `${item.date.slice(0, 10)} ${item.date.slice(11, 16)} UTC` &&
          row[out ? 'Sent Amount' : 'Received Amount'] === amount &&
          row[out ? 'Received Amount' : 'Sent Amount'] === '' &&
          row['Net Worth Currency'] === 'EUR' &&
          row['Net Worth Amount'] ===
            new Decimal(amount).times(String(item.prices.eur)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) &&
          row.TxHash === (item.txId ?? '');
        return same ? [] : [index];
      });
      expect(mismatches).toEqual([]);
    });

    test('imports BIP-329 labels after showing what they change, and exports them again', async ({
      signedInApp: session,
    }) => {
      const { page } = session;
      const service = historyService(session);
      const newest = (await service.query({ orderBy: 'date', sortOrder: 'desc', page: 1, recordsPerPage: 50 })).items;
      const record = newest.find((item) => (item.txId ?? '') !== '');
      if (!record?.txId) throw new Error('the newest page has no record with a hash');
      const file = join(session.userDataDir, 'from-another-wallet.jsonl');
      await writeFile(
        file,
        [
          JSON.stringify({ type: 'tx', ref: record.txId, label: 'Imported from Sparrow' }),
          JSON.stringify({ type: 'xpub', ref: 'xpub661MyMwAqRbcF', label: 'Cold storage' }),
          '',
        ].join('\n'),
      );
      await page.getByLabel('Import labels').setInputFiles(file);
      const dialog = page.getByRole('dialog', { name: 'Import labels' });
      await expect(dialog).toContainText('New: 1 label.');
      await expect(dialog).toContainText('Of a kind this app does not keep: 1 label.');
      await expect(dialog.getByRole('table', { name: 'Labels this import changes' })).toContainText(
        'Imported from Sparrow',
      );
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('Imported: 1 label added, 0 labels replaced.')).toBeVisible();

      const target = join(session.userDataDir, 'labels-out.jsonl');
      session.app.saveDialog.choose = async () => target;
      await page.getByRole('button', { name: 'Export labels' }).click();
      await expect(page.getByText(/^Saved \d+ labels? of transactions/)).toBeVisible();
      const lines = (await readFile(target, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown);
      expect(lines).toContainEqual({ type: 'tx', ref: record.txId, label: 'Imported from Sparrow' });
    });
  },
);
