import type { Page } from '@playwright/test';
import { createCodeSource } from '../support/two-factor-codes';
import { expectedFormats } from './support/amount-formats';
import { expect, openScreen, test, WIDE_TOTP_WINDOW } from './support/fixtures';
import { containing, describedText } from './support/page-text';
import { reloadSignedInApp } from './support/reload-app';

/** EIP-55's example address: valid, checksummed and not the user's own. */
const EVM_DESTINATION = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

test.use({
  appOptions: {
    username: 'alice',
    locale: 'de-DE',
    language: 'en',
    totpWindowSteps: WIDE_TOTP_WINDOW,
    afterSignIn: ({ page }) => openScreen(page, 'Send'),
  },
});

const german = expectedFormats('de-DE');
const amountField = (page: Page) => page.getByRole('textbox', { name: /^Amount/ });

/** USDT to an address that is not the user's own: the form the amount stories type into. */
async function sendUsdt(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Asset' }).selectOption('USDT');
  await page.getByRole('textbox', { name: 'Destination address' }).fill(EVM_DESTINATION);
}

// What the amount field's description points at says what the app understood, or why it refuses.
test.describe('Amounts in a German window: typed and pasted as the app writes them, never misread', () => {
  // Each story starts on a Send screen of its own: the window reloaded, nothing typed yet.
  test.beforeEach(async ({ signedInApp: { page } }) => {
    await reloadSignedInApp(page);
    await openScreen(page, 'Send');
  });

  test('the page really is German: balances read "1.234,5"', async ({ signedInApp: { page } }) => {
    expect(await page.evaluate(() => navigator.language)).toBe('de-DE');
    expect(german.crypto('83280.47', 'USDT')).toBe('83.280,47 USDT');
  });

  test('reads "1.000" as a thousand and "1,5" as one and a half, shown back beside the field before any check', async ({
    signedInApp: { page },
    serviceRequests: service,
  }) => {
    await sendUsdt(page);
    const field = amountField(page);

    await field.fill('1.000');
    await expect(page.getByRole('status').filter({ hasText: '= 1.000 USDT' })).toBeVisible();
    await expect.poll(() => describedText(field)).toBe('= 1.000 USDT');
    await field.fill('1,5');
    await expect.poll(() => describedText(field)).toBe('= 1,5 USDT');
    await expect(field).not.toHaveAttribute('aria-invalid');
    expect(service.count('POST', '/send/precheck')).toBe(0);
  });

  test('refuses "1.5" in words and checks nothing with the service', async ({
    signedInApp: { page },
    serviceRequests: service,
  }) => {
    await sendUsdt(page);
    const field = amountField(page);
    await field.fill('1.5');
    await expect
      .poll(() => describedText(field))
      .toBe(
        '“1.5” is ambiguous in your number format: “.” separates groups of digits and “,” is the decimal mark (as in 1.234.567,89).',
      );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Check fees' }).click();
    await field.press('Enter');
    // The form stays put and the field keeps the focus: nothing went to main, nothing to the service.
    await expect(field).toBeFocused();
    expect(service.count('POST', '/send/precheck')).toBe(0);
    await expect(page.getByRole('form', { name: 'Fee and confirmation' })).toHaveCount(0);
  });

  test('accepts the balance pasted exactly as the app displays it, unit and all', async ({ signedInApp: { page } }) => {
    await sendUsdt(page);
    const available = page.getByText(/^Available:/);
    await expect(available).toHaveText(/^Available: [\d.]+(,\d+)? USDT$/);
    const shown = ((await available.textContent()) ?? '')
      .replace(/^Available:/, '')
      .replace(/\s+/gu, ' ')
      .trim();
    expect(shown).toMatch(/^[\d.]+(,\d+)? USDT$/);
    const field = amountField(page);
    await field.fill(shown);
    await expect.poll(() => describedText(field)).toBe(`= ${shown}`);
    await expect(field).not.toHaveAttribute('aria-invalid');
  });

  test('sends a German "1.000" to the service as 1000, not 1', async ({
    signedInApp: { page },
    serviceRequests: service,
  }) => {
    await sendUsdt(page);
    await amountField(page).fill('1.000');
    await page.getByRole('button', { name: 'Check fees' }).click();
    const fees = page.getByRole('form', { name: 'Fee and confirmation' });
    await expect(fees).toBeVisible();
    await expect(fees).toContainText(`Sending ${german.crypto('1000', 'USDT')}`);
    const precheck = service.requests.filter((request) => request.path === '/send/precheck').at(-1);
    expect(precheck?.body?.amount).toBe(1000);
  });

  test('names a send with an unknown outcome in German numbers everywhere: panel, checkbox, refusal', async ({
    signedInApp: session,
  }) => {
    const { page, sandbox } = session;
    const nextCode = createCodeSource(session.user.totpSecret, WIDE_TOTP_WINDOW);
    const btc = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    const fill = async () => {
      await page.getByRole('combobox', { name: 'Asset' }).selectOption('BTC');
      await page.getByRole('textbox', { name: 'Destination address' }).fill(btc);
      await amountField(page).fill('0,0009');
      await page.getByRole('button', { name: 'Check fees' }).click();
      await page.getByRole('radio', { name: /^Standard/ }).check();
    };
    await fill();
    await page.getByRole('button', { name: 'Review send' }).click();
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
    // The send itself fails (HTTP 500): the app cannot know whether it went through.
    sandbox.faults.set({ failNext: 1, failNextPath: '/api/OAuth/send' });
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();
    await page.getByRole('button', { name: 'Start a new send' }).click();

    const panel = page.getByRole('region', { name: 'Sends with an unknown outcome' });
    await expect(panel).toBeVisible();
    const box = panel.getByRole('checkbox');
    await expect(box).toHaveAccessibleName(
      containing(`I know the send of ${german.crypto('0.0009', 'BTC')} to bc1qw508…7kv8f3t4`),
    );
    await expect(box).toHaveAccessibleName(/0,0009 BTC/);
    await expect(box).not.toHaveAccessibleName(/0\.0009/);
    await expect(panel).toContainText('0,0009');
    // One date format in the panel and the label: the page's German one, no "confirmed", no UTC.
    const time = panel.getByRole('time');
    await expect(time).toHaveText(/^started \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    const started = ((await time.textContent()) ?? '').replace(/^started /, '');
    await expect(box).toHaveAccessibleName(containing(`that I started at ${started}`));
    await expect(panel.getByRole('button', { name: /^Check status of send of 0,0009 BTC/ })).toHaveCount(1);

    // The refusal beside the button and the duplicate notice speak German numbers too.
    await fill();
    await page.getByRole('button', { name: 'Review send' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Sends with an unknown outcome' });
    await expect(refusal).toBeVisible();
    await expect(refusal).not.toContainText(/0\.0009|UTC|confirmed/);
    await box.check();
    await page.getByRole('button', { name: 'Review send' }).click();
    const duplicate = page.getByRole('region', { name: 'Review the send' }).getByRole('alert');
    await expect(duplicate).toBeVisible();
    await expect(duplicate).toContainText(`the send you started at ${started} whose outcome is unknown`);
    await expect(duplicate).toContainText('0,0009 BTC to bc1qw508…7kv8f3t4');
    await page.getByRole('button', { name: 'Back' }).click();
  });
});
