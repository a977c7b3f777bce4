import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { getAddress } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxInfo } from '../../sandbox/server';
import { createCodeSource, WIDE_TOTP_WINDOW } from '../support/two-factor-codes';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

type Merchant = SandboxInfo['merchants'][number];

/** BIP-173 and EIP-55 example addresses: valid, checksummed and not alice's own. */
const BTC_SAVED = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BTC_PAST_SEND = 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3';
const EVM_EXCHANGE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** The merchant test's verified address (EIP-55 example). */
const EVM_VERIFIED = '0x52908400098527886E0F7030069857D2E4169EE7';
const REFERENCE = 'member-address-book';

describe('Address book: named destinations picked in Send and (verified only) in Withdraw', () => {
  let app: SignedInApp;
  let page: Page;
  let nextCode: () => Promise<string>;
  const pageErrors: string[] = [];

  const nav = () => page.getByRole('navigation', { name: 'Main' });
  async function open(screen: string): Promise<void> {
    await nav().getByRole('button', { name: screen, exact: true }).click();
    await page.getByRole('heading', { name: screen, exact: true, level: 2 }).waitFor();
  }
  const entries = () => page.getByRole('list', { name: 'Saved addresses' });
  const entryNames = async () =>
    (await entries().count()) === 0 ? [] : await entries().getByRole('heading', { level: 3 }).allTextContents();

  async function addEntry(name: string, code: string, address: string): Promise<void> {
    const form = page.getByRole('form', { name: 'Add an address' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Asset and network').selectOption(code);
    await form.getByLabel('Address').fill(address);
    await form.getByRole('button', { name: 'Add to address book' }).click();
  }

  /** Send's form, fresh: a result left by an earlier story is closed first. */
  async function openSendForm(): Promise<void> {
    await open('Send');
    const again = page.getByRole('button', { name: 'New send' });
    if (await again.isVisible()) await again.click();
    await page.getByLabel('Asset', { exact: true }).waitFor();
  }

  /** Fills Send with an amount and checks fees. */
  async function checkSend(code: string, address: string | null, amount: string): Promise<void> {
    await page.getByLabel('Asset', { exact: true }).selectOption(code);
    if (address !== null) await page.getByRole('textbox', { name: 'Destination address' }).fill(address);
    await page.getByRole('textbox', { name: /^Amount/ }).fill(amount);
    await page.getByRole('button', { name: 'Check fees' }).click();
    await page.getByRole('group', { name: 'Fee' }).waitFor();
  }

  async function sendReviewed(): Promise<string> {
    for (const box of await page.getByRole('checkbox', { name: /may already have gone through/ }).all()) {
      await box.check();
    }
    await page.getByRole('button', { name: 'Review send' }).click();
    await page.getByRole('heading', { name: 'Review the send' }).waitFor();
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('heading', { name: 'Sent' }).waitFor();
    const facts = await page.getByRole('region', { name: 'Sent' }).locator('dd.mono').allTextContents();
    return facts.at(-1) ?? '';
  }

  beforeAll(async () => {
    app = await startSignedInApp({ username: 'alice', totpWindowSteps: WIDE_TOTP_WINDOW });
    page = app.page;
    nextCode = createCodeSource(app.user.totpSecret, WIDE_TOTP_WINDOW);
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail')
      console.error(
        `page at failure:\n${await page
          .locator('main')
          .innerText()
          .catch(() => '(no page)')}`,
      );
  });

  afterAll(async () => {
    await app?.close();
  });

  it('adds, renames and deletes entries; an address with a wrong checksum or of another network is refused', async () => {
    await open('Address book');
    await page.getByText('No saved addresses yet.').waitFor();

    await addEntry('Cold wallet', 'ETH', EVM_EXCHANGE.replace('aA', 'Aa'));
    await page.getByRole('alert').filter({ hasText: 'checksum' }).waitFor();
    await addEntry('Cold wallet', 'LTC', BTC_SAVED);
    await page
      .getByRole('alert')
      .filter({ hasText: /not a valid Litecoin address|not Litecoin|Litecoin/ })
      .waitFor();
    expect(await entryNames()).toEqual([]);

    await addEntry('Cold wallet', 'BTC', BTC_SAVED);
    await page.getByRole('status').filter({ hasText: 'Saved “Cold wallet”.' }).waitFor();
    expect(await entryNames()).toEqual(['Cold wallet']);

    await page.getByRole('button', { name: 'Edit “Cold wallet”' }).click();
    const edit = page.getByRole('form', { name: 'Edit “Cold wallet”' });
    await edit.getByLabel('Name').fill('Cold storage');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved “Cold storage”.' }).waitFor();
    expect(await entryNames()).toEqual(['Cold storage']);

    await addEntry('Scratch', 'ETH', EVM_EXCHANGE);
    await page.getByRole('status').filter({ hasText: 'Saved “Scratch”.' }).waitFor();
    await page.getByRole('button', { name: 'Delete “Scratch”' }).click();
    await page.getByRole('group', { name: 'Delete “Scratch”?' }).getByRole('button', { name: 'Keep' }).click();
    expect(await entryNames()).toEqual(['Cold storage', 'Scratch']);
    await page.getByRole('button', { name: 'Delete “Scratch”' }).click();
    await page.getByRole('group', { name: 'Delete “Scratch”?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted “Scratch”.' }).waitFor();
    expect(await entryNames()).toEqual(['Cold storage']);

    // Kept in settings.json, for this user and this account only.
    const settings = JSON.parse(await readFile(join(app.userDataDir, 'settings.json'), 'utf8')) as {
      addressBook: Record<string, Record<string, { name: string; address: string }[]>>;
    };
    const accountGuid = await page.getByLabel('Account', { exact: true }).inputValue();
    expect(settings.addressBook[app.user.userGuid]?.[accountGuid]).toEqual([
      expect.objectContaining({ name: 'Cold storage', address: BTC_SAVED }),
    ]);
  });

  it('is kept per account: another account of the same user has its own (empty) book', async () => {
    const account = page.getByLabel('Account', { exact: true });
    const first = await account.inputValue();
    const other = await account.locator('option').nth(1).getAttribute('value');
    if (!other) throw new Error('alice has a second account');
    await account.selectOption(other);
    await open('Address book');
    await page.getByText('No saved addresses yet.').waitFor();
    await account.selectOption(first);
    await open('Address book');
    await entries().waitFor();
    expect(await entryNames()).toEqual(['Cold storage']);
  });

  it('Send picks a saved address, names it on the review, and sends exactly there', async () => {
    await openSendForm();
    await page.getByLabel('Asset', { exact: true }).selectOption('BTC');
    const picker = page.getByRole('combobox', { name: 'Address book' });
    await picker.selectOption({ label: `Cold storage — ${BTC_SAVED}` });
    expect(await page.getByRole('textbox', { name: 'Destination address' }).inputValue()).toBe(BTC_SAVED);
    await page.getByText('Saved in your address book as “Cold storage”.').waitFor();
    // Only entries of the chosen asset and network are offered.
    await page.getByLabel('Asset', { exact: true }).selectOption('ETH');
    expect(await picker.locator('option').allTextContents()).toEqual(['No saved ETH addresses']);
    await page.getByLabel('Asset', { exact: true }).selectOption('BTC');
    await picker.selectOption({ label: `Cold storage — ${BTC_SAVED}` });

    await checkSend('BTC', null, '0.0011');
    for (const box of await page.getByRole('checkbox', { name: /may already have gone through/ }).all()) {
      await box.check();
    }
    await page.getByRole('button', { name: 'Review send' }).click();
    const review = page.getByRole('region', { name: 'Review the send' });
    await review.waitFor();
    expect(await review.textContent()).toContain('Address bookCold storage');
    expect(await page.getByRole('group', { name: 'Destination address' }).textContent()).toBe(BTC_SAVED);
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('heading', { name: 'Sent' }).waitFor();
    await page.getByText('In your address book as “Cold storage”.').waitFor();
    expect(await page.getByRole('button', { name: 'Save to address book' }).count()).toBe(0);
  });

  it('saves a send’s destination from its outcome; a look-alike of it is then flagged as such', async () => {
    await openSendForm();
    await checkSend('ETH', EVM_EXCHANGE, '0.0012');
    await sendReviewed();
    await page.getByRole('button', { name: 'Save to address book' }).click();
    const save = page.getByRole('form', { name: 'Save to address book' });
    await save.getByLabel('Name in address book').fill('Exchange');
    await save.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved to your address book as “Exchange”.' }).waitFor();

    await page.getByRole('button', { name: 'New send' }).click();
    const body = EVM_EXCHANGE.slice(2).toLowerCase();
    const middle = body.length / 2;
    const lookalike = getAddress(
      `0x${body.slice(0, middle)}${body[middle] === '0' ? '1' : '0'}${body.slice(middle + 1)}`,
    );
    await checkSend('ETH', lookalike, '0.0012');
    // The address book is named even though the same address is in the history too: it is what the user meant.
    await page
      .getByRole('alert')
      .filter({ hasText: `starts and ends like ${EVM_EXCHANGE} in your address book (“Exchange”)` })
      .waitFor();
  });

  it('saves a past send’s destination from its History detail', async () => {
    await openSendForm();
    await checkSend('BTC', BTC_PAST_SEND, '0.0013');
    const reference = await sendReviewed();
    await open('History');
    const table = page.getByRole('table', { name: 'Transactions' });
    await page.getByLabel('Search transactions').fill(reference);
    // The search runs after a pause in typing, and a new page closes an open detail: wait for its answer.
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
    await table.getByRole('row', { name: new RegExp(reference) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save to address book' }).click();
    await dialog.getByLabel('Name in address book').fill('Supplier');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: 'Saved to your address book as “Supplier”.' }).waitFor();
    await page.keyboard.press('Escape');
    await open('Address book');
    await entries().waitFor();
    expect(await entryNames()).toEqual(['Cold storage', 'Exchange', 'Supplier']);
    expect(await entries().getByRole('listitem').filter({ hasText: 'Supplier' }).textContent()).toContain(
      BTC_PAST_SEND,
    );
  });

  it('merchant Withdraw offers only saved addresses verified for their asset and network', async () => {
    const merchant = app.sandbox.info().merchants[0] as Merchant;
    // The same address saved for USDT: verified for ETH only, so not offered.
    await open('Address book');
    await addEntry('Treasury USDT', 'USDT', EVM_VERIFIED);
    await page.getByRole('status').filter({ hasText: 'Saved “Treasury USDT”.' }).waitFor();
    await open('Merchant');
    await page.getByLabel('Public key').fill(merchant.publicKey);
    await page.getByLabel('Secret key', { exact: true }).fill(merchant.secretKey);
    await page.getByRole('button', { name: 'Save keys' }).click();
    await page.getByText('Keys saved.').waitFor();

    await page.getByRole('tab', { name: 'Verified addresses' }).click();
    await page.getByLabel('Reference id').fill(REFERENCE);
    await page.getByLabel('Asset and network').selectOption('ETH');
    await page.getByLabel('Address', { exact: true }).fill(EVM_VERIFIED);
    await page.getByLabel('Label', { exact: true }).fill('Treasury cold');
    await page.getByRole('button', { name: 'Start verification' }).click();
    const amountBox = page.getByLabel('Exact amount received (ETH)');
    await amountBox.waitFor();
    const waiting = (await (await fetch(`${app.sandbox.origin}/__sandbox/verifications`)).json()) as {
      verifications: { address: string; amount: string }[];
    };
    const sent = waiting.verifications.find((entry) => entry.address.toLowerCase() === EVM_VERIFIED.toLowerCase());
    if (!sent) throw new Error('the sandbox started no verification');
    await amountBox.fill(sent.amount);
    await page.getByRole('button', { name: 'Confirm amount' }).click();
    await page.getByRole('status').filter({ hasText: 'is verified' }).waitFor();
    await page.getByRole('button', { name: 'Show verified addresses' }).click();
    const row = page.getByRole('table', { name: `Verified addresses for ${REFERENCE}` }).getByRole('row', {
      name: /Treasury cold/,
    });
    await row.getByRole('button', { name: 'Save to address book' }).click();
    // The verified label is offered as the name.
    expect(await row.getByLabel('Name in address book').inputValue()).toBe('Treasury cold');
    await row.getByRole('button', { name: 'Save', exact: true }).click();
    await row.getByText('Saved to your address book as “Treasury cold”.').waitFor();

    await page.getByRole('tab', { name: 'Withdraw' }).click();
    const picker = page.getByRole('combobox', { name: 'Address book (verified addresses only)' });
    await page.getByLabel('Member reference id').fill(REFERENCE);
    await page.getByRole('button', { name: 'Load verified addresses' }).click();
    await expect
      .poll(() => picker.locator('option').allTextContents())
      .toEqual(['Choose a saved address', `Treasury cold — ${EVM_VERIFIED}`]);
    // Not offered: "Exchange" (ETH, never verified), "Treasury USDT" (verified for ETH, not USDT), the BTC ones.
    await picker.selectOption({ label: `Treasury cold — ${EVM_VERIFIED}` });
    const verified = page.getByRole('combobox', { name: 'Verified address', exact: true });
    expect(await verified.inputValue()).toBe(`ETH:${EVM_VERIFIED}`);
    await page.getByLabel('Amount (ETH)').fill('0.001');
    await page.getByLabel('Merchant account e-mail').fill(merchant.email);
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await page.getByRole('heading', { name: 'Review withdrawal' }).waitFor();
    expect(await page.locator('main').innerText()).toContain(EVM_VERIFIED);
    expect(await page.locator('main').innerText()).toContain('Verified');
    await page.getByRole('button', { name: 'Cancel' }).click();
  }, 90_000);

  it('showed no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
