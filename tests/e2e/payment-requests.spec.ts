import type { Page } from '@playwright/test';
import type { RunningSandbox } from '../../sandbox/server';
import { accessibilityViolations } from './support/accessibility';
import { expect, openScreen, signIn, test } from './support/fixtures';
import { dataRows } from './support/table-rows';

/** Connection refused at once: the sandbox's callback delivery gives up without a wait. */
const CALLBACK = 'http://127.0.0.1:9/payments';

const requestsTable = (page: Page) => page.getByRole('table', { name: 'Payment requests' });
const requestRow = (page: Page, label: string) => dataRows(requestsTable(page)).filter({ hasText: label });

/** A payer's deposit, through the sandbox's control API (sandbox/README.md "Control API"). */
async function pay(sandbox: RunningSandbox, address: string, amount: string): Promise<void> {
  const response = await fetch(`${sandbox.origin}/__sandbox/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amount, retryDelayMs: 0, timeoutMs: 200 }),
  });
  expect(response.status).toBe(200);
}

/** Opens Payment requests from the main navigation with the keyboard alone. */
async function openWithKeyboard(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Payment requests', exact: true })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment requests', exact: true })).toBeVisible();
}

test.describe('Payment requests', () => {
  test('a deposit address becomes a payment request: paid in part, then in full, kept across a restart, hidden from another user', async ({
    launchSandbox,
    launchApp,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const first = await launchSignedInApp({ username: 'alice', sandbox });
    const { page } = first;
    await page.setViewportSize({ width: 800, height: 600 });

    await openScreen(page, 'Receive');
    const form = page.getByRole('form', { name: 'New deposit address' });
    await form.getByRole('combobox', { name: 'Asset and network' }).selectOption('BTC');
    await form.getByRole('textbox', { name: 'Label' }).fill('Invoice 41');
    // The form proposes a reference of its own first; the story's replaces it once it is there.
    const reference = form.getByRole('textbox', { name: 'Reference id' });
    await expect(reference).toHaveValue(/^dep-/);
    await reference.fill('invoice-41');
    await form.getByRole('textbox', { name: 'Callback URL' }).fill(CALLBACK);
    await form.getByRole('textbox', { name: 'Expected amount (optional, in BTC)' }).fill('0.3');
    await form.getByRole('button', { name: 'Create deposit address' }).click();
    const shown = page.getByRole('region', { name: 'Deposit address created' }).getByRole('group', {
      name: 'Deposit address',
    });
    await expect(shown).toHaveText(/^bc1/);
    const address = ((await shown.textContent()) ?? '').trim();

    await openWithKeyboard(page);
    const row = requestRow(page, 'invoice-41');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Invoice 41');
    await expect(row).toContainText(address);
    await expect(row.getByText('Waiting', { exact: true })).toBeVisible();
    // The whole table is inside an 800 pixel wide window.
    const box = await requestsTable(page).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(800);

    await pay(sandbox, address, '0.1');
    await page.getByRole('button', { name: 'Check statuses' }).click();
    await expect(row.getByText('Partly paid', { exact: true })).toBeVisible();
    await expect(row).toContainText('One deposit found.');

    await pay(sandbox, address, '0.2');
    await page.getByRole('button', { name: 'Check statuses' }).click();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row).toContainText('2 deposits found.');

    // Quit and launch again on the same computer: the stored session comes back, and so does the request.
    await first.dispose();
    const again = await launchApp({ sandbox, secrets: first.secrets, userDataDir: first.userDataDir });
    await expect(again.page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 20_000 });
    await openScreen(again.page, 'Payment requests');
    const kept = requestRow(again.page, 'invoice-41');
    await expect(kept).toHaveCount(1);
    await expect(kept.getByText('Paid', { exact: true })).toBeVisible();

    // Another user of the same computer sees none of them.
    await again.page.getByRole('button', { name: 'Sign out' }).click();
    await expect(again.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const carol = await signIn(again, 'carol');
    await openScreen(carol.page, 'Payment requests');
    await expect(carol.page.getByText('There are no payment requests yet.', { exact: false })).toBeVisible();
    await expect(requestsTable(carol.page)).toHaveCount(0);
  });

  test('searches, filters by status, exports the list shown and deletes a request only after asking', async ({
    launchSandbox,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const session = await launchSignedInApp({ username: 'alice', sandbox });
    const { page } = session;
    const created: Record<string, string> = {};
    await openScreen(page, 'Receive');
    const form = page.getByRole('form', { name: 'New deposit address' });
    for (const label of ['Order north', 'Order south']) {
      await form.getByRole('combobox', { name: 'Asset and network' }).selectOption('LTC');
      await form.getByRole('textbox', { name: 'Label' }).fill(label);
      await form.getByRole('textbox', { name: 'Callback URL' }).fill(CALLBACK);
      await form.getByRole('textbox', { name: 'Expected amount (optional, in LTC)' }).fill('1');
      await form.getByRole('button', { name: 'Create deposit address' }).click();
      const shown = page.getByRole('region', { name: 'Deposit address created' }).getByRole('group', {
        name: 'Deposit address',
      });
      await expect(shown).toHaveText(/^ltc1/);
      await expect(page.getByRole('table', { name: 'Deposit addresses created in this session' })).toContainText(label);
      created[label] = ((await shown.textContent()) ?? '').trim();
    }
    await pay(sandbox, created['Order south']!, '1');

    await openScreen(page, 'Payment requests');
    await expect(requestRow(page, 'Order south').getByText('Paid', { exact: true })).toBeVisible();
    await expect(requestRow(page, 'Order north').getByText('Waiting', { exact: true })).toBeVisible();

    // Axe's WCAG 2.1 AA rules on the list with its statuses, as people spend time in it.
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('searchbox', { name: 'Search' }).fill('north');
    await expect(dataRows(requestsTable(page))).toHaveCount(1);
    await expect(requestRow(page, 'Order north')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Paid' });
    await expect(dataRows(requestsTable(page))).toHaveCount(1);
    await expect(requestRow(page, 'Order south')).toHaveCount(1);

    let saved = '';
    session.app.saveDialog.choose = async (name) => {
      saved = `${session.userDataDir}/${name}`;
      return saved;
    };
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'One payment request was exported to' })).toBeVisible();
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(saved, 'utf8')).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Order south');
    expect(lines[1]).toContain(',Paid,');

    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All statuses' });
    const north = requestRow(page, 'Order north');
    await north.getByRole('button', { name: /^Delete payment request/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this payment request?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(north).toHaveCount(1);
    await north.getByRole('button', { name: /^Delete payment request/ }).click();
    await dialog.getByRole('button', { name: 'Delete payment request' }).click();
    await expect(page.getByRole('status').filter({ hasText: /The payment request .* was deleted\./ })).toBeVisible();
    await expect(dataRows(requestsTable(page))).toHaveCount(1);
    await expect(requestRow(page, 'Order north')).toHaveCount(0);
  });
});
