import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { PortfolioView } from '../../src-preload/contract/portfolio';
import type { SessionView } from '../../src-preload/contract/session';
import { markupMaker } from '../../src-main/shell/launch-markup';
import {
  LAUNCH_FRESH_ACCOUNT_ATTRIBUTE,
  LAUNCH_FRESH_ID,
  LAUNCH_MARK_ATTRIBUTE,
  LAUNCH_MARKS,
} from '../../src-renderer/src/launch-marks';
import { launchBalancesView, launchFreshView } from '../../src-renderer/src/launch-paint-view';
import { HOSTILE_TEXTS } from '../support/hostile-texts';
import { servedFreshPage } from '../support/served-fresh-view';
import { expect, test } from './support/fixtures';
import { recordServiceRequests } from './support/service-requests';
import type { AppSession, SignedInApp, StartAppOptions } from './support/signed-in-app';
import { dataRows } from './support/table-rows';

/** Where the fresh balances come from (GET /wallets): held alone, so the session and the rest answer. */
const WALLETS_PATH = '/api/OAuth/wallets';

/** The launch views' inputs for the markup tests: one wallet per text, each field of it that text. */
const portfolioOf = (texts: readonly string[]): PortfolioView => ({
  accountGuid: 'account-1',
  totalBalanceUsd: '2',
  dailyProfitUsd: '0',
  wallets: texts.map((text) => ({
    code: text,
    displayName: text,
    network: text,
    amount: '1',
    priceUsd: '2',
    valueUsd: '2',
    address: 'a',
  })),
  fetchedAt: '2026-11-23T09:00:00.000Z',
});
const SIGNED_IN: SessionView = {
  status: 'signed-in',
  user: null,
  accounts: [],
  activeAccountGuid: 'account-1',
  keychain: 'available',
};
const walletRows = (page: Page) => dataRows(page.getByRole('table', { name: 'Wallets' }));

/** A row's text as a reader meets it: the cells' texts with the white space between them collapsed. */
const rowText = async (page: Page) =>
  ((await walletRows(page).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Signs alice in, waits for her fresh balances on Home, and quits (keeping the sandbox, settings and keychain). */
async function signedInOnceThenQuit(
  launchSignedInApp: (options: { username: string; sandbox: AppSession['sandbox'] }) => Promise<SignedInApp>,
  sandbox: AppSession['sandbox'],
): Promise<Pick<AppSession, 'secrets' | 'userDataDir'> & { firstRow: string }> {
  const first = await launchSignedInApp({ username: 'alice', sandbox });
  await expect(first.page.getByText(/Updated \d+ s ago/)).toBeVisible();
  const firstRow = await rowText(first.page);
  await first.dispose();
  return { secrets: first.secrets, userDataDir: first.userDataDir, firstRow };
}

test.describe('the last known balances at launch', () => {
  test('a relaunch paints the last known balances "as of" their time at once, then the fresh ones', async ({
    launchSandbox,
    launchApp,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const { secrets, userDataDir, firstRow } = await signedInOnceThenQuit(launchSignedInApp, sandbox);
    // The fresh balances wait until the story has seen the last known ones: held, not slowed, since a delay
    // is over before a slow machine has even opened the window.
    sandbox.faults.set({ holdPath: WALLETS_PATH });
    const again = await launchApp({ sandbox, secrets, userDataDir });
    const { page } = again;
    await expect(page.getByText(/Last known balances\s+as of/).first()).toBeVisible();
    await expect(walletRows(page).first()).toHaveText(firstRow);
    await expect(page.getByText(/Updated \d+ s ago/)).toHaveCount(0);
    // The app has asked for the fresh balances: what it shows now stands in for an answer on its way.
    await expect.poll(() => sandbox.faults.held).toBeGreaterThan(0);
    await expect(page.getByText(/Last known balances\s+as of/).first()).toBeVisible();

    sandbox.faults.releaseHeld();
    await expect(page.getByText(/Updated \d+ s ago/)).toBeVisible();
    await expect(page.getByText(/as of/)).toHaveCount(0);
    await expect(walletRows(page)).not.toHaveCount(0);
    expect(again.app.externalUrls).toEqual([]);
  });

  test('a slow session restore keeps the served rows on screen until the app shows them', async ({
    launchSandbox,
    launchApp,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const { secrets, userDataDir, firstRow } = await signedInOnceThenQuit(launchSignedInApp, sandbox);
    // The silent restore waits on GET /session, and session.get on it: held, the launch paint's answers come
    // after its wait, however fast the machine.
    sandbox.faults.set({ holdPath: '/api/OAuth/session' });
    const again = await launchApp({ sandbox, secrets, userDataDir });
    const { page } = again;
    await expect(walletRows(page).first()).toHaveText(firstRow);
    await expect.poll(() => sandbox.faults.held).toBeGreaterThan(0);
    // The page again, this time noting from its first byte whether #root, once it had the rows, was ever left
    // empty (the flash the reviewer saw). The restore is still held, so main serves the rows as before.
    await page.context().addInitScript(() => {
      let filled = false;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (!root) return;
        if (root.childElementCount > 0) filled = true;
        else if (filled) root.dataset.everEmptied = 'yes';
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(walletRows(page).first()).toHaveText(firstRow);
    // main.tsx loads the app's chunk only once the launch paint has decided what to do with the rows.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((entry) => entry.name.includes('render-app')),
        ),
      )
      .toBe(true);
    await expect(walletRows(page).first()).toHaveText(firstRow);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    sandbox.faults.releaseHeld();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(walletRows(page).first()).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('data-ever-emptied', 'yes');
    expect(again.app.externalUrls).toEqual([]);
  });

  test('the served rows are on screen before the launch script runs, and a lock meanwhile takes them off', async ({
    launchSandbox,
    launchApp,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const { secrets, userDataDir, firstRow } = await signedInOnceThenQuit(launchSignedInApp, sandbox);
    const again = await launchApp({ sandbox, secrets, userDataDir });
    const { page } = again;
    await expect(walletRows(page).first()).toHaveText(firstRow);
    // The page again, its launch script (public/launch-requests.js, after #root) held until the story lets it
    // go: the rows main served must not wait for it.
    let releaseScript: () => Promise<void> = async () => undefined;
    const scriptAsked = new Promise<void>((asked) => {
      void page.route('**/launch-requests.js', (route) => {
        releaseScript = () => route.continue();
        asked();
      });
    });
    // The app's script (render-app, which the bundle asks for once the launch paint is done) never arrives: its
    // lock screen would take the rows off anyway, so only the launch script and the launch paint may do it here.
    let appScriptAsked = false;
    await page.route('**/render-app-*.js', () => {
      appScriptAsked = true;
    });
    await page.reload({ waitUntil: 'commit' });
    await scriptAsked;
    await expect(walletRows(page).first()).toHaveText(firstRow);
    await expect(walletRows(page).first()).toBeVisible();
    expect(await page.evaluate(() => 'walletLaunch' in window)).toBe(false);
    // Locked before the script listens for changes: no listener hears it, but the answers it asks for do.
    expect((await again.app.dispatch('session.lock', undefined)).ok).toBe(true);
    await releaseScript();
    await expect(page.getByRole('table', { name: 'Wallets' })).toHaveCount(0);
    await expect(page.getByText(firstRow)).toHaveCount(0);
    // Taken off with the app's script held, not by the app's lock screen.
    await expect.poll(() => appScriptAsked).toBe(true);
    await expect(page.getByRole('table', { name: 'Wallets' })).toHaveCount(0);
    expect(again.app.externalUrls).toEqual([]);
  });

  /**
   * Relaunches alice's app with its page's bundle (the module script, the app's own code) held, once main has
   * this run's balances (the restore's own GET /wallets answered: portfolio.cached then holds them), so
   * index.html is served with them whatever the machine's speed. Counts the app's GET /wallets from the start.
   */
  async function relaunchWithBundleHeld(
    launchApp: (options: Omit<StartAppOptions, 'browser'>) => Promise<AppSession>,
    launched: { sandbox: AppSession['sandbox']; secrets: AppSession['secrets']; userDataDir: string },
  ) {
    const service = recordServiceRequests(launched.sandbox);
    const relaunchedAt = Date.now();
    let releaseBundle: () => Promise<void> = async () => undefined;
    const again = await launchApp({
      ...launched,
      beforeLoad: async (page, app) => {
        await page.route('**/assets/index-*.js', (route) => {
          releaseBundle = () => route.continue();
        });
        await expect
          .poll(async () => {
            const known = await app.dispatch('portfolio.cached', undefined);
            const record = known.ok ? (known.value as Pick<PortfolioView, 'fetchedAt'> | null) : null;
            return record !== null && Date.parse(record.fetchedAt) >= relaunchedAt;
          })
          .toBe(true);
      },
    });
    return { again, service, releaseBundle: () => releaseBundle() };
  }

  test("a restored session shows this run's balances before the app's script runs, from its one GET /wallets", async ({
    launchSandbox,
    launchApp,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const { secrets, userDataDir, firstRow } = await signedInOnceThenQuit(launchSignedInApp, sandbox);
    const { again, service, releaseBundle } = await relaunchWithBundleHeld(launchApp, {
      sandbox,
      secrets,
      userDataDir,
    });
    try {
      const { page } = again;
      // Home's words for this run's answer, not the last known balances' "as of", with the app's code held.
      await expect(page.getByText('Updated 0 s ago')).toBeVisible();
      await expect(walletRows(page).first()).toHaveText(firstRow);
      await expect(page.getByText(/as of/)).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      // The served rows and the page's own first answer are one request.
      expect(service.count('GET', '/wallets')).toBe(1);

      await releaseBundle();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByText(/Updated \d+ s ago/)).toBeVisible();
      await expect(walletRows(page).first()).toHaveText(firstRow);
      expect(service.count('GET', '/wallets')).toBe(1);
      expect(again.app.externalUrls).toEqual([]);
    } finally {
      service.restore();
    }
  });

  test("a lock while the app's script is held takes this run's served balances off", async ({
    launchSandbox,
    launchApp,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const { secrets, userDataDir, firstRow } = await signedInOnceThenQuit(launchSignedInApp, sandbox);
    const { again, service } = await relaunchWithBundleHeld(launchApp, { sandbox, secrets, userDataDir });
    try {
      const { page } = again;
      await expect(page.getByText('Updated 0 s ago')).toBeVisible();
      await expect(walletRows(page).first()).toHaveText(firstRow);
      expect((await again.app.dispatch('session.lock', undefined)).ok).toBe(true);
      // Only the launch script can take them off: the app's code, and its lock screen, never arrived.
      await expect(page.getByRole('table', { name: 'Wallets' })).toHaveCount(0);
      await expect(page.getByText(firstRow)).toHaveCount(0);
      await expect(page.getByText('Updated 0 s ago')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    } finally {
      service.restore();
    }
  });

  test('with the service failing at launch, the app starts on the last known balances, says so, and tries again on request', async ({
    launchSandbox,
    launchApp,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const { secrets, userDataDir, firstRow } = await signedInOnceThenQuit(launchSignedInApp, sandbox);
    // GET /session fails once: the stored session cannot be restored now, but is not over.
    sandbox.faults.set({ failNext: 1, failNextPath: '/api/OAuth/session' });
    const again = await launchApp({ sandbox, secrets, userDataDir });
    const { page } = again;
    const notice = page.getByRole('alert').filter({ hasText: /could not be reached/ });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(/last known balances\s+as of/);
    await expect(walletRows(page).first()).toHaveText(firstRow);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByText(/Updated \d+ s ago/)).toBeVisible();
    await expect(notice).toHaveCount(0);
    expect(again.app.externalUrls).toEqual([]);
  });

  test('a relaunch is served them inside index.html, and none while privacy mode is on or the app is locked', async ({
    browser,
    launchSandbox,
    launchApp,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const { secrets, userDataDir, firstRow } = await signedInOnceThenQuit(launchSignedInApp, sandbox);
    sandbox.faults.set({ holdPath: WALLETS_PATH });
    const again = await launchApp({ sandbox, secrets, userDataDir });
    await expect(walletRows(again.page).first()).toHaveText(firstRow);
    // index.html as main serves it now, and as a window that runs no script at all shows it: the rows are in
    // the document itself, not put in by the page.
    const served = async () => (await again.page.request.get(again.app.url)).text();
    const bare = await browser.newContext({ javaScriptEnabled: false });
    const document = await bare.newPage();
    try {
      expect(await served()).toContain('<div id="root" data-launch="cached">');
      await document.goto(again.app.url);
      await expect(walletRows(document).first()).toHaveText(firstRow);
      await expect(document.getByText(/Last known balances\s+as of/).first()).toBeVisible();

      const privacy = await again.app.dispatch('preferences.update', { privacyMode: true });
      expect(privacy.ok).toBe(true);
      const whilePrivate = await served();
      expect(whilePrivate).not.toContain('data-launch');
      expect(whilePrivate).not.toContain('data-balances');
      await document.goto(again.app.url);
      await expect(document.getByRole('table', { name: 'Wallets' })).toHaveCount(0);

      expect((await again.app.dispatch('preferences.update', { privacyMode: false })).ok).toBe(true);
      expect(await served()).toContain('data-balances="cached"');
      expect((await again.app.dispatch('session.lock', undefined)).ok).toBe(true);
      const whileLocked = await served();
      expect(whileLocked).not.toContain('data-launch');
      expect(whileLocked).not.toContain('data-balances');
      await document.goto(again.app.url);
      await expect(document.getByRole('table', { name: 'Wallets' })).toHaveCount(0);
    } finally {
      await bare.close();
      sandbox.faults.releaseHeld();
    }
  });

  test("the served view keeps every text of the service as text in Chromium's parser", async ({ browser }) => {
    const markupOf = (texts: readonly string[]) =>
      launchBalancesView(markupMaker, portfolioOf(texts), SIGNED_IN).outerHTML;
    const context = await browser.newContext();
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    /** What the parser made of the markup: each element with its attribute names, and each row's cells' texts. */
    const parsed = async (markup: string) => {
      await page.setContent(`<!doctype html><html><body><div id="root">${markup}</div></body></html>`);
      return page.evaluate(() => {
        const root = document.getElementById('root')!;
        return {
          elements: [...root.querySelectorAll('*')].map((element) =>
            [element.localName, ...element.getAttributeNames()].join(' '),
          ),
          rows: [...root.querySelectorAll('tbody tr')].map((row) =>
            [...row.children].slice(0, 3).map((cell) => cell.textContent),
          ),
          units: [...root.querySelectorAll('tbody .unit')].map((unit) => unit.textContent),
        };
      });
    };
    try {
      const hostile = await parsed(markupOf(HOSTILE_TEXTS));
      const harmless = await parsed(markupOf(HOSTILE_TEXTS.map(() => 'BTC')));
      expect(hostile.elements).toEqual(harmless.elements);
      expect(hostile.rows).toEqual(HOSTILE_TEXTS.map((text) => [text, text, text]));
      expect(hostile.units).toEqual(HOSTILE_TEXTS);
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("main's fresh view keeps every text of the service as text in Chromium's parser, in #root and at the end", async ({
    browser,
  }) => {
    // An account id meant to end the fresh part's attribute and run a script after it.
    const account = '"><img src=x onerror=alert(1)></div><script>alert(2)</script>';
    const hostileFresh = { ...portfolioOf(HOSTILE_TEXTS), accountGuid: account };
    const harmlessFresh = portfolioOf(HOSTILE_TEXTS.map(() => 'BTC'));
    const context = await browser.newContext();
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    /** What the parser made of the page: its body's elements with their attribute names, the rows, the account. */
    const parsed = async (html: string) => {
      await page.setContent(html);
      return page.evaluate(
        ({ freshId, accountAttribute }) => {
          const frame = document.getElementById(freshId) ?? document.getElementById('root')!;
          return {
            elements: [...document.body.querySelectorAll('*')].map((element) =>
              [element.localName, ...element.getAttributeNames()].join(' '),
            ),
            rows: [...frame.querySelectorAll('tbody tr')].map((row) =>
              [...row.children].slice(0, 3).map((cell) => cell.textContent),
            ),
            units: [...frame.querySelectorAll('tbody .unit')].map((unit) => unit.textContent),
            account: frame.getAttribute(accountAttribute),
            scripts: document.scripts.length,
          };
        },
        { freshId: LAUNCH_FRESH_ID, accountAttribute: LAUNCH_FRESH_ACCOUNT_ATTRIBUTE },
      );
    };
    try {
      for (const place of ['root', 'end'] as const) {
        const hostile = await parsed(await servedFreshPage(hostileFresh, place));
        const harmless = await parsed(await servedFreshPage(harmlessFresh, place));
        expect(harmless.elements.some((element) => element.startsWith(`div id ${LAUNCH_MARK_ATTRIBUTE}`))).toBe(true);
        expect(hostile.elements).toEqual(harmless.elements);
        expect(hostile.rows).toEqual(HOSTILE_TEXTS.map((text) => [text, text, text]));
        expect(hostile.units).toEqual(HOSTILE_TEXTS);
        expect(hostile.account).toBe(account);
        // The launch script's stand-in, and no other.
        expect(hostile.scripts).toBe(1);
      }
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the app's stylesheet shows the fresh part after the launch script in place of the cached rows", async ({
    browser,
  }) => {
    // The built stylesheet, as the page links it (the e2e run builds out/ first).
    const assets = join(import.meta.dirname, '../../out/renderer/assets');
    const sheet = (await readdir(assets)).find((name) => name.endsWith('.css'));
    const css = await readFile(join(assets, sheet!), 'utf8');
    const record = portfolioOf(['BTC']);
    const cached = launchBalancesView(markupMaker, record, SIGNED_IN).outerHTML;
    const fresh = launchFreshView(markupMaker, { ...record, totalBalanceUsd: '3' }).outerHTML;
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      // index.html as main ends it when this run's balances came after the rest (src-main/shell/launch-document.ts).
      await page.setContent(
        `<!doctype html><html lang="en"><head><style>${css}</style></head><body>` +
          `<div id="root" ${LAUNCH_MARK_ATTRIBUTE}="${LAUNCH_MARKS.cached}">${cached}</div>` +
          `<script>/* launch-requests.js */</script>` +
          `<div id="${LAUNCH_FRESH_ID}" ${LAUNCH_MARK_ATTRIBUTE}="${LAUNCH_MARKS.fresh}">${fresh}</div></body></html>`,
      );
      // One table for a reader, this run's: the cached rows are hidden, out of the accessibility tree too.
      await expect(page.getByRole('table', { name: 'Wallets' })).toHaveCount(1);
      await expect(page.getByText('Updated 0 s ago')).toBeVisible();
      await expect(page.getByText(/Last known balances\s+as of/)).toBeHidden();
      expect(await page.locator('body').ariaSnapshot()).not.toContain('as of');
      // Taken off (a lock), the fresh part leaves nothing behind it but what the launch script left in #root.
      await page.evaluate((id) => document.getElementById(id)!.remove(), LAUNCH_FRESH_ID);
      await expect(page.getByText(/Last known balances\s+as of/)).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('after sign-out, a relaunch shows no balances at all', async ({
    launchSandbox,
    launchApp,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox();
    const first = await launchSignedInApp({ username: 'alice', sandbox });
    await expect(first.page.getByText(/Updated \d+ s ago/)).toBeVisible();
    await first.page.getByRole('button', { name: 'Sign out' }).click();
    await expect(first.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await first.dispose();
    const again = await launchApp({ sandbox, secrets: first.secrets, userDataDir: first.userDataDir });
    await expect(again.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(again.page.getByRole('table', { name: 'Wallets' })).toHaveCount(0);
  });
});
