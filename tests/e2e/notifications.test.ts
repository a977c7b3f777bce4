import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

/**
 * Deposit notifications through the harness's recording stand-in for the OS (Notification and the app
 * badge): deposits are simulated on the sandbox, and the app sees them when its balance polling answers.
 */
describe('deposit notifications', () => {
  let app: SignedInApp;
  let page: Page;
  let accountName = '';
  let depositAddress = '';

  const go = async (screen: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen, exact: true }).click();
    await page.getByRole('heading', { name: screen, level: 2 }).waitFor();
  };
  const section = () => page.getByRole('region', { name: 'Deposit notifications' });

  /** A deposit lands on the sandbox, then the window's balance polling asks (as Home does every few seconds). */
  async function depositArrives(amount: string): Promise<void> {
    const response = await fetch(`${app.sandbox.origin}/__sandbox/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: depositAddress, amount, timeoutMs: 200, retryDelayMs: 0 }),
    });
    expect(response.status).toBe(200);
    await page.evaluate(() =>
      (window as unknown as { wallet: { portfolio: { wallets(): Promise<unknown> } } }).wallet.portfolio.wallets(),
    );
  }

  beforeAll(async () => {
    app = await startSignedInApp({ username: 'alice' });
    page = app.page;
    const session = (await app.app.dispatch('session.get', undefined)) as {
      ok: true;
      value: { activeAccountGuid: string; accounts: { guid: string; name: string }[] };
    };
    accountName = session.value.accounts.find((account) => account.guid === session.value.activeAccountGuid)!.name;
    const created = (await app.app.dispatch('receive.createDepositAddress', {
      symbol: 'BTC',
      label: 'Notification test',
      callbackUrl: 'http://127.0.0.1:9/callback',
    })) as { ok: true; value: { address: string } };
    expect(created.ok).toBe(true);
    depositAddress = created.value.address;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is off by default: a deposit raises nothing', async () => {
    await go('Settings');
    const toggle = section().getByRole('checkbox', { name: `Notify me of deposits to ${accountName}` });
    expect(await toggle.isChecked()).toBe(false);
    await depositArrives('0.01');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.app.desktop.shown).toEqual([]);
    expect(app.app.desktop.badge).toBe(0);
  });

  it('switched on for the account, a new deposit raises a notification with its amount and a badge, and only new ones', async () => {
    await section()
      .getByRole('checkbox', { name: `Notify me of deposits to ${accountName}` })
      .check();
    // Main has recorded what is already in the history once the switch is usable again.
    await expect
      .poll(() =>
        section()
          .getByRole('checkbox', { name: `Notify me of deposits to ${accountName}` })
          .isEnabled(),
      )
      .toBe(true);
    await expect
      .poll(() =>
        section()
          .getByRole('checkbox', { name: `Notify me of deposits to ${accountName}` })
          .isChecked(),
      )
      .toBe(true);
    await depositArrives('0.25');
    await expect.poll(() => app.app.desktop.shown.length).toBe(1);
    // The deposit of the previous test was already in the history when they were switched on: not news.
    expect(app.app.desktop.shown).toEqual([{ title: 'Deposit received', body: `0.25 BTC arrived in ${accountName}.` }]);
    expect(app.app.desktop.badge).toBe(1);
    await depositArrives('0.5');
    await expect.poll(() => app.app.desktop.badge).toBe(2);
  });

  it('the badge goes when the user looks at History', async () => {
    // Still on Settings: nobody has looked yet.
    expect(app.app.desktop.badge).toBe(2);
    await go('History');
    await expect.poll(() => app.app.desktop.badge).toBe(0);
  });

  it('with privacy mode on, the notification carries no amount', async () => {
    await go('Settings');
    await page
      .getByRole('checkbox', { name: /Privacy mode/ })
      .first()
      .check();
    await depositArrives('0.75');
    await expect.poll(() => app.app.desktop.shown.length).toBe(3);
    const last = app.app.desktop.shown.at(-1)!;
    expect(last.body).toMatch(new RegExp(`^A deposit of \\D+ arrived in `));
    expect(JSON.stringify(last)).not.toContain('0.75');
    expect(app.app.desktop.badge).toBe(1);
    await go('Home');
    await expect.poll(() => app.app.desktop.badge).toBe(0);
  });
});
