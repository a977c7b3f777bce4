import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { getAddress } from 'viem';
import type { SandboxInfo } from '../../sandbox/server';
import { expect, openScreen, OWN_APP, test, WIDE_TOTP_WINDOW, type MoneyScreen } from './support/fixtures';
import { enterMerchantKeys } from './support/merchant-keys';
import { alertSaying, definitionOf, statusSaying } from './support/page-text';
import { dataRows } from './support/table-rows';

type Merchant = SandboxInfo['merchants'][number];

/** BIP-173 and EIP-55 example addresses: valid, checksummed and not alice's own. */
const BTC_SAVED = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BTC_PAST_SEND = 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3';
const EVM_EXCHANGE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** The merchant stories' verified address (EIP-55 example). */
const EVM_VERIFIED = '0x52908400098527886E0F7030069857D2E4169EE7';
const REFERENCE = 'member-address-book';

/** The names of the saved entries, in the order shown (none when the book is empty). */
const entryNames = (page: Page) =>
  page.getByRole('list', { name: 'Saved addresses' }).getByRole('heading', { level: 3 });
const assetPicker = (page: Page) => page.getByRole('combobox', { name: 'Asset', exact: true });
const accountPicker = (page: Page) => page.getByRole('combobox', { name: 'Account', exact: true });

async function addEntry(page: Page, name: string, code: string, address: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add an address' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('combobox', { name: 'Asset and network' }).selectOption(code);
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill(address);
  await form.getByRole('button', { name: 'Add to address book' }).click();
}

/** Saves the given entries from the Address book screen, as a user does, each confirmed before the next. */
async function saveEntries(page: Page, entries: readonly (readonly [string, string, string])[]): Promise<void> {
  await openScreen(page, 'Address book');
  for (const [name, code, address] of entries) {
    await addEntry(page, name, code, address);
    await expect(statusSaying(page, `Saved “${name}”.`)).toBeVisible();
  }
}

const COLD_STORAGE = ['Cold storage', 'BTC', BTC_SAVED] as const;
const EXCHANGE = ['Exchange', 'ETH', EVM_EXCHANGE] as const;

/** Fills Send (the destination unless it was picked already) with an amount and checks fees. */
async function checkSend(page: Page, code: string, address: string | null, amount: string): Promise<void> {
  await assetPicker(page).selectOption(code);
  if (address !== null) await page.getByRole('textbox', { name: 'Destination address' }).fill(address);
  await page.getByRole('textbox', { name: /^Amount/ }).fill(amount);
  await page.getByRole('button', { name: 'Check fees' }).click();
  await expect(page.getByRole('group', { name: 'Fee' })).toBeVisible();
}

/** Reviews and sends what Send holds; returns the send's reference, as its outcome shows it. */
async function sendReviewed({ page, nextCode }: MoneyScreen): Promise<string> {
  for (const box of await page.getByRole('checkbox', { name: /may already have gone through/ }).all()) {
    await box.check();
  }
  await page.getByRole('button', { name: 'Review send' }).click();
  await expect(page.getByRole('heading', { name: 'Review the send' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
  const reference = definitionOf(page.getByRole('region', { name: 'Sent' }), 'Reference');
  await expect(reference).toHaveText(/\S/);
  return (await reference.textContent()) ?? '';
}

// Each story has its own sandbox and app (OWN_APP): it saves the entries it needs itself.
test.describe(
  'Address book: named destinations picked in Send and (verified only) in Withdraw',
  { tag: OWN_APP },
  () => {
    test.use({ appOptions: { username: 'alice', totpWindowSteps: WIDE_TOTP_WINDOW } });

    // Every story's own page threw nothing.
    test.afterEach(({ signedInApp }) => {
      expect(signedInApp.pageErrors).toEqual([]);
    });

    test('adds, renames and deletes entries; an address with a wrong checksum or of another network is refused', async ({
      signedInApp: { page, user, userDataDir },
    }) => {
      await openScreen(page, 'Address book');
      await expect(page.getByText('No saved addresses yet.')).toBeVisible();

      await addEntry(page, 'Cold wallet', 'ETH', EVM_EXCHANGE.replace('aA', 'Aa'));
      await expect(alertSaying(page, /checksum/)).toBeVisible();
      await addEntry(page, 'Cold wallet', 'LTC', BTC_SAVED);
      await expect(alertSaying(page, /not a valid Litecoin address|not Litecoin|Litecoin/)).toBeVisible();
      await expect(entryNames(page)).toHaveCount(0);

      await addEntry(page, 'Cold wallet', 'BTC', BTC_SAVED);
      await expect(statusSaying(page, 'Saved “Cold wallet”.')).toBeVisible();
      await expect(entryNames(page)).toHaveText(['Cold wallet']);

      await page.getByRole('button', { name: 'Edit “Cold wallet”' }).click();
      const edit = page.getByRole('form', { name: 'Edit “Cold wallet”' });
      await edit.getByRole('textbox', { name: 'Name', exact: true }).fill('Cold storage');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(statusSaying(page, 'Saved “Cold storage”.')).toBeVisible();
      await expect(entryNames(page)).toHaveText(['Cold storage']);

      await addEntry(page, 'Scratch', 'ETH', EVM_EXCHANGE);
      await expect(statusSaying(page, 'Saved “Scratch”.')).toBeVisible();
      await page.getByRole('button', { name: 'Delete “Scratch”' }).click();
      await page.getByRole('group', { name: 'Delete “Scratch”?' }).getByRole('button', { name: 'Keep' }).click();
      await expect(page.getByRole('group', { name: 'Delete “Scratch”?' })).toHaveCount(0);
      await expect(entryNames(page)).toHaveText(['Cold storage', 'Scratch']);
      await page.getByRole('button', { name: 'Delete “Scratch”' }).click();
      await page.getByRole('group', { name: 'Delete “Scratch”?' }).getByRole('button', { name: 'Delete' }).click();
      await expect(statusSaying(page, 'Deleted “Scratch”.')).toBeVisible();
      await expect(entryNames(page)).toHaveText(['Cold storage']);

      // Kept in settings.json, for this user and this account only.
      const settings = JSON.parse(await readFile(join(userDataDir, 'settings.json'), 'utf8')) as {
        addressBook: Record<string, Record<string, { name: string; address: string }[]>>;
      };
      const accountGuid = await accountPicker(page).inputValue();
      expect(settings.addressBook[user.userGuid]?.[accountGuid]).toEqual([
        expect.objectContaining({ name: 'Cold storage', address: BTC_SAVED }),
      ]);
    });

    test('is kept per account: another account of the same user has its own (empty) book', async ({
      signedInApp: { page },
    }) => {
      await saveEntries(page, [COLD_STORAGE]);
      const account = accountPicker(page);
      const first = await account.inputValue();
      const other = await account.getByRole('option').nth(1).getAttribute('value');
      if (!other) throw new Error('alice has a second account');
      await account.selectOption(other);
      await openScreen(page, 'Address book');
      await expect(page.getByText('No saved addresses yet.')).toBeVisible();
      await expect(entryNames(page)).toHaveCount(0);
      await account.selectOption(first);
      await openScreen(page, 'Address book');
      await expect(entryNames(page)).toHaveText(['Cold storage']);
    });

    test('Send picks a saved address, names it on the review, and sends exactly there', async ({ sendScreen }) => {
      const { page, nextCode } = sendScreen;
      await saveEntries(page, [COLD_STORAGE]);
      await openScreen(page, 'Send');
      await assetPicker(page).selectOption('BTC');
      const picker = page.getByRole('combobox', { name: 'Address book' });
      await picker.selectOption({ label: `Cold storage — ${BTC_SAVED}` });
      await expect(page.getByRole('textbox', { name: 'Destination address' })).toHaveValue(BTC_SAVED);
      await expect(page.getByText('Saved in your address book as “Cold storage”.')).toBeVisible();
      // Only entries of the chosen asset and network are offered.
      await assetPicker(page).selectOption('ETH');
      await expect(picker.getByRole('option')).toHaveText(['No saved ETH addresses']);
      await assetPicker(page).selectOption('BTC');
      await picker.selectOption({ label: `Cold storage — ${BTC_SAVED}` });

      await checkSend(page, 'BTC', null, '0.0011');
      for (const box of await page.getByRole('checkbox', { name: /may already have gone through/ }).all()) {
        await box.check();
      }
      await page.getByRole('button', { name: 'Review send' }).click();
      const review = page.getByRole('region', { name: 'Review the send' });
      await expect(definitionOf(review, 'Address book')).toHaveText('Cold storage');
      await expect(page.getByRole('group', { name: 'Destination address' })).toHaveText(BTC_SAVED);
      await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
      await page.getByRole('button', { name: 'Send now' }).click();
      await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
      await expect(page.getByText('In your address book as “Cold storage”.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save to address book' })).toHaveCount(0);
    });

    test('saves a send’s destination from its outcome; a look-alike of it is then flagged as such', async ({
      sendScreen,
    }) => {
      const { page } = sendScreen;
      await checkSend(page, 'ETH', EVM_EXCHANGE, '0.0012');
      await sendReviewed(sendScreen);
      await page.getByRole('button', { name: 'Save to address book' }).click();
      const save = page.getByRole('form', { name: 'Save to address book' });
      await save.getByRole('textbox', { name: 'Name in address book' }).fill('Exchange');
      await save.getByRole('button', { name: 'Save' }).click();
      await expect(statusSaying(page, 'Saved to your address book as “Exchange”.')).toBeVisible();

      await page.getByRole('button', { name: 'New send' }).click();
      const body = EVM_EXCHANGE.slice(2).toLowerCase();
      const middle = body.length / 2;
      const lookalike = getAddress(
        `0x${body.slice(0, middle)}${body[middle] === '0' ? '1' : '0'}${body.slice(middle + 1)}`,
      );
      await checkSend(page, 'ETH', lookalike, '0.0012');
      // The address book is named even though the same address is in the history too: it is what the user meant.
      await expect(
        alertSaying(page, new RegExp(`starts and ends like ${EVM_EXCHANGE} in your address book \\(“Exchange”\\)`)),
      ).toBeVisible();
    });

    test('saves a past send’s destination from its History detail', async ({ sendScreen }) => {
      const { page } = sendScreen;
      await saveEntries(page, [COLD_STORAGE, EXCHANGE]);
      await openScreen(page, 'Send');
      await checkSend(page, 'BTC', BTC_PAST_SEND, '0.0013');
      const reference = await sendReviewed(sendScreen);
      await openScreen(page, 'History');
      const table = page.getByRole('table', { name: 'Transactions' });
      await page.getByRole('searchbox', { name: 'Search transactions' }).fill(reference);
      // The search runs after a pause in typing, and a new page closes an open detail: wait for its answer.
      await expect(dataRows(table)).toHaveCount(1);
      await expect(table).toHaveAttribute('aria-busy', 'false');
      await table.getByRole('row', { name: new RegExp(reference) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Save to address book' }).click();
      await dialog.getByRole('textbox', { name: 'Name in address book' }).fill('Supplier');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(statusSaying(dialog, 'Saved to your address book as “Supplier”.')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await openScreen(page, 'Address book');
      await expect(entryNames(page)).toHaveText(['Cold storage', 'Exchange', 'Supplier']);
      await expect(
        page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem').filter({ hasText: 'Supplier' }),
      ).toContainText(BTC_PAST_SEND);
    });

    test('merchant Withdraw offers only saved addresses verified for their asset and network', async ({
      signedInApp: { page, sandbox },
    }) => {
      const merchant = sandbox.info().merchants[0] as Merchant;
      // Entries Withdraw must not offer: BTC, ETH never verified, and the same address saved for USDT (verified
      // for ETH only).
      await saveEntries(page, [COLD_STORAGE, EXCHANGE, ['Treasury USDT', 'USDT', EVM_VERIFIED]]);
      await openScreen(page, 'Merchant');
      await enterMerchantKeys(page, merchant);

      await page.getByRole('tab', { name: 'Verified addresses' }).click();
      await page.getByRole('textbox', { name: 'Reference id', exact: true }).fill(REFERENCE);
      await page.getByRole('combobox', { name: 'Asset and network' }).selectOption('ETH');
      await page.getByRole('textbox', { name: 'Address', exact: true }).fill(EVM_VERIFIED);
      await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Treasury cold');
      await page.getByRole('button', { name: 'Start verification' }).click();
      const amountBox = page.getByRole('textbox', { name: 'Exact amount received (ETH)' });
      await expect(amountBox).toBeVisible();
      const waiting = (await (await fetch(`${sandbox.origin}/__sandbox/verifications`)).json()) as {
        verifications: { address: string; amount: string }[];
      };
      const sent = waiting.verifications.find((entry) => entry.address.toLowerCase() === EVM_VERIFIED.toLowerCase());
      if (!sent) throw new Error('the sandbox started no verification');
      await amountBox.fill(sent.amount);
      await page.getByRole('button', { name: 'Confirm amount' }).click();
      await expect(statusSaying(page, /is verified/)).toBeVisible();
      await page.getByRole('button', { name: 'Show verified addresses' }).click();
      const row = page.getByRole('table', { name: `Verified addresses for ${REFERENCE}` }).getByRole('row', {
        name: /Treasury cold/,
      });
      await row.getByRole('button', { name: 'Save to address book' }).click();
      // The verified label is offered as the name.
      await expect(row.getByRole('textbox', { name: 'Name in address book' })).toHaveValue('Treasury cold');
      await row.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(row.getByText('Saved to your address book as “Treasury cold”.')).toBeVisible();

      await page.getByRole('tab', { name: 'Withdraw' }).click();
      const picker = page.getByRole('combobox', { name: 'Address book (verified addresses only)' });
      await page.getByRole('textbox', { name: 'Member reference id' }).fill(REFERENCE);
      await page.getByRole('button', { name: 'Load verified addresses' }).click();
      await expect(picker.getByRole('option')).toHaveText([
        'Choose a saved address',
        `Treasury cold — ${EVM_VERIFIED}`,
      ]);
      // Not offered: "Exchange" (ETH, never verified), "Treasury USDT" (verified for ETH, not USDT), the BTC ones.
      await picker.selectOption({ label: `Treasury cold — ${EVM_VERIFIED}` });
      const verified = page.getByRole('combobox', { name: 'Verified address', exact: true });
      await expect(verified).toHaveValue(`ETH:${EVM_VERIFIED}`);
      await page.getByRole('textbox', { name: 'Amount (ETH)' }).fill('0.001');
      await page.getByRole('textbox', { name: 'Merchant account e-mail' }).fill(merchant.email);
      await page.getByRole('button', { name: 'Review withdrawal' }).click();
      await expect(page.getByRole('heading', { name: 'Review withdrawal' })).toBeVisible();
      const review = page.getByRole('region', { name: 'Review withdrawal' });
      await expect(definitionOf(review, 'To')).toHaveText(EVM_VERIFIED);
      await expect(definitionOf(review, 'Address status')).toHaveText('Verified');
      await page.getByRole('button', { name: 'Cancel' }).click();
    });
  },
);
