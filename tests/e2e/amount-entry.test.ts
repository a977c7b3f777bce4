import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { createCodeSource, WIDE_TOTP_WINDOW } from '../support/two-factor-codes';
import { expectedFormats } from './support/amount-formats';
import { recordServiceRequests } from './support/service-requests';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

/** EIP-55's example address: valid, checksummed and not the user's own. */
const EVM_DESTINATION = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('Amounts in a German window: typed and pasted as the app writes them, never misread', () => {
  let sandbox: RunningSandbox;
  let session: SignedInApp;
  let page: Page;
  let service: ReturnType<typeof recordServiceRequests>;
  const german = expectedFormats('de-DE');

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, totpWindowSteps: WIDE_TOTP_WINDOW });
    service = recordServiceRequests(sandbox);
    session = await startSignedInApp({
      sandbox,
      username: 'alice',
      locale: 'de-DE',
      totpWindowSteps: WIDE_TOTP_WINDOW,
    });
    page = session.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('heading', { name: 'Send', exact: true }).waitFor();
  });

  afterAll(async () => {
    service.restore();
    await session.close();
    await sandbox.close();
  });

  const amountField = (): Locator => page.getByRole('textbox', { name: /^Amount/ });

  /** The text the field's description points at: what the app understood, or why it refuses. */
  async function readBack(field: Locator): Promise<string> {
    const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
    const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
    return texts.join(' ').trim();
  }

  it('the page really is German: balances read "1.234,5"', async () => {
    expect(await page.evaluate(() => navigator.language)).toBe('de-DE');
    expect(german.crypto('83280.47', 'USDT')).toBe('83.280,47 USDT');
  });

  it('reads "1.000" as a thousand and "1,5" as one and a half, shown back beside the field before any check', async () => {
    await page.getByLabel('Asset').selectOption('USDT');
    await page.getByRole('textbox', { name: 'Destination address' }).fill(EVM_DESTINATION);
    const field = amountField();

    await field.fill('1.000');
    await page.getByRole('status').filter({ hasText: '= 1.000 USDT' }).waitFor();
    expect(await readBack(field)).toBe('= 1.000 USDT');
    await field.fill('1,5');
    expect(await readBack(field)).toBe('= 1,5 USDT');
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    expect(service.count('POST', '/send/precheck')).toBe(0);
  });

  it('refuses "1.5" in words and checks nothing with the service', async () => {
    const field = amountField();
    await field.fill('1.5');
    expect(await readBack(field)).toBe(
      '“1.5” is ambiguous in your number format: “.” separates groups of digits and “,” is the decimal mark (as in 1.234.567,89).',
    );
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Check fees' }).click();
    await field.press('Enter');
    // The form stays put and the field keeps the focus: nothing went to main, nothing to the service.
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(service.count('POST', '/send/precheck')).toBe(0);
    expect(await page.getByRole('form', { name: 'Fee and confirmation' }).count()).toBe(0);
  });

  it('accepts the balance pasted exactly as the app displays it, unit and all', async () => {
    const shown = ((await page.locator('.send-available .amount').textContent()) ?? '').replace(/\s+/gu, ' ').trim();
    expect(shown).toMatch(/^[\d.]+(,\d+)? USDT$/);
    const field = amountField();
    await field.fill(shown);
    expect(await readBack(field)).toBe(`= ${shown}`);
    expect(await field.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends a German "1.000" to the service as 1000, not 1', async () => {
    await amountField().fill('1.000');
    await page.getByRole('button', { name: 'Check fees' }).click();
    const fees = page.getByRole('form', { name: 'Fee and confirmation' });
    await fees.waitFor();
    expect(await fees.textContent()).toContain(`Sending ${german.crypto('1000', 'USDT')}`);
    const precheck = service.requests.filter((request) => request.path === '/send/precheck').at(-1);
    expect(precheck?.body?.amount).toBe(1000);
  });

  it('names a send with an unknown outcome in German numbers everywhere: panel, checkbox, refusal', async () => {
    const nextCode = createCodeSource(session.user.totpSecret, WIDE_TOTP_WINDOW);
    const btc = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    const fill = async () => {
      await page.getByLabel('Asset').selectOption('BTC');
      await page.getByRole('textbox', { name: 'Destination address' }).fill(btc);
      await amountField().fill('0,0009');
      await page.getByRole('button', { name: 'Check fees' }).click();
      await page.getByRole('radio', { name: /^Standard/ }).check();
    };
    await fill();
    await page.getByRole('button', { name: 'Review send' }).click();
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
    sandbox.faults.set({ failNext: 1 });
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor();
    await page.getByRole('button', { name: 'Start a new send' }).click();

    const panel = page.getByRole('region', { name: 'Sends with an unknown outcome' });
    await panel.waitFor();
    const box = panel.getByRole('checkbox');
    const label = (await box.evaluate((element) => (element as HTMLInputElement).labels?.[0]?.textContent)) ?? '';
    expect(label).toContain(`I know the send of ${german.crypto('0.0009', 'BTC')} to bc1qw508…7kv8f3t4`);
    expect(label).toContain('0,0009 BTC');
    expect(label).not.toContain('0.0009');
    expect(await panel.textContent()).toContain('0,0009');
    // One date format in the panel and the label: the page's German one, no "confirmed", no UTC.
    const started = ((await panel.locator('time').textContent()) ?? '').replace(/^started /, '');
    expect(started).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    expect(label).toContain(`that I started at ${started}`);
    expect(await panel.getByRole('button', { name: /^Check status of send of 0,0009 BTC/ }).count()).toBe(1);

    // The refusal beside the button and the duplicate notice speak German numbers too.
    await fill();
    await page.getByRole('button', { name: 'Review send' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Sends with an unknown outcome' });
    await refusal.waitFor();
    expect(await refusal.textContent()).not.toMatch(/0\.0009|UTC|confirmed/);
    await box.check();
    await page.getByRole('button', { name: 'Review send' }).click();
    const duplicate = page.getByRole('region', { name: 'Review the send' }).getByRole('alert');
    await duplicate.waitFor();
    expect(await duplicate.textContent()).toContain(`the send you started at ${started} whose outcome is unknown`);
    expect(await duplicate.textContent()).toContain('0,0009 BTC to bc1qw508…7kv8f3t4');
    await page.getByRole('button', { name: 'Back' }).click();
  });
});
