import type { Page } from '@playwright/test';
import { seededPortfolio } from '../support/seeded-wallets';
import { decodeQrOnScreen } from './support/decode-qr';
import { expect, openScreen, test } from './support/fixtures';
import { reloadSignedInApp } from './support/reload-app';
import type { SignedInApp } from './support/signed-in-app';
import { dataRows } from './support/table-rows';

const CALLBACK = 'https://shop.example/deposits';
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Assertions wait for the app to catch up; they do not time it.
const patiently = { timeout: 15_000 };

test.use({ appOptions: { username: 'alice', afterSignIn: ({ page }) => openScreen(page, 'Receive') } });

function seededAddress(session: SignedInApp, code: string): string {
  const guid = session.app.core.session.view().activeAccountGuid;
  const wallet = guid ? seededPortfolio(guid).wallets.find((candidate) => candidate.code === code) : undefined;
  if (!wallet) throw new Error(`no seeded ${code} wallet`);
  return wallet.address;
}

const walletPanel = (page: Page) => page.getByRole('region', { name: 'Receive to your wallet' });
const form = (page: Page) => page.getByRole('form', { name: 'New deposit address' });
const result = (page: Page) => page.getByRole('region', { name: 'Deposit address created' });
const createdList = (page: Page) => page.getByRole('table', { name: 'Deposit addresses created in this session' });

/** Interface A's deposit address creation: the one call the form makes. */
const CREATE_PATH = '/api/OAuth/deposit/address/create';

/** The wallet panel showing the USDT address on Ethereum. */
async function showUsdtOnEthereum(page: Page): Promise<void> {
  await walletPanel(page).getByRole('combobox', { name: 'Asset' }).selectOption('USDT');
  await walletPanel(page).getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Ethereum Mainnet (USDT)' });
}

/** Creates a deposit address through the form, an expected amount in the asset given, and waits for it. */
async function createAddress(page: Page, asset: 'BTC' | 'USDT', label: string, amount: string): Promise<void> {
  await form(page).getByRole('combobox', { name: 'Asset and network' }).selectOption(asset);
  await form(page).getByRole('textbox', { name: 'Label' }).fill(label);
  await form(page).getByRole('textbox', { name: 'Callback URL' }).fill(CALLBACK);
  await form(page)
    .getByRole('textbox', { name: `Expected amount (optional, in ${asset})` })
    .fill(amount);
  await form(page).getByRole('button', { name: 'Create deposit address' }).click();
  await expect(result(page).getByRole('group', { name: 'Deposit address' })).toHaveText(
    asset === 'BTC' ? /^bc1/ : /^0x/,
  );
  await expect(dataRows(createdList(page)).filter({ hasText: label })).toHaveCount(1);
}

test.describe('Receive: wallet addresses and new deposit addresses', () => {
  // Each story starts on a Receive screen of its own: the window reloaded, no address created in it yet.
  test.beforeEach(async ({ signedInApp: { page } }) => {
    await reloadSignedInApp(page);
    await openScreen(page, 'Receive');
  });

  test('shows the USDT address on Ethereum in groups, as a QR code, with a warning naming the asset and network', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await showUsdtOnEthereum(page);
    const expected = seededAddress(session, 'USDT');
    const display = walletPanel(page).getByRole('group', { name: 'USDT (ERC-20) address' });
    await expect(display).toHaveText(expected);
    // Written in groups of four characters, each its own element, so the eye can compare them.
    await expect(display.getByRole('code').locator(':scope > span')).toHaveText(expected.match(/.{1,4}/g) ?? []);
    await expect(walletPanel(page).getByRole('note')).toHaveText(
      /^Send only USDT on Ethereum Mainnet to this address\./,
    );
    const qr = walletPanel(page).getByRole('img', {
      name: 'QR code of your USDT (ERC-20) address on Ethereum Mainnet',
    });
    expect(await decodeQrOnScreen(qr)).toBe(expected);
  });

  test('copies the address, confirms, and checks the clipboard holds exactly it', async ({ signedInApp: session }) => {
    const { page } = session;
    await showUsdtOnEthereum(page);
    const expected = seededAddress(session, 'USDT');
    await walletPanel(page).getByRole('button', { name: 'Copy address' }).click();
    await expect(
      walletPanel(page).getByRole('status').filter({ hasText: 'Copied. The clipboard holds exactly this text.' }),
    ).toBeVisible();
    expect(session.app.clipboard.text).toBe(expected);
  });

  test('warns when the clipboard does not hold the address after copying, as when malware swaps it', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await showUsdtOnEthereum(page);
    const clipboard = session.app.clipboard;
    // A clipboard hijacker: whatever is written, the attacker's address is what would be pasted.
    Object.defineProperty(clipboard, 'text', {
      configurable: true,
      get: () => '0x000000000000000000000000000000000000dEaD',
      set: () => undefined,
    });
    try {
      await walletPanel(page).getByRole('button', { name: 'Copy address' }).click();
      const alert = walletPanel(page).getByRole('alert');
      await expect(alert).toContainText('The clipboard does not hold what was copied');
      await expect(walletPanel(page).getByRole('status')).toHaveCount(0);
    } finally {
      Object.defineProperty(clipboard, 'text', { configurable: true, writable: true, value: '' });
    }
  });

  test('picks the only network of a single-network asset by itself', async ({ signedInApp: session }) => {
    const { page } = session;
    await walletPanel(page).getByRole('combobox', { name: 'Asset' }).selectOption('BTC');
    const expected = seededAddress(session, 'BTC');
    const qr = walletPanel(page).getByRole('img', { name: 'QR code of your Bitcoin address on Bitcoin Mainnet' });
    expect(await decodeQrOnScreen(qr)).toBe(expected);
    await expect(walletPanel(page).getByRole('note')).toHaveText(/^Send only BTC on Bitcoin Mainnet/);
  });

  test('refuses a bad callback URL in place, before any call to the service', async ({ signedInApp: session }) => {
    const { page } = session;
    // Armed for the creation call alone: taken, it would show the form had called the service.
    session.sandbox.faults.set({ rateLimitNext: 1, rateLimitNextPath: CREATE_PATH });
    await form(page).getByRole('combobox', { name: 'Asset and network' }).selectOption('BTC');
    await form(page).getByRole('textbox', { name: 'Label' }).fill('Invoice 1');
    const callback = form(page).getByRole('textbox', { name: 'Callback URL' });
    await callback.fill('shop.example/deposits');
    await form(page).getByRole('button', { name: 'Create deposit address' }).click();
    await expect(callback).toHaveAttribute('aria-invalid', 'true', patiently);
    await expect(form(page).getByRole('alert')).toContainText('full web address');
    expect(session.sandbox.faults.plan.rateLimitNext).toBe(1);
    await expect(result(page)).toHaveCount(0);
    session.sandbox.faults.reset();
  });

  test('creates a deposit address without an amount: the QR code is the address; ids shown; listed', async ({
    signedInApp: { page },
  }) => {
    const referenceField = form(page).getByRole('textbox', { name: 'Reference id' });
    await expect(referenceField).toHaveValue(/^dep-/, patiently);
    const referenceId = await referenceField.inputValue();
    await form(page).getByRole('combobox', { name: 'Asset and network' }).selectOption('LTC');
    await form(page).getByRole('textbox', { name: 'Label' }).fill('Invoice 2');
    await form(page).getByRole('textbox', { name: 'Callback URL' }).fill(CALLBACK);
    await form(page).getByRole('textbox', { name: 'Callback URL' }).press('Enter');

    const address = result(page).getByRole('group', { name: 'Deposit address' });
    await expect(address).toHaveText(/^ltc1/);
    const shown = (await address.textContent()) ?? '';
    expect(
      await decodeQrOnScreen(
        result(page).getByRole('img', { name: 'QR code of the deposit address on Litecoin Mainnet' }),
      ),
    ).toBe(shown);
    const details = result(page).getByRole('definition');
    await expect(details.nth(0)).toHaveText(referenceId);
    await expect(details.nth(1)).toHaveText(GUID);
    await expect(dataRows(createdList(page)).first().getByRole('cell')).toHaveText([
      /[\s\S]*/,
      'LTC',
      'Invoice 2',
      referenceId,
      shown,
      '—',
    ]);
    // A fresh reference id is ready for the next address.
    await expect(referenceField).not.toHaveValue(referenceId, patiently);
  });

  test('creates a deposit address with an amount: the QR code is the BIP-21 payment link', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    await form(page).getByRole('combobox', { name: 'Asset and network' }).selectOption('BTC');
    await form(page).getByRole('textbox', { name: 'Label' }).fill('Invoice 3');
    await form(page).getByRole('textbox', { name: 'Callback URL' }).fill(CALLBACK);
    await form(page).getByRole('textbox', { name: 'Expected amount (optional, in BTC)' }).fill('0.015');
    await form(page).getByRole('combobox', { name: 'Fiat currency (optional)' }).selectOption('EUR');
    await form(page).getByRole('button', { name: 'Create deposit address' }).click();

    const qr = result(page).getByRole('img', { name: 'QR code of the BIP-21 payment link for this deposit' });
    await expect(qr).toBeVisible();
    const addressShown = result(page).getByRole('group', { name: 'Deposit address' });
    await expect(addressShown).toHaveText(/^bc1/);
    const address = (await addressShown.textContent()) ?? '';
    expect(await decodeQrOnScreen(qr)).toBe(`bitcoin:${address}?amount=0.015`);
    await expect(result(page).getByText(`bitcoin:${address}?amount=0.015`)).toHaveCount(1);
    await result(page).getByRole('button', { name: 'Copy payment link' }).click();
    await expect(result(page).getByRole('status').filter({ hasText: 'Copied.' })).toBeVisible();
    expect(session.app.clipboard.text).toBe(`bitcoin:${address}?amount=0.015`);
  });

  test('creates a USDT deposit address with an amount: the QR code is the EIP-681 token transfer', async ({
    signedInApp: { page },
  }) => {
    await form(page).getByRole('combobox', { name: 'Asset and network' }).selectOption('USDT');
    await form(page).getByRole('textbox', { name: 'Label' }).fill('Invoice 4');
    await form(page).getByRole('textbox', { name: 'Callback URL' }).fill(CALLBACK);
    await form(page).getByRole('textbox', { name: 'Expected amount (optional, in USDT)' }).fill('12.5');
    await form(page).getByRole('button', { name: 'Create deposit address' }).click();
    const qr = result(page).getByRole('img', { name: 'QR code of the EIP-681 token transfer link for this deposit' });
    await expect(qr).toBeVisible();
    const address = (await result(page).getByRole('group', { name: 'Deposit address' }).textContent()) ?? '';
    expect(await decodeQrOnScreen(qr)).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${address}&uint256=12500000`,
    );
  });

  test('refuses a reference id already used in this session, in place', async ({ signedInApp: { page } }) => {
    await createAddress(page, 'USDT', 'Invoice 5', '12.5');
    const used = (await dataRows(createdList(page)).last().getByRole('cell').nth(3).textContent()) ?? '';
    expect(used).not.toBe('');
    const referenceField = form(page).getByRole('textbox', { name: 'Reference id' });
    await referenceField.fill(used);
    await form(page).getByRole('textbox', { name: 'Expected amount (optional, in USDT)' }).fill('');
    await form(page).getByRole('button', { name: 'Create deposit address' }).click();
    await expect(referenceField).toHaveAttribute('aria-invalid', 'true', patiently);
    await expect(form(page).getByRole('alert')).toContainText('already used');
    // The error is about the old text; editing the field takes it back.
    await referenceField.press('End');
    await referenceField.press('Backspace');
    await expect(form(page).getByRole('alert')).toHaveCount(0, patiently);
    await expect(referenceField).not.toHaveAttribute('aria-invalid');
    await referenceField.fill(used);
    await form(page).getByRole('button', { name: 'Create deposit address' }).click();
    await expect(referenceField).toHaveAttribute('aria-invalid', 'true', patiently);
    await form(page).getByRole('button', { name: 'New reference id' }).click();
    await expect(referenceField).not.toHaveValue(used, patiently);
    await expect(form(page).getByRole('alert')).toHaveCount(0);
  });

  test('hides every amount on the Receive screen in privacy mode, payment link and its QR code included', async ({
    signedInApp: session,
  }) => {
    const { page } = session;
    // Two addresses with an amount, the USDT one shown last.
    await createAddress(page, 'BTC', 'Invoice 6', '0.015');
    await createAddress(page, 'USDT', 'Invoice 7', '12.5');
    await page.getByRole('button', { name: 'Privacy mode' }).click();
    // Every address of the session listed with an amount has it hidden (the list is the session's, so it
    // holds those other stories created too).
    const rows = dataRows(createdList(page));
    const withoutAmount = rows.filter({ has: page.getByRole('cell', { name: '—', exact: true }) });
    await expect(createdList(page).getByLabel('Hidden amount')).not.toHaveCount(0, patiently);
    const amounts = (await rows.count()) - (await withoutAmount.count());
    expect(amounts).toBeGreaterThanOrEqual(2);
    await expect(createdList(page).getByLabel('Hidden amount')).toHaveCount(amounts);
    await expect(result(page).getByLabel('Hidden amount')).toHaveCount(1);
    await expect(result(page).getByLabel('Hidden payment link')).toHaveCount(1);
    const address = (await result(page).getByRole('group', { name: 'Deposit address' }).textContent()) ?? '';
    const qr = result(page).getByRole('img', { name: 'QR code of the deposit address on Ethereum Mainnet' });
    expect(await decodeQrOnScreen(qr)).toBe(address);
    const main = page.getByRole('main');
    await expect(main).not.toContainText('12.5');
    await expect(main).not.toContainText('0.015');
    await expect(main).not.toContainText('uint256');
    await page.getByRole('button', { name: 'Privacy mode' }).click();
    expect(session.pageErrors).toEqual([]);
  });
});
