import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { MessageId } from '../../resources/locales/catalogues';
import { expect, OWN_APP, test } from './support/fixtures';
import { historyService, type ServiceItem } from './support/history-table';
import { definitionOf, exactly } from './support/page-text';
import { textIn } from './support/shown-language';
import { completeBrowserSignIn, type AppSession, type SignedInApp } from './support/signed-in-app';
import { dataRows } from './support/table-rows';

/**
 * History read and exported in German and in Turkish: the screen opened by its name in the language, a date
 * range chosen and the next page turned, one record's detail, and the complete CSV export, whose header row,
 * direction and kind are the language's words (docs/exports.md, "The complete export") while its dates and
 * amounts stay as that section documents them for every language. Every word is read from the catalogues the
 * app reads, so an English word left on the way fails the story.
 */

const languages = [
  { language: 'de', locale: 'de-DE' },
  { language: 'tr', locale: 'tr-TR' },
] as const;

/** The complete export's columns, in the order docs/exports.md lists them. */
const COLUMNS: readonly MessageId[] = [
  'mainHistory.csv.account',
  'mainHistory.csv.date',
  'mainHistory.csv.direction',
  'mainHistory.csv.kind',
  'mainHistory.csv.asset',
  'mainHistory.csv.assetName',
  'mainHistory.csv.network',
  'mainHistory.csv.amount',
  'mainHistory.csv.fee',
  'mainHistory.csv.feeAsset',
  'mainHistory.csv.fiatValue',
  'mainHistory.csv.fiatCurrency',
  'mainHistory.csv.fiatMissing',
  'mainHistory.csv.status',
  'mainHistory.csv.label',
  'mainHistory.csv.note',
  'mainHistory.csv.counterparty',
  'mainHistory.csv.walletAddress',
  'mainHistory.csv.txId',
  'mainHistory.csv.reference',
  'mainHistory.csv.merchantTxId',
  'mainHistory.csv.autoCollected',
];

type Shown = ReturnType<typeof textIn>;

/** Direction as docs/exports.md reads it: Deposit in, Withdraw out, any other type by its withdrawType. */
function directionOf(item: ServiceItem): 'mainHistory.csv.in' | 'mainHistory.csv.out' {
  if (item.type === 'Deposit') return 'mainHistory.csv.in';
  if (item.type === 'Withdraw') return 'mainHistory.csv.out';
  return item.withdrawType === 0 ? 'mainHistory.csv.in' : 'mainHistory.csv.out';
}

/** The kind in words as docs/exports.md lists them, keyed as the main process's catalogue keys them. */
function exportedKindOf(item: ServiceItem): MessageId {
  if (item.type === 'Deposit') return 'mainHistory.kind.deposit';
  switch (item.withdrawType) {
    case 1:
      return 'mainHistory.kind.send';
    case 2:
      return 'mainHistory.kind.swap';
    case 3:
      return 'mainHistory.kind.merchantApi';
    default:
      return 'mainHistory.kind.withdrawal';
  }
}

/** The kind the History screen shows for a record (its detail's Type). */
function shownKindOf(item: ServiceItem): MessageId {
  if (item.type === 'Deposit') return 'history.kind.deposit';
  switch (item.withdrawType) {
    case 1:
      return 'history.kind.send';
    case 2:
      return 'history.kind.swap';
    case 3:
      return 'history.kind.merchantApi';
    default:
      return 'history.kind.other';
  }
}

/**
 * Signs alice in as a person does, the app already in the language: the sign-in screen's button is found by
 * its name in the language, the provider's pages are the sandbox's own.
 */
async function signInAsAlice(session: AppSession, shown: Shown): Promise<SignedInApp> {
  const user = session.sandbox.info().users.find((candidate) => candidate.username === 'alice');
  if (!user) throw new Error('no sandbox user alice');
  await completeBrowserSignIn(
    session,
    user,
    () => session.page.getByRole('button', { name: shown('session.signIn.submit'), exact: true }).click(),
    {
      returned: (provider) =>
        expect(provider.getByRole('heading', { name: shown('signInPage.returned.title') })).toBeVisible({
          timeout: 15_000,
        }),
    },
  );
  await expect(session.page.getByRole('navigation', { name: shown('shell.nav') })).toBeVisible({ timeout: 20_000 });
  return { ...session, user };
}

/** Two weeks, three months before the newest record, as the browser's local days the Dates fields take. */
async function twoWeeks(session: SignedInApp): Promise<{ fromDay: string; toDay: string; inRange: ServiceItem[] }> {
  const all = await historyService(session).all({ orderBy: 'date', sortOrder: 'desc' });
  const start = new Date(Date.parse(all[0]?.date ?? '') - 100 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const fromDay = day(start);
  const toDay = day(new Date(start.getTime() + 13 * 86_400_000));
  const { since, until } = await localMidnights(session.page, fromDay, toDay);
  const inRange = all.filter((item) => {
    const ms = Date.parse(item.date);
    return ms >= since && ms < until;
  });
  return { fromDay, toDay, inRange };
}

/** The local midnights of the browser's own time zone, as the app computes them. */
const localMidnights = (page: Page, from: string, to: string) =>
  page.evaluate(
    ([a, b]) => {
      const [fy, fm, fd] = a.split('-').map(Number) as [number, number, number];
      const [ty, tm, td] = b.split('-').map(Number) as [number, number, number];
      return {
        since: new Date(fy, fm - 1, fd).getTime(),
        until: new Date(ty, tm - 1, td + 1).getTime(),
      };
    },
    [from, to] as const,
  );

for (const { language, locale } of languages) {
  const shown = textIn(language);

  test.describe(`History in ${language}`, { tag: OWN_APP }, () => {
    test(`opens History, narrows and pages it, shows a record and exports the complete CSV in ${language}`, async ({
      launchApp,
    }) => {
      const session = await signInAsAlice(await launchApp({ language, locale }), shown);
      const { page } = session;
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const { tradingGuid } = historyService(session);
      const account = page.getByRole('combobox', { name: shown('shell.topBar.account'), exact: true });
      await account.selectOption(tradingGuid);
      await expect(account).toHaveValue(tradingGuid);

      const title = shown('history.title');
      await page
        .getByRole('navigation', { name: shown('shell.nav') })
        .getByRole('button', { name: title, exact: true })
        .click();
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
      const table = page.getByRole('table', { name: shown('history.table.label'), exact: true });
      const pages = page.getByRole('navigation', { name: shown('history.pages.label'), exact: true });

      const { fromDay, toDay, inRange } = await twoWeeks(session);
      expect(inRange.length).toBeGreaterThan(50);
      const dates = page.getByRole('group', { name: shown('history.dates.legend'), exact: true });
      await dates.getByLabel(shown('history.dates.from'), { exact: true }).fill(fromDay);
      await dates.getByLabel(shown('history.dates.to'), { exact: true }).fill(toDay);
      const lastPage = Math.ceil(inRange.length / 50);
      await expect(pages.getByRole('status')).toHaveText(
        shown('history.pages.status', { page: 1, last: lastPage, count: inRange.length }),
      );
      await pages.getByRole('button', { name: shown('history.pages.next'), exact: true }).click();
      await expect(pages.getByRole('status')).toHaveText(
        shown('history.pages.status', { page: 2, last: lastPage, count: inRange.length }),
      );

      // The second page's first record, found by the name assistive tech reads for its row.
      const record = inRange[50];
      if (!record) throw new Error('the range has no second page');
      const row = dataRows(table).first();
      await expect(row).toHaveAccessibleName(new RegExp(`${record.referenceId}$`));
      await row.click();
      const detail = page.getByRole('dialog');
      await expect(definitionOf(detail, shown('history.detail.referenceId'))).toHaveText(record.referenceId);
      await expect(definitionOf(detail, shown('history.detail.type'))).toHaveText(shown(shownKindOf(record)));
      await detail.getByRole('button', { name: shown('history.detail.close'), exact: true }).click();
      await expect(detail).toBeHidden();

      const target = join(session.userDataDir, `history-${language}.csv`);
      session.app.saveDialog.choose = async () => target;
      await page
        .getByRole('combobox', { name: shown('history.export.as'), exact: true })
        .selectOption({ label: shown('history.export.format.csv') });
      await page.getByRole('button', { name: shown('history.export.start'), exact: true }).click();
      // Writing every record of the range: more than an ordinary assertion's wait on a loaded machine.
      await expect(
        page.getByRole('status').filter({
          hasText: exactly(
            `${shown('history.export.finished', { written: inRange.length })} ${shown('mainHistory.export.saved', { file: `history-${language}.csv` })}`,
          ),
        }),
      ).toBeVisible({ timeout: 60_000 });

      const text = await readFile(target, 'utf8');
      const [header, ...rows] = parse(text, { bom: true }) as string[][];
      expect(header).toEqual(COLUMNS.map((id) => shown(id)));
      expect(rows).toHaveLength(inRange.length);
      const column = (id: MessageId) => COLUMNS.indexOf(id);
      // Direction and kind in the language; the date and the amount as docs/exports.md writes them in every one.
      const mismatches = rows.flatMap((cells, index) => {
        const item = inRange[index];
        if (!item) return [{ index, cells }];
        const same =
          cells[column('mainHistory.csv.reference')] === item.referenceId &&
          cells[column('mainHistory.csv.direction')] === shown(directionOf(item)) &&
          cells[column('mainHistory.csv.kind')] === shown(exportedKindOf(item)) &&
          cells[column('mainHistory.csv.date')] === new Date(Date.parse(item.date)).toISOString() &&
          cells[column('mainHistory.csv.amount')] === new Decimal(String(Math.abs(item.amount))).toFixed();
        return same ? [] : [{ index, cells }];
      });
      expect(mismatches).toEqual([]);
      // Both directions are in the range, so both words were read, not only one.
      expect(new Set(rows.map((cells) => cells[column('mainHistory.csv.direction')]))).toEqual(
        new Set([shown('mainHistory.csv.in'), shown('mainHistory.csv.out')]),
      );
      expect(session.pageErrors).toEqual([]);
    });
  });
}
