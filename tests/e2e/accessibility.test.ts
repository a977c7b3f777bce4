import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility';
import { startApp, startSignedInApp, type SignedInApp } from './support/signed-in-app';

const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/**
 * Every screen and the states people spend time in pass axe-core's WCAG 2.1 AA rules: each control has
 * a role and a name, text has enough contrast, ARIA is used as specified.
 */
describe('accessibility (axe-core, WCAG 2.1 AA) of every screen', () => {
  let app: SignedInApp;
  let page: Page;
  const nav = () => page.getByRole('navigation', { name: 'Main' });
  const open = async (screen: string) => {
    await nav().getByRole('button', { name: screen }).click();
    await page.getByRole('heading', { name: screen, level: 2 }).waitFor();
  };

  beforeAll(async () => {
    app = await startSignedInApp({ username: 'alice' });
    page = app.page;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the sign-in screen', async () => {
    const signedOut = await startApp({ sandbox: app.sandbox });
    try {
      await signedOut.page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await accessibilityViolations(signedOut.page)).toEqual([]);
    } finally {
      await signedOut.close();
    }
  });

  it.each(['Home', 'Send', 'Swap', 'Receive', 'History', 'Profile', 'Settings'])('%s', async (screen) => {
    await open(screen);
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('each merchant tab', async () => {
    await open('Merchant');
    for (const tab of [
      'API keys',
      'Balances',
      'Verified addresses',
      'Withdraw',
      'Deposit addresses',
      'Callback checker',
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel', { name: tab }).waitFor();
      expect(await accessibilityViolations(page), tab).toEqual([]);
    }
  });

  it('a history row opened in its detail dialog', async () => {
    await open('History');
    await page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1).click();
    await page.getByRole('dialog').waitFor();
    const violations = await accessibilityViolations(page);
    // Closed before judging, so a finding here does not leave the dialog over the next screens.
    await page.keyboard.press('Escape');
    expect(violations).toEqual([]);
  });

  it('a wallet address with its QR code', async () => {
    await open('Receive');
    const panel = page.getByRole('region', { name: 'Receive to your wallet' });
    await panel.getByLabel('Asset').selectOption('BTC');
    await panel.getByRole('img', { name: /^QR code of your/ }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('a send with its fee options, then its review and two-factor entry', async () => {
    await open('Send');
    await page.getByLabel('Asset').selectOption('BTC');
    await page.getByRole('textbox', { name: 'Destination address' }).fill(BTC_DESTINATION);
    await page.getByRole('textbox', { name: /^Amount/ }).fill('0.0001');
    await page.getByRole('button', { name: 'Check fees' }).click();
    await page.getByRole('radio', { name: /^Standard/ }).check();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Review send' }).click();
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('a swap with its quote, then its review', async () => {
    await open('Swap');
    await page.getByLabel('From', { exact: true }).selectOption('BTC');
    await page.getByLabel('From network').selectOption('Bitcoin Mainnet');
    await page.getByLabel('To', { exact: true }).selectOption('ETH');
    await page.getByLabel('To network').selectOption('Ethereum Mainnet');
    await page.getByRole('textbox', { name: /^Amount/ }).fill('0.001');
    await page.getByRole('region', { name: 'Quote' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Review swap' }).click();
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('privacy mode and the lock screen', async () => {
    await open('Home');
    await page.getByRole('button', { name: 'Privacy mode' }).click();
    await page.getByLabel('Hidden amount').first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Privacy mode' }).click();
    await page.getByRole('button', { name: 'Lock now' }).click();
    await page.getByRole('button', { name: /unlock/i }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
