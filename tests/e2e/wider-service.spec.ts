import type { Page, TestInfo } from '@playwright/test';
import Decimal from 'decimal.js';
import type { RunningSandbox, SandboxInfo } from '../../sandbox/server';
import { createCodeSource } from '../support/two-factor-codes';
import { decodeQrOnScreen } from './support/decode-qr';
import { expect, openScreen, test, WIDE_TOTP_WINDOW, type MoneyScreen } from './support/fixtures';
import type { GroupScope } from './support/group-scope';
import { enterMerchantKeys } from './support/merchant-keys';
import { alertSaying, definitionOf, exactly, statusSaying } from './support/page-text';
import { historyTable, openHistoryWith } from './support/history-table';
import { reloadSignedInApp } from './support/reload-app';

// Assets beyond spec 2.3's table, through the UI, against the sandbox playing the wider service (sandbox/README.md,
// "The wider service"): TRON, and Polygon as a network the app does not know.

/** Tether's TRC-20 contract: a real T-address. The typo changes its last character, which breaks the checksum. */
const TRON_DESTINATION = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRON_TYPO = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u';
/** EIP-55's example address, sent on Polygon, whose format the app does not know. */
const POLYGON_DESTINATION = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON_ADDRESS_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

const movementsOf = (sandbox: RunningSandbox, symbol: string) =>
  sandbox.movements().filter((movement) => movement.kind === 'send' && movement.symbol === symbol);

async function fillSend(page: Page, code: string, address: string, amount: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Asset' }).selectOption(code);
  await page.getByRole('textbox', { name: 'Destination address' }).fill(address);
  await page.getByRole('textbox', { name: /^Amount/ }).fill(amount);
  await page.getByRole('button', { name: 'Check fees' }).click();
}

/** Picks the standard fee once the fees are shown; sends an earlier story left unknown are acknowledged. */
async function chooseStandardFee(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /^Standard/ }).check();
  for (const box of await page.getByRole('checkbox', { name: /may already have gone through/ }).all()) {
    await box.check();
  }
}

/** Enters the next code and sends from the review; waits for the outcome. */
async function sendFromReview({ page, nextCode }: MoneyScreen): Promise<void> {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
}

test.describe('Send and Receive: TRON and a network the app does not know', () => {
  test.use({
    appOptions: { username: 'alice', totpWindowSteps: WIDE_TOTP_WINDOW, sandbox: { widerService: true } },
  });

  test('USDT on TRON: a T-address with a wrong checksum is refused in words before any request; a valid one is reviewed and sent once', async ({
    sendScreen,
  }) => {
    const { page, sandbox, service } = sendScreen;
    const prechecksBefore = service.count('POST', '/send/precheck');
    const movedBefore = movementsOf(sandbox, 'TRX-USD').length;

    await fillSend(page, 'TRX-USD', TRON_TYPO, '5.25');
    await expect(alertSaying(page, 'This TRON address has a typo: its checksum does not match.')).not.toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Review send' })).toHaveCount(0);
    expect(service.count('POST', '/send/precheck')).toBe(prechecksBefore);

    await fillSend(page, 'TRX-USD', TRON_DESTINATION, '5.25');
    await chooseStandardFee(page);
    // A network the app checks asks for no tick of the user's own.
    await expect(page.getByRole('checkbox', { name: 'I have checked this address myself.' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Review send' }).click();
    await expect(page.getByRole('heading', { name: 'Review the send' })).toBeVisible();
    await expect(page.getByText('To this Tron Mainnet address:')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Destination address' })).toHaveText(TRON_DESTINATION);
    await expect(page.getByText(/The app could not check this address/)).toHaveCount(0);

    await sendFromReview(sendScreen);
    const sends = service.requests.filter((request) => request.path === '/send');
    expect(sends.at(-1)?.body).toMatchObject({ symbol: 'TRX-USD', address: TRON_DESTINATION, amount: 5.25 });
    // The sandbox's books: exactly one movement, of this amount to this address.
    expect(movementsOf(sandbox, 'TRX-USD').slice(movedBefore)).toEqual([
      expect.objectContaining({
        amount: '5.25',
        address: TRON_DESTINATION,
        referenceId: sends.at(-1)?.body?.referenceId,
      }),
    ]);
  });

  test('POL on Polygon: the form says the address cannot be checked and asks for a tick; without it nothing is reviewed, with it the send goes once', async ({
    sendScreen,
  }) => {
    const { page, sandbox } = sendScreen;
    const movedBefore = movementsOf(sandbox, 'POL').length;

    await fillSend(page, 'POL', POLYGON_DESTINATION, '3');
    await chooseStandardFee(page);
    await expect(
      alertSaying(
        page,
        'The app cannot check addresses on Polygon Mainnet: it knows neither their format nor their checksum, so a typo would not be caught. Compare the address with where it came from before you go on.',
      ),
    ).toBeVisible();
    const tick = page.getByRole('checkbox', { name: 'I have checked this address myself.' });
    await expect(tick).not.toBeChecked();
    const review = page.getByRole('button', { name: 'Review send' });
    await expect(review).toBeDisabled();

    await tick.check();
    await expect(review).toBeEnabled();
    await review.click();
    await expect(page.getByRole('heading', { name: 'Review the send' })).toBeVisible();
    await expect(
      page.getByText(
        exactly(
          'The app could not check this address: it does not know the address format of Polygon Mainnet. You confirmed that you checked it yourself.',
        ),
      ),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Destination address' })).toHaveText(POLYGON_DESTINATION);

    await sendFromReview(sendScreen);
    expect(movementsOf(sandbox, 'POL').slice(movedBefore)).toEqual([
      expect.objectContaining({ amount: '3', address: POLYGON_DESTINATION }),
    ]);
  });

  test('Receive TRX: the wallet address on Tron Mainnet shows, and its QR code carries the plain address', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await reloadSignedInApp(page);
    await openScreen(page, 'Receive');
    const panel = page.getByRole('region', { name: 'Receive to your wallet' });
    await panel.getByRole('combobox', { name: 'Asset' }).selectOption('TRX');
    // One network: nothing left to choose.
    await expect(panel.getByRole('combobox', { name: 'Network' })).toHaveValue('TRX');
    const expected = (await session.app.core.session.interfaceA().getWalletAddress('TRX')).address;
    expect(expected).toMatch(TRON_ADDRESS_SHAPE);
    await expect(panel.getByRole('group', { name: /address$/ })).toHaveText(expected);
    await expect(panel.getByRole('note')).toHaveText(/^Send only TRX on Tron Mainnet to this address\./);
    // Read from the pixels as a phone would: the address itself, no payment-link scheme in front of it.
    const qr = panel.getByRole('img', { name: /^QR code of your .+ address on Tron Mainnet$/ });
    expect(await decodeQrOnScreen(qr)).toBe(expected);
  });
});

test.describe('A network the app does not know, and TRON, on Send, Receive, Swap and History', () => {
  test.use({
    appOptions: { username: 'alice', totpWindowSteps: WIDE_TOTP_WINDOW, sandbox: { widerService: true } },
  });

  test("POL: amounts take the precision of the service's own POL amounts, and ten places are sent exactly", async ({
    sendScreen,
  }) => {
    const { page, sandbox } = sendScreen;
    const movedBefore = movementsOf(sandbox, 'POL').length;
    await page.getByRole('combobox', { name: 'Asset' }).selectOption('POL');
    await expect(
      page.getByText(
        /^The app does not know Polygon Mainnet, so POL amounts take up to (9|1\d) decimal places: the most that the service's own POL amounts show\.$/,
      ),
    ).toBeVisible();

    await fillSend(page, 'POL', POLYGON_DESTINATION, '0.0000000123');
    await chooseStandardFee(page);
    // The fee card shows what is about to be sent with every digit, not cut to 8 places.
    await expect(page.getByRole('form', { name: 'Fee and confirmation' })).toContainText('Sending 0.0000000123 POL');
    await page.getByRole('checkbox', { name: 'I have checked this address myself.' }).check();
    await page.getByRole('button', { name: 'Review send' }).click();
    await expect(definitionOf(page, 'Amount sent')).toContainText('0.0000000123 POL');
    await sendFromReview(sendScreen);
    expect(movementsOf(sandbox, 'POL').slice(movedBefore)).toEqual([
      expect.objectContaining({ amount: '0.0000000123', address: POLYGON_DESTINATION }),
    ]);
  });

  test('Receive POL: the address shows as the service sent it, says it was not checked, and its QR code is the plain address', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await reloadSignedInApp(page);
    await openScreen(page, 'Receive');
    const panel = page.getByRole('region', { name: 'Receive to your wallet' });
    await panel.getByRole('combobox', { name: 'Asset' }).selectOption('POL');
    await expect(panel.getByRole('combobox', { name: 'Network' })).toHaveValue('POL');
    const expected = (await session.app.core.session.interfaceA().getWalletAddress('POL')).address;
    await expect(panel.getByRole('group', { name: /address$/ })).toHaveText(expected);
    await expect(panel.getByRole('note').nth(1)).toHaveText(
      'The app does not know the address format of Polygon Mainnet, so this address is shown as the service sent it, without a format check. The QR code holds only the address, as the app knows no payment-link scheme for Polygon Mainnet.',
    );
    const qr = panel.getByRole('img', { name: /^QR code of your .+ address on Polygon Mainnet$/ });
    expect(await decodeQrOnScreen(qr)).toBe(expected);
  });

  test('a POL deposit address with an amount: the QR code holds the plain address, and the screen says why', async ({
    signedInApp: { page },
  }) => {
    await reloadSignedInApp(page);
    await openScreen(page, 'Receive');
    const form = page.getByRole('form', { name: 'New deposit address' });
    await form.getByRole('combobox', { name: 'Asset and network' }).selectOption('POL');
    await form.getByRole('textbox', { name: 'Label' }).fill('Polygon invoice');
    await form.getByRole('textbox', { name: 'Callback URL' }).fill('https://shop.example/deposits');
    await form.getByRole('textbox', { name: 'Expected amount (optional, in POL)' }).fill('1.5');
    await form.getByRole('button', { name: 'Create deposit address' }).click();
    const result = page.getByRole('region', { name: 'Deposit address created' });
    const address = result.getByRole('group', { name: 'Deposit address' });
    await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    await expect(
      result.getByRole('note').filter({ hasText: /^The QR code holds only the address, with no payment link/ }),
    ).toHaveText(
      'The QR code holds only the address, with no payment link: the app does not know Polygon Mainnet, so it knows no payment-link scheme for it, and the payer enters the amount themselves. The address is shown as the service sent it, without a format check.',
    );
    await expect(result.getByRole('button', { name: 'Copy payment link' })).toHaveCount(0);
    const qr = result.getByRole('img', { name: 'QR code of the deposit address on Polygon Mainnet' });
    expect(await decodeQrOnScreen(qr)).toBe(await address.textContent());
  });

  test("swap POL on Polygon into TRX: the Polygon wallet's balance shows, and the swap goes once", async ({
    swapScreen,
  }) => {
    const { page, sandbox, nextCode } = swapScreen;
    const swapsBefore = sandbox.movements().filter((movement) => movement.kind === 'swap').length;
    await page.getByRole('combobox', { name: 'From', exact: true }).selectOption('POL');
    await page.getByRole('combobox', { name: 'From network' }).selectOption('Polygon Mainnet');
    await expect(page.getByText(/^Available in your Polygon Mainnet wallet: /)).toBeVisible();
    await page.getByRole('combobox', { name: 'To', exact: true }).selectOption('TRX');
    await page.getByRole('combobox', { name: 'To network' }).selectOption('Tron Mainnet');
    await page.getByRole('textbox', { name: /^Amount/ }).fill('20');
    await expect(page.getByRole('region', { name: 'Quote' })).toContainText('POL');
    await page.getByRole('button', { name: 'Review swap' }).click();
    await expect(page.getByRole('heading', { name: 'Review the swap' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
    await page.getByRole('button', { name: 'Swap now' }).click();
    await expect(page.getByRole('heading', { name: 'Swapped' })).toBeVisible();
    expect(
      sandbox
        .movements()
        .filter((movement) => movement.kind === 'swap')
        .slice(swapsBefore),
    ).toEqual([expect.objectContaining({ kind: 'swap', symbol: 'POL', amount: '20' })]);
  });

  test("History opens with the wider service's rows; the merchant API withdrawals include USDT on TRON", async ({
    signedInApp: session,
  }) => {
    await openHistoryWith(session);
    const table = historyTable(session.page);
    const assetCell = (symbol: string, network: string) =>
      table.getByRole('cell', { name: new RegExp(`^${symbol}\\s*${network}$`) });
    for (const [symbol, network] of [
      ['TRX', 'Tron Mainnet'],
      ['TRX-USD', 'Tron Mainnet'],
      ['SOL', 'Solana Mainnet'],
      ['AVAX', 'Avalanche C-Chain'],
    ] as const) {
      await expect(assetCell(symbol, network).first(), symbol).toBeVisible();
    }
    await openHistoryWith(session, { withdrawTypes: [3] });
    await expect(assetCell('TRX-USD', 'Tron Mainnet').first()).toBeVisible();
  });
});

type Merchant = SandboxInfo['merchants'][number];
const merchantOf = (sandbox: RunningSandbox) => sandbox.info().merchants[0] as Merchant;

/** What the app sent to Interface B and what it was answered, by path, recorded from the story that first asks. */
function interfaceBRequests(groupScope: GroupScope, testInfo: TestInfo, sandbox: RunningSandbox) {
  return groupScope.get(
    testInfo,
    'interfaceBRequests',
    async () => {
      const sent: Array<{ path: string; body: Record<string, unknown>; answer: Promise<unknown> }> = [];
      const appFetch = globalThis.fetch;
      const origin = new URL(sandbox.apiUrl).origin;
      globalThis.fetch = async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const response = await appFetch(input, init);
        if (url.origin === origin && url.pathname.startsWith('/v1/') && typeof init?.body === 'string') {
          const answer = response
            .clone()
            .json()
            .then((envelope: { data?: unknown }) => envelope.data);
          sent.push({ path: url.pathname, body: JSON.parse(init.body) as Record<string, unknown>, answer });
        }
        return response;
      };
      return {
        bodiesTo: (path: string) => sent.filter((entry) => entry.path === path).map((entry) => entry.body),
        answersTo: (path: string) =>
          Promise.all(sent.filter((entry) => entry.path === path).map((entry) => entry.answer)),
        restore: () => {
          globalThis.fetch = appFetch;
        },
      };
    },
    async (recording) => recording.restore(),
  );
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const textbox = (page: Page, name: string | RegExp) =>
  page.getByRole('textbox', typeof name === 'string' ? { name, exact: true } : { name });

test.describe('Merchant: a BSC deposit address and a TRON withdrawal', () => {
  test.use({
    appOptions: { totpWindowSteps: WIDE_TOTP_WINDOW, sandbox: { widerService: true } },
  });

  // Each story starts on a Merchant screen of its own, with the merchant's keys saved.
  test.beforeEach(async ({ signedInApp: { page, sandbox } }) => {
    await reloadSignedInApp(page);
    await openScreen(page, 'Merchant');
    await enterMerchantKeys(page, merchantOf(sandbox));
  });

  test('Balances: TRX and USDT on TRON are valued at the company wallets prices, and the total is whole', async ({
    signedInApp: { page, app },
  }) => {
    await tab(page, 'Balances').click();
    const table = page.getByRole('table', { name: 'Merchant balances' });
    const balances = await app.core.handlers['merchant.balances']();
    const { wallets } = await app.core.handlers['portfolio.wallets']();
    const usd = new Intl.NumberFormat(await page.evaluate(() => navigator.language), {
      style: 'currency',
      currency: 'USD',
    });
    for (const [asset, code] of [
      ['TRX', 'TRX'],
      ['USDT', 'TRX-USD'],
    ] as const) {
      const amount = balances.find((row) => row.code === code)?.amount ?? '0';
      const price = wallets.find((wallet) => wallet.code === code)?.priceUsd ?? '0';
      // A zero balance or price would show a zero value whether or not the price was found.
      expect(new Decimal(amount).times(price).isZero(), code).toBe(false);
      const row = table
        .getByRole('row')
        .filter({ hasText: 'TRON' })
        .filter({ has: page.getByRole('rowheader', { name: asset, exact: true }) });
      await expect(row.getByRole('cell').last(), code).toHaveText(
        usd.format(new Decimal(amount).times(price).toFixed() as unknown as number),
      );
    }
    await expect(table.getByRole('rowheader', { name: /^Total \(USD/ })).toHaveText('Total (USD)');
  });

  test('USDT on Binance Smartchain: the deposit address is made on BSC, asked for with its NetworkId', async ({
    signedInApp: { page, sandbox },
    groupScope,
  }, testInfo) => {
    const requests = await interfaceBRequests(groupScope, testInfo, sandbox);
    await tab(page, 'Deposit addresses').click();
    await page.getByRole('combobox', { name: 'Asset and network', exact: true }).selectOption('BSC-USD');
    await textbox(page, 'Label').fill('Order BSC');
    await textbox(page, 'Reference id (empty: a new one is made)').fill('order-bsc');
    await textbox(page, 'Callback URL').fill('https://shop.example/deposits');
    await page.getByRole('button', { name: 'Create deposit address' }).click();

    const card = page.getByRole('region', { name: 'Deposit address for order-bsc' });
    const shown = card.getByRole('group', { name: 'Deposit address' });
    await expect(shown).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    await expect(card.getByRole('note')).toHaveText(/^Send only BSC-USD on Binance Smartchain to this address\./);
    expect(requests.bodiesTo('/v1/deposit/address/create')).toEqual([
      expect.objectContaining({ Symbol: 'USDT', NetworkId: 4 }),
    ]);
    // The address shown is the one the service made for USDT on BSC.
    expect(await requests.answersTo('/v1/deposit/address/create')).toEqual([
      expect.objectContaining({ symbol: 'BSC-USD', wallet: await shown.textContent() }),
    ]);
  });

  test('a merchant withdrawal of USDT on TRON to a verified T-address goes through once with a code', async ({
    signedInApp: { page, sandbox },
    groupScope,
  }, testInfo) => {
    const requests = await interfaceBRequests(groupScope, testInfo, sandbox);
    const nextCode = createCodeSource(merchantOf(sandbox).totpSecret, WIDE_TOTP_WINDOW);
    const reference = 'member-tron';

    await tab(page, 'Verified addresses').click();
    await textbox(page, 'Reference id').fill(reference);
    await page.getByRole('combobox', { name: 'Asset and network' }).selectOption('TRX-USD');
    await textbox(page, 'Address').fill(TRON_DESTINATION);
    await textbox(page, 'Label').fill('Tron cold');
    await page.getByRole('button', { name: 'Start verification' }).click();
    const amountBox = textbox(page, /^Exact amount received/);
    await expect(amountBox).toHaveValue('');
    const arrived = sandbox
      .movements()
      .filter((movement) => movement.kind === 'verification' && movement.address === TRON_DESTINATION);
    expect(arrived).toHaveLength(1);
    await amountBox.fill(arrived[0]?.amount ?? '');
    await page.getByRole('button', { name: 'Confirm amount' }).click();
    await expect(statusSaying(page, /is verified/)).toBeVisible();

    await tab(page, 'Withdraw').click();
    const form = page.getByRole('form', { name: 'Withdraw' });
    await form.getByRole('textbox', { name: 'Member reference id' }).fill(reference);
    await form.getByRole('textbox', { name: 'Merchant transaction id (optional)' }).fill('PAYOUT-TRON-1');
    await page.getByRole('button', { name: 'Load verified addresses' }).click();
    await page
      .getByRole('combobox', { name: 'Verified address', exact: true })
      .selectOption({ label: `Tron cold — TRX-USD — ${TRON_DESTINATION}` });
    await textbox(page, 'Amount (TRX-USD)').fill('12.5');
    await textbox(page, 'Merchant account e-mail').fill(merchantOf(sandbox).email);
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    const review = page.getByRole('region', { name: 'Review withdrawal' });
    await expect(review).toBeVisible();
    await expect(definitionOf(review, 'Merchant transaction id')).toHaveText('PAYOUT-TRON-1');

    await page.getByRole('group', { name: 'Two-factor code' }).getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(await nextCode());
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(statusSaying(page, /The withdrawal went through/)).toBeVisible();
    expect(requests.bodiesTo('/v1/withdraw/add')).toEqual([
      expect.objectContaining({ Symbol: 'USDT', NetworkId: 6, Address: TRON_DESTINATION, Amount: 12.5 }),
    ]);
    expect(sandbox.movements().filter((movement) => movement.merchantTransactionId === 'PAYOUT-TRON-1')).toEqual([
      expect.objectContaining({ kind: 'withdraw', symbol: 'TRX-USD', amount: '12.5', address: TRON_DESTINATION }),
    ]);
  });
});
