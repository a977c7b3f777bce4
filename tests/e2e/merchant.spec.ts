import { mkdir, readdir, readFile, rmdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import Decimal from 'decimal.js';
import type { RunningSandbox, SandboxInfo } from '../../sandbox/server';
import { createCodeSource } from '../support/two-factor-codes';
import { decodeQrOnScreen } from './support/decode-qr';
import { expect, openScreen, OWN_APP, test, WIDE_TOTP_WINDOW } from './support/fixtures';
import type { GroupScope } from './support/group-scope';
import { enterMerchantKeys } from './support/merchant-keys';
import { alertSaying, containing, definitionOf, exactly, statusSaying } from './support/page-text';
import { reloadSignedInApp } from './support/reload-app';
import { completeBrowserSignIn } from './support/signed-in-app';

type Merchant = SandboxInfo['merchants'][number];

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const REFERENCE = 'member-e2e';
/** Interface B's withdrawal: held alone, so the merchant's other calls answer. */
const WITHDRAW_PATH = '/v1/withdraw/add';

const merchantsOf = (sandbox: RunningSandbox) => sandbox.info().merchants as [Merchant, Merchant];

/** The merchant's two-factor codes, one source for the group: the sandbox takes each time step once. */
function merchantCodes(groupScope: GroupScope, testInfo: TestInfo, sandbox: RunningSandbox) {
  return groupScope.get(
    testInfo,
    'merchantCodes',
    async () => createCodeSource(merchantsOf(sandbox)[0].totpSecret, WIDE_TOTP_WINDOW),
    async () => undefined,
  );
}

/** The small amount the service sent to an address being verified, as its owner sees it arrive. */
function verificationsTo(sandbox: RunningSandbox, address: string): string[] {
  return sandbox
    .movements()
    .filter((movement) => movement.kind === 'verification' && movement.address?.toLowerCase() === address.toLowerCase())
    .map((movement) => movement.amount);
}

const moved = (sandbox: RunningSandbox, merchantTransactionId: string) =>
  sandbox.movements().filter((movement) => movement.merchantTransactionId === merchantTransactionId);

/** The merchant's ETH balance, as the service reports it to the merchant's own keys. */
async function ethBalance(sandbox: RunningSandbox): Promise<Decimal> {
  const merchant = merchantsOf(sandbox)[0];
  const response = await fetch(`${sandbox.apiUrl}/v1/merchant/balances`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': merchant.secretKey },
    body: JSON.stringify({ PublicKey: merchant.publicKey }),
  });
  const body = (await response.json()) as { data: { ethBalance: number } };
  return new Decimal(String(body.data.ethBalance));
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const withdrawButton = (page: Page) => page.getByRole('button', { name: 'Withdraw', exact: true });
const reviewHeading = (page: Page) => page.getByRole('heading', { name: 'Review withdrawal' });
const unresolvedList = (page: Page) => page.getByRole('region', { name: 'Withdrawals with an unknown outcome' });
const newWithdrawalAcknowledgement = (page: Page) =>
  page.getByRole('checkbox', { name: /may have gone through: start a new one anyway/ });

async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByRole('group', { name: 'Two-factor code' }).getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

/** Starts verifying `address` under `reference` and confirms it with the exact amount the service sent. */
async function verifyAddress(
  page: Page,
  sandbox: RunningSandbox,
  { reference, address, label }: { reference: string; address: string; label: string },
): Promise<void> {
  await tab(page, 'Verified addresses').click();
  await textbox(page, 'Reference id').fill(reference);
  await page.getByRole('combobox', { name: 'Asset and network' }).selectOption('ETH');
  await textbox(page, 'Address').fill(address);
  await textbox(page, 'Label').fill(label);
  await page.getByRole('button', { name: 'Start verification' }).click();
  const amountBox = textbox(page, 'Exact amount received (ETH)');
  await expect(amountBox).toHaveValue('');
  await amountBox.fill(verificationsTo(sandbox, address).at(-1) as string);
  await page.getByRole('button', { name: 'Confirm amount' }).click();
  await expect(statusSaying(page, /is verified/)).toBeVisible();
}

/** Fills the withdrawal form for the verified ETH address labelled `label`. */
async function fillWithdrawal(page: Page, email: string, amount: string, label: string): Promise<void> {
  await textbox(page, 'Member reference id').fill(REFERENCE);
  await page.getByRole('button', { name: 'Load verified addresses' }).click();
  await page
    .getByRole('combobox', { name: 'Verified address', exact: true })
    .selectOption({ label: `${label} — ETH — ${ETH_ADDRESS}` });
  await textbox(page, 'Amount (ETH)').fill(amount);
  await textbox(page, 'Merchant account e-mail').fill(email);
}

/** "Review withdrawal" with the box unticked opens nothing: focus moves to the box, and the form says why. */
async function expectAskedToTick(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Review withdrawal' }).click();
  await expect(newWithdrawalAcknowledgement(page)).toBeFocused();
  await expect(alertSaying(page, /Tick the box above/)).toBeVisible();
  await expect(reviewHeading(page)).toHaveCount(0);
}

/** A local endpoint for deposit callbacks: what the service POSTs there, as the merchant's server received it. */
function callbackReceiver(groupScope: GroupScope, testInfo: TestInfo) {
  return groupScope.get(
    testInfo,
    'callbackReceiver',
    async () => {
      const bodies: string[] = [];
      const server: Server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          bodies.push(Buffer.concat(chunks).toString('utf8'));
          response.end('OK');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { server, bodies, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback` };
    },
    ({ server }) => new Promise<void>((resolve) => server.close(() => resolve())),
  );
}

/** The merchant's right keys saved and accepted, as a treasurer starts on the Merchant screen. */
async function connected(page: Page, sandbox: RunningSandbox): Promise<void> {
  await enterMerchantKeys(page, merchantsOf(sandbox)[0]);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(statusSaying(page, /accepted these keys/)).toBeVisible();
}

/** Connected, ETH_ADDRESS verified as "Treasury cold" under REFERENCE, and the Withdraw tab open. */
async function withVerifiedAddress(page: Page, sandbox: RunningSandbox): Promise<void> {
  await connected(page, sandbox);
  await verifyAddress(page, sandbox, { reference: REFERENCE, address: ETH_ADDRESS, label: 'Treasury cold' });
  await tab(page, 'Withdraw').click();
}

// Each story has its own sandbox and app (OWN_APP): the keys, addresses and withdrawals it needs it makes itself.
test.describe('merchant treasury in Chromium against the sandbox', { tag: OWN_APP }, () => {
  test.use({
    appOptions: {
      totpWindowSteps: WIDE_TOTP_WINDOW,
      afterSignIn: (app) => openScreen(app.page, 'Merchant'),
    },
  });

  // Every story's own page threw nothing.
  test.afterEach(({ signedInApp }) => {
    expect(signedInApp.pageErrors).toEqual([]);
  });

  test('a wrong secret key, and keys of two different merchants, are explained plainly', async ({
    signedInApp: { page, sandbox },
  }) => {
    const [merchant, other] = merchantsOf(sandbox);
    await expect(page.getByRole('combobox', { name: 'Merchant environment' })).toHaveValue('local-sandbox');
    await enterMerchantKeys(page, { publicKey: merchant.publicKey, secretKey: 'sk_sbx_not_the_right_one' });
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(alertSaying(page, /secret key was refused/)).toBeVisible();

    await enterMerchantKeys(page, { publicKey: merchant.publicKey, secretKey: other.secretKey });
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(alertSaying(page, /not the secret key that goes with this public key/)).toBeVisible();
  });

  test('the right keys connect; the secret is shown only as set and the field stays empty', async ({
    signedInApp: { page, sandbox },
  }) => {
    await enterMerchantKeys(page, merchantsOf(sandbox)[0]);
    const secret = page
      .getByRole('form', { name: 'Merchant API keys' })
      .getByRole('textbox', { name: 'Secret key', exact: true });
    await expect(secret).toHaveValue('');
    await expect(secret).toHaveAccessibleDescription(/^Secret key: •••• set \(/);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(statusSaying(page, /accepted these keys/)).toBeVisible();
  });

  test('shows the twelve balances with asset and network', async ({ signedInApp: { page, sandbox } }) => {
    await connected(page, sandbox);
    await tab(page, 'Balances').click();
    const table = page.getByRole('table', { name: 'Merchant balances' });
    // The header, twelve balances and the total.
    await expect(table.getByRole('row')).toHaveCount(14);
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: 'Binance Smart Chain' })
        .filter({ has: page.getByRole('rowheader', { name: 'USDT' }) }),
    ).toHaveCount(1);
  });

  test('values each balance in USD at the prices of the account wallets, with a total that says when it is partial', async ({
    signedInApp: { page, app, sandbox },
  }) => {
    await connected(page, sandbox);
    await tab(page, 'Balances').click();
    const table = page.getByRole('table', { name: 'Merchant balances' });
    const balances = await app.core.handlers['merchant.balances']();
    const portfolio = await app.core.handlers['portfolio.wallets']();
    const prices = new Map(portfolio.wallets.map((wallet) => [wallet.code, wallet.priceUsd]));
    const usd = new Intl.NumberFormat(await page.evaluate(() => navigator.language), {
      style: 'currency',
      currency: 'USD',
    });
    let total = new Decimal(0);
    const unpriced: string[] = [];
    const expected = balances.map((row) => {
      const price = prices.get(row.code);
      if (price === undefined) {
        if (!new Decimal(row.amount).isZero()) unpriced.push(row.code);
        return 'No price for this asset';
      }
      const value = new Decimal(row.amount).times(price);
      total = total.plus(value);
      return usd.format(value.toFixed() as unknown as number);
    });
    expect(expected.some((text) => text !== 'No price for this asset')).toBe(true);
    // The table body (the second row group, after the header): one row per balance, its value in the last cell.
    const bodyRows = table.getByRole('rowgroup').nth(1).getByRole('row');
    await expect(bodyRows).toHaveCount(expected.length);
    for (const [index, text] of expected.entries()) {
      await expect(bodyRows.nth(index).getByRole('cell').last()).toHaveText(text);
    }
    const totalRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Total \(USD/ }) });
    await expect(totalRow.getByRole('rowheader')).toHaveText(
      unpriced.length > 0 ? 'Total (USD, partial)' : 'Total (USD)',
    );
    await expect(totalRow.getByRole('cell')).toHaveText(usd.format(total.toFixed() as unknown as number));
    if (unpriced.length > 0) await expect(page.getByText(`The total leaves out ${unpriced.join(', ')}`)).toBeVisible();

    // Privacy mode hides the values and the total as well as the balances.
    await page.getByRole('button', { name: 'Privacy mode' }).click();
    await expect(totalRow.getByRole('cell').getByLabel('Hidden amount')).toHaveCount(1);
    await expect(table.getByText(/\$/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Privacy mode' }).click();
    await expect(totalRow.getByRole('cell')).toHaveText(usd.format(total.toFixed() as unknown as number));
  });

  test('verifies an address: a wrong amount fails clearly, the exact amount received verifies it', async ({
    signedInApp: { page, sandbox },
  }) => {
    await connected(page, sandbox);
    await tab(page, 'Verified addresses').click();
    await textbox(page, 'Reference id').fill(REFERENCE);
    await page.getByRole('combobox', { name: 'Asset and network' }).selectOption('ETH');
    await textbox(page, 'Address').fill('0x52908400098527886E0F7030069857D2E4169Ee7');
    await textbox(page, 'Label').fill('Treasury cold');
    await page.getByRole('button', { name: 'Start verification' }).click();
    await expect(alertSaying(page, /checksum/)).toBeVisible();
    // Refused in the app: the service was not asked to send anything.
    expect(sandbox.movements().filter((movement) => movement.kind === 'verification')).toEqual([]);

    await textbox(page, 'Address').fill(ETH_ADDRESS);
    // The refusal was about the address as it was; once it is changed the error goes.
    await expect(alertSaying(page, /checksum/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Start verification' }).click();
    const amountBox = textbox(page, 'Exact amount received (ETH)');
    await expect(amountBox).toHaveValue('');
    const arrived = verificationsTo(sandbox, ETH_ADDRESS);
    expect(arrived).toHaveLength(1);
    const sent = new Decimal(arrived[0] as string);

    await amountBox.fill(sent.plus('0.00000001').toFixed());
    await page.getByRole('button', { name: 'Confirm amount' }).click();
    await expect(alertSaying(page, /not the amount the service sent/)).toBeVisible();

    await amountBox.fill(sent.toFixed());
    await page.getByRole('button', { name: 'Confirm amount' }).click();
    await expect(statusSaying(page, /is verified/)).toBeVisible();
    await page.getByRole('button', { name: 'Show verified addresses' }).click();
    const list = page.getByRole('table', { name: `Verified addresses for ${REFERENCE}` });
    await expect(list.getByRole('row', { name: /Treasury cold/ })).toContainText(ETH_ADDRESS);
  });

  test('refuses a withdrawal to an unverified address, in the form and in main', async ({
    signedInApp: { page, sandbox },
  }) => {
    await connected(page, sandbox);
    await tab(page, 'Withdraw').click();
    await expect(page.getByRole('button', { name: 'Review withdrawal' })).toBeDisabled();
    // What a compromised page could still ask main for: main refuses it on its own.
    const refused = await page.evaluate(
      ([address, email]) =>
        (
          window as unknown as { wallet: { withdraw: { confirm(x: unknown): Promise<unknown> } } }
        ).wallet.withdraw.confirm({
          formId: crypto.randomUUID(),
          referenceId: 'member-e2e',
          code: 'BTC',
          address,
          amount: '0.001',
          label: 'sneaky',
          email,
        }),
      [BTC_ADDRESS, merchantsOf(sandbox)[0].email] as const,
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', field: 'address' } });
    expect(sandbox.movements().filter((movement) => movement.kind === 'withdraw')).toEqual([]);
  });

  test('withdraws to the verified address once, even on a double click, and links to the explorer', async ({
    signedInApp: { page, sandbox, app },
    groupScope,
  }, testInfo) => {
    await withVerifiedAddress(page, sandbox);
    const nextCode = await merchantCodes(groupScope, testInfo, sandbox);
    const before = await ethBalance(sandbox);
    // Two separate references: the member's, which the addresses are verified under, and the
    // merchant's own id of this withdrawal.
    const form = page.getByRole('form', { name: 'Withdraw' });
    await form.getByRole('textbox', { name: 'Member reference id' }).fill(REFERENCE);
    await form.getByRole('textbox', { name: 'Merchant transaction id (optional)' }).fill('PAYOUT-E2E-1');
    await page.getByRole('button', { name: 'Load verified addresses' }).click();
    await page
      .getByRole('combobox', { name: 'Verified address', exact: true })
      .selectOption({ label: `Treasury cold — ETH — ${ETH_ADDRESS}` });
    await textbox(page, 'Amount (ETH)').fill('0.0125');
    await form.getByRole('textbox', { name: 'Label', exact: true }).fill('Payout 1');
    await textbox(page, 'Merchant account e-mail').fill(merchantsOf(sandbox)[0].email);
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await expect(reviewHeading(page)).toBeVisible();
    const review = page.getByRole('region', { name: 'Review withdrawal' });
    await expect(definitionOf(review, 'Merchant transaction id')).toHaveText('PAYOUT-E2E-1');
    await expect(definitionOf(review, 'Member reference')).toHaveText(REFERENCE);
    await typeCode(page, await nextCode());
    await withdrawButton(page).dblclick();
    await expect(statusSaying(page, /The withdrawal went through/)).toBeVisible();
    expect(before.minus(await ethBalance(sandbox)).toFixed()).toBe('0.0125');
    expect(moved(sandbox, 'PAYOUT-E2E-1')).toEqual([expect.objectContaining({ referenceId: REFERENCE })]);

    const opened = app.nextExternalUrl();
    await page.getByRole('button', { name: 'View in block explorer' }).click();
    expect(await opened).toMatch(/^https:\/\/etherscan\.io\/tx\/0x[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'New withdrawal' }).click();
    // The typed id went with that withdrawal: the next one starts without it.
    await expect(form.getByRole('textbox', { name: 'Merchant transaction id (optional)' })).toHaveValue('');
  });

  test('commit then drop: the outcome is unknown, nothing is resent, it stays listed after a reload, a new withdrawal needs the warning acknowledged, and "Check status" (no code) finds the one withdrawal', async ({
    signedInApp: { page, sandbox },
    groupScope,
  }, testInfo) => {
    await withVerifiedAddress(page, sandbox);
    const nextCode = await merchantCodes(groupScope, testInfo, sandbox);
    const merchant = merchantsOf(sandbox)[0];
    const before = await ethBalance(sandbox);
    await fillWithdrawal(page, merchant.email, '0.02', 'Treasury cold');
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await typeCode(page, await nextCode());
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    // Keyboard only: the sixth digit moves focus to the submit button, Enter sends.
    await expect(withdrawButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(alertSaying(page, /the money may have moved/)).toBeVisible();
    // Said plainly in the heading; its actions come first, so a small window shows them without scrolling.
    await expect(page.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();
    await expect(reviewHeading(page)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Outcome unknown' })).not.toContainText(/trying again/);
    await expect(withdrawButton(page)).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Two-factor code' })).toHaveCount(0);
    const transactionIdShown = definitionOf(page, 'Merchant transaction id');
    await expect(transactionIdShown).toHaveText(/\S/);
    const transactionId = (await transactionIdShown.textContent()) ?? '';

    // A reload forgets the screen, not the withdrawal: it is listed until its status is checked.
    await reloadSignedInApp(page);
    await openScreen(page, 'Merchant');
    await tab(page, 'Withdraw').click();
    const unresolved = unresolvedList(page);
    await expect(unresolved.getByText(transactionId)).toBeVisible();
    await expect(unresolved.getByRole('term').filter({ hasText: exactly('Started') })).toBeVisible();

    // A new withdrawal is possible only after a warning that names the earlier one.
    await fillWithdrawal(page, merchant.email, '0.02', 'Treasury cold');
    const acknowledge = newWithdrawalAcknowledgement(page);
    await expect(acknowledge).toHaveAccessibleDescription(containing(transactionId));
    // The box names what it accepts: amount, asset, both ends of the address, merchant transaction id.
    await expect(
      page.getByRole('checkbox', {
        name: `of 0.02 ETH (ETH on Ethereum Mainnet) to 0x529084…E4169EE7 (merchant transaction id ${transactionId})`,
      }),
    ).toBeVisible();
    // Pressed unticked: the box gets focus and the button's side says where to act.
    await expectAskedToTick(page);
    await acknowledge.check();
    await expect(alertSaying(page, /Tick the box above/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Review withdrawal' })).toBeEnabled();

    // "Check status" is a look-up: no code is asked for, nothing is sent again.
    await unresolved.getByRole('button', { name: `Check status of ${transactionId}` }).click();
    await expect(statusSaying(page, /Found in your account history/)).toBeVisible();
    expect(before.minus(await ethBalance(sandbox)).toFixed()).toBe('0.02');
    expect(moved(sandbox, transactionId)).toHaveLength(1);
    await expect(unresolved).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: /start a new one anyway/ })).toHaveCount(0);
  });

  test('locking clears merchant data from the window: after unlocking, a withdrawal under review is gone', async ({
    signedInApp: app,
  }) => {
    const { page } = app;
    await withVerifiedAddress(page, app.sandbox);
    await fillWithdrawal(page, merchantsOf(app.sandbox)[0].email, '0.002', 'Treasury cold');
    await textbox(page, 'Amount (ETH)').fill('0.001');
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await expect(reviewHeading(page)).toBeVisible();
    await expect(page.getByText(ETH_ADDRESS)).not.toHaveCount(0);
    await page.getByRole('button', { name: 'Lock now' }).click();
    await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();
    await expect(page.getByText(ETH_ADDRESS)).toHaveCount(0);
    await completeBrowserSignIn(app, app.user, () => page.getByRole('button', { name: 'Unlock' }).click());
    await openScreen(page, 'Merchant');
    await tab(page, 'Withdraw').click();
    await expect(page.getByRole('form', { name: 'Withdraw' })).toBeVisible();
    await expect(reviewHeading(page)).toHaveCount(0);
    await expect(textbox(page, 'Amount (ETH)')).toHaveCount(0);
  });

  test('creates a deposit address with a QR code that decodes to it, and gets it again', async ({
    signedInApp: { page, sandbox },
    groupScope,
  }, testInfo) => {
    await connected(page, sandbox);
    const receiver = await callbackReceiver(groupScope, testInfo);
    await tab(page, 'Deposit addresses').click();
    await page.getByRole('combobox', { name: 'Asset and network', exact: true }).selectOption('LTC');
    await textbox(page, 'Label').fill('Order 77');
    await textbox(page, 'Reference id (empty: a new one is made)').fill('order-77');
    await textbox(page, 'Callback URL').fill(receiver.url);
    // The unit of the expected amount is the user's choice, said on the form.
    const unit = page.getByRole('group', { name: 'Expected amount is in' });
    await expect(unit.getByRole('radio', { name: 'LTC (crypto amount)' })).toBeChecked();
    await expect(textbox(page, 'Expected amount in LTC (optional)')).toHaveCount(1);
    await unit.getByRole('radio', { name: 'A fiat currency' }).check();
    await page.getByRole('combobox', { name: 'Fiat currency of the expected amount' }).selectOption('EUR');
    await textbox(page, 'Expected amount in EUR (optional)').fill('0.5');
    await page.getByRole('button', { name: 'Create deposit address' }).click();
    const card = page.getByRole('region', { name: 'Deposit address for order-77' });
    const shown = card.getByRole('group', { name: 'Deposit address' });
    await expect(shown).toHaveText(/^ltc1\w+$/);
    const address = (await shown.textContent()) ?? '';
    await expect(card.getByRole('term').filter({ hasText: exactly('Minimum amounts') })).toHaveCount(1);
    await expect(card.getByRole('definition').filter({ hasText: /0\.5.*EUR|EUR.*0\.5/ })).not.toHaveCount(0);
    await expect(card.getByRole('note')).toHaveText(/Send only LTC/);

    expect(await decodeQrOnScreen(card.getByRole('img', { name: /QR code of the LTC deposit address/ }))).toBe(address);

    const member = textbox(page, 'Member id (the reference id it was created with)');
    await member.fill('order-77');
    await page.getByRole('combobox', { name: 'Asset and network of the address' }).selectOption('LTC');
    await page.getByRole('button', { name: 'Get deposit address' }).click();
    // The card is now the look-up's answer (which carries no expected amount), showing the same address.
    await expect(card.getByRole('term').filter({ hasText: exactly('Expected amount, as sent') })).toHaveCount(0);
    await expect(shown).toHaveText(address);

    // A failed look-up's error goes as soon as the member id is changed.
    await member.fill('order-that-does-not-exist');
    await page.getByRole('button', { name: 'Get deposit address' }).click();
    const refusal = alertSaying(
      page,
      'No deposit address was found for this member id and asset (Z500). Create one first.',
    );
    await expect(refusal).toBeVisible();
    // The address found before is not left under the failure, where it would read as this look-up's answer.
    await expect(card).toHaveCount(0);
    await member.fill('order-77');
    await expect(refusal).toHaveCount(0);
    await page.getByRole('button', { name: 'Get deposit address' }).click();
    await expect(shown).toHaveText(address);
  });

  test('the callback checker accepts a genuine callback from the sandbox and rejects a tampered one', async ({
    signedInApp: { page, sandbox },
    groupScope,
  }, testInfo) => {
    await connected(page, sandbox);
    const receiver = await callbackReceiver(groupScope, testInfo);
    // The story's own deposit address, its callbacks going to the receiver.
    await tab(page, 'Deposit addresses').click();
    await page.getByRole('combobox', { name: 'Asset and network', exact: true }).selectOption('LTC');
    await textbox(page, 'Label').fill('Order 78');
    await textbox(page, 'Reference id (empty: a new one is made)').fill('order-78');
    await textbox(page, 'Callback URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Create deposit address' }).click();
    await expect(page.getByRole('group', { name: 'Deposit address' })).toHaveText(/^ltc1\w+$/);
    const address = (await page.getByRole('group', { name: 'Deposit address' }).textContent()) ?? '';
    receiver.bodies.length = 0;
    const delivery = await fetch(`${sandbox.origin}/__sandbox/deposit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ address, amount: '0.5' }),
    });
    expect(delivery.status).toBe(200);
    const genuine = receiver.bodies[0] as string;
    expect(genuine).toContain('"Signature"');

    await tab(page, 'Callback checker').click();
    const bodyField = textbox(page, 'Callback body (JSON, as your endpoint received it)');
    await bodyField.fill(genuine);
    await page.getByRole('button', { name: 'Check signature' }).click();
    await expect(page.getByRole('heading', { name: /^The Signature matches the Hash only\./ })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Callback fields' }).getByRole('row', { name: /UniqueId/ }),
    ).toHaveCount(1);

    const body = JSON.parse(genuine) as { Hash: string };
    const tampered = genuine.replace(
      body.Hash,
      body.Hash.startsWith('A') ? `B${body.Hash.slice(1)}` : `A${body.Hash.slice(1)}`,
    );
    await bodyField.fill(tampered);
    await page.getByRole('button', { name: 'Check signature' }).click();
    await expect(page.getByRole('heading', { name: 'Signature invalid' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Problems' })).toContainText('Signature');
  });

  test('keeps the secret keys in the Secret Service and nowhere else', async ({ signedInApp: app }) => {
    const [merchant, other] = merchantsOf(app.sandbox);
    // Every secret the story looks for has been typed: a wrong one, another merchant's, then the right one.
    for (const secretKey of ['sk_sbx_not_the_right_one', other.secretKey]) {
      await enterMerchantKeys(app.page, { publicKey: merchant.publicKey, secretKey });
      await app.page.getByRole('button', { name: 'Test connection' }).click();
      await expect(alertSaying(app.page, /secret key/)).toBeVisible();
    }
    await connected(app.page, app.sandbox);
    await tab(app.page, 'Balances').click();
    await expect(app.page.getByRole('table', { name: 'Merchant balances' }).getByRole('row')).toHaveCount(14);
    // The keychain entry carries the user who saved the keys (security.md 30).
    const stored = await app.secrets.get(`merchant-secret:${app.user.userGuid}:local-sandbox:${merchant.publicKey}`);
    expect(stored).toBe(merchant.secretKey);
    if (process.env.DBUS_SESSION_BUS_ADDRESS) expect(app.secrets.kind).toBe('keychain');
    const settingsText = await readFile(join(app.userDataDir, 'settings.json'), 'utf8');
    expect(settingsText).toContain(merchant.publicKey);
    const localStorageText = await app.page.evaluate(() => JSON.stringify({ ...window.localStorage }));
    await app.logger.flush();
    const logDir = join(app.userDataDir, 'logs');
    const logs = (await Promise.all((await readdir(logDir)).map((file) => readFile(join(logDir, file), 'utf8')))).join(
      '\n',
    );
    // Every bridge answer and event the page received in the story.
    const bridgeAnswers = app.app.received;
    expect(bridgeAnswers.length).toBeGreaterThan(20);
    for (const secret of [merchant.secretKey, other.secretKey, 'sk_sbx_not_the_right_one']) {
      expect(settingsText).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(bridgeAnswers.join('\n')).not.toContain(secret);
      expect(localStorageText).not.toContain(secret);
    }
  });
});

test.describe('merchant treasury for a role that may not move money', () => {
  test.use({ appOptions: { username: 'bob' } });

  test('a Viewer sees balances only, and is told so instead of forms that would fail', async ({
    signedInApp: { page },
  }) => {
    await openScreen(page, 'Merchant');
    await expect(page.getByRole('note').filter({ hasText: 'lets you see merchant balances only' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Merchant sections' }).getByRole('tab')).toHaveText(['Balances']);
    await expect(page.getByRole('tab', { name: 'Balances', selected: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Merchant balances' })).toBeVisible();
    for (const name of ['Save keys', 'Review withdrawal', 'Start verification', 'Create deposit address']) {
      await expect(page.getByRole('button', { name }), name).toHaveCount(0);
    }
  });
});

test.describe('merchant withdrawals that are not settled, against the strict sandbox', () => {
  test.use({
    appOptions: {
      totpWindowSteps: WIDE_TOTP_WINDOW,
      sandbox: { serviceProfile: 'strict' },
      // Keys saved, the ETH address verified under the member's reference, then the Withdraw tab.
      afterSignIn: async ({ page, sandbox }) => {
        await openScreen(page, 'Merchant');
        await enterMerchantKeys(page, merchantsOf(sandbox)[0]);
        await verifyAddress(page, sandbox, { reference: REFERENCE, address: ETH_ADDRESS, label: 'Payout' });
        await tab(page, 'Withdraw').click();
      },
    },
  });

  test.afterEach(({ sandbox }) => sandbox.faults.reset());

  /** Fills the form, acknowledges any warning and opens the review; returns the merchant transaction id. */
  async function reviewWithdrawal(page: Page, sandbox: RunningSandbox, amount: string): Promise<string> {
    await fillWithdrawal(page, merchantsOf(sandbox)[0].email, amount, 'Payout');
    const acknowledgement = newWithdrawalAcknowledgement(page);
    if ((await acknowledgement.count()) > 0) await acknowledgement.check();
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await expect(reviewHeading(page)).toBeVisible();
    const shown = definitionOf(page, 'Merchant transaction id');
    await expect(shown).toHaveText(/\S/);
    return (await shown.textContent()) ?? '';
  }

  test('a withdrawal still being sent when the app locks is listed after unlocking, and a new one must acknowledge it', async ({
    signedInApp: app,
    groupScope,
  }, testInfo) => {
    const { page, sandbox } = app;
    const nextCode = await merchantCodes(groupScope, testInfo, sandbox);
    const transactionId = await reviewWithdrawal(page, sandbox, '0.0301');
    await typeCode(page, await nextCode());
    // The withdrawal waits inside the sandbox, however long the lock and unlock take, until the story
    // releases it; everything else goes at normal speed.
    sandbox.faults.set({ holdPath: WITHDRAW_PATH });
    await withdrawButton(page).click();
    await expect.poll(() => sandbox.faults.held).toBe(1);
    await page.getByRole('button', { name: 'Lock now' }).click();
    await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();
    await completeBrowserSignIn(app, app.user, () => page.getByRole('button', { name: 'Unlock' }).click());
    await openScreen(page, 'Merchant');
    await tab(page, 'Withdraw').click();

    const listed = unresolvedList(page).getByRole('listitem').filter({ hasText: transactionId });
    await expect(listed.getByText('Still being sent')).toBeVisible();
    await expect(newWithdrawalAcknowledgement(page)).toHaveAccessibleDescription(containing(transactionId));
    await fillWithdrawal(page, merchantsOf(sandbox)[0].email, '0.0301', 'Payout');
    await expect(newWithdrawalAcknowledgement(page)).not.toBeChecked();
    await expectAskedToTick(page);

    // Once the service has answered, the look-up finds the one withdrawal and the warning goes.
    expect(moved(sandbox, transactionId)).toHaveLength(0);
    sandbox.faults.releaseHeld();
    await expect.poll(() => moved(sandbox, transactionId).length).toBe(1);
    await unresolvedList(page)
      .getByRole('button', { name: `Check status of ${transactionId}` })
      .click();
    await expect(statusSaying(page, /went through/)).toBeVisible();
    await expect(unresolvedList(page)).toHaveCount(0);
    expect(moved(sandbox, transactionId)).toHaveLength(1);
  });

  test('an acknowledgement does not outlive its warning: a new form asks again', async ({
    signedInApp: { page, sandbox },
    groupScope,
  }, testInfo) => {
    const nextCode = await merchantCodes(groupScope, testInfo, sandbox);
    const transactionId = await reviewWithdrawal(page, sandbox, '0.0302');
    await typeCode(page, await nextCode());
    // The withdrawal request itself fails (HTTP 500): the app cannot know whether it went through.
    sandbox.faults.set({ failNext: 1, failNextPath: WITHDRAW_PATH });
    await withdrawButton(page).click();
    await expect(alertSaying(page, /may have moved/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Back to withdrawals' }).click();
    await expect(unresolvedList(page).getByText(transactionId)).toBeVisible();

    // Acknowledged for one withdrawal form, then that form is reviewed and cancelled: the next one asks again.
    await reviewWithdrawal(page, sandbox, '0.0303');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('form', { name: 'Withdraw' })).toBeVisible();
    await expect(newWithdrawalAcknowledgement(page)).not.toBeChecked();
    await expectAskedToTick(page);
    expect(moved(sandbox, transactionId)).toHaveLength(0);
  });

  test('a "Check status" that cannot be made keeps the warning that the withdrawal may have gone through, and says its failure apart', async ({
    signedInApp: { page, sandbox },
    groupScope,
  }, testInfo) => {
    const nextCode = await merchantCodes(groupScope, testInfo, sandbox);
    const transactionId = await reviewWithdrawal(page, sandbox, '0.0305');
    await typeCode(page, await nextCode());
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    await withdrawButton(page).click();
    const card = page.getByRole('region', { name: 'Outcome unknown' });
    await expect(card.getByRole('alert')).toHaveText(/may have moved/);

    // No history can be read: the look-up fails, which says nothing about the withdrawal.
    sandbox.faults.set({ failNext: 50, failNextPath: '/api/OAuth/transactions' });
    await card.getByRole('button', { name: 'Check status', exact: true }).click();
    await expect(card.getByRole('alert')).toHaveCount(2);
    await expect(card.getByRole('alert').first()).toHaveText(/may have moved/);
    await expect(card.getByRole('alert').nth(1)).not.toHaveText(/may have moved/);
    await expect(card.getByRole('alert').nth(1)).toHaveText(/\S/);
    await expect(card.getByRole('button', { name: 'Check status', exact: true })).toBeEnabled();

    // Once the history can be read, the look-up finds the one withdrawal; nothing was sent again.
    sandbox.faults.reset();
    await card.getByRole('button', { name: 'Check status', exact: true }).click();
    await expect(statusSaying(page, /Found in your account history/)).toBeVisible();
    expect(moved(sandbox, transactionId)).toHaveLength(1);
    // The stories of this group share the window: the next one starts from the form.
    await page.getByRole('button', { name: 'New withdrawal' }).click();
    await expect(page.getByRole('form', { name: 'Withdraw' })).toBeVisible();
  });

  test('Z509: the withdrawal waits for e-mail approval under its own heading, is never sent again, and Check status settles it once approved', async ({
    signedInApp: { page, sandbox },
    groupScope,
  }, testInfo) => {
    const nextCode = await merchantCodes(groupScope, testInfo, sandbox);
    const transactionId = await reviewWithdrawal(page, sandbox, '0.0306');
    await typeCode(page, await nextCode());
    // The service answers Z509 and moves the money only once "approved": held until the story releases it.
    sandbox.faults.set({ unexpectedAnswerNext: { commit: 'late', zCode: 'Z509' }, holdLateCommits: true });
    await withdrawButton(page).click();
    const heading = page.getByRole('heading', { name: 'Waiting for your e-mail approval' });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Outcome unknown' })).toHaveCount(0);
    const card = page.getByRole('region', { name: 'Waiting for your e-mail approval' });
    await expect(card.getByRole('alert').first()).toHaveText(/waiting for your e-mail approval \(Z509\)/);
    await expect(withdrawButton(page)).toHaveCount(0);

    // Not approved yet: the look-up finds nothing and it still waits.
    await card.getByRole('button', { name: 'Check status', exact: true }).click();
    await expect(statusSaying(page, /Not found in the history/)).toBeVisible();
    await expect(heading).toBeVisible();
    expect(moved(sandbox, transactionId)).toHaveLength(0);

    expect(sandbox.releaseLateCommits()).toBe(1);
    await card.getByRole('button', { name: 'Check status', exact: true }).click();
    await expect(statusSaying(page, /Found in your account history/)).toBeVisible();
    expect(moved(sandbox, transactionId)).toHaveLength(1);
    await page.getByRole('button', { name: 'New withdrawal' }).click();
    await expect(page.getByRole('form', { name: 'Withdraw' })).toBeVisible();
  });

  test('a refused two-factor code puts focus in the first code box, ready for the next code', async ({
    signedInApp: { page, sandbox },
  }) => {
    const transactionId = await reviewWithdrawal(page, sandbox, '0.0307');
    // The strict service checks the code first and refuses it (Z202): nothing moves.
    await typeCode(page, '000000');
    await withdrawButton(page).click();
    await expect(alertSaying(page, /refused the two-factor code \(Z202\)/)).toBeVisible();
    const firstBox = page
      .getByRole('group', { name: 'Two-factor code' })
      .getByRole('textbox', { name: 'Digit 1 of 6' });
    await expect(firstBox).toBeFocused();
    await expect(firstBox).toHaveValue('');
    expect(moved(sandbox, transactionId)).toHaveLength(0);
    // The stories of this group share the window: the next one starts from the form.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('form', { name: 'Withdraw' })).toBeVisible();
  });

  test('a withdrawal that cannot be written down first is not sent, and the panel says so plainly', async ({
    signedInApp: { page, sandbox, userDataDir },
    groupScope,
  }, testInfo) => {
    const nextCode = await merchantCodes(groupScope, testInfo, sandbox);
    const transactionId = await reviewWithdrawal(page, sandbox, '0.0304');
    await typeCode(page, await nextCode());
    // A directory where the money journal's next generation is written makes the write fail, as a full disk does.
    const blocker = join(userDataDir, `money-journal.json.${process.pid}.tmp`);
    await mkdir(blocker);
    try {
      await withdrawButton(page).click();
      const alert = alertSaying(page, /could not write this request down/);
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(/nothing was sent/);
      await expect(alert).not.toContainText(/EISDIR|Error:/);
    } finally {
      await rmdir(blocker);
    }
    await expect(withdrawButton(page)).toHaveCount(1);
    expect(moved(sandbox, transactionId)).toHaveLength(0);
  });

  test('showed no page errors', ({ signedInApp }) => {
    expect(signedInApp.pageErrors).toEqual([]);
  });
});

test.describe('merchant withdrawals in a German window: amounts in the warning and its box as the app writes them', () => {
  test.use({
    appOptions: {
      locale: 'de-DE',
      language: 'en',
      totpWindowSteps: WIDE_TOTP_WINDOW,
      afterSignIn: async ({ page, sandbox }) => {
        await openScreen(page, 'Merchant');
        await enterMerchantKeys(page, merchantsOf(sandbox)[0]);
        await tab(page, 'Withdraw').click();
      },
    },
  });

  test.afterEach(({ sandbox }) => sandbox.faults.reset());

  test('an unknown withdrawal of 0,0006 BTC is named "0,0006 BTC" in the warning and in the box', async ({
    signedInApp: { page, sandbox },
    groupScope,
  }, testInfo) => {
    const nextCode = await merchantCodes(groupScope, testInfo, sandbox);
    expect(await page.evaluate(() => navigator.language)).toBe('de-DE');
    // Main keeps the setting; the box follows its answer.
    await page.getByRole('checkbox', { name: 'Allow unverified addresses' }).click();
    await expect(page.getByRole('checkbox', { name: 'Allow unverified addresses' })).toBeChecked();
    await textbox(page, 'Member reference id').fill('member-de');
    await page.getByRole('combobox', { name: 'Asset and network', exact: true }).selectOption('BTC');
    await textbox(page, 'Address (not verified)').fill(BTC_ADDRESS);
    await page.getByRole('textbox', { name: /^Amount/ }).fill('0,0006');
    await textbox(page, 'Merchant account e-mail').fill(merchantsOf(sandbox)[0].email);
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await expect(reviewHeading(page)).toBeVisible();
    await typeCode(page, await nextCode());
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    await withdrawButton(page).click();
    await expect(page.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();
    const transactionIdShown = definitionOf(page, 'Merchant transaction id');
    await expect(transactionIdShown).toHaveText(/\S/);
    const transactionId = (await transactionIdShown.textContent()) ?? '';
    await page.getByRole('button', { name: 'Back to withdrawals' }).click();

    const box = newWithdrawalAcknowledgement(page);
    await expect(box).toHaveCount(1);
    await expect(box).toHaveAccessibleDescription(containing(`0,0006 BTC (BTC on Bitcoin Mainnet) to ${BTC_ADDRESS}`));
    await expect(box).not.toHaveAccessibleDescription(/0\.0006/);
    await expect(
      page.getByRole('checkbox', {
        name: `of 0,0006 BTC (BTC on Bitcoin Mainnet) to bc1qw508…7kv8f3t4 (merchant transaction id ${transactionId})`,
      }),
    ).toBeVisible();
  });
});
