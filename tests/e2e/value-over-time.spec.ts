import Decimal from 'decimal.js';
import type { Locator, Page } from '@playwright/test';
import { seededPortfolio } from '../support/seeded-wallets';
import { expectedFormats } from './support/amount-formats';
import { expect, test } from './support/fixtures';
import type { SignedInApp } from './support/signed-in-app';
import { dataRows } from './support/table-rows';

test.use({ appOptions: { username: 'alice' } });

// Assertions wait for the app to catch up (the history is read after the balances); they do not time it.
const patiently = { timeout: 30_000 };

const valueFigure = (page: Page, currency: string, days: number) =>
  page.getByRole('figure', { name: `Portfolio value in ${currency}, last ${days} days` });
const drawing = (figure: Locator) => figure.locator('svg[aria-hidden="true"]');
const rangeButton = (page: Page, days: number) =>
  page.getByRole('group', { name: 'Days to show' }).getByRole('button', { name: `Last ${days} days` });

function activeAccountGuid(session: SignedInApp): string {
  const guid = session.app.core.session.view().activeAccountGuid;
  if (!guid) throw new Error('no active account');
  return guid;
}

async function localeOf(page: Page): Promise<string> {
  return page.evaluate(() => navigator.language);
}

/** The local calendar day `back` days before today, as the chart's axis and the table write it. */
function dayBefore(back: number, locale: string, withYear: boolean): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
  const options: Intl.DateTimeFormatOptions = withYear
    ? { year: 'numeric', month: 'short', day: 'numeric' }
    : { month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat(locale, options).format(day);
}

/** Today's value: the sandbox's seeded amounts at its prices, summed exactly here, not by the app. */
function todaysValueUsd(session: SignedInApp): string {
  return seededPortfolio(activeAccountGuid(session))
    .wallets.reduce((sum, wallet) => sum.plus(new Decimal(wallet.amount).times(wallet.priceUsd)), new Decimal(0))
    .toString();
}

test.describe('Home: portfolio value over time, drawn with its axes and kept as a table', () => {
  test('draws 30 days with dates and values on its axes, and today as the balances say', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await rangeButton(page, 30).click();
    const figure = valueFigure(page, 'US dollars', 30);
    await expect(drawing(figure)).toBeVisible(patiently);
    const locale = await localeOf(page);
    const dayLabels = drawing(figure).locator('text.chart-day');
    await expect(dayLabels.first()).toHaveText(dayBefore(29, locale, false));
    await expect(dayLabels.last()).toHaveText(dayBefore(0, locale, false));
    const currencySign = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' })
      .formatToParts(0)
      .find((part) => part.type === 'currency')!.value;
    const valueLabels = drawing(figure).locator('.chart-axis text:not(.chart-day)');
    expect(await valueLabels.count()).toBeGreaterThanOrEqual(2);
    for (const label of await valueLabels.allTextContents()) expect(label).toContain(currencySign);

    const table = figure.getByRole('table', { name: 'Portfolio value in US dollars, last 30 days' });
    await expect(table.getByRole('columnheader')).toHaveText(['Day', 'Value', 'How it is valued']);
    const rows = dataRows(table);
    await expect(rows).toHaveCount(30);
    await expect(rows.first().getByRole('rowheader')).toHaveText(dayBefore(0, locale, true));
    await expect(rows.first().getByRole('cell').first()).toHaveText(
      expectedFormats(locale).usd(todaysValueUsd(session)),
    );
    await expect(rows.first().getByRole('cell').last()).toHaveText('Every asset at today’s price.');
    await expect(page.getByText('Today is valued at today’s prices.', { exact: false })).toBeVisible();
    expect(session.pageErrors).toEqual([]);
  });

  test('range buttons are named toggles: one pressed, its days drawn and listed', async ({ signedInApp: session }) => {
    const { page } = session;
    const locale = await localeOf(page);
    await rangeButton(page, 7).click();
    for (const days of [7, 30, 90, 365]) {
      await expect(rangeButton(page, days)).toHaveAttribute('aria-pressed', days === 7 ? 'true' : 'false');
    }
    const week = valueFigure(page, 'US dollars', 7);
    await expect(dataRows(week.getByRole('table'))).toHaveCount(7, patiently);
    await expect(drawing(week).locator('text.chart-day').first()).toHaveText(dayBefore(6, locale, false));

    await rangeButton(page, 365).click();
    await expect(rangeButton(page, 365)).toHaveAttribute('aria-pressed', 'true');
    await expect(rangeButton(page, 7)).toHaveAttribute('aria-pressed', 'false');
    const year = valueFigure(page, 'US dollars', 365);
    await expect(dataRows(year.getByRole('table'))).toHaveCount(365, patiently);
    // A year spans two calendar years: the axis writes them.
    await expect(drawing(year).locator('text.chart-day').first()).toHaveText(dayBefore(364, locale, true));
    await expect(drawing(year).locator('text.chart-day').last()).toHaveText(dayBefore(0, locale, true));
    // The whole year of the 20,000-record account was read: no day is left out.
    await expect(page.getByText('are not drawn', { exact: false })).toHaveCount(0);
    await expect(year.getByRole('cell', { name: 'None', exact: true })).toHaveCount(0);
    expect(session.pageErrors).toEqual([]);
  });

  test('values in the chosen currency and says how today is converted', async ({ signedInApp: session }) => {
    const { page } = session;
    await rangeButton(page, 30).click();
    await page.getByLabel('Currency').selectOption('eur');
    const figure = valueFigure(page, 'euros', 30);
    await expect(drawing(figure)).toBeVisible(patiently);
    const locale = await localeOf(page);
    const euro = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' })
      .formatToParts(0)
      .find((part) => part.type === 'currency')!.value;
    for (const label of await drawing(figure).locator('.chart-axis text:not(.chart-day)').allTextContents()) {
      expect(label).toContain(euro);
    }
    await expect(
      page.getByText('they are turned into euros at the rate of the newest record.', { exact: false }),
    ).toBeVisible();
    await page.getByLabel('Currency').selectOption('usd');
    await expect(valueFigure(page, 'US dollars', 30)).toBeVisible();
  });

  test('privacy mode hides the values: no numbers on the axis, masked cells in the table', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await rangeButton(page, 7).click();
    const figure = valueFigure(page, 'US dollars', 7);
    await expect(dataRows(figure.getByRole('table'))).toHaveCount(7, patiently);
    const privacy = page.getByRole('button', { name: 'Privacy mode' });
    await privacy.click();
    try {
      await expect(figure.getByLabel('Hidden amount')).toHaveCount(7);
      await expect(drawing(figure).locator('.chart-axis text:not(.chart-day)')).toHaveCount(0);
      await expect(figure.getByRole('table')).not.toContainText('$');
    } finally {
      await privacy.click();
    }
    await expect(figure.getByLabel('Hidden amount')).toHaveCount(0);
  });

  test('"Show as table" swaps the drawing for the table; the drawing fills its card', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await rangeButton(page, 30).click();
    const figure = valueFigure(page, 'US dollars', 30);
    await expect(drawing(figure)).toBeVisible(patiently);
    const card = await figure.boundingBox();
    const drawn = await drawing(figure).boundingBox();
    // The card's padding aside, the drawing spans it.
    expect(drawn!.width).toBeGreaterThan(card!.width - 48);
    const toggle = figure.getByRole('button', { name: 'Show as table' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(drawing(figure)).toHaveCount(0);
    await expect(figure.getByRole('table')).toBeVisible();
    await toggle.click();
    await expect(drawing(figure)).toBeVisible();
  });
});

test.describe('Home: value over time with a history that could not all be read', () => {
  test('names the days it could not rebuild instead of drawing them', async ({ signedInApp: session }) => {
    const { page, sandbox } = session;
    const month = valueFigure(page, 'US dollars', 30);
    await expect(drawing(month)).toBeVisible(patiently);
    // The year's first page answers; the second waits until a failure is armed for it alone.
    await sandbox.faults.set({ holdPath: '/api/OAuth/transactions', holdAfter: 1 });
    try {
      await rangeButton(page, 365).click();
      await sandbox.faults.whenHeld(1);
      await expect(page.getByText('Reading the history for the value over time…')).toBeVisible();
      await sandbox.faults.set({ failNext: 1, failNextPath: '/api/OAuth/transactions' });
      await sandbox.faults.releaseHeld();
      const year = valueFigure(page, 'US dollars', 365);
      await expect(page.getByText('The history could not be read further back', { exact: false })).toBeVisible(
        patiently,
      );
      const rows = dataRows(year.getByRole('table'));
      await expect(rows).toHaveCount(365);
      // Today is drawn; the year's oldest day is not, and says why.
      await expect(rows.first().getByRole('cell').first()).not.toHaveText('None');
      await expect(rows.last().getByRole('cell')).toHaveText([
        'None',
        'Not rebuilt: the history after this day was not all read.',
      ]);
    } finally {
      await sandbox.faults.reset();
    }
    expect(session.pageErrors).toEqual([]);
  });
});
