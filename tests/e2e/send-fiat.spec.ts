import Decimal from 'decimal.js';
import { expect, openScreen, test, WIDE_TOTP_WINDOW, type MoneyScreen } from './support/fixtures';
import { reloadSignedInApp } from './support/reload-app';

/** BIP-173's example address: valid and not the user's own. */
const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

test.use({ appOptions: { username: 'alice', locale: 'de-DE', language: 'en', totpWindowSteps: WIDE_TOTP_WINDOW } });

/** The wallet's USD price as GET /wallets reports it (what Home shows). */
async function price({ session }: MoneyScreen, code: string): Promise<Decimal> {
  const { wallets } = await session.app.core.session.interfaceA().getWallets();
  const wallet = wallets.find((candidate) => candidate.symbol === code);
  if (!wallet) throw new Error(`no ${code} wallet`);
  return new Decimal(String(wallet.price));
}

test.describe('Send in USD or in crypto, in a German window', () => {
  test('USD typed the German way sends the crypto it buys, shown exactly on the review with the account and the total', async ({
    sendScreen,
  }) => {
    const { page, formats: german, session, service, nextCode } = sendScreen;
    await page.getByRole('combobox', { name: 'Asset', exact: true }).selectOption('BTC');
    await page.getByRole('textbox', { name: 'Destination address' }).fill(BTC_DESTINATION);
    await page.getByRole('radio', { name: 'USD' }).check();
    await page.getByRole('textbox', { name: 'Amount (USD)' }).fill('100,50');
    const btcPrice = await price(sendScreen, 'BTC');
    const expected = new Decimal('100.5').dividedBy(btcPrice).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    await expect(page.getByText(`Sends exactly ${german.crypto(expected.toFixed(), 'BTC')}`)).toBeVisible();

    await page.getByRole('button', { name: 'Check fees' }).click();
    await page.getByRole('radio', { name: /^Standard/ }).check();
    await page.getByRole('button', { name: 'Review send' }).click();
    const review = page.getByRole('region', { name: 'Review the send' });
    await expect(review).toBeVisible();
    const precheck = await session.app.core.session
      .interfaceA()
      .sendPrecheck({ symbol: 'BTC', address: BTC_DESTINATION, amount: expected.toNumber() });
    const fee = new Decimal(String(precheck.feeData.find((data) => data.feeRate === 1)?.fee));
    // Which of alice's accounts the review names, to check it names it in full.
    const named = ((await review.textContent()) ?? '').match(/\(([0-9a-f-]{36})\)/)?.[1] ?? '';
    const account = session.user.accounts.find((candidate) => candidate.guid === named);
    expect(account, 'the review names the account the money leaves').toBeDefined();
    await expect(review).toContainText(`From account${account?.name} (${account?.guid})`);
    await expect(review).toContainText(`Amount sent${german.crypto(expected.toFixed(), 'BTC')}`);
    await expect(review).toContainText(`entered as ${german.usd('100.5')}`);
    await expect(review).toContainText(`Total${german.crypto(expected.plus(fee).toFixed(), 'BTC')}`);

    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
    const sent = service.requests.filter((request) => request.path === '/send').at(-1)?.body;
    // The amount that left is the crypto amount, exactly as reviewed.
    expect(sent).toMatchObject({ symbol: 'BTC', address: BTC_DESTINATION, amount: expected.toNumber() });
  });

  test('crypto typed shows its USD value live; switching to USD carries it over', async ({ sendScreen }) => {
    const { page, formats: german } = sendScreen;
    await page.getByRole('combobox', { name: 'Asset', exact: true }).selectOption('BTC');
    await page.getByRole('textbox', { name: 'Amount (BTC)' }).fill('0,001');
    const usd = new Decimal('0.001').times(await price(sendScreen, 'BTC')).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    await expect(page.getByText(`≈ ${german.usd(usd.toFixed(2))}`)).toBeVisible();
    await page.getByRole('radio', { name: 'USD' }).check();
    await expect(page.getByRole('textbox', { name: 'Amount (USD)' })).toHaveValue(
      new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, useGrouping: false }).format(usd.toNumber()),
    );
  });

  test('with no known price, USD entry is unavailable and says why', async ({ sendScreen: { page } }) => {
    await page.route('**/__bridge/invoke/send.assets', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { ok: boolean; value: { code: string; priceUsd: string }[] };
      // A wallet list without a price for BTC, as a service may answer.
      const value = answer.value.map((asset) => (asset.code === 'BTC' ? { ...asset, priceUsd: '0' } : asset));
      await route.fulfill({ response, json: { ...answer, value } });
    });
    try {
      await reloadSignedInApp(page);
      await openScreen(page, 'Send');
      await page.getByRole('combobox', { name: 'Asset', exact: true }).selectOption('BTC');
      await expect(page.getByRole('radio', { name: 'USD' })).toBeDisabled();
      await expect(
        page.getByText('No USD price is known for BTC right now, so the amount can only be entered in BTC.'),
      ).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Amount (BTC)' })).toHaveCount(1);
    } finally {
      await page.unroute('**/__bridge/invoke/send.assets');
    }
  });
});
