import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordServiceRequests } from './support/service-requests';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

/**
 * The app-wide deposit watch (hooks/use-deposit-watch.ts): a deposit lands on the sandbox while the user is
 * on a screen that polls nothing, and the watch finds it by the polling rule (every 30 s visible, once a
 * minute hidden), with no timer at all while the switches are off or the session is locked. The page's
 * clock is taken over so minutes pass at once; main and the sandbox run on real time.
 */
describe('deposit notifications from any screen (the app-wide watch)', () => {
  let app: SignedInApp;
  let page: Page;
  let service: ReturnType<typeof recordServiceRequests>;
  let watchCalls = 0;
  const accounts = { first: { guid: '', name: '', address: '' }, second: { guid: '', name: '', address: '' } };

  const go = async (screen: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen, exact: true }).click();
    await page.getByRole('heading', { name: screen, level: 2 }).waitFor();
  };
  const switchFor = (name: string) =>
    page
      .getByRole('region', { name: 'Deposit notifications' })
      .getByRole('checkbox', { name: `Notify me of deposits to ${name}` });
  const historyReads = () => service.count('POST', '/transactions');
  /** History reads once Home's own (its pictures' scan, which main finishes after Home is left) are done. */
  async function quietHistoryReads(): Promise<number> {
    for (let tries = 0; tries < 20; tries += 1) {
      const before = historyReads();
      await new Promise((resolve) => setTimeout(resolve, 750));
      if (historyReads() === before) return before;
    }
    throw new Error('history reads never settled');
  }
  const setVisibility = (state: 'visible' | 'hidden') =>
    page.evaluate((next) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);

  async function depositArrives(address: string, amount: string): Promise<void> {
    const response = await fetch(`${app.sandbox.origin}/__sandbox/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, amount, timeoutMs: 200, retryDelayMs: 0 }),
    });
    expect(response.status).toBe(200);
  }

  async function createAddress(): Promise<string> {
    const created = (await app.app.dispatch('receive.createDepositAddress', {
      symbol: 'BTC',
      label: 'Watch test',
      callbackUrl: 'http://127.0.0.1:9/callback',
    })) as { ok: true; value: { address: string } };
    expect(created.ok).toBe(true);
    return created.value.address;
  }

  beforeAll(async () => {
    app = await startSignedInApp({ username: 'alice' });
    page = app.page;
    const session = (await app.app.dispatch('session.get', undefined)) as {
      ok: true;
      value: { activeAccountGuid: string; accounts: { guid: string; name: string }[] };
    };
    const first = session.value.accounts.find((account) => account.guid === session.value.activeAccountGuid)!;
    const second = session.value.accounts.find((account) => account.guid !== first.guid)!;
    accounts.first = { ...first, address: await createAddress() };
    await app.app.dispatch('session.switchAccount', { accountGuid: second.guid });
    accounts.second = { ...second, address: await createAddress() };
    await app.app.dispatch('session.switchAccount', { accountGuid: first.guid });

    await page.clock.install();
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    page.on('request', (request) => {
      if (request.url().endsWith('/__bridge/invoke/notifications.watch')) watchCalls += 1;
    });
    service = recordServiceRequests(app.sandbox);
  });
  afterAll(async () => {
    service?.restore();
    await app?.close();
  });

  it('with every switch off, no watch runs and nothing is announced, visible or hidden', async () => {
    await go('Settings');
    expect(await switchFor(accounts.first.name).isChecked()).toBe(false);
    await depositArrives(accounts.first.address, '0.01');
    const reads = await quietHistoryReads();
    await page.clock.fastForward(61_000);
    await setVisibility('hidden');
    await page.clock.fastForward(121_000);
    await setVisibility('visible');
    await page.clock.fastForward(31_000);
    expect(watchCalls).toBe(0);
    expect(historyReads()).toBe(reads);
    expect(app.app.desktop.shown).toEqual([]);
    expect(app.app.desktop.badge).toBe(0);
  });

  it('switched on, a deposit made while the user is on Send is announced by the next visible watch, once', async () => {
    await switchFor(accounts.first.name).check();
    await expect.poll(() => switchFor(accounts.first.name).isEnabled()).toBe(true);
    // The watch starts with a look: what is in the history now (the deposit above) is not news.
    await expect.poll(() => watchCalls).toBe(1);
    await go('Send');
    await depositArrives(accounts.first.address, '0.25');
    await page.clock.fastForward(31_000);
    await expect.poll(() => app.app.desktop.shown.length).toBe(1);
    expect(app.app.desktop.shown).toEqual([
      { title: 'Deposit received', body: `0.25 BTC arrived in ${accounts.first.name}.` },
    ]);
    expect(app.app.desktop.badge).toBe(1);
    // Seen again by the next look: not announced again.
    await page.clock.fastForward(31_000);
    await expect.poll(() => watchCalls).toBe(3);
    expect(app.app.desktop.shown).toHaveLength(1);
    expect(app.app.desktop.badge).toBe(1);
  });

  it('with the window hidden, the watch looks once a minute and still announces', async () => {
    await go('Merchant');
    await setVisibility('hidden');
    const calls = watchCalls;
    await depositArrives(accounts.first.address, '0.5');
    // Past the visible period, within the hidden minute: no look yet.
    await page.clock.fastForward(31_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watchCalls).toBe(calls);
    expect(app.app.desktop.shown).toHaveLength(1);
    await page.clock.fastForward(30_000);
    await expect.poll(() => app.app.desktop.shown.length).toBe(2);
    expect(app.app.desktop.badge).toBe(2);
    // Five more hidden minutes: five looks, one a minute.
    for (let minute = 0; minute < 5; minute += 1) await page.clock.fastForward(61_000);
    await expect.poll(() => watchCalls).toBe(calls + 6);
    await setVisibility('visible');
  });

  it('Home’s balance polling and the watch both seeing a deposit announce it once', async () => {
    await go('Home');
    await expect.poll(() => app.app.desktop.badge).toBe(0);
    await depositArrives(accounts.first.address, '0.75');
    // Both Home's refresh and the watch are due in the same 31 s.
    await page.evaluate(() =>
      (window as unknown as { wallet: { portfolio: { wallets(): Promise<unknown> } } }).wallet.portfolio.wallets(),
    );
    await page.clock.fastForward(31_000);
    await expect.poll(() => app.app.desktop.shown.length).toBe(3);
    await page.clock.fastForward(31_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.app.desktop.shown).toHaveLength(3);
    expect(app.app.desktop.shown.at(-1)!.body).toBe(`0.75 BTC arrived in ${accounts.first.name}.`);
  });

  it('after switching account, the other account’s deposits are not announced and each notice names its own account', async () => {
    await go('Settings');
    await page.getByLabel('Account').selectOption(accounts.second.guid);
    await expect.poll(() => switchFor(accounts.second.name).isChecked()).toBe(false);
    expect(await switchFor(accounts.first.name).isChecked()).toBe(true);
    await depositArrives(accounts.second.address, '1.5');
    await page.clock.fastForward(31_000);
    await depositArrives(accounts.first.address, '0.125');
    await page.clock.fastForward(31_000);
    await expect.poll(() => app.app.desktop.shown.length).toBe(4);
    await page.clock.fastForward(31_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.app.desktop.shown).toHaveLength(4);
    expect(app.app.desktop.shown.at(-1)).toEqual({
      title: 'Deposit received',
      body: `0.125 BTC arrived in ${accounts.first.name}.`,
    });
    expect(JSON.stringify(app.app.desktop.shown)).not.toContain(accounts.second.name);
    expect(JSON.stringify(app.app.desktop.shown)).not.toContain('1.5 BTC');
  });

  it('locked, no watch runs and the badge is gone', async () => {
    expect(app.app.desktop.badge).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Lock now' }).click();
    await expect.poll(() => app.app.desktop.badge).toBe(0);
    const calls = watchCalls;
    const reads = await quietHistoryReads();
    await depositArrives(accounts.first.address, '2');
    for (let minute = 0; minute < 3; minute += 1) await page.clock.fastForward(61_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watchCalls).toBe(calls);
    expect(historyReads()).toBe(reads);
    expect(app.app.desktop.shown).toHaveLength(4);
  });
});
