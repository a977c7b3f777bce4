import type { Page } from '@playwright/test';
import { expect, OWN_APP, test } from './support/fixtures';
import { expectedFormats } from './support/amount-formats';
import type { SignedInApp } from './support/signed-in-app';

/**
 * Deposit notifications through the harness's recording stand-in for the OS (Notification and the app
 * badge): deposits are simulated on the sandbox, and the app sees them when its balance polling answers.
 */
test.use({ appOptions: { username: 'alice' } });

/** The app's account name and a deposit address of its own, made once per app through the bridge. */
interface DepositTarget {
  readonly accountName: string;
  readonly depositAddress: string;
}

const targets = new WeakMap<SignedInApp['app'], Promise<DepositTarget>>();
function depositTarget(app: SignedInApp): Promise<DepositTarget> {
  const found = targets.get(app.app);
  if (found) return found;
  const target = (async () => {
    const session = (await app.app.dispatch('session.get', undefined)) as {
      ok: true;
      value: { activeAccountGuid: string; accounts: { guid: string; name: string }[] };
    };
    const accountName = session.value.accounts.find(
      (account) => account.guid === session.value.activeAccountGuid,
    )!.name;
    const created = (await app.app.dispatch('receive.createDepositAddress', {
      symbol: 'BTC',
      label: 'Notification test',
      callbackUrl: 'http://127.0.0.1:9/callback',
    })) as { ok: true; value: { address: string } };
    expect(created.ok).toBe(true);
    return { accountName, depositAddress: created.value.address };
  })();
  targets.set(app.app, target);
  return target;
}

const go = async (page: Page, screen: string) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen, exact: true }).click();
  await expect(page.getByRole('heading', { name: screen, level: 2 })).toBeVisible();
};
const section = (page: Page) => page.getByRole('region', { name: 'Deposit notifications' });

/** A deposit lands on the sandbox, then the window's balance polling asks (as Home does every few seconds). */
async function depositArrives(app: SignedInApp, amount: string): Promise<void> {
  const { depositAddress } = await depositTarget(app);
  const response = await fetch(`${app.sandbox.origin}/__sandbox/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: depositAddress, amount, timeoutMs: 200, retryDelayMs: 0 }),
  });
  expect(response.status).toBe(200);
  await app.page.evaluate(() =>
    (window as unknown as { wallet: { portfolio: { wallets(): Promise<unknown> } } }).wallet.portfolio.wallets(),
  );
}

/** Opens Settings and switches notices on for the app's account, as the user does. */
async function switchOn(app: SignedInApp): Promise<void> {
  const { accountName } = await depositTarget(app);
  await go(app.page, 'Settings');
  const toggle = section(app.page).getByRole('checkbox', { name: `Notify me of deposits to ${accountName}` });
  await toggle.check();
  await expect(toggle).toBeEnabled();
  await expect(toggle).toBeChecked();
}

test.describe('deposit notifications', { tag: OWN_APP }, () => {
  test('is off by default: a deposit raises nothing', async ({ signedInApp: app }) => {
    const { accountName } = await depositTarget(app);
    await go(app.page, 'Settings');
    const toggle = section(app.page).getByRole('checkbox', { name: `Notify me of deposits to ${accountName}` });
    await expect(toggle).not.toBeChecked();
    await depositArrives(app, '0.01');
    // Nothing is to come: give it the time a notification would take, then look.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.app.desktop.shown).toEqual([]);
    expect(app.app.desktop.badge).toBe(0);
  });

  test('switched on for the account, a new deposit raises a notification with its amount and a badge, and only new ones', async ({
    signedInApp: app,
  }) => {
    const { accountName } = await depositTarget(app);
    await go(app.page, 'Settings');
    // A deposit already in the history before the switch goes on.
    await depositArrives(app, '0.01');
    const toggle = section(app.page).getByRole('checkbox', { name: `Notify me of deposits to ${accountName}` });
    await toggle.check();
    // Main has recorded what is already in the history once the switch is usable again.
    await expect(toggle).toBeEnabled();
    await expect(toggle).toBeChecked();
    await depositArrives(app, '0.25');
    await expect.poll(() => app.app.desktop.shown.length).toBe(1);
    // The deposit made above was already in the history when they were switched on: not news.
    expect(app.app.desktop.shown).toEqual([{ title: 'Deposit received', body: `0.25 BTC arrived in ${accountName}.` }]);
    expect(app.app.desktop.badge).toBe(1);
    await depositArrives(app, '0.5');
    await expect.poll(() => app.app.desktop.badge).toBe(2);
  });

  test('the badge goes when the user looks at History', async ({ signedInApp: app }) => {
    await switchOn(app);
    await depositArrives(app, '0.25');
    await depositArrives(app, '0.5');
    await expect.poll(() => app.app.desktop.shown.length).toBe(2);
    // Still on Settings: nobody has looked yet.
    expect(app.app.desktop.badge).toBe(2);
    await go(app.page, 'History');
    await expect.poll(() => app.app.desktop.badge).toBe(0);
  });

  test('with privacy mode on, the notification carries no amount', async ({ signedInApp: app }) => {
    const { page } = app;
    await switchOn(app);
    await page
      .getByRole('checkbox', { name: /Privacy mode/ })
      .first()
      .check();
    await depositArrives(app, '0.75');
    await expect.poll(() => app.app.desktop.shown.length).toBe(1);
    const last = app.app.desktop.shown.at(-1)!;
    expect(last.body).toMatch(new RegExp(`^A deposit of \\D+ arrived in `));
    expect(JSON.stringify(last)).not.toContain('0.75');
    expect(app.app.desktop.badge).toBe(1);
    await go(page, 'Home');
    await expect.poll(() => app.app.desktop.badge).toBe(0);
  });
});

test.describe('deposit notifications in a German window', () => {
  test.use({ appOptions: { username: 'alice', locale: 'de-DE', language: 'en' } });

  test('the notice writes the amount as the window does: "1.234,5 BTC"', async ({ signedInApp: app }) => {
    const { page } = app;
    expect(await page.evaluate(() => navigator.language)).toBe('de-DE');
    const { accountName } = await depositTarget(app);
    await go(page, 'Settings');
    const toggle = section(page).getByRole('checkbox', { name: `Notify me of deposits to ${accountName}` });
    await toggle.check();
    await expect(toggle).toBeEnabled();
    await depositArrives(app, '1234.5');
    await expect.poll(() => app.app.desktop.shown.length).toBe(1);
    expect(app.app.desktop.shown).toEqual([
      {
        title: 'Deposit received',
        body: `${expectedFormats('de-DE').crypto('1234.5', 'BTC')} arrived in ${accountName}.`,
      },
    ]);
    expect(app.app.desktop.shown[0]!.body).toBe(`1.234,5 BTC arrived in ${accountName}.`);
  });
});

test.describe('deposit notifications against a service that once answers an empty history', () => {
  test.use({ appOptions: { username: 'alice' } });

  test('the deposits already there are not announced when the next look lists them; a new one is, once', async ({
    signedInApp: app,
    serviceRequests: service,
  }) => {
    const { page, sandbox } = app;
    const { accountName } = await depositTarget(app);
    await go(page, 'Settings');
    // The account's latest history holds deposits (the seed's, days old): history, whatever the first look is told.
    const latest = (await app.app.dispatch('history.page', { page: 1, recordsPerPage: 50 })) as {
      ok: true;
      value: { items: { type: string }[] };
    };
    expect(latest.value.items.filter((item) => item.type === 'Deposit').length).toBeGreaterThan(0);
    await quietHistoryReads(service);
    sandbox.faults.set({ emptyHistoryNext: 1 });
    const toggle = section(page).getByRole('checkbox', { name: `Notify me of deposits to ${accountName}` });
    await toggle.check();
    await expect(toggle).toBeEnabled();
    // The switch's first look was the one told "nothing there".
    expect(sandbox.faults.plan.emptyHistoryNext).toBe(0);

    const reads = service.count('POST', '/transactions');
    await page.evaluate(() =>
      (window as unknown as { wallet: { portfolio: { wallets(): Promise<unknown> } } }).wallet.portfolio.wallets(),
    );
    await expect.poll(() => service.count('POST', '/transactions')).toBeGreaterThan(reads);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(app.app.desktop.shown).toEqual([]);

    await depositArrives(app, '0.02');
    await expect.poll(() => app.app.desktop.shown.length).toBe(1);
    await depositArrives(app, '0.03');
    await expect.poll(() => app.app.desktop.shown.length).toBe(2);
    expect(app.app.desktop.shown.map((notice) => notice.body)).toEqual([
      `0.02 BTC arrived in ${accountName}.`,
      `0.03 BTC arrived in ${accountName}.`,
    ]);
  });
});

/** Returns once the app's own history reads (Home's pictures) have stopped for 750 ms. */
async function quietHistoryReads(service: { count(method: string, path: string): number }): Promise<void> {
  for (let tries = 0; tries < 20; tries += 1) {
    const before = service.count('POST', '/transactions');
    await new Promise((resolve) => setTimeout(resolve, 750));
    if (service.count('POST', '/transactions') === before) return;
  }
  throw new Error('history reads never settled');
}
