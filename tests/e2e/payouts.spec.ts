import type { Page } from '@playwright/test';
import type { SignedInApp } from './support/signed-in-app';
import { createCodeSource } from '../support/two-factor-codes';
import { accessibilityViolations } from './support/accessibility';
import { expect, openScreen, test, WIDE_TOTP_WINDOW } from './support/fixtures';
import { statusSaying } from './support/page-text';
import { dataRows } from './support/table-rows';

const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
/** A valid Ethereum address nobody verified. */
const UNVERIFIED_ETH = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const MEMBER = 'member-e2e';
const HEADER = 'address,amount,asset,network,reference,label';

const payoutFile = (page: Page) => page.getByRole('textbox', { name: 'Payout file' });
const rowsTable = (page: Page) => page.getByRole('table', { name: 'Rows' });

/** Switches the signed-in app to Northwind Payments, where alice is an Agent and bob a Viewer. */
async function toNorthwind(app: SignedInApp): Promise<void> {
  const account = app.user.accounts.find((candidate) => candidate.name === 'Northwind Payments');
  if (!account) throw new Error('no Northwind Payments account');
  await app.app.dispatch('session.switchAccount', { accountGuid: account.guid });
  await app.page.reload();
  await expect(app.page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

test.describe('Payouts: a batch from a CSV file, checked by row, paid one code per row', () => {
  test('a file with errors in three rows is read by row, fixed, reviewed, paid with a code per row, and its results export', async ({
    launchSandbox,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox({ totpWindowSteps: WIDE_TOTP_WINDOW });
    const app = await launchSignedInApp({ sandbox, username: 'alice' });
    const { page } = app;
    const nextCode = createCodeSource(app.user.totpSecret, WIDE_TOTP_WINDOW);
    // The wait for the next code period runs on the page's clock, moved on by the story.
    await page.clock.install();
    await page.setViewportSize({ width: 800, height: 600 });
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await openScreen(page, 'Payouts');

    await payoutFile(page).fill(
      [
        HEADER,
        `${BTC},0.00021,BTC,,E2E-1,Rent`,
        `${BTC.slice(0, -1)}5,0.00022,BTC,,E2E-2,Broken address`,
        `${BTC},0.000x3,BTC,,E2E-3,Broken amount`,
        `${BTC},0.00024,DOGE,,E2E-4,Unknown asset`,
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(statusSaying(page, '3 problems were found. Fix them in the file and check it again.')).toBeVisible();
    const problems = dataRows(page.getByRole('table', { name: 'Problems by row' }));
    await expect(problems).toHaveCount(3);
    await expect(problems.nth(0)).toContainText(/^3address/);
    await expect(problems.nth(1)).toContainText(/^4amount/);
    await expect(problems.nth(2)).toContainText(/^5asset/);
    await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    await payoutFile(page).fill(
      [
        HEADER,
        `${BTC},0.00021,BTC,,E2E-1,Rent`,
        `${BTC},0.00022,BTC,,E2E-2,Fixed address`,
        `${BTC},0.00023,BTC,,E2E-3,Fixed amount`,
        `${BTC},0.00024,BTC,,E2E-4,Fixed asset`,
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(statusSaying(page, 'Every row is ready. Review the totals, then save the draft.')).toBeVisible();
    await expect(dataRows(page.getByRole('table', { name: 'Totals per asset' }))).toContainText(['BTC4']);
    await page.getByRole('textbox', { name: 'Draft title' }).fill('Suppliers');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('heading', { name: 'Suppliers' })).toBeVisible();

    for (const line of [2, 3, 4, 5]) {
      const pay = page.getByRole('button', { name: `Pay line ${line}` });
      await expect(pay).toBeVisible();
      await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await nextCode());
      await pay.click();
      await expect(dataRows(rowsTable(page)).nth(line - 2)).toContainText('Paid');
      if (line < 5) {
        // One code per row: the next row waits for the next code period, and says how long.
        await expect(statusSaying(page, /the next code period starts in \d+ seconds?\./)).toBeVisible();
        await page.clock.fastForward(31_000);
        await expect(statusSaying(page, /the next code period starts in/)).toHaveCount(0);
      }
    }
    await expect(statusSaying(page, 'Every row has been sent, skipped or settled.')).toBeVisible();
    // At 800x600 the draft and its rows never make the page scroll sideways; the screen passes axe.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    const paid = sandbox.movements().filter((movement) => movement.referenceId?.startsWith('E2E-'));
    expect(paid.map((movement) => movement.referenceId)).toEqual(['E2E-1', 'E2E-2', 'E2E-3', 'E2E-4']);

    await page.getByRole('button', { name: 'Export results' }).click();
    const results = page.getByRole('textbox', { name: /^Exported file payout-results-/ });
    await expect(results).toHaveValue(/^line,reference,asset,amount,address,label,state,txId,explorerUrl,message/);
    const text = await results.inputValue();
    expect(text.trim().split(/\r?\n/).slice(1)).toHaveLength(4);
    for (const line of text.trim().split(/\r?\n/).slice(1)) expect(line).toMatch(/,succeeded,[0-9a-f]{64},https:\/\//);
  });

  test('a draft exported by one user and imported by another shows the same fingerprint, and nothing is sent', async ({
    launchSandbox,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox({ totpWindowSteps: WIDE_TOTP_WINDOW });
    const bob = await launchSignedInApp({ sandbox, username: 'bob' });
    await toNorthwind(bob);
    await openScreen(bob.page, 'Payouts');
    await payoutFile(bob.page).fill([HEADER, `${BTC},0.00031,BTC,,TRAVEL-1,Refund`].join('\n'));
    await bob.page.getByRole('button', { name: 'Check file' }).click();
    await bob.page.getByRole('textbox', { name: 'Draft title' }).fill('Refunds');
    await bob.page.getByRole('button', { name: 'Save draft' }).click();
    const fingerprint = bob.page.getByText(/^([0-9A-F]{4} ){4}[0-9A-F]{4}$/);
    await expect(fingerprint).toBeVisible();
    const shown = (await fingerprint.textContent()) ?? '';
    // A Viewer prepares; the draft says plainly who may execute it.
    await expect(bob.page.getByRole('note')).toContainText('Viewer');
    await bob.page.getByRole('button', { name: 'Export draft' }).click();
    const file = await bob.page.getByRole('textbox', { name: /^Exported file payout-draft-/ }).inputValue();

    const alice = await launchSignedInApp({ sandbox, username: 'alice' });
    await toNorthwind(alice);
    await openScreen(alice.page, 'Payouts');
    const before = sandbox.movements().length;
    await alice.page.getByRole('textbox', { name: 'Draft file text' }).fill(file);
    await alice.page.getByRole('button', { name: 'Import draft' }).click();
    await expect(alice.page.getByRole('heading', { name: 'Refunds' })).toBeVisible();
    await expect(alice.page.getByText(shown, { exact: true })).toBeVisible();
    await expect(dataRows(rowsTable(alice.page))).toContainText(['Waiting']);
    expect(sandbox.movements()).toHaveLength(before);
  });

  test('a batch of merchant withdrawals names an unverified address by row, then pays a verified one once', async ({
    launchSandbox,
    launchSignedInApp,
  }) => {
    const sandbox = await launchSandbox({ totpWindowSteps: WIDE_TOTP_WINDOW });
    const app = await launchSignedInApp({ sandbox, username: 'alice' });
    const { page } = app;
    const merchant = sandbox.info().merchants[0];
    if (!merchant) throw new Error('no merchant');
    const merchantCode = createCodeSource(merchant.totpSecret, WIDE_TOTP_WINDOW);
    // In a business account, the treasury as the Merchant screen leaves it: keys saved, the ETH address
    // verified for the member.
    await toNorthwind(app);
    const call = async (operation: string, input: unknown) => {
      const result = await app.app.dispatch(operation as 'merchant.saveKeys', input);
      if (!result.ok) throw new Error(`${operation}: ${result.error.message}`);
      return result.value as { id?: string };
    };
    await call('merchant.saveKeys', {
      environment: 'local-sandbox',
      publicKey: merchant.publicKey,
      secretKey: merchant.secretKey,
    });
    const started = await call('merchant.verifyStart', {
      referenceId: MEMBER,
      code: 'ETH',
      address: ETH,
      label: 'Cold',
    });
    const sentToVerify = sandbox.movements().filter((movement) => movement.kind === 'verification');
    await call('merchant.verifyConfirm', { id: started.id, amount: sentToVerify.at(-1)?.amount });
    await openScreen(page, 'Payouts');

    await page.getByRole('combobox', { name: 'Rows are' }).selectOption('withdraw');
    await page.getByRole('textbox', { name: 'Member reference' }).fill(MEMBER);
    await page.getByRole('textbox', { name: 'Merchant account e-mail' }).fill(merchant.email);
    await payoutFile(page).fill(
      [HEADER, `${ETH},0.0031,ETH,,E2E-WD-1,Refund`, `${UNVERIFIED_ETH},0.0032,ETH,,E2E-WD-2,Unverified`].join('\n'),
    );
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(statusSaying(page, 'One problem was found. Fix it in the file and check it again.')).toBeVisible();
    const problems = dataRows(page.getByRole('table', { name: 'Problems by row' }));
    await expect(problems).toHaveCount(1);
    await expect(problems.nth(0)).toContainText(/^3addressThis address is not a verified withdrawal address/);
    expect(await accessibilityViolations(page)).toEqual([]);

    await payoutFile(page).fill([HEADER, `${ETH},0.0031,ETH,,E2E-WD-1,Refund`].join('\n'));
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(statusSaying(page, 'Every row is ready. Review the totals, then save the draft.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Draft title' }).fill('Merchant refunds');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('heading', { name: 'Merchant refunds' })).toBeVisible();
    await expect(page.getByText('Each row is a merchant withdrawal', { exact: false })).toBeVisible();

    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await merchantCode());
    await page.getByRole('button', { name: 'Pay line 2' }).click();
    await expect(dataRows(rowsTable(page)).nth(0)).toContainText('Paid');
    const withdrawn = sandbox.movements().filter((movement) => movement.merchantTransactionId === 'E2E-WD-1');
    expect(withdrawn).toEqual([expect.objectContaining({ kind: 'withdraw', referenceId: MEMBER })]);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
