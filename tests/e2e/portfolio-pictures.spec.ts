import Decimal from 'decimal.js';
import type { Locator, Page } from '@playwright/test';
import { seededPortfolio } from '../support/seeded-wallets';
import { HISTORY_ANCHOR_MS } from '../../sandbox/data/seeded-history';
import { api, login } from '../sandbox/helpers';
import { expectedFormats } from './support/amount-formats';
import { expect, test } from './support/fixtures';
import type { SignedInApp } from './support/signed-in-app';
import { dataRows } from './support/table-rows';

test.use({ appOptions: { username: 'alice' } });

// Assertions wait for the app to catch up (the pictures load after the balances, from the account's whole
// history); they do not time it. On a machine busy with other work that read took over 15 s in a CI run, so
// the wait is as long as settled()'s, within the story's own time.
const patiently = { timeout: 60_000 };

function activeAccountGuid(session: SignedInApp): string {
  const guid = session.app.core.session.view().activeAccountGuid;
  if (!guid) throw new Error('no active account');
  return guid;
}

const allocation = (page: Page) => page.getByRole('figure', { name: 'Allocation by asset' });
const flows = (page: Page) => page.getByRole('figure', { name: 'Deposits and withdrawals per day, last 7 days' });

/** The drawing: hidden from assistive tech (no role reaches it), so found as the figure's aria-hidden svg. */
const drawing = (figure: Locator) => figure.locator('svg[aria-hidden="true"]');

/** A table row's cells as the user reads them, the row header (the asset or day) first. */
const cellsOf = (row: Locator) => row.getByRole('rowheader').or(row.getByRole('cell'));

/** Every row of the figure's table reads as expected, top to bottom, and there are no others. */
async function expectTableRows(figure: Locator, rows: string[][], options = patiently): Promise<void> {
  const shown = dataRows(figure.getByRole('table'));
  await expect(shown).toHaveCount(rows.length, options);
  for (const [index, cells] of rows.entries()) await expect(cellsOf(shown.nth(index))).toHaveText(cells, options);
}

/**
 * Whether the figure's table can be seen: visually hidden, the box holding it is clipped to a single
 * pixel, which no assertion of Playwright's reads (the table is in the accessibility tree either way).
 */
async function expectTableSeen(figure: Locator, seen: boolean): Promise<void> {
  const holder = figure.getByRole('table').locator('xpath=..');
  await expect
    .poll(async () => {
      const box = await holder.boundingBox();
      return box !== null && box.width > 1 && box.height > 1;
    })
    .toBe(seen);
}

async function localeOf(page: Page): Promise<string> {
  return page.evaluate(() => navigator.language);
}

/** The seeded wallets' values and shares, worked out here from the sandbox's numbers, not the app's. */
async function expectedAllocation(session: SignedInApp): Promise<string[][]> {
  const locale = await localeOf(session.page);
  const formats = expectedFormats(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const held = seededPortfolio(activeAccountGuid(session)).wallets.filter((wallet) =>
    new Decimal(wallet.valueUsd).gt(0),
  );
  const total = held.reduce((sum, wallet) => sum.plus(wallet.valueUsd), new Decimal(0));
  return held.map((wallet) => [
    wallet.code,
    formats.usd(wallet.valueUsd),
    percent.format(new Decimal(wallet.valueUsd).div(total).toString() as Intl.StringNumericLiteral),
  ]);
}

/**
 * The seeded history ends at HISTORY_ANCHOR_MS whatever the day the suite runs: the flows story holds the
 * page's clock two days after it, so its last 7 days hold seeded deposits and withdrawals on any day.
 */
const FLOWS_TODAY = new Date(HISTORY_ANCHOR_MS + 2 * 24 * 3600 * 1000);

/**
 * Deposits and withdrawals per local day of the last 7 days, worked out here from what the service itself
 * answers (asked with a token of the test's own), completed records only.
 */
async function expectedFlows(session: SignedInApp): Promise<string[][]> {
  const locale = await localeOf(session.page);
  const formats = expectedFormats(locale);
  const token = (await login(session.sandbox, 'alice')).access_token;
  const now = FLOWS_TODAY;
  const days = Array.from(
    { length: 7 },
    (_, index) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6 + index),
  );
  const key = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
  const sums = new Map(days.map((day) => [key(day), { in: new Decimal(0), out: new Decimal(0) }]));
  for (let n = 1; ; n += 1) {
    const answer = await api<{
      totalPages: number;
      items: { date: string; value: number; status: string; type: string }[];
    }>(session.sandbox, 'POST', '/transactions', {
      token,
      account: activeAccountGuid(session),
      body: { page: n, recordsPerPage: 500, orderBy: 'date', sortOrder: 'desc' },
    });
    const data = answer.body.data;
    for (const item of data.items) {
      const bucket = sums.get(key(new Date(item.date)));
      if (!bucket || item.status !== 'Completed') continue;
      const value = new Decimal(String(item.value)).abs();
      // Direction by spec 2.2's `type`: a swap's incoming leg is a Deposit with the swap's withdrawType.
      if (item.type === 'Deposit') bucket.in = bucket.in.plus(value);
      else if (item.type === 'Withdraw') bucket.out = bucket.out.plus(value);
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

test.describe('Home: portfolio pictures, each a named figure with its numbers as a table', () => {
  test('draws the allocation by asset and keeps a table of the same numbers for assistive tech', async ({
    signedInApp: session,
  }) => {
    const figure = allocation(session.page);
    await expect(figure).toBeVisible(patiently);
    // The drawing is hidden from the accessibility tree; the table (visually hidden) carries the numbers.
    await expect(drawing(figure)).toBeVisible(patiently);
    await expect(figure.getByRole('table', { name: 'Allocation by asset' })).toBeAttached();
    await expectTableSeen(figure, false);
    await expectTableRows(figure, await expectedAllocation(session));
  });

  test('each drawing uses the width of its card, in a wide window too', async ({ signedInApp: session }) => {
    const { page } = session;
    const before = page.viewportSize();
    await page.setViewportSize({ width: 1600, height: 900 });
    try {
      for (const name of ['Allocation by asset', /^Deposits and withdrawals per day/]) {
        const picture = page.getByRole('figure', { name });
        await expect(drawing(picture)).toBeVisible(patiently);
        await expect
          .poll(async () => {
            const card = await picture.boundingBox();
            const drawn = await drawing(picture).boundingBox();
            // The card's padding aside, the drawing spans it (it used to stop at a fixed width).
            return card !== null && drawn !== null && drawn.width > card.width - 48;
          }, patiently)
          .toBe(true);
      }
    } finally {
      if (before) await page.setViewportSize(before);
    }
  });

  test('"Show as table" swaps the drawing for the visible table, and back', async ({ signedInApp: session }) => {
    const figure = allocation(session.page);
    const toggle = figure.getByRole('button', { name: 'Show as table' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expectTableSeen(figure, true);
    await expect(figure.locator('svg')).toHaveCount(0);
    await expectTableRows(figure, await expectedAllocation(session));
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(drawing(figure)).toBeVisible();
    await expectTableSeen(figure, false);
  });

  test('hides every amount and share in privacy mode, in the drawing and in the table', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    const figure = allocation(page);
    const privacy = page.getByRole('button', { name: 'Privacy mode' });
    const shown = await expectedAllocation(session);
    await expect(drawing(figure).locator('text')).toHaveText(shown.flatMap(([code, , share]) => [code!, share!]));
    await privacy.click();
    try {
      await expect(figure.getByLabel('Hidden amount')).toHaveCount(shown.length * 2);
      await expectTableRows(
        figure,
        shown.map(([code]) => [code!, '•••••', '•••••']),
      );
      // Only the asset codes remain drawn: no share or value.
      await expect(drawing(figure).locator('text')).toHaveText(shown.map(([code]) => code!));
      await expect(figure).not.toContainText(/\$|%|\d/);
    } finally {
      await privacy.click();
    }
    await expectTableRows(figure, shown);
    expect(session.pageErrors).toEqual([]);
  });

  test('draws deposits and withdrawals per day for the chosen range, with the same numbers as a table', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    const figure = flows(page);
    await page.clock.setFixedTime(FLOWS_TODAY);
    await page.getByLabel('Range').selectOption('7');
    await expect(drawing(figure)).toBeVisible(patiently);
    const expected = await expectedFlows(session);
    const zero = expectedFormats(await localeOf(page)).usd('0');
    expect(expected.some((row) => row[1] !== zero || row[2] !== zero)).toBe(true);
    await expectTableRows(figure, expected);

    await page.getByRole('button', { name: 'Privacy mode' }).click();
    try {
      await expect(figure.getByLabel('Hidden amount')).toHaveCount(7 * 2);
      await expect(figure.getByRole('table')).not.toContainText('$');
    } finally {
      await page.getByRole('button', { name: 'Privacy mode' }).click();
    }
    await expectTableRows(figure, expected);
    expect(session.pageErrors).toEqual([]);
  });
});
