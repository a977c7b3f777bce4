import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useMoneyScreen, type MoneyScreen } from './support/money-screen';
import type { SignedInApp } from './support/signed-in-app';
import type { RunningSandbox } from '../../sandbox/server';

describe('Swap: a user converts one asset into another', () => {
  let sandbox: RunningSandbox;
  let session: SignedInApp;
  let page: Page;
  let service: MoneyScreen['service'];
  let nextCode: MoneyScreen['nextCode'];
  let formats: MoneyScreen['formats'];
  const pageErrors: string[] = [];

  useMoneyScreen(
    {
      screen: 'Swap',
      pageErrors,
      ready: (screen) =>
        expect.poll(() => screen.getByLabel('From', { exact: true }).locator('option').count()).toBeGreaterThan(1),
    },
    (started) => ({ sandbox, session, page, service, nextCode, formats } = started),
  );

  async function swapBalances(): Promise<Map<string, Decimal>> {
    const symbols = await session.app.core.session.interfaceA().getSwapSymbols();
    return new Map([
      ['BTC', new Decimal(String(symbols.balance.btcBalance))],
      ['ETH', new Decimal(String(symbols.balance.ethBalance))],
      ['USDT', new Decimal(String(symbols.balance.usdtBalance))],
    ]);
  }

  async function choosePair(from: string, fromNetwork: string, to: string, toNetwork: string): Promise<void> {
    await page.getByLabel('From', { exact: true }).selectOption(from);
    await page.getByLabel('From network').selectOption(fromNetwork);
    await page.getByLabel('To', { exact: true }).selectOption(to);
    await page.getByLabel('To network').selectOption(toNetwork);
  }

  const amountBox = () => page.getByRole('textbox', { name: /^Amount/ });
  const quote = () => page.getByRole('region', { name: 'Quote' });
  const countdown = () => page.getByText(/^Quote (valid for \d+ s|expired)$/);

  /** Whether the focus is on the first acknowledgement box of the warning that is not ticked yet. */
  const focusedIsFirstUnticked = () =>
    page.evaluate((panel) => {
      const boxes = [...document.querySelectorAll<HTMLInputElement>(`${panel} input[type='checkbox']`)];
      const first = boxes.find((box) => !box.checked);
      return first !== undefined && document.activeElement === first;
    }, '.swap-unresolved');
  const swapRequests = () => service.requests.filter((request) => request.path === '/swap');

  async function confirmWithCode(): Promise<void> {
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
    await page.getByRole('button', { name: 'Swap now' }).click();
  }

  it('swaps a crypto amount and the balances change by exactly the quoted amounts', async () => {
    const before = await swapBalances();
    await choosePair('BTC', 'Bitcoin Mainnet', 'ETH', 'Ethereum Mainnet');
    await amountBox().fill('0.01');
    await expect
      .poll(() =>
        quote()
          .textContent()
          .catch(() => ''),
      )
      .toContain(formats.crypto('0.01', 'BTC'));
    expect(await countdown().textContent()).toMatch(/^Quote valid for \d+ s$/);
    // The countdown is shown, not announced every second: the live status stays quiet until 10 s before.
    expect(await page.locator('.swap-countdown-status').textContent()).toBe('');

    await page.getByRole('button', { name: 'Review swap' }).click();
    await page.getByRole('heading', { name: 'Review the swap' }).waitFor();
    await confirmWithCode();
    await page.getByRole('heading', { name: 'Swapped' }).waitFor();
    expect(((await page.locator('.swap-reference-id').textContent()) ?? '').length).toBeGreaterThan(0);
    expect(swapRequests().at(-1)?.body).toEqual({
      fromSymbol: 'BTC',
      fromNetwork: 'Bitcoin Mainnet',
      toSymbol: 'ETH',
      toNetwork: 'Ethereum Mainnet',
      amount: 0.01,
      isUsdInput: false,
    });

    const received = (await page.getByRole('region', { name: 'Swapped' }).textContent()) ?? '';
    const after = await swapBalances();
    expect(after.get('BTC')?.toFixed()).toBe(before.get('BTC')?.minus('0.01').toFixed());
    const gained = after.get('ETH')?.minus(before.get('ETH') ?? 0) ?? new Decimal(0);
    expect(gained.greaterThan(0)).toBe(true);
    expect(received).toContain(formats.crypto(gained.toFixed(), 'ETH'));

    await page.getByRole('button', { name: 'New swap' }).click();
    await page.getByLabel('From', { exact: true }).selectOption('BTC');
    await expect
      .poll(() => page.getByText(/^Available in your/).textContent())
      .toBe(`Available in your Bitcoin Mainnet wallet: ${formats.crypto(after.get('BTC')?.toFixed() ?? '', 'BTC')}`);
  });

  it('swaps a USD amount: the service works out the crypto amount', async () => {
    const before = await swapBalances();
    await choosePair('ETH', 'Ethereum Mainnet', 'USDT', 'Ethereum Mainnet');
    await page.getByRole('checkbox', { name: 'Enter the amount in USD' }).check();
    await amountBox().fill('150');
    await expect
      .poll(() =>
        quote()
          .textContent()
          .catch(() => ''),
      )
      .toContain(formats.usd('150'));
    await page.getByRole('button', { name: 'Review swap' }).click();
    await page.getByRole('heading', { name: 'Review the swap' }).waitFor();
    await confirmWithCode();
    await page.getByRole('heading', { name: 'Swapped' }).waitFor();
    expect(swapRequests().at(-1)?.body).toMatchObject({
      fromSymbol: 'ETH',
      toSymbol: 'USDT',
      amount: 150,
      isUsdInput: true,
    });
    const after = await swapBalances();
    const spentEth = before.get('ETH')?.minus(after.get('ETH') ?? 0) ?? new Decimal(0);
    // 150 USD of ETH at a price of a few thousand USD: a small fraction of one ETH left the wallet.
    expect(spentEth.greaterThan(0) && spentEth.lessThan(1)).toBe(true);
    expect((await page.getByRole('region', { name: 'Swapped' }).textContent()) ?? '').toContain(
      formats.crypto(spentEth.toFixed(), 'ETH'),
    );
  });

  it('asks for a quote once the user stops typing, not on every keystroke', async () => {
    await choosePair('BTC', 'Bitcoin Mainnet', 'ETH', 'Ethereum Mainnet');
    const prechecks = service.count('POST', '/swap/precheck');
    await amountBox().pressSequentially('0.0123', { delay: 30 });
    await expect
      .poll(() =>
        quote()
          .textContent()
          .catch(() => ''),
      )
      .toContain(formats.crypto('0.0123', 'BTC'));
    const made = service.count('POST', '/swap/precheck') - prechecks;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThan('0.0123'.length);
  });

  it('a quote that expired on the review is refreshed before anything is swapped', { timeout: 90_000 }, async () => {
    await choosePair('BTC', 'Bitcoin Mainnet', 'ETH', 'Ethereum Mainnet');
    await amountBox().fill('0.002');
    await expect
      .poll(() =>
        quote()
          .textContent()
          .catch(() => ''),
      )
      .toContain(formats.crypto('0.002', 'BTC'));
    await page.getByRole('button', { name: 'Review swap' }).click();
    await page.getByRole('heading', { name: 'Review the swap' }).waitFor();
    const firstReference = await page.locator('.swap-reference').textContent();

    // The user leaves the review open until the quote runs out.
    await expect.poll(() => countdown().textContent(), { timeout: 45_000, interval: 1_000 }).toBe('Quote expired');
    // Expiry is announced once, politely, in words that say what happens next.
    expect(await page.getByRole('status').allTextContents()).toContainEqual(
      'The quote expired. Pressing the button gets a new one first.',
    );
    const swaps = swapRequests().length;
    await confirmWithCode();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContainEqual(expect.stringMatching(/^The quote expired, so a new one was fetched/));
    expect(await countdown().textContent()).toMatch(/^Quote valid for \d+ s$/);
    expect(await page.locator('.swap-reference').textContent()).not.toBe(firstReference);
    expect(swapRequests().length).toBe(swaps);

    await confirmWithCode();
    await page.getByRole('heading', { name: 'Swapped' }).waitFor();
    expect(swapRequests().length).toBe(swaps + 1);
  });

  it("shows the chosen network's wallet, not the asset's sum over networks", async () => {
    const { wallets } = await session.app.core.session.interfaceA().getWallets();
    const ethereumUsdt = new Decimal(String(wallets.find((wallet) => wallet.symbol === 'USDT')?.amount));
    await page.getByLabel('From', { exact: true }).selectOption('USDT');
    await page.getByLabel('From network').selectOption('Ethereum Mainnet');
    await expect
      .poll(() => page.getByText(/^Available in your/).textContent())
      .toBe(`Available in your Ethereum Mainnet wallet: ${formats.crypto(ethereumUsdt.toFixed(), 'USDT')}`);
  });

  it('a lost swap stays unknown when Check status finds nothing; a new swap needs it acknowledged', async () => {
    await choosePair('BTC', 'Bitcoin Mainnet', 'ETH', 'Ethereum Mainnet');
    await amountBox().fill('0.00313');
    await expect
      .poll(() =>
        quote()
          .textContent()
          .catch(() => ''),
      )
      .toContain(formats.crypto('0.00313', 'BTC'));
    await page.getByRole('button', { name: 'Review swap' }).click();
    await page.getByRole('heading', { name: 'Review the swap' }).waitFor();
    const reference = ((await page.locator('.swap-reference').textContent()) ?? '').replace('Reference ', '');
    // The service takes the swap but answers nothing; it lands long after the look-up.
    sandbox.faults.set({ lateCommitNext: 1, lateCommitDelayMs: 60_000 });
    const swaps = swapRequests().length;
    await confirmWithCode();
    await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor();
    await page.getByRole('button', { name: 'Check status' }).click();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContainEqual(expect.stringMatching(/not in your transaction history yet\. That does not mean it failed/));
    expect(await page.getByRole('button', { name: /retry|again with/i }).count()).toBe(0);
    expect(swapRequests().length).toBe(swaps + 1);

    await page.getByRole('button', { name: 'Start a new swap' }).click();
    await page.getByRole('heading', { name: 'Swaps with an unknown outcome' }).waitFor();
    const entry = page.locator('.swap-unresolved-entry').filter({ hasText: reference });
    expect(await entry.textContent()).toContain('Bitcoin Mainnet');
    await choosePair('BTC', 'Bitcoin Mainnet', 'ETH', 'Ethereum Mainnet');
    await amountBox().fill('0.00313');
    await expect
      .poll(() =>
        quote()
          .textContent()
          .catch(() => ''),
      )
      .toContain(formats.crypto('0.00313', 'BTC'));
    await page.getByRole('button', { name: 'Review swap' }).click();
    // Beside the button, words that say where to act; focus on the first box still to tick.
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContainEqual(
        expect.stringContaining(
          'tick the box for each earlier swap listed under “Swaps with an unknown outcome” above',
        ),
      );
    const acknowledgement = page.getByRole('checkbox', {
      name: new RegExp(
        `^I know the swap of 0\\.00313 BTC \\(Bitcoin Mainnet\\) to ETH \\(Ethereum Mainnet\\) that I started at .+ may already have gone through \\(reference ${reference}\\)$`,
      ),
    });
    await expect.poll(() => focusedIsFirstUnticked()).toBe(true);
    await acknowledgement.check();
    await page.getByRole('button', { name: 'Review swap' }).click();
    await page.getByRole('heading', { name: 'Review the swap' }).waitFor();
    // The same pair and amount as the unknown one: the review says so before Swap now.
    expect(await page.getByRole('region', { name: 'Review the swap' }).getByRole('alert').textContent()).toMatch(
      /^This looks identical to the swap you started at .+ whose outcome is unknown/,
    );
    expect(swapRequests().length).toBe(swaps + 1);
    await page.getByRole('button', { name: 'Back' }).click();
    sandbox.faults.reset();
  });

  it('showed no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
