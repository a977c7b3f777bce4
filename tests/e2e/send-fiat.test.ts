import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { createCodeSource, WIDE_TOTP_WINDOW } from '../support/two-factor-codes';
import { expectedFormats } from './support/amount-formats';
import { reloadSignedInApp } from './support/reload-app';
import { recordServiceRequests } from './support/service-requests';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

/** BIP-173's example address: valid and not the user's own. */
const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

describe('Send in USD or in crypto, in a German window', () => {
  let sandbox: RunningSandbox;
  let session: SignedInApp;
  let page: Page;
  let service: ReturnType<typeof recordServiceRequests>;
  let nextCode: () => Promise<string>;
  const german = expectedFormats('de-DE');

  /** The wallet's USD price as GET /wallets reports it (what Home shows). */
  async function price(code: string): Promise<Decimal> {
    const { wallets } = await session.app.core.session.interfaceA().getWallets();
    const wallet = wallets.find((candidate) => candidate.symbol === code);
    if (!wallet) throw new Error(`no ${code} wallet`);
    return new Decimal(String(wallet.price));
  }

  async function openSend(): Promise<void> {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('heading', { name: 'Send', exact: true }).waitFor();
    const again = page.getByRole('button', { name: 'New send' });
    if (await again.isVisible()) await again.click();
  }

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
    nextCode = createCodeSource(session.user.totpSecret, WIDE_TOTP_WINDOW);
  });

  afterAll(async () => {
    service.restore();
    await session.close();
    await sandbox.close();
  });

  it('USD typed the German way sends the crypto it buys, shown exactly on the review with the account and the total', async () => {
    await openSend();
    await page.getByLabel('Asset', { exact: true }).selectOption('BTC');
    await page.getByRole('textbox', { name: 'Destination address' }).fill(BTC_DESTINATION);
    await page.getByRole('radio', { name: 'USD' }).check();
    await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('100,50');
    const btcPrice = await price('BTC');
    const expected = new Decimal('100.5').dividedBy(btcPrice).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    await page.getByText(`Sends exactly ${german.crypto(expected.toFixed(), 'BTC')}`).waitFor();

    await page.getByRole('button', { name: 'Check fees' }).click();
    await page.getByRole('radio', { name: /^Standard/ }).check();
    await page.getByRole('button', { name: 'Review send' }).click();
    const review = page.getByRole('region', { name: 'Review the send' });
    await review.waitFor();
    const precheck = await session.app.core.session
      .interfaceA()
      .sendPrecheck({ symbol: 'BTC', address: BTC_DESTINATION, amount: expected.toNumber() });
    const fee = new Decimal(String(precheck.feeData.find((data) => data.feeRate === 1)?.fee));
    const text = (await review.textContent()) ?? '';
    const account = session.user.accounts.find(
      (candidate) => candidate.guid === (text.match(/\(([0-9a-f-]{36})\)/)?.[1] ?? ''),
    );
    expect(account, 'the review names the account the money leaves').toBeDefined();
    expect(text).toContain(`From account${account?.name} (${account?.guid})`);
    expect(text).toContain(`Amount sent${german.crypto(expected.toFixed(), 'BTC')}`);
    expect(text).toContain(`entered as ${german.usd('100.5')}`);
    expect(text).toContain(`Total${german.crypto(expected.plus(fee).toFixed(), 'BTC')}`);

    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('heading', { name: 'Sent' }).waitFor();
    const sent = service.requests.filter((request) => request.path === '/send').at(-1)?.body;
    // The amount that left is the crypto amount, exactly as reviewed.
    expect(sent).toMatchObject({ symbol: 'BTC', address: BTC_DESTINATION, amount: expected.toNumber() });
  });

  it('crypto typed shows its USD value live; switching to USD carries it over', async () => {
    await openSend();
    await page.getByLabel('Asset', { exact: true }).selectOption('BTC');
    await page.getByRole('textbox', { name: 'Amount (BTC)' }).fill('0,001');
    const usd = new Decimal('0.001').times(await price('BTC')).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    await page.getByText(`≈ ${german.usd(usd.toFixed(2))}`).waitFor();
    await page.getByRole('radio', { name: 'USD' }).check();
    const field = page.getByRole('textbox', { name: 'Amount (USD)' });
    await expect
      .poll(() => field.inputValue())
      .toBe(new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, useGrouping: false }).format(usd.toNumber()));
  });

  it('with no known price, USD entry is unavailable and says why', async () => {
    await page.route('**/__bridge/invoke/send.assets', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { ok: boolean; value: { code: string; priceUsd: string }[] };
      // A wallet list without a price for BTC, as a service may answer.
      const value = answer.value.map((asset) => (asset.code === 'BTC' ? { ...asset, priceUsd: '0' } : asset));
      await route.fulfill({ response, json: { ...answer, value } });
    });
    try {
      await reloadSignedInApp(page);
      await openSend();
      await page.getByLabel('Asset', { exact: true }).selectOption('BTC');
      const usd = page.getByRole('radio', { name: 'USD' });
      expect(await usd.isDisabled()).toBe(true);
      await page
        .getByText('No USD price is known for BTC right now, so the amount can only be entered in BTC.')
        .waitFor();
      expect(await page.getByRole('textbox', { name: 'Amount (BTC)' }).count()).toBe(1);
    } finally {
      await page.unroute('**/__bridge/invoke/send.assets');
    }
  });
});
