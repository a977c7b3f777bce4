import { mkdir, readdir, readFile, rmdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxInfo } from '../../sandbox/server';
import { createCodeSource, WIDE_TOTP_WINDOW } from '../support/two-factor-codes';
import { completeBrowserSignIn, startSignedInApp, type SignedInApp } from './support/signed-in-app';

type Merchant = SandboxInfo['merchants'][number];

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const REFERENCE = 'member-e2e';

describe('merchant treasury in Chromium against the sandbox', () => {
  let app: SignedInApp;
  let merchant: Merchant;
  let other: Merchant;
  let nextCode: () => Promise<string>;
  /** Every bridge answer the page received. */
  const bridgeAnswers: string[] = [];
  /** What arrives at the address being verified (the service's small amount), seen by its owner. */
  const arrived: string[] = [];
  const realFetch = globalThis.fetch;
  let receiver: Server;
  let callbackBodies: string[] = [];

  async function ethBalance(): Promise<Decimal> {
    const response = await realFetch(`${app.sandbox.apiUrl}/v1/merchant/balances`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': merchant.secretKey },
      body: JSON.stringify({ PublicKey: merchant.publicKey }),
    });
    const body = (await response.json()) as { data: { ethBalance: number } };
    return new Decimal(String(body.data.ethBalance));
  }

  function tab(name: string) {
    return app.page.getByRole('tab', { name });
  }

  async function typeCode(code: string): Promise<void> {
    await app.page
      .getByRole('group', { name: 'Two-factor code' })
      .getByRole('textbox', { name: 'Digit 1 of 6' })
      .click();
    await app.page.keyboard.type(code);
  }

  async function saveKeys(publicKey: string, secretKey: string): Promise<void> {
    const page = app.page;
    await page.getByLabel('Public key').fill(publicKey);
    await page.getByLabel('Secret key', { exact: true }).fill(secretKey);
    await page.getByRole('button', { name: 'Save keys' }).click();
    await page.getByText('Keys saved.').waitFor();
  }

  beforeAll(async () => {
    globalThis.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      if (String(input).endsWith('/v1/verify/start')) {
        const json = (await response.clone().json()) as { data?: { amount?: number } };
        if (json.data?.amount !== undefined) arrived.push(new Decimal(String(json.data.amount)).toFixed());
      }
      return response;
    };
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        callbackBodies.push(Buffer.concat(chunks).toString('utf8'));
        response.end('OK');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    app = await startSignedInApp({ totpWindowSteps: WIDE_TOTP_WINDOW });
    [merchant, other] = app.sandbox.info().merchants as [Merchant, Merchant];
    nextCode = createCodeSource(merchant.totpSecret, WIDE_TOTP_WINDOW);
    app.page.on('response', (response) => {
      if (response.url().includes('/__bridge/invoke/'))
        void response.text().then(
          (text) => bridgeAnswers.push(text),
          () => undefined,
        );
    });
    await app.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Merchant' }).click();
    await app.page.getByRole('heading', { name: 'Merchant' }).waitFor();
  });

  // A failed step shows what the user saw, which says more than a timeout.
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail')
      console.error(
        `page at failure:\n${await app.page
          .locator('main')
          .innerText()
          .catch(() => '(no page)')}`,
      );
  });

  afterAll(async () => {
    globalThis.fetch = realFetch;
    receiver?.close();
    await app?.close();
  });

  it('a wrong secret key, and keys of two different merchants, are explained plainly', async () => {
    const page = app.page;
    await expect.poll(() => page.getByLabel('Merchant environment').inputValue()).toBe('local-sandbox');
    await saveKeys(merchant.publicKey, 'sk_sbx_not_the_right_one');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('alert').filter({ hasText: 'secret key was refused' }).waitFor();

    await saveKeys(merchant.publicKey, other.secretKey);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('alert').filter({ hasText: 'not the secret key that goes with this public key' }).waitFor();
  });

  it('the right keys connect; the secret is shown only as set and the field stays empty', async () => {
    const page = app.page;
    await saveKeys(merchant.publicKey, merchant.secretKey);
    expect(await page.getByLabel('Secret key', { exact: true }).inputValue()).toBe('');
    expect(await page.getByText('Secret key: •••• set').count()).toBe(1);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByRole('status').filter({ hasText: 'accepted these keys' }).waitFor();
  });

  it('shows the twelve balances with asset and network', async () => {
    await tab('Balances').click();
    const table = app.page.getByRole('table', { name: 'Merchant balances' });
    // The header, twelve balances and the total.
    await expect.poll(() => table.getByRole('row').count()).toBe(14);
    const bscUsdt = table
      .getByRole('row')
      .filter({ hasText: 'Binance Smart Chain' })
      .filter({ has: app.page.getByRole('rowheader', { name: 'USDT' }) });
    expect(await bscUsdt.count()).toBe(1);
  });

  it('values each balance in USD at the prices of the account wallets, with a total that says when it is partial', async () => {
    const table = app.page.getByRole('table', { name: 'Merchant balances' });
    const balances = await app.app.core.handlers['merchant.balances']();
    const portfolio = await app.app.core.handlers['portfolio.wallets']();
    const prices = new Map(portfolio.wallets.map((wallet) => [wallet.code, wallet.priceUsd]));
    const usd = new Intl.NumberFormat(await app.page.evaluate(() => navigator.language), {
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
    const valueCells = () =>
      table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.lastElementChild?.textContent ?? ''));
    await expect.poll(valueCells).toEqual(expected);
    const totalRow = table.getByRole('row').filter({ has: app.page.getByRole('rowheader', { name: /^Total \(USD/ }) });
    expect(await totalRow.getByRole('rowheader').textContent()).toBe(
      unpriced.length > 0 ? 'Total (USD, partial)' : 'Total (USD)',
    );
    expect(await totalRow.getByRole('cell').textContent()).toBe(usd.format(total.toFixed() as unknown as number));
    if (unpriced.length > 0) await app.page.getByText(`The total leaves out ${unpriced.join(', ')}`).waitFor();

    // Privacy mode hides the values and the total as well as the balances.
    await app.page.getByRole('button', { name: 'Privacy mode' }).click();
    await expect.poll(() => totalRow.getByRole('cell').getByLabel('Hidden amount').count()).toBe(1);
    expect(await table.getByText(/\$/).count()).toBe(0);
    await app.page.getByRole('button', { name: 'Privacy mode' }).click();
  });

  it('verifies an address: a wrong amount fails clearly, the exact amount received verifies it', async () => {
    const page = app.page;
    await tab('Verified addresses').click();
    await page.getByLabel('Reference id').fill(REFERENCE);
    await page.getByLabel('Asset and network').selectOption('ETH');
    await page.getByLabel('Address', { exact: true }).fill('0x52908400098527886E0F7030069857D2E4169Ee7');
    await page.getByLabel('Label', { exact: true }).fill('Treasury cold');
    await page.getByRole('button', { name: 'Start verification' }).click();
    await page.getByRole('alert').filter({ hasText: 'checksum' }).waitFor();
    expect(arrived).toHaveLength(0);

    await page.getByLabel('Address', { exact: true }).fill(ETH_ADDRESS);
    // The refusal was about the address as it was; once it is changed the error goes.
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'checksum' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Start verification' }).click();
    const amountBox = page.getByLabel('Exact amount received (ETH)');
    await amountBox.waitFor();
    expect(await amountBox.inputValue()).toBe('');
    const sent = new Decimal(arrived.at(-1) as string);

    await amountBox.fill(sent.plus('0.00000001').toFixed());
    await page.getByRole('button', { name: 'Confirm amount' }).click();
    await page.getByRole('alert').filter({ hasText: 'not the amount the service sent' }).waitFor();

    await amountBox.fill(sent.toFixed());
    await page.getByRole('button', { name: 'Confirm amount' }).click();
    await page.getByRole('status').filter({ hasText: 'is verified' }).waitFor();
    await page.getByRole('button', { name: 'Show verified addresses' }).click();
    const list = page.getByRole('table', { name: `Verified addresses for ${REFERENCE}` });
    await list.getByRole('row', { name: /Treasury cold/ }).waitFor();
  });

  it('refuses a withdrawal to an unverified address, in the form and in main', async () => {
    await tab('Withdraw').click();
    expect(await app.page.getByRole('button', { name: 'Review withdrawal' }).isDisabled()).toBe(true);
    const refused = await app.page.evaluate(
      ([address, email]) =>
        (
          window as unknown as { wallet: { merchant: { withdrawConfirm(x: unknown): Promise<unknown> } } }
        ).wallet.merchant.withdrawConfirm({
          referenceId: 'member-e2e',
          code: 'BTC',
          address,
          amount: '0.001',
          label: 'sneaky',
          email,
        }),
      [BTC_ADDRESS, merchant.email] as const,
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden', field: 'address' } });
  });

  it('withdraws to the verified address once, even on a double click, and links to the explorer', async () => {
    const page = app.page;
    const before = await ethBalance();
    // Two separate references: the member's, which the addresses are verified under, and the
    // merchant's own id of this withdrawal.
    const form = page.getByRole('form', { name: 'Withdraw' });
    await form.getByRole('textbox', { name: 'Member reference id' }).fill(REFERENCE);
    await form.getByRole('textbox', { name: 'Merchant transaction id (optional)' }).fill('PAYOUT-E2E-1');
    await page.getByRole('button', { name: 'Load verified addresses' }).click();
    await page
      .getByRole('combobox', { name: 'Verified address', exact: true })
      .selectOption({ label: `Treasury cold — ETH — ${ETH_ADDRESS}` });
    await page.getByLabel('Amount (ETH)').fill('0.0125');
    await page.getByLabel('Label', { exact: true }).fill('Payout 1');
    await page.getByLabel('Merchant account e-mail').fill(merchant.email);
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await page.getByRole('heading', { name: 'Review withdrawal' }).waitFor();
    const review = page.getByRole('region', { name: 'Review withdrawal' });
    expect(await review.getByRole('definition').filter({ hasText: 'PAYOUT-E2E-1' }).count()).toBe(1);
    expect(await review.getByRole('definition').filter({ hasText: REFERENCE }).count()).toBe(1);
    await typeCode(await nextCode());
    await page.getByRole('button', { name: 'Withdraw', exact: true }).dblclick();
    await page.getByRole('status').filter({ hasText: 'The withdrawal went through' }).waitFor();
    expect(before.minus(await ethBalance()).toFixed()).toBe('0.0125');
    const moved = app.sandbox.movements().filter((movement) => movement.merchantTransactionId === 'PAYOUT-E2E-1');
    expect(moved).toEqual([expect.objectContaining({ referenceId: REFERENCE })]);

    const opened = app.app.nextExternalUrl();
    await page.getByRole('button', { name: 'View in block explorer' }).click();
    expect(await opened).toMatch(/^https:\/\/etherscan\.io\/tx\/0x[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'New withdrawal' }).click();
    // The typed id went with that withdrawal: the next one starts without it.
    expect(await form.getByRole('textbox', { name: 'Merchant transaction id (optional)' }).inputValue()).toBe('');
  }, 90_000);

  it('commit then drop: the outcome is unknown, nothing is resent, it stays listed after a reload, a new withdrawal needs the warning acknowledged, and "Check status" (no code) finds the one withdrawal', async () => {
    const page = app.page;
    const before = await ethBalance();
    await page.getByRole('button', { name: 'Load verified addresses' }).click();
    await page
      .getByRole('combobox', { name: 'Verified address', exact: true })
      .selectOption({ label: `Treasury cold — ETH — ${ETH_ADDRESS}` });
    await page.getByLabel('Amount (ETH)').fill('0.02');
    await page.getByLabel('Merchant account e-mail').fill(merchant.email);
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await typeCode(await nextCode());
    app.sandbox.faults.set({ dropAfterCommitNext: 1 });
    // Keyboard only: the sixth digit moves focus to the submit button, Enter sends.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Withdraw');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'the money may have moved' }).waitFor();
    // Said plainly in the heading; its actions come first, so a small window shows them without scrolling.
    await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Review withdrawal' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Outcome unknown' }).textContent()).not.toMatch(/trying again/);
    expect(await page.getByRole('button', { name: 'Withdraw', exact: true }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Two-factor code' }).count()).toBe(0);
    const transactionId = (await page
      .getByRole('term')
      .filter({ hasText: 'Merchant transaction id' })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()) as string;

    // A reload forgets the screen, not the withdrawal: it is listed until its status is checked.
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Merchant' }).click();
    await tab('Withdraw').click();
    const unresolved = page.getByRole('region', { name: 'Withdrawals with an unknown outcome' });
    await unresolved.getByText(transactionId).waitFor();
    await unresolved.getByRole('term').filter({ hasText: 'Started' }).waitFor();

    // A new withdrawal is possible only after a warning that names the earlier one.
    await page.getByRole('textbox', { name: 'Member reference id' }).fill(REFERENCE);
    await page.getByRole('button', { name: 'Load verified addresses' }).click();
    await page
      .getByRole('combobox', { name: 'Verified address', exact: true })
      .selectOption({ label: `Treasury cold — ETH — ${ETH_ADDRESS}` });
    await page.getByLabel('Amount (ETH)').fill('0.02');
    await page.getByLabel('Merchant account e-mail').fill(merchant.email);
    const acknowledge = page.getByRole('checkbox', { name: /may have gone through: start a new one anyway/ });
    expect(await acknowledge.getAttribute('aria-describedby')).toBe('withdraw-unresolved-warning');
    expect(await page.locator('#withdraw-unresolved-warning').textContent()).toContain(transactionId);
    // The box names what it accepts: amount, asset, both ends of the address, merchant transaction id.
    await page
      .getByRole('checkbox', {
        name: `of 0.02 ETH (ETH on Ethereum Mainnet) to 0x529084…169EE7 (merchant transaction id ${transactionId})`,
      })
      .waitFor();
    // Pressed unticked: the box gets focus and the button's side says where to act.
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await expect.poll(() => acknowledge.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'Tick the box above' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Review withdrawal' }).count()).toBe(0);
    await acknowledge.check();
    expect(await page.getByRole('alert').filter({ hasText: 'Tick the box above' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Review withdrawal' }).isDisabled()).toBe(false);

    // "Check status" is a look-up: no code is asked for, nothing is sent again.
    await unresolved.getByRole('button', { name: `Check status of ${transactionId}` }).click();
    await page.getByRole('status').filter({ hasText: 'Found in your account history' }).waitFor();
    expect(before.minus(await ethBalance()).toFixed()).toBe('0.02');
    expect(app.sandbox.movements().filter((m) => m.merchantTransactionId === transactionId)).toHaveLength(1);
    await expect.poll(() => unresolved.count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /start a new one anyway/ }).count()).toBe(0);
  });

  it('locking clears merchant data from the window: after unlocking, a withdrawal under review is gone', async () => {
    const page = app.page;
    await page.getByLabel('Amount (ETH)').fill('0.001');
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await page.getByRole('heading', { name: 'Review withdrawal' }).waitFor();
    await page.getByRole('button', { name: 'Lock now' }).click();
    await page.getByRole('button', { name: 'Unlock' }).waitFor();
    expect(await page.getByText(ETH_ADDRESS).count()).toBe(0);
    await completeBrowserSignIn(app, app.user, () => page.getByRole('button', { name: 'Unlock' }).click());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Merchant' }).click();
    await page.getByRole('heading', { name: 'Merchant' }).waitFor();
    await tab('Withdraw').click();
    await page.getByRole('form', { name: 'Withdraw' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Review withdrawal' }).count()).toBe(0);
    expect(await page.getByLabel('Amount (ETH)').count()).toBe(0);
  }, 90_000);

  it('creates a deposit address with a QR code that decodes to it, and gets it again', async () => {
    const page = app.page;
    await tab('Deposit addresses').click();
    await page.getByLabel('Asset and network', { exact: true }).selectOption('LTC');
    await page.getByLabel('Label').fill('Order 77');
    await page.getByLabel('Reference id (empty: a new one is made)').fill('order-77');
    await page.getByLabel('Callback URL').fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`);
    // The unit of the expected amount is the user's choice, said on the form.
    const unit = page.getByRole('group', { name: 'Expected amount is in' });
    expect(await unit.getByRole('radio', { name: 'LTC (crypto amount)' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Expected amount in LTC (optional)' }).count()).toBe(1);
    await unit.getByRole('radio', { name: 'A fiat currency' }).check();
    await page.getByRole('combobox', { name: 'Fiat currency of the expected amount' }).selectOption('EUR');
    await page.getByRole('textbox', { name: 'Expected amount in EUR (optional)' }).fill('0.5');
    await page.getByRole('button', { name: 'Create deposit address' }).click();
    const card = page.getByRole('region', { name: 'Deposit address for order-77' });
    await card.waitFor();
    const address = (await card
      .getByRole('group', { name: 'Deposit address' })
      .locator('code')
      .getAttribute('data-address')) as string;
    expect(address).toMatch(/^ltc1/);
    expect(await card.getByText('Minimum amounts').count()).toBe(1);
    expect(
      await card
        .getByRole('definition')
        .filter({ hasText: /0\.5.*EUR|EUR.*0\.5/ })
        .count(),
    ).toBeGreaterThan(0);
    expect(await card.getByRole('note').textContent()).toMatch(/Send only LTC/);

    const qr = card.getByRole('img', { name: /QR code of the LTC deposit address/ });
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(address);

    await page.getByLabel('Member id (the reference id it was created with)').fill('order-77');
    await page.getByLabel('Asset and network of the address').selectOption('LTC');
    await page.getByRole('button', { name: 'Get deposit address' }).click();
    await expect
      .poll(() => card.getByRole('group', { name: 'Deposit address' }).locator('code').getAttribute('data-address'))
      .toBe(address);

    // A failed look-up's error goes as soon as the member id is changed.
    const member = page.getByLabel('Member id (the reference id it was created with)');
    await member.fill('order-that-does-not-exist');
    await page.getByRole('button', { name: 'Get deposit address' }).click();
    const refusal = page.getByRole('alert').filter({ hasNotText: /^$/ });
    await expect.poll(() => refusal.count()).toBeGreaterThan(0);
    const before = await refusal.count();
    await member.fill('order-77');
    await expect.poll(() => refusal.count()).toBe(before - 1);
  });

  it('the callback checker accepts a genuine callback from the sandbox and rejects a tampered one', async () => {
    const page = app.page;
    const address = (await page
      .getByRole('group', { name: 'Deposit address' })
      .locator('code')
      .getAttribute('data-address')) as string;
    callbackBodies = [];
    const delivery = await realFetch(`${app.sandbox.origin}/__sandbox/deposit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ address, amount: '0.5' }),
    });
    expect(delivery.status).toBe(200);
    const genuine = callbackBodies[0] as string;
    expect(genuine).toContain('"Signature"');

    await tab('Callback checker').click();
    await page.getByLabel('Callback body (JSON, as your endpoint received it)').fill(genuine);
    await page.getByRole('button', { name: 'Check signature' }).click();
    await page.getByRole('heading', { name: 'Signature valid' }).waitFor();
    expect(
      await page
        .getByRole('table', { name: 'Callback fields' })
        .getByRole('row', { name: /UniqueId/ })
        .count(),
    ).toBe(1);

    const body = JSON.parse(genuine) as { Hash: string };
    const tampered = genuine.replace(
      body.Hash,
      body.Hash.startsWith('A') ? `B${body.Hash.slice(1)}` : `A${body.Hash.slice(1)}`,
    );
    await page.getByLabel('Callback body (JSON, as your endpoint received it)').fill(tampered);
    await page.getByRole('button', { name: 'Check signature' }).click();
    await page.getByRole('heading', { name: 'Signature invalid' }).waitFor();
    expect(await page.getByRole('list', { name: 'Problems' }).textContent()).toContain('Signature');
  });

  it('keeps the secret keys in the Secret Service and nowhere else', async () => {
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
    expect(bridgeAnswers.length).toBeGreaterThan(20);
    for (const secret of [merchant.secretKey, other.secretKey, 'sk_sbx_not_the_right_one']) {
      expect(settingsText).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(bridgeAnswers.join('\n')).not.toContain(secret);
      expect(localStorageText).not.toContain(secret);
    }
  });
});

describe('merchant treasury for a role that may not move money', () => {
  let viewer: SignedInApp;

  beforeAll(async () => {
    viewer = await startSignedInApp({ username: 'bob' });
  }, 90_000);
  afterAll(async () => {
    await viewer?.close();
  });

  it('a Viewer sees balances only, and is told so instead of forms that would fail', async () => {
    const page = viewer.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Merchant' }).click();
    await page.getByRole('heading', { name: 'Merchant' }).waitFor();
    await page.getByRole('note').filter({ hasText: 'lets you see merchant balances only' }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Merchant sections' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Balances']);
    expect(await page.getByRole('tab', { name: 'Balances' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('table', { name: 'Merchant balances' }).waitFor();
    for (const name of ['Save keys', 'Review withdrawal', 'Start verification', 'Create deposit address']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
  });
});

describe('merchant withdrawals that are not settled, against the strict sandbox', () => {
  let sandbox: RunningSandbox;
  let app: SignedInApp;
  let merchant: Merchant;
  let nextCode: () => Promise<string>;
  const arrived: string[] = [];
  const realFetch = globalThis.fetch;

  const tab = (name: string) => app.page.getByRole('tab', { name });
  const unresolved = () => app.page.getByRole('region', { name: 'Withdrawals with an unknown outcome' });
  const acknowledgement = () =>
    app.page.getByRole('checkbox', { name: /may have gone through: start a new one anyway/ });
  const moved = (merchantTransactionId: string) =>
    sandbox.movements().filter((movement) => movement.merchantTransactionId === merchantTransactionId).length;

  async function typeCode(code: string): Promise<void> {
    await app.page
      .getByRole('group', { name: 'Two-factor code' })
      .getByRole('textbox', { name: 'Digit 1 of 6' })
      .click();
    await app.page.keyboard.type(code);
  }

  /** "Review withdrawal" with the box unticked opens nothing: focus moves to the box, and the form says why. */
  async function expectAskedToTick(): Promise<void> {
    const page = app.page;
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await expect.poll(() => acknowledgement().evaluate((box) => box === document.activeElement)).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'Tick the box above' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Review withdrawal' }).count()).toBe(0);
  }

  /** Fills the withdrawal form for the verified ETH address. */
  async function fillWithdrawal(amount: string): Promise<void> {
    const page = app.page;
    await page.getByRole('textbox', { name: 'Member reference id' }).fill(REFERENCE);
    await page.getByRole('button', { name: 'Load verified addresses' }).click();
    await page
      .getByRole('combobox', { name: 'Verified address', exact: true })
      .selectOption({ label: `Payout — ETH — ${ETH_ADDRESS}` });
    await page.getByLabel('Amount (ETH)').fill(amount);
    await page.getByLabel('Merchant account e-mail').fill(merchant.email);
  }

  /** Fills the form, acknowledges any warning and opens the review; returns the merchant transaction id. */
  async function reviewWithdrawal(amount: string): Promise<string> {
    const page = app.page;
    await fillWithdrawal(amount);
    if ((await acknowledgement().count()) > 0) await acknowledgement().check();
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await page.getByRole('heading', { name: 'Review withdrawal' }).waitFor();
    return (await page
      .getByRole('term')
      .filter({ hasText: 'Merchant transaction id' })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()) as string;
  }

  beforeAll(async () => {
    globalThis.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      if (String(input).endsWith('/v1/verify/start')) {
        const json = (await response.clone().json()) as { data?: { amount?: number } };
        if (json.data?.amount !== undefined) arrived.push(new Decimal(String(json.data.amount)).toFixed());
      }
      return response;
    };
    sandbox = await startSandbox({ port: 0, quiet: true, totpWindowSteps: WIDE_TOTP_WINDOW, serviceProfile: 'strict' });
    app = await startSignedInApp({ sandbox, totpWindowSteps: WIDE_TOTP_WINDOW });
    merchant = sandbox.info().merchants[0] as Merchant;
    nextCode = createCodeSource(merchant.totpSecret, WIDE_TOTP_WINDOW);
    const page = app.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Merchant' }).click();
    await page.getByRole('heading', { name: 'Merchant' }).waitFor();
    await page.getByLabel('Public key').fill(merchant.publicKey);
    await page.getByLabel('Secret key', { exact: true }).fill(merchant.secretKey);
    await page.getByRole('button', { name: 'Save keys' }).click();
    await page.getByText('Keys saved.').waitFor();
    await tab('Verified addresses').click();
    await page.getByLabel('Reference id').fill(REFERENCE);
    await page.getByLabel('Asset and network').selectOption('ETH');
    await page.getByLabel('Address', { exact: true }).fill(ETH_ADDRESS);
    await page.getByLabel('Label', { exact: true }).fill('Payout');
    await page.getByRole('button', { name: 'Start verification' }).click();
    const amountBox = page.getByLabel('Exact amount received (ETH)');
    await amountBox.waitFor();
    await amountBox.fill(arrived.at(-1) as string);
    await page.getByRole('button', { name: 'Confirm amount' }).click();
    await page.getByRole('status').filter({ hasText: 'is verified' }).waitFor();
    await tab('Withdraw').click();
  }, 90_000);

  afterEach(async (context) => {
    sandbox.faults.reset();
    if (context.task.result?.state === 'fail')
      console.error(
        `page at failure:\n${await app.page
          .locator('main')
          .innerText()
          .catch(() => '(no page)')}`,
      );
  });

  afterAll(async () => {
    globalThis.fetch = realFetch;
    await app?.close();
    await sandbox?.close();
  });

  it('a withdrawal still being sent when the app locks is listed after unlocking, and a new one must acknowledge it', async () => {
    const page = app.page;
    const transactionId = await reviewWithdrawal('0.0301');
    await typeCode(await nextCode());
    sandbox.faults.set({ latencyMs: 8_000 });
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    // The request waits inside the sandbox; everything after it goes at normal speed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    sandbox.faults.reset();
    await page.getByRole('button', { name: 'Lock now' }).click();
    await page.getByRole('button', { name: 'Unlock' }).waitFor();
    await completeBrowserSignIn(app, app.user, () => page.getByRole('button', { name: 'Unlock' }).click());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Merchant' }).click();
    await tab('Withdraw').click();

    const listed = unresolved().getByRole('listitem').filter({ hasText: transactionId });
    await listed.getByText('Still being sent').waitFor();
    expect(await page.locator('#withdraw-unresolved-warning').textContent()).toContain(transactionId);
    await fillWithdrawal('0.0301');
    expect(await acknowledgement().isChecked()).toBe(false);
    await expectAskedToTick();

    // Once the service has answered, the look-up finds the one withdrawal and the warning goes.
    await expect.poll(() => moved(transactionId), { timeout: 15_000 }).toBe(1);
    await unresolved()
      .getByRole('button', { name: `Check status of ${transactionId}` })
      .click();
    await page.getByRole('status').filter({ hasText: 'went through' }).waitFor();
    await expect.poll(() => unresolved().count()).toBe(0);
    expect(moved(transactionId)).toBe(1);
  }, 90_000);

  it('an acknowledgement does not outlive its warning: a new form asks again', async () => {
    const page = app.page;
    const transactionId = await reviewWithdrawal('0.0302');
    await typeCode(await nextCode());
    sandbox.faults.set({ failNext: 1 });
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'may have moved' }).first().waitFor();
    await page.getByRole('button', { name: 'Back to withdrawals' }).click();
    await unresolved().getByText(transactionId).waitFor();

    // Acknowledged for one withdrawal form, then that form is reviewed and cancelled: the next one asks again.
    await reviewWithdrawal('0.0303');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('form', { name: 'Withdraw' }).waitFor();
    expect(await acknowledgement().isChecked()).toBe(false);
    await expectAskedToTick();
    expect(moved(transactionId)).toBe(0);
  }, 90_000);

  it('a withdrawal that cannot be written down first is not sent, and the panel says so plainly', async () => {
    const page = app.page;
    const transactionId = await reviewWithdrawal('0.0304');
    await typeCode(await nextCode());
    // A directory where the settings file's temporary copy goes makes the write fail, as a full disk does.
    const blocker = join(app.userDataDir, `settings.json.${process.pid}.tmp`);
    await mkdir(blocker);
    try {
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'could not write this request down' });
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/nothing was sent/);
      expect(await alert.textContent()).not.toMatch(/EISDIR|Error:/);
    } finally {
      await rmdir(blocker);
    }
    expect(await page.getByRole('button', { name: 'Withdraw', exact: true }).count()).toBe(1);
    expect(moved(transactionId)).toBe(0);
  }, 90_000);
});

describe('merchant withdrawals in a German window: amounts in the warning and its box as the app writes them', () => {
  let app: SignedInApp;
  let merchant: Merchant;
  let nextCode: () => Promise<string>;

  beforeAll(async () => {
    app = await startSignedInApp({ locale: 'de-DE', totpWindowSteps: WIDE_TOTP_WINDOW });
    merchant = app.sandbox.info().merchants[0] as Merchant;
    nextCode = createCodeSource(merchant.totpSecret, WIDE_TOTP_WINDOW);
    const page = app.page;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Merchant' }).click();
    await page.getByRole('heading', { name: 'Merchant' }).waitFor();
    await page.getByLabel('Public key').fill(merchant.publicKey);
    await page.getByLabel('Secret key', { exact: true }).fill(merchant.secretKey);
    await page.getByRole('button', { name: 'Save keys' }).click();
    await page.getByText('Keys saved.').waitFor();
    await page.getByRole('tab', { name: 'Withdraw' }).click();
  }, 90_000);

  afterEach(async (context) => {
    app.sandbox.faults.reset();
    if (context.task.result?.state === 'fail')
      console.error(
        `page at failure:\n${await app.page
          .locator('main')
          .innerText()
          .catch(() => '(no page)')}`,
      );
  });

  afterAll(async () => {
    await app?.close();
  });

  it('an unknown withdrawal of 0,0006 BTC is named "0,0006 BTC" in the warning and in the box', async () => {
    const page = app.page;
    expect(await page.evaluate(() => navigator.language)).toBe('de-DE');
    // Main keeps the setting; the box follows its answer.
    await page.getByRole('checkbox', { name: 'Allow unverified addresses' }).click();
    await page.getByLabel('Address (not verified)').waitFor();
    await page.getByRole('textbox', { name: 'Member reference id' }).fill('member-de');
    await page.getByLabel('Asset and network', { exact: true }).selectOption('BTC');
    await page.getByLabel('Address (not verified)').fill(BTC_ADDRESS);
    await page.getByRole('textbox', { name: /^Amount/ }).fill('0,0006');
    await page.getByLabel('Merchant account e-mail').fill(merchant.email);
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await page.getByRole('heading', { name: 'Review withdrawal' }).waitFor();
    await app.page
      .getByRole('group', { name: 'Two-factor code' })
      .getByRole('textbox', { name: 'Digit 1 of 6' })
      .click();
    await page.keyboard.type(await nextCode());
    app.sandbox.faults.set({ dropAfterCommitNext: 1 });
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor();
    const transactionId = (await page
      .getByRole('term')
      .filter({ hasText: 'Merchant transaction id' })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()) as string;
    await page.getByRole('button', { name: 'Back to withdrawals' }).click();

    const warning = (await page.locator('#withdraw-unresolved-warning').textContent()) as string;
    expect(warning).toContain(`0,0006 BTC (BTC on Bitcoin Mainnet) to ${BTC_ADDRESS}`);
    expect(warning).not.toContain('0.0006');
    const box = page.getByRole('checkbox', { name: /may have gone through: start a new one anyway/ });
    await page
      .getByRole('checkbox', {
        name: `of 0,0006 BTC (BTC on Bitcoin Mainnet) to bc1qw508…v8f3t4 (merchant transaction id ${transactionId})`,
      })
      .waitFor();
    expect(await box.count()).toBe(1);
  }, 90_000);
});
