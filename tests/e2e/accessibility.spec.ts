import type { Locator, Page } from '@playwright/test';
import { startSandbox } from '../../sandbox/server';
import { createCodeSource } from '../support/two-factor-codes';
import { accessibilityViolations } from './support/accessibility';
import { expect, openScreen, OWN_APP, test, WIDE_TOTP_WINDOW } from './support/fixtures';
import type { SignedInApp } from './support/signed-in-app';
import { settled } from './support/settled';
import { dataRows } from './support/table-rows';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/**
 * axe-core's findings once the page has settled: judged on the state a user sees and stays in, not on a
 * moment in the middle of a load (which a busy machine stretches).
 */
async function violations(page: Page): Promise<string[]> {
  await settled(page);
  return accessibilityViolations(page);
}

/**
 * Presses Tab until the control has focus: proof that the keyboard reaches it in the page's order. Tab
 * passes over a disabled control, so the control is first waited for until it can take focus.
 */
async function tabTo(page: Page, control: Locator): Promise<void> {
  await expect(control).toBeEnabled();
  for (let presses = 0; presses < 60; presses += 1) {
    if (await control.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${control.toString()}`);
}

/** The drawing of a portfolio picture: hidden from assistive tech (no role reaches it), the figure's aria-hidden svg. */
const drawing = (figure: Locator) => figure.locator('svg[aria-hidden="true"]');

const transactions = (page: Page) => page.getByRole('table', { name: 'Transactions' });

/**
 * Does `action` and waits until the page of transactions it asks for is shown: the table is busy from the
 * moment a page is asked for (opening the screen, a filter change) until it is in, so a row clicked after
 * this is on the page the user asked for.
 */
async function historyPageShown(page: Page, action: () => Promise<void>): Promise<void> {
  await action();
  await expect(transactions(page)).toHaveAttribute('aria-busy', 'false');
}

/** The Send screen with its form ready. */
async function freshSendForm(page: Page): Promise<void> {
  await openScreen(page, 'Send');
  await expect(page.getByLabel('Asset', { exact: true })).toBeVisible();
}

/** The story's two-factor codes: one source per sandbox, because the sandbox takes each time step once. */
const codeSources = new WeakMap<SignedInApp['sandbox'], ReturnType<typeof createCodeSource>>();
function codesFor(app: SignedInApp): ReturnType<typeof createCodeSource> {
  const found = codeSources.get(app.sandbox);
  if (found) return found;
  const made = createCodeSource(app.user.totpSecret, WIDE_TOTP_WINDOW);
  codeSources.set(app.sandbox, made);
  return made;
}

/**
 * Every screen and the states people spend time in pass axe-core's WCAG 2.1 AA rules: each control has
 * a role and a name, text has enough contrast, ARIA is used as specified.
 */
for (const theme of ['light', 'dark'] as const) {
  // Each story has its own sandbox and app (OWN_APP): a lock, an open dialog or a review it leaves is its own.
  test.describe(`accessibility (axe-core, WCAG 2.1 AA) of every screen, ${theme} theme`, { tag: OWN_APP }, () => {
    test.use({
      appOptions: {
        username: 'alice',
        totpWindowSteps: WIDE_TOTP_WINDOW,
        // The theme chosen in Settings, as a user would; the sign-in screens below get it from the system.
        afterSignIn: async ({ page }) => {
          await openScreen(page, 'Settings');
          await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: theme, exact: false }).check();
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        },
      },
    });

    test('the sign-in screen', async ({ sandbox, launchApp }) => {
      const { page } = await launchApp({ sandbox });
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Choose sign-in environment' }).click();
      await expect(page.getByRole('region', { name: 'Sign-in environment' }).getByRole('combobox')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    for (const screen of [
      'Home',
      'Send',
      'Swap',
      'Receive',
      'History',
      'Payouts',
      'Payment requests',
      'Address book',
      'Profile',
      'Settings',
    ]) {
      test(screen, async ({ signedInApp: { page } }) => {
        await openScreen(page, screen);
        expect(await violations(page)).toEqual([]);
      });
    }

    test('the portfolio pictures on Home, drawn and shown as tables', async ({ signedInApp: { page } }) => {
      await openScreen(page, 'Home');
      const figure = page.getByRole('figure', { name: 'Allocation by asset' });
      await expect(drawing(figure)).toBeVisible();
      const drawn = await violations(page);
      const toggle = figure.getByRole('button', { name: 'Show as table' });
      await toggle.click();
      await expect(figure.locator('svg')).toHaveCount(0);
      const asTable = await violations(page);
      await toggle.click();
      const flows = page.getByRole('figure', { name: /^Deposits and withdrawals per day/ });
      await expect(drawing(flows)).toBeVisible();
      const flowsDrawn = await violations(page);
      await flows.getByRole('button', { name: 'Show as table' }).click();
      await expect(flows.locator('svg')).toHaveCount(0);
      const flowsAsTable = await violations(page);
      await flows.getByRole('button', { name: 'Show as table' }).click();
      const value = page.getByRole('figure', { name: /^Portfolio value in/ });
      await expect(drawing(value)).toBeVisible({ timeout: 30_000 });
      const valueDrawn = await violations(page);
      await value.getByRole('button', { name: 'Show as table' }).click();
      await expect(value.locator('svg')).toHaveCount(0);
      const valueAsTable = await violations(page);
      await value.getByRole('button', { name: 'Show as table' }).click();
      expect(drawn).toEqual([]);
      expect(asTable).toEqual([]);
      expect(flowsDrawn).toEqual([]);
      expect(flowsAsTable).toEqual([]);
      expect(valueDrawn).toEqual([]);
      expect(valueAsTable).toEqual([]);
    });

    test('each merchant tab', async ({ signedInApp: { page } }) => {
      await openScreen(page, 'Merchant');
      for (const tab of [
        'API keys',
        'Balances',
        'Verified addresses',
        'Withdraw',
        'Deposit addresses',
        'Callback checker',
      ]) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
        expect(await violations(page), tab).toEqual([]);
      }
    });

    test('a history row opened in its detail dialog', async ({ signedInApp: { page } }) => {
      await historyPageShown(page, () => openScreen(page, 'History'));
      await dataRows(transactions(page)).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      const found = await violations(page);
      // Closed before judging, so a finding here does not leave the dialog over the next screens.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(found).toEqual([]);
    });

    test('history with a date range refused, a clamped page jump, and the label form saving', async ({
      signedInApp: { page },
    }) => {
      await openScreen(page, 'History');
      const dates = page.getByRole('group', { name: 'Dates' });
      await dates.getByLabel('From').fill('2026-06-01');
      await dates.getByLabel('To').fill('2026-05-01');
      await expect(
        page.getByRole('alert').filter({ hasText: 'The To date must be on or after the From date.' }),
      ).toBeVisible();
      const jump = page.getByRole('form', { name: 'Jump to page' });
      await jump.getByRole('textbox', { name: 'Go to page' }).fill('99999');
      await jump.getByRole('button', { name: 'Go' }).click();
      await expect(jump.getByRole('status')).toHaveText(/showing page/);
      const inverted = await violations(page);
      // "All dates" asks for the unfiltered page; the row is clicked on it.
      await historyPageShown(page, () => dates.getByRole('button', { name: 'All dates' }).click());
      await dataRows(transactions(page)).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'My label' }).fill('Pay\u202Eroll');
      await dialog.getByRole('button', { name: 'Save label' }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      const labelForm = await violations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      expect(inverted).toEqual([]);
      expect(labelForm).toEqual([]);
    });

    test('a wallet address with its QR code', async ({ signedInApp: { page } }) => {
      await openScreen(page, 'Receive');
      const panel = page.getByRole('region', { name: 'Receive to your wallet' });
      await panel.getByLabel('Asset').selectOption('BTC');
      await expect(panel.getByRole('img', { name: /^QR code of your/ })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('a send with its fee options, then its review and two-factor entry', async ({ signedInApp: { page } }) => {
      await freshSendForm(page);
      await page.getByLabel('Asset').selectOption('BTC');
      await page.getByRole('textbox', { name: 'Destination address' }).fill(BTC_DESTINATION);
      await page.getByRole('textbox', { name: /^Amount/ }).fill('0.0001');
      await page.getByRole('button', { name: 'Check fees' }).click();
      const standard = page.getByRole('radio', { name: /^Standard/ });
      await standard.check();
      await expect(standard).toBeChecked();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Review send' }).click();
      await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('a send entered in USD, with the crypto it sends shown live, then its review with account and total', async ({
      signedInApp: { page },
    }) => {
      await freshSendForm(page);
      await page.getByLabel('Asset', { exact: true }).selectOption('BTC');
      await page.getByRole('textbox', { name: 'Destination address' }).fill(BTC_DESTINATION);
      await page.getByRole('radio', { name: 'USD' }).check();
      await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('5');
      await expect(page.getByText(/^Sends exactly/)).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Check fees' }).click();
      await page.getByRole('button', { name: 'Review send' }).click();
      await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('radio', { name: 'BTC' }).check();
      await expect(page.getByRole('radio', { name: 'BTC' })).toBeChecked();
    });

    test('a swap with its quote, then its review', async ({ signedInApp: { page } }) => {
      await openScreen(page, 'Swap');
      await page.getByLabel('From', { exact: true }).selectOption('BTC');
      await page.getByLabel('From network').selectOption('Bitcoin Mainnet');
      await page.getByLabel('To', { exact: true }).selectOption('ETH');
      await page.getByLabel('To network').selectOption('Ethereum Mainnet');
      await page.getByRole('textbox', { name: /^Amount/ }).fill('0.001');
      await expect(page.getByRole('region', { name: 'Quote' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Review swap' }).click();
      await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('a send done with the keyboard alone, from the main menu to the result', async ({ signedInApp: app }) => {
      const { page } = app;
      const nav = page.getByRole('navigation', { name: 'Main' });
      const nextCode = codesFor(app);
      await openScreen(page, 'Home');
      await tabTo(page, nav.getByRole('button', { name: 'Send', exact: true }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Send', level: 2 })).toBeVisible();

      const asset = page.getByLabel('Asset', { exact: true });
      await tabTo(page, asset);
      for (let presses = 0; presses < 20 && (await asset.inputValue()) !== 'BTC'; presses += 1) {
        await page.keyboard.press('ArrowDown');
      }
      await expect(asset).toHaveValue('BTC');
      await tabTo(page, page.getByRole('textbox', { name: 'Destination address' }));
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(BTC_DESTINATION);
      await tabTo(page, page.getByRole('textbox', { name: /^Amount/ }));
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('0.0002');
      await tabTo(page, page.getByRole('button', { name: 'Check fees' }));
      await page.keyboard.press('Enter');

      const standard = page.getByRole('radio', { name: /^Standard/ });
      await expect(standard).toBeVisible();
      // A radio group is one Tab stop: the checked option, or the first when none is.
      const fees = page.getByRole('group', { name: 'Fee' });
      const checked = fees.getByRole('radio', { checked: true });
      await tabTo(page, (await checked.count()) > 0 ? checked : fees.getByRole('radio').first());
      for (let presses = 0; presses < 3 && !(await standard.isChecked()); presses += 1) {
        await page.keyboard.press('ArrowDown');
      }
      await expect(standard).toBeChecked();
      await tabTo(page, page.getByRole('button', { name: 'Review send' }));
      await page.keyboard.press('Enter');

      await tabTo(page, page.getByRole('textbox', { name: 'Digit 1 of 6' }));
      await page.keyboard.type(await nextCode());
      await page.keyboard.press('Enter');
      // The send's whole round trip to the service, as the original story allowed it.
      await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible({ timeout: 20_000 });
    });

    test('a send’s result saving its address to the address book, then the book with an entry edited and deleted', async ({
      signedInApp: app,
    }) => {
      const { page } = app;
      await freshSendForm(page);
      await page.getByLabel('Asset', { exact: true }).selectOption('BTC');
      await page.getByRole('textbox', { name: 'Destination address' }).fill(BTC_DESTINATION);
      await page.getByRole('textbox', { name: /^Amount/ }).fill('0.0003');
      await page.getByRole('button', { name: 'Check fees' }).click();
      await page.getByRole('radio', { name: /^Standard/ }).check();
      await page.getByRole('button', { name: 'Review send' }).click();
      await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await codesFor(app)());
      await page.getByRole('button', { name: 'Send now' }).click();
      // The send's whole round trip to the service, as the keyboard story allows it.
      await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Save to address book' }).click();
      await page
        .getByRole('form', { name: 'Save to address book' })
        .getByLabel('Name in address book')
        .fill('Axe test');
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: '“Axe test”' })).toBeVisible();
      expect(await violations(page)).toEqual([]);

      await openScreen(page, 'Address book');
      await expect(page.getByRole('list', { name: 'Saved addresses' })).toBeVisible();
      await page.getByRole('button', { name: 'Edit “Axe test”' }).click();
      await page.getByRole('form', { name: 'Edit “Axe test”' }).getByLabel('Address').fill('bc1qnot-an-address');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Delete “Axe test”' }).click();
      await expect(page.getByRole('group', { name: 'Delete “Axe test”?' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByText('No saved addresses yet.')).toBeVisible();
    });

    test('an account switch the service refused, explained in the top bar', async ({ signedInApp: app }) => {
      const { page } = app;
      await openScreen(page, 'Home');
      const account = page.getByRole('combobox', { name: 'Account' });
      const active = await account.inputValue();
      const other = app.user.accounts.find((candidate) => candidate.guid !== active);
      if (!other) throw new Error('alice has a single account');
      // The switch itself is refused, not one of Home's background reads that may come first on a busy machine.
      app.sandbox.faults.set({ failNext: 1, failNextPath: '/api/OAuth/accounts/switch' });
      await account.selectOption(other.guid);
      const retry = page.getByRole('button', { name: `Try switching to ${other.name} again` });
      await expect(retry).toBeVisible();
      const found = await violations(page);
      await tabTo(page, retry);
      await page.keyboard.press('Enter');
      await expect(account).toHaveValue(other.guid);
      await account.selectOption(active);
      await expect(account).toHaveValue(active);
      expect(found).toEqual([]);
    });

    test('the sign-in screen saying the service cannot be reached', async ({ launchApp }) => {
      // A sandbox of the story's own, closed here while the app still points at it.
      const gone = await startSandbox({ port: 0, quiet: true });
      const { page } = await launchApp({ sandbox: gone });
      await page.emulateMedia({ colorScheme: theme });
      await gone.close();
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The app gives up on the unreachable service after its own attempts, as the original story allowed.
      await expect(page.getByRole('alert')).toBeVisible({ timeout: 20_000 });
      expect(await violations(page)).toEqual([]);
    });

    test('privacy mode and the lock screen', async ({ signedInApp: { page } }) => {
      await openScreen(page, 'Home');
      await page.getByRole('button', { name: 'Privacy mode' }).click();
      await expect(page.getByLabel('Hidden amount').first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Privacy mode' }).click();
      await page.getByRole('button', { name: 'Lock now' }).click();
      await expect(page.getByRole('button', { name: /unlock/i })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
