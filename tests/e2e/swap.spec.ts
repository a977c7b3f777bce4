import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { expect, openScreen, OWN_APP, test, WIDE_TOTP_WINDOW, type MoneyScreen } from './support/fixtures';
import { alertSaying, containing, definitionOf, statusSaying } from './support/page-text';
import { reloadSignedInApp } from './support/reload-app';

// Quotes last five minutes, not the app's 30 s: no story's steps between a quote and its swap race the
// quote's lifetime, however busy the machine; the expiry story lets one run out on purpose.
test.use({ appOptions: { username: 'alice', totpWindowSteps: WIDE_TOTP_WINDOW, quoteLifetimeMs: 5 * 60_000 } });

async function swapBalances({ session }: MoneyScreen): Promise<Map<string, Decimal>> {
  const symbols = await session.app.core.session.interfaceA().getSwapSymbols();
  return new Map([
    ['BTC', new Decimal(String(symbols.balance.btcBalance))],
    ['ETH', new Decimal(String(symbols.balance.ethBalance))],
    ['USDT', new Decimal(String(symbols.balance.usdtBalance))],
  ]);
}

async function choosePair(page: Page, from: string, fromNetwork: string, to: string, toNetwork: string) {
  await page.getByRole('combobox', { name: 'From', exact: true }).selectOption(from);
  await page.getByRole('combobox', { name: 'From network' }).selectOption(fromNetwork);
  await page.getByRole('combobox', { name: 'To', exact: true }).selectOption(to);
  await page.getByRole('combobox', { name: 'To network' }).selectOption(toNetwork);
}

const amountBox = (page: Page) => page.getByRole('textbox', { name: /^Amount/ });
const quote = (page: Page) => page.getByRole('region', { name: 'Quote' });
const countdown = (page: Page) => page.getByText(/^Quote (valid for \d+ s|expired)$/);
const reviewReference = (page: Page) => page.getByRole('region', { name: 'Review the swap' }).getByText(/^Reference /);
const swapRequests = ({ service }: MoneyScreen) => service.requests.filter((request) => request.path === '/swap');

/**
 * The Swap screen afresh on a page whose clock the story has taken over (Playwright's page.clock), ready once
 * the account's swap balances have loaded. The clock runs on real time until the story moves or stops it.
 */
async function swapOnPageClock(page: Page): Promise<void> {
  await page.clock.install();
  await reloadSignedInApp(page);
  await openScreen(page, 'Swap');
  await expect(
    page.getByRole('main').getByRole('combobox', { name: 'From', exact: true }).getByRole('option').nth(1),
  ).toBeAttached();
}

async function confirmWithCode({ page, nextCode }: MoneyScreen): Promise<void> {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
  await page.getByRole('button', { name: 'Swap now' }).click();
}

// Each story has its own sandbox and app (OWN_APP): what it sends or leaves unknown is its own.
test.describe('Swap: a user converts one asset into another', { tag: OWN_APP }, () => {
  // Every story's own page threw nothing.
  test.afterEach(({ signedInApp }) => {
    expect(signedInApp.pageErrors).toEqual([]);
  });

  test('swaps a crypto amount and the balances change by exactly the quoted amounts', async ({ swapScreen }) => {
    const { page, formats } = swapScreen;
    const before = await swapBalances(swapScreen);
    await choosePair(page, 'BTC', 'Bitcoin Mainnet', 'ETH', 'Ethereum Mainnet');
    await amountBox(page).fill('0.01');
    await expect(quote(page)).toContainText(formats.crypto('0.01', 'BTC'));
    await expect(countdown(page)).toHaveText(/^Quote valid for \d+ s$/);
    // The countdown is shown, not announced every second: the live status stays quiet until 10 s before.
    await expect(statusSaying(page, /Quote valid|expire/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Review swap' }).click();
    await expect(page.getByRole('heading', { name: 'Review the swap' })).toBeVisible();
    await confirmWithCode(swapScreen);
    await expect(page.getByRole('heading', { name: 'Swapped' })).toBeVisible();
    const swapped = page.getByRole('region', { name: 'Swapped' });
    await expect(definitionOf(swapped, 'Swap reference')).toHaveText(/\S/);
    expect(swapRequests(swapScreen).at(-1)?.body).toEqual({
      fromSymbol: 'BTC',
      fromNetwork: 'Bitcoin Mainnet',
      toSymbol: 'ETH',
      toNetwork: 'Ethereum Mainnet',
      amount: 0.01,
      isUsdInput: false,
    });

    const after = await swapBalances(swapScreen);
    expect(after.get('BTC')?.toFixed()).toBe(before.get('BTC')?.minus('0.01').toFixed());
    const gained = after.get('ETH')?.minus(before.get('ETH') ?? 0) ?? new Decimal(0);
    expect(gained.greaterThan(0)).toBe(true);
    await expect(swapped).toContainText(formats.crypto(gained.toFixed(), 'ETH'));

    await page.getByRole('button', { name: 'New swap' }).click();
    await page.getByRole('combobox', { name: 'From', exact: true }).selectOption('BTC');
    await expect(page.getByText(/^Available in your/)).toHaveText(
      `Available in your Bitcoin Mainnet wallet: ${formats.crypto(after.get('BTC')?.toFixed() ?? '', 'BTC')}`,
    );
  });

  test('swaps a USD amount: the service works out the crypto amount', async ({ swapScreen }) => {
    const { page, formats } = swapScreen;
    const before = await swapBalances(swapScreen);
    await choosePair(page, 'ETH', 'Ethereum Mainnet', 'USDT', 'Ethereum Mainnet');
    await page.getByRole('checkbox', { name: 'Enter the amount in USD' }).check();
    await amountBox(page).fill('150');
    await expect(quote(page)).toContainText(formats.usd('150'));
    await page.getByRole('button', { name: 'Review swap' }).click();
    await expect(page.getByRole('heading', { name: 'Review the swap' })).toBeVisible();
    await confirmWithCode(swapScreen);
    await expect(page.getByRole('heading', { name: 'Swapped' })).toBeVisible();
    expect(swapRequests(swapScreen).at(-1)?.body).toMatchObject({
      fromSymbol: 'ETH',
      toSymbol: 'USDT',
      amount: 150,
      isUsdInput: true,
    });
    const after = await swapBalances(swapScreen);
    const spentEth = before.get('ETH')?.minus(after.get('ETH') ?? 0) ?? new Decimal(0);
    // 150 USD of ETH at a price of a few thousand USD: a small fraction of one ETH left the wallet.
    expect(spentEth.greaterThan(0) && spentEth.lessThan(1)).toBe(true);
    await expect(page.getByRole('region', { name: 'Swapped' })).toContainText(
      formats.crypto(spentEth.toFixed(), 'ETH'),
    );
  });

  test('asks for a quote once the user stops typing, not on every keystroke', async ({ swapScreen }) => {
    const { page, formats, service } = swapScreen;
    await swapOnPageClock(page);
    await choosePair(page, 'BTC', 'Bitcoin Mainnet', 'ETH', 'Ethereum Mainnet');
    const prechecks = service.count('POST', '/swap/precheck');
    // A keystroke every 100 ms on the window's clock, which stands still between them however slowly a busy
    // machine delivers the keys; then the user stops and the clock runs on.
    await page.clock.pauseAt(Date.now() + 1_000);
    for (const key of '0.0123') {
      await amountBox(page).pressSequentially(key);
      await page.clock.runFor(100);
    }
    await page.clock.resume();
    await expect(quote(page)).toContainText(formats.crypto('0.0123', 'BTC'));
    // With the pauses held to 100 ms, exactly one: the quote asked for once the typing stopped.
    expect(service.count('POST', '/swap/precheck') - prechecks).toBe(1);
  });

  test('a quote that expired on the review is refreshed before anything is swapped', async ({ swapScreen }) => {
    const { page, formats, session } = swapScreen;
    // The quote runs out when the story says rather than after its lifetime of real time: main's quote clock
    // is moved with the window's below.
    await swapOnPageClock(page);
    await choosePair(page, 'BTC', 'Bitcoin Mainnet', 'ETH', 'Ethereum Mainnet');
    await amountBox(page).fill('0.002');
    await expect(quote(page)).toContainText(formats.crypto('0.002', 'BTC'));
    await page.getByRole('button', { name: 'Review swap' }).click();
    await expect(page.getByRole('heading', { name: 'Review the swap' })).toBeVisible();
    const firstReference = (await reviewReference(page).textContent()) ?? '';
    expect(firstReference).toMatch(/^Reference \S+/);

    // The user leaves the review open until the quote runs out: its whole lifetime passes at once, for the
    // window and for main alike.
    await expect(countdown(page)).toHaveText(/^Quote valid for \d+ s$/);
    const secondsLeft = Number(/\d+/.exec((await countdown(page).textContent()) ?? '')?.[0]);
    session.app.advanceQuoteClock((secondsLeft + 1) * 1000);
    await page.clock.fastForward((secondsLeft + 1) * 1000);
    await expect(countdown(page)).toHaveText('Quote expired');
    // Expiry is announced once, politely, in words that say what happens next.
    await expect(statusSaying(page, 'The quote expired. Pressing the button gets a new one first.')).toHaveCount(1);
    const swaps = swapRequests(swapScreen).length;
    await confirmWithCode(swapScreen);
    await expect(statusSaying(page, /^The quote expired, so a new one was fetched/)).not.toHaveCount(0);
    await expect(countdown(page)).toHaveText(/^Quote valid for \d+ s$/);
    await expect(reviewReference(page)).not.toHaveText(firstReference);
    expect(swapRequests(swapScreen).length).toBe(swaps);

    await confirmWithCode(swapScreen);
    await expect(page.getByRole('heading', { name: 'Swapped' })).toBeVisible();
    expect(swapRequests(swapScreen).length).toBe(swaps + 1);
  });

  test("shows the chosen network's wallet, not the asset's sum over networks", async ({ swapScreen }) => {
    const { page, formats, session } = swapScreen;
    const { wallets } = await session.app.core.session.interfaceA().getWallets();
    const ethereumUsdt = new Decimal(String(wallets.find((wallet) => wallet.symbol === 'USDT')?.amount));
    await page.getByRole('combobox', { name: 'From', exact: true }).selectOption('USDT');
    await page.getByRole('combobox', { name: 'From network' }).selectOption('Ethereum Mainnet');
    await expect(page.getByText(/^Available in your/)).toHaveText(
      `Available in your Ethereum Mainnet wallet: ${formats.crypto(ethereumUsdt.toFixed(), 'USDT')}`,
    );
  });

  test('a lost swap stays unknown when Check status finds nothing; a new swap needs it acknowledged; a later look-up finds it once it lands', async ({
    swapScreen,
  }) => {
    const { page, formats, sandbox } = swapScreen;
    await choosePair(page, 'BTC', 'Bitcoin Mainnet', 'ETH', 'Ethereum Mainnet');
    await amountBox(page).fill('0.00313');
    await expect(quote(page)).toContainText(formats.crypto('0.00313', 'BTC'));
    await page.getByRole('button', { name: 'Review swap' }).click();
    await expect(page.getByRole('heading', { name: 'Review the swap' })).toBeVisible();
    const reference = ((await reviewReference(page).textContent()) ?? '').replace('Reference ', '');
    expect(reference).not.toBe('');
    const lostSwaps = () =>
      sandbox.movements().filter((movement) => movement.kind === 'swap' && movement.amount === '0.00313');
    // The service takes the swap but answers nothing; it lands only when released below, after the look-ups
    // and the new review, however slow the machine (a timed commit would race them).
    sandbox.faults.set({ lateCommitNext: 1, holdLateCommits: true });
    try {
      const swaps = swapRequests(swapScreen).length;
      await confirmWithCode(swapScreen);
      await expect(page.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();
      await page.getByRole('button', { name: 'Check status' }).click();
      await expect(
        statusSaying(page, /not in your transaction history yet\. That does not mean it failed/),
      ).not.toHaveCount(0);
      await expect(page.getByRole('button', { name: /retry|again with/i })).toHaveCount(0);
      expect(swapRequests(swapScreen).length).toBe(swaps + 1);

      await page.getByRole('button', { name: 'Start a new swap' }).click();
      const unresolved = page.getByRole('region', { name: 'Swaps with an unknown outcome' });
      await expect(unresolved).toBeVisible();
      await expect(unresolved.getByRole('listitem').filter({ hasText: reference })).toContainText('Bitcoin Mainnet');
      await choosePair(page, 'BTC', 'Bitcoin Mainnet', 'ETH', 'Ethereum Mainnet');
      await amountBox(page).fill('0.00313');
      await expect(quote(page)).toContainText(formats.crypto('0.00313', 'BTC'));
      await page.getByRole('button', { name: 'Review swap' }).click();
      // Beside the button, words that say where to act; focus on the first box still to tick.
      await expect(
        alertSaying(
          page,
          containing('tick the box for each earlier swap listed under “Swaps with an unknown outcome” above'),
        ),
      ).not.toHaveCount(0);
      const acknowledgement = page.getByRole('checkbox', {
        name: new RegExp(
          `^I know the swap of 0\\.00313 BTC \\(Bitcoin Mainnet\\) to ETH \\(Ethereum Mainnet\\) that I started at .+ may already have gone through \\(reference ${reference}\\)$`,
        ),
      });
      await expect(unresolved.getByRole('checkbox', { checked: false }).first()).toBeFocused();
      await acknowledgement.check();
      await page.getByRole('button', { name: 'Review swap' }).click();
      await expect(page.getByRole('heading', { name: 'Review the swap' })).toBeVisible();
      // The same pair and amount as the unknown one: the review says so before Swap now.
      await expect(page.getByRole('region', { name: 'Review the swap' }).getByRole('alert')).toHaveText(
        /^This looks identical to the swap you started at .+ whose outcome is unknown/,
      );
      expect(swapRequests(swapScreen).length).toBe(swaps + 1);
      await page.getByRole('button', { name: 'Back' }).click();
      // Every look-up above met a service that had not committed the swap yet.
      expect(lostSwaps()).toHaveLength(0);

      // The service now carries the swap out; the app learns it only from a later look-up, and sends nothing.
      expect(sandbox.releaseLateCommits()).toBe(1);
      expect(lostSwaps()).toHaveLength(1);
      await expect(unresolved.getByRole('listitem').filter({ hasText: reference })).toBeVisible();
      await unresolved
        .getByRole('listitem')
        .filter({ hasText: reference })
        .getByRole('button', { name: /^Check status/ })
        .click();
      // One press opens the swap and looks it up.
      await expect(page.getByRole('heading', { name: 'Swapped' })).toBeVisible();
      expect(swapRequests(swapScreen).length).toBe(swaps + 1);
      expect(lostSwaps()).toHaveLength(1);
      await page.getByRole('button', { name: 'New swap' }).click();
      await expect(unresolved.getByRole('listitem').filter({ hasText: reference })).toHaveCount(0);
    } finally {
      sandbox.faults.reset();
    }
  });
});
