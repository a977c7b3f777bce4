import type { Page } from '@playwright/test';
import { expect, OWN_APP, test } from './support/fixtures';
import type { SignedInApp } from './support/signed-in-app';

/**
 * The app-wide deposit watch (hooks/use-deposit-watch.ts): a deposit lands on the sandbox while the user is
 * on a screen that polls nothing, and the watch finds it by the polling rule (every 30 s visible, once a
 * minute hidden), with no timer at all while the switches are off or the session is locked. The page's
 * clock is taken over so minutes pass at once; main and the sandbox run on real time.
 */

// What each story's own sign-in sets up (every story has a sandbox and app of its own: OWN_APP).
let watchCalls = 0;
const accounts = { first: { guid: '', name: '', address: '' }, second: { guid: '', name: '', address: '' } };

async function createAddress(app: SignedInApp): Promise<string> {
  const created = (await app.app.dispatch('receive.createDepositAddress', {
    symbol: 'BTC',
    label: 'Watch test',
    callbackUrl: 'http://127.0.0.1:9/callback',
  })) as { ok: true; value: { address: string } };
  expect(created.ok).toBe(true);
  return created.value.address;
}

test.use({
  appOptions: {
    username: 'alice',
    afterSignIn: async (app) => {
      const session = (await app.app.dispatch('session.get', undefined)) as {
        ok: true;
        value: { activeAccountGuid: string; accounts: { guid: string; name: string }[] };
      };
      const first = session.value.accounts.find((account) => account.guid === session.value.activeAccountGuid)!;
      const second = session.value.accounts.find((account) => account.guid !== first.guid)!;
      watchCalls = 0;
      accounts.first = { ...first, address: await createAddress(app) };
      await app.app.dispatch('session.switchAccount', { accountGuid: second.guid });
      accounts.second = { ...second, address: await createAddress(app) };
      await app.app.dispatch('session.switchAccount', { accountGuid: first.guid });

      const { page } = app;
      await page.clock.install();
      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      page.on('request', (request) => {
        if (request.url().endsWith('/__bridge/invoke/notifications.watch')) watchCalls += 1;
      });
    },
  },
});

const go = async (page: Page, screen: string) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen, exact: true }).click();
  await expect(page.getByRole('heading', { name: screen, level: 2 })).toBeVisible();
};
const switchFor = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Deposit notifications' })
    .getByRole('checkbox', { name: `Notify me of deposits to ${name}` });
const setVisibility = (page: Page, state: 'visible' | 'hidden') =>
  page.evaluate((next) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);

/**
 * History reads once Home's own (its pictures' scan, which main finishes after Home is left) are done: the
 * count of POST /transactions the recorder has seen, once it stays the same for 750 ms.
 */
async function quietHistoryReads(service: { count(method: string, path: string): number }): Promise<number> {
  for (let tries = 0; tries < 20; tries += 1) {
    const before = service.count('POST', '/transactions');
    await new Promise((resolve) => setTimeout(resolve, 750));
    if (service.count('POST', '/transactions') === before) return before;
  }
  throw new Error('history reads never settled');
}

/** Switches notices on for the first account in Settings and waits for the watch's first look. */
async function switchOnFirst(page: Page): Promise<void> {
  await go(page, 'Settings');
  await switchFor(page, accounts.first.name).check();
  await expect(switchFor(page, accounts.first.name)).toBeEnabled();
  await expect.poll(() => watchCalls).toBe(1);
}

async function depositArrives(app: SignedInApp, address: string, amount: string): Promise<void> {
  const response = await fetch(`${app.sandbox.origin}/__sandbox/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amount, timeoutMs: 200, retryDelayMs: 0 }),
  });
  expect(response.status).toBe(200);
}

test.describe('deposit notifications from any screen (the app-wide watch)', { tag: OWN_APP }, () => {
  test('with every switch off, no watch runs and nothing is announced, visible or hidden', async ({
    signedInApp: app,
    serviceRequests: service,
  }) => {
    const { page } = app;
    await go(page, 'Settings');
    await expect(switchFor(page, accounts.first.name)).not.toBeChecked();
    await depositArrives(app, accounts.first.address, '0.01');
    const reads = await quietHistoryReads(service);
    await page.clock.fastForward(61_000);
    await setVisibility(page, 'hidden');
    await page.clock.fastForward(121_000);
    await setVisibility(page, 'visible');
    await page.clock.fastForward(31_000);
    expect(watchCalls).toBe(0);
    expect(service.count('POST', '/transactions')).toBe(reads);
    expect(app.app.desktop.shown).toEqual([]);
    expect(app.app.desktop.badge).toBe(0);
  });

  test('switched on, a deposit made while the user is on Send is announced by the next visible watch, once', async ({
    signedInApp: app,
  }) => {
    const { page } = app;
    await go(page, 'Settings');
    // A deposit already in the history before the switch goes on.
    await depositArrives(app, accounts.first.address, '0.01');
    await switchFor(page, accounts.first.name).check();
    await expect(switchFor(page, accounts.first.name)).toBeEnabled();
    // The watch starts with a look: what is in the history now (the deposit above) is not news.
    await expect.poll(() => watchCalls).toBe(1);
    await go(page, 'Send');
    await depositArrives(app, accounts.first.address, '0.25');
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

  test('with the window hidden, the watch looks once a minute and still announces', async ({ signedInApp: app }) => {
    const { page } = app;
    await switchOnFirst(page);
    await go(page, 'Merchant');
    await setVisibility(page, 'hidden');
    const calls = watchCalls;
    await depositArrives(app, accounts.first.address, '0.5');
    // Past the visible period, within the hidden minute: no look yet.
    await page.clock.fastForward(31_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watchCalls).toBe(calls);
    expect(app.app.desktop.shown).toHaveLength(0);
    await page.clock.fastForward(30_000);
    await expect.poll(() => app.app.desktop.shown.length).toBe(1);
    expect(app.app.desktop.shown).toEqual([
      { title: 'Deposit received', body: `0.5 BTC arrived in ${accounts.first.name}.` },
    ]);
    expect(app.app.desktop.badge).toBe(1);
    // Five more hidden minutes: five looks, one a minute.
    for (let minute = 0; minute < 5; minute += 1) await page.clock.fastForward(61_000);
    await expect.poll(() => watchCalls).toBe(calls + 6);
    await setVisibility(page, 'visible');
  });

  test('Home’s balance polling and the watch both seeing a deposit announce it once', async ({ signedInApp: app }) => {
    const { page } = app;
    await switchOnFirst(page);
    await go(page, 'Home');
    await expect.poll(() => app.app.desktop.badge).toBe(0);
    await depositArrives(app, accounts.first.address, '0.75');
    // Both Home's refresh and the watch are due in the same 31 s.
    await page.evaluate(() =>
      (window as unknown as { wallet: { portfolio: { wallets(): Promise<unknown> } } }).wallet.portfolio.wallets(),
    );
    await page.clock.fastForward(31_000);
    await expect.poll(() => app.app.desktop.shown.length).toBe(1);
    await page.clock.fastForward(31_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.app.desktop.shown).toHaveLength(1);
    expect(app.app.desktop.shown.at(-1)!.body).toBe(`0.75 BTC arrived in ${accounts.first.name}.`);
  });

  test('after switching account, the other account’s deposits are not announced and each notice names its own account', async ({
    signedInApp: app,
  }) => {
    const { page } = app;
    await switchOnFirst(page);
    await page.getByRole('combobox', { name: 'Account' }).selectOption(accounts.second.guid);
    await expect(switchFor(page, accounts.second.name)).not.toBeChecked();
    await expect(switchFor(page, accounts.first.name)).toBeChecked();
    await depositArrives(app, accounts.second.address, '1.5');
    await page.clock.fastForward(31_000);
    await depositArrives(app, accounts.first.address, '0.125');
    await page.clock.fastForward(31_000);
    await expect.poll(() => app.app.desktop.shown.length).toBe(1);
    await page.clock.fastForward(31_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.app.desktop.shown).toHaveLength(1);
    expect(app.app.desktop.shown.at(-1)).toEqual({
      title: 'Deposit received',
      body: `0.125 BTC arrived in ${accounts.first.name}.`,
    });
    expect(JSON.stringify(app.app.desktop.shown)).not.toContain(accounts.second.name);
    expect(JSON.stringify(app.app.desktop.shown)).not.toContain('1.5 BTC');
  });

  test('locked, no watch runs and the badge is gone', async ({ signedInApp: app, serviceRequests: service }) => {
    const { page } = app;
    await switchOnFirst(page);
    await depositArrives(app, accounts.first.address, '0.5');
    await page.clock.fastForward(31_000);
    await expect.poll(() => app.app.desktop.shown.length).toBe(1);
    expect(app.app.desktop.badge).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Lock now' }).click();
    await expect.poll(() => app.app.desktop.badge).toBe(0);
    const calls = watchCalls;
    const reads = await quietHistoryReads(service);
    await depositArrives(app, accounts.first.address, '2');
    for (let minute = 0; minute < 3; minute += 1) await page.clock.fastForward(61_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watchCalls).toBe(calls);
    expect(service.count('POST', '/transactions')).toBe(reads);
    expect(app.app.desktop.shown).toHaveLength(1);
  });
});
