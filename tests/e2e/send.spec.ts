import { mkdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { getAddress } from 'viem';
import { expect, openScreen, OWN_APP, test, WIDE_TOTP_WINDOW, type MoneyScreen } from './support/fixtures';
import { alertSaying, containing, definitionOf, exactly, statusSaying } from './support/page-text';
import { reloadSignedInApp } from './support/reload-app';

/** BIP-173's and EIP-55's example addresses: valid and checksummed, and not the user's own. */
const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const EVM_DESTINATION = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** The sandbox's own word on a wallet balance (GET /wallets through the app's session). */
async function sandboxBalance({ session }: MoneyScreen, code: string): Promise<Decimal> {
  const wallets = await session.app.core.session.interfaceA().getWallets();
  const found = wallets.wallets.find((wallet) => wallet.symbol === code);
  if (!found) throw new Error(`no ${code} wallet`);
  return new Decimal(String(found.amount));
}

async function sandboxFee(
  { session }: MoneyScreen,
  code: string,
  address: string,
  amount: string,
  feeRate: number,
): Promise<Decimal> {
  const precheck = await session.app.core.session
    .interfaceA()
    .sendPrecheck({ symbol: code, address, amount: Number(amount) });
  const fee = precheck.feeData.find((data) => data.feeRate === feeRate);
  if (!fee) throw new Error(`no fee level ${feeRate}`);
  return new Decimal(String(fee.fee));
}

async function fillSend(page: Page, code: string, address: string, amount: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Asset' }).selectOption(code);
  await page.getByRole('textbox', { name: 'Destination address' }).fill(address);
  await page.getByRole('textbox', { name: /^Amount/ }).fill(amount);
  await page.getByRole('button', { name: 'Check fees' }).click();
}

async function reviewWithFee(page: Page, label: 'Low' | 'Standard' | 'High'): Promise<void> {
  // Sends the story itself left unknown on purpose are acknowledged, as the warning asks.
  for (const box of await page.getByRole('checkbox', { name: /may already have gone through/ }).all()) {
    await box.check();
  }
  await page.getByRole('radio', { name: new RegExp(`^${label}`) }).check();
  await page.getByRole('button', { name: 'Review send' }).click();
  await expect(page.getByRole('heading', { name: 'Review the send' })).toBeVisible();
}

async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
}

const sendRequests = ({ service }: MoneyScreen) => service.requests.filter((request) => request.path === '/send');
const lastSendBody = (screen: MoneyScreen) => sendRequests(screen).at(-1)?.body ?? null;
const sendsWith = (screen: MoneyScreen, referenceId: unknown) =>
  sendRequests(screen).filter((request) => request.body?.referenceId === referenceId).length;
const unresolvedSends = (page: Page) => page.getByRole('region', { name: 'Sends with an unknown outcome' });
/** The POST /send itself fails (HTTP 500): the app cannot know whether it went through. */
const failTheSend = ({ sandbox }: MoneyScreen) => sandbox.faults.set({ failNext: 1, failNextPath: '/api/OAuth/send' });

// Each story has its own sandbox and app (OWN_APP): what it sends or leaves unknown is its own.
test.describe('Send: a user sends crypto with a two-factor code', { tag: OWN_APP }, () => {
  test.use({ appOptions: { username: 'alice', totpWindowSteps: WIDE_TOTP_WINDOW } });

  // Every story's own page threw nothing.
  test.afterEach(({ signedInApp }) => {
    expect(signedInApp.pageErrors).toEqual([]);
  });

  test('sends at each fee level; each time the balance drops by exactly the amount and the fee the sandbox reports', async ({
    sendScreen,
  }) => {
    const { page, formats, nextCode } = sendScreen;
    for (const [feeRate, label] of [
      [0, 'Low'],
      [1, 'Standard'],
      [2, 'High'],
    ] as const) {
      const before = await sandboxBalance(sendScreen, 'BTC');
      const fee = await sandboxFee(sendScreen, 'BTC', BTC_DESTINATION, '0.0015', feeRate);
      await fillSend(page, 'BTC', BTC_DESTINATION, '0.0015');
      await expect(
        page.getByRole('group', { name: 'Fee' }).getByRole('radio', { name: new RegExp(`^${label}`) }),
      ).toHaveAccessibleName(containing(formats.crypto(fee.toFixed(), 'BTC')));
      await reviewWithFee(page, label);

      // The review shows the whole destination, the amount and the fee of the chosen level.
      await expect(page.getByRole('group', { name: 'Destination address' })).toHaveText(BTC_DESTINATION);
      const review = page.getByRole('region', { name: 'Review the send' });
      await expect(review).toContainText(formats.crypto('0.0015', 'BTC'));
      await expect(review).toContainText(`Fee (${label})`);
      await expect(review).toContainText(formats.crypto(fee.toFixed(), 'BTC'));

      await enterCode(page, await nextCode());
      await page.getByRole('button', { name: 'Send now' }).click();
      await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
      expect(lastSendBody(sendScreen)).toMatchObject({
        symbol: 'BTC',
        address: BTC_DESTINATION,
        amount: 0.0015,
        feeRate,
      });

      const after = await sandboxBalance(sendScreen, 'BTC');
      expect(after.toFixed()).toBe(before.minus('0.0015').minus(fee).toFixed());

      // What the app shows next is the sandbox's balance.
      await page.getByRole('button', { name: 'New send' }).click();
      await page.getByRole('combobox', { name: 'Asset' }).selectOption('BTC');
      await expect(page.getByText(/^Available:/)).toHaveText(`Available: ${formats.crypto(after.toFixed(), 'BTC')}`);
    }
  });

  test('opens the explorer link of the transaction in the system browser', async ({ sendScreen }) => {
    const { page, nextCode, session } = sendScreen;
    await fillSend(page, 'ETH', EVM_DESTINATION, '0.002');
    await reviewWithFee(page, 'Standard');
    await enterCode(page, await nextCode());
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
    const txIdShown = definitionOf(page.getByRole('region', { name: 'Sent' }), 'Transaction id');
    await expect(txIdShown).toHaveText(/^0x[0-9a-f]+$/i);
    const txId = (await txIdShown.textContent()) ?? '';
    const opened = session.app.nextExternalUrl();
    await page.getByRole('button', { name: 'View in explorer' }).click();
    expect(await opened).toBe(`https://etherscan.io/tx/${txId}`);
  });

  test('a wrong code is refused where the code is entered; a new code sends the same reference once', async ({
    sendScreen,
  }) => {
    const { page, nextCode } = sendScreen;
    const before = await sandboxBalance(sendScreen, 'BTC');
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0004');
    await reviewWithFee(page, 'Standard');
    await enterCode(page, '000000');
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(alertSaying(page, /refused this two-factor code/)).not.toHaveCount(0);
    expect((await sandboxBalance(sendScreen, 'BTC')).equals(before)).toBe(true);
    const refusedReference = lastSendBody(sendScreen)?.referenceId;
    // A deliberate resend after a definite refusal says it reuses the reference (security.md 29).
    await expect(
      page.getByRole('note').filter({
        hasText: exactly(
          `Nothing moved on that attempt. Sending again reuses the same reference, ${String(refusedReference)}.`,
        ),
      }),
    ).not.toHaveCount(0);

    await enterCode(page, await nextCode());
    await page.getByRole('button', { name: 'Send again with the same reference' }).click();
    await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
    expect(lastSendBody(sendScreen)?.referenceId).toBe(refusedReference);
    expect(sendsWith(sendScreen, refusedReference)).toBe(2);
  });

  test('a code that was already used is refused for the next send', async ({ sendScreen }) => {
    const { page, nextCode } = sendScreen;
    // A send of the story's own uses a code first.
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0004');
    await reviewWithFee(page, 'Low');
    await enterCode(page, await nextCode());
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
    await page.getByRole('button', { name: 'New send' }).click();
    const used = nextCode.last();
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0004');
    await reviewWithFee(page, 'Low');
    const before = await sandboxBalance(sendScreen, 'BTC');
    await enterCode(page, used);
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(alertSaying(page, /refused this two-factor code/)).not.toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Review the send' })).toBeVisible();
    expect((await sandboxBalance(sendScreen, 'BTC')).equals(before)).toBe(true);
  });

  test('says Insufficient balance next to the amount', async ({ sendScreen: { page } }) => {
    await fillSend(page, 'BTC', BTC_DESTINATION, '100000');
    await expect(alertSaying(page, /^Insufficient balance/)).not.toHaveCount(0);
    const amount = page.getByRole('textbox', { name: /^Amount/ });
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    // The field is described by the amount as read ("= 100,000 BTC") and then by main's error.
    await expect(amount).toHaveAccessibleDescription(/(?:^|\s)Insufficient balance[^]*$/);
  });

  test('a fee level the balance cannot pay says so in a sentence', async ({ sendScreen }) => {
    const { page } = sendScreen;
    // The balance less the low fee leaves no room for the high one, as BTC's fee is paid from the same wallet.
    const balance = await sandboxBalance(sendScreen, 'BTC');
    const lowFee = await sandboxFee(sendScreen, 'BTC', BTC_DESTINATION, '0.0009', 1);
    await fillSend(page, 'BTC', BTC_DESTINATION, balance.minus(lowFee).toFixed());
    await expect(page.getByRole('radio', { name: /^Low/ })).not.toHaveAccessibleName(/balance/i);
    await expect(page.getByRole('radio', { name: /^High/ })).toHaveAccessibleName(/ Not enough balance\.$/);
  });

  test('refuses a mistyped address before anything is checked with the service', async ({ sendScreen }) => {
    const { page, service } = sendScreen;
    const prechecks = service.count('POST', '/send/precheck');
    const mistyped = EVM_DESTINATION.replace('aA', 'Aa');
    await fillSend(page, 'ETH', mistyped, '0.01');
    await expect(alertSaying(page, /checksum/)).not.toHaveCount(0);
    await fillSend(page, 'BTC', 'ltc1qpvc9275lcn5suv6c0k3v0mq3xedcpfw24vvr3x', '0.01');
    await expect(alertSaying(page, /not a valid Bitcoin address/)).not.toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Destination address' })).toHaveAttribute('aria-invalid', 'true');
    expect(service.count('POST', '/send/precheck')).toBe(prechecks);
  });

  test('a changed amount or address after the fee check drops the fees; the review shows only what was checked last', async ({
    sendScreen,
  }) => {
    const { page, service, formats } = sendScreen;
    const otherDestination = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const reviewButton = page.getByRole('button', { name: 'Review send' });
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0003');
    await expect(reviewButton).toBeVisible();

    await page.getByRole('textbox', { name: /^Amount/ }).fill('0.0006');
    await expect(reviewButton).toHaveCount(0);
    await expect(page.getByRole('radio', { name: /^Standard/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Check fees' }).click();
    await expect(reviewButton).toBeVisible();

    await page.getByRole('textbox', { name: 'Destination address' }).fill(otherDestination);
    await expect(reviewButton).toHaveCount(0);
    const prechecks = service.count('POST', '/send/precheck');
    await page.getByRole('button', { name: 'Check fees' }).click();
    await reviewWithFee(page, 'Standard');
    expect(service.count('POST', '/send/precheck')).toBe(prechecks + 1);

    await expect(page.getByRole('group', { name: 'Destination address' })).toHaveText(otherDestination);
    await expect(page.getByRole('main')).toContainText(formats.crypto('0.0006', 'BTC'));
  });

  test('a double click on Send now sends one request', async ({ sendScreen }) => {
    const { page, service, nextCode } = sendScreen;
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0003');
    await reviewWithFee(page, 'Standard');
    await enterCode(page, await nextCode());
    const sends = service.count('POST', '/send');
    await page.getByRole('button', { name: 'Send now' }).dblclick();
    await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
    expect(service.count('POST', '/send')).toBe(sends + 1);
  });

  test('Enter pressed twice sends one request', async ({ sendScreen }) => {
    const { page, service, nextCode } = sendScreen;
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0003');
    await reviewWithFee(page, 'Standard');
    await enterCode(page, await nextCode());
    const sends = service.count('POST', '/send');
    await page.getByRole('textbox', { name: 'Digit 6 of 6' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
    expect(service.count('POST', '/send')).toBe(sends + 1);
  });

  test('commit then drop: "outcome unknown", no second send, and Check status finds the one transaction', async ({
    sendScreen,
  }) => {
    const { page, nextCode, sandbox } = sendScreen;
    const before = await sandboxBalance(sendScreen, 'BTC');
    const fee = await sandboxFee(sendScreen, 'BTC', BTC_DESTINATION, '0.0009', 1);
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0009');
    await reviewWithFee(page, 'Standard');
    await enterCode(page, await nextCode());
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();
    const referenceId = lastSendBody(sendScreen)?.referenceId;
    await expect(page.getByText(`Reference ${String(referenceId)}`)).toBeVisible();

    // Even after the window is reloaded, the send is not forgotten: it waits to be checked.
    await reloadSignedInApp(page);
    await openScreen(page, 'Send');
    await expect(page.getByRole('heading', { name: 'Sends with an unknown outcome' })).toBeVisible();
    // "Check status" is what shows; the accessible name adds what it checks, the reference last.
    const checkStatus = page.getByRole('button', {
      name: new RegExp(
        `^Check status of send of 0\\.0009 BTC to bc1qw508…7kv8f3t4, started .+ \\(reference ${String(referenceId)}\\)$`,
      ),
    });
    await expect(checkStatus).toHaveText('Check status');
    // One press opens the send and looks it up: no second "Check status" on its page.
    await checkStatus.click();
    await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
    await expect(statusSaying(page, /Found in your transaction history \(Completed\)/)).not.toHaveCount(0);
    expect(sendsWith(sendScreen, referenceId)).toBe(1);
    expect((await sandboxBalance(sendScreen, 'BTC')).toFixed()).toBe(before.minus('0.0009').minus(fee).toFixed());
    await page.getByRole('button', { name: 'New send' }).click();
    await expect(page.getByRole('textbox', { name: 'Destination address' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sends with an unknown outcome' })).toHaveCount(0);
  });

  test('when Check status finds nothing the outcome stays unknown; a new send needs the warning acknowledged first', async ({
    sendScreen,
  }) => {
    const { page, nextCode, formats } = sendScreen;
    const before = await sandboxBalance(sendScreen, 'BTC');
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0006');
    await reviewWithFee(page, 'Standard');
    await enterCode(page, await nextCode());
    failTheSend(sendScreen);
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();
    const referenceId = String(lastSendBody(sendScreen)?.referenceId);

    // Check status only looks: not found keeps it unknown, and nothing offers to send it again.
    await page.getByRole('button', { name: 'Check status' }).click();
    await expect(
      statusSaying(page, /not in your transaction history yet\. That does not mean it failed/),
    ).not.toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /retry|again with/i })).toHaveCount(0);
    expect(sendsWith(sendScreen, referenceId)).toBe(1);

    // A new send: the form names the possibly completed one and asks for an explicit acknowledgement.
    await page.getByRole('button', { name: 'Start a new send' }).click();
    await expect(page.getByRole('heading', { name: 'Sends with an unknown outcome' })).toBeVisible();
    const entry = unresolvedSends(page).getByRole('listitem').filter({ hasText: referenceId });
    await expect(entry).toContainText(formats.crypto('0.0006', 'BTC'));
    await expect(entry).toContainText(BTC_DESTINATION);
    await expect(entry.getByRole('time')).toHaveCount(1);
    await expect(entry.getByRole('time')).toHaveText(/^started /);
    await expect(entry).not.toContainText('confirmed');
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0006');
    await page.getByRole('button', { name: 'Review send' }).click();
    // Beside the button, words that say where to act, and the focus on the first box still to tick.
    await expect(
      alertSaying(
        page,
        containing('tick the box for each earlier send listed under “Sends with an unknown outcome” above'),
      ),
    ).not.toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Review the send' })).toHaveCount(0);
    await expect(unresolvedSends(page).getByRole('checkbox', { checked: false }).first()).toBeFocused();
    const acknowledgement = page.getByRole('checkbox', {
      name: new RegExp(
        `^I know the send of 0\\.0006 BTC to bc1qw508…7kv8f3t4 that I started at .+ may already have gone through \\(reference ${referenceId}\\)$`,
      ),
    });
    // Keyboard users tick it where the focus went, with one key press (and any other the warning lists).
    await page.keyboard.press('Space');
    for (const box of await page.getByRole('checkbox', { name: /may already have gone through/ }).all()) {
      await box.check();
    }
    await expect(acknowledgement).toBeChecked();
    await page.getByRole('button', { name: 'Review send' }).click();
    await expect(page.getByRole('heading', { name: 'Review the send' })).toBeVisible();
    // The same amount to the same address as the unknown one: the review says so before Send now.
    const review = page.getByRole('region', { name: 'Review the send' });
    await expect(review.getByRole('alert')).toHaveText(
      /^This looks identical to the send you started at .+ whose outcome is unknown: 0\.0006 BTC to bc1qw508…7kv8f3t4\./,
    );
    await expect(review).not.toContainText(referenceId);
    expect((await sandboxBalance(sendScreen, 'BTC')).equals(before)).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
  });

  test('an acknowledgement covers one new send: the next new send asks again', async ({ sendScreen }) => {
    const { page, nextCode } = sendScreen;
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0007');
    await reviewWithFee(page, 'Standard');
    await enterCode(page, await nextCode());
    failTheSend(sendScreen);
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByRole('heading', { name: 'Outcome unknown' })).toBeVisible();
    const referenceId = String(lastSendBody(sendScreen)?.referenceId);
    const acknowledgement = page.getByRole('checkbox', {
      name: new RegExp(`^I know the send of 0\\.0007 BTC to .+ \\(reference ${referenceId}\\)$`),
    });

    // Acknowledged for one new send, which goes through.
    await page.getByRole('button', { name: 'Start a new send' }).click();
    await acknowledgement.check();
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0007');
    await reviewWithFee(page, 'Standard');
    await enterCode(page, await nextCode());
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();

    // The next new send starts without it: the warning is back, unticked, and Review is refused.
    await page.getByRole('button', { name: 'New send' }).click();
    await expect(page.getByRole('heading', { name: 'Sends with an unknown outcome' })).toBeVisible();
    await expect(acknowledgement).not.toBeChecked();
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0007');
    await page.getByRole('radio', { name: /^Standard/ }).check();
    await page.getByRole('button', { name: 'Review send' }).click();
    await expect(alertSaying(page, containing('Sends with an unknown outcome'))).not.toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Review the send' })).toHaveCount(0);
    expect(sendsWith(sendScreen, referenceId)).toBe(1);
  });

  test('a send that cannot be written down first is not sent, and the review says so in words', async ({
    sendScreen,
  }) => {
    const { page, nextCode, service, session } = sendScreen;
    await fillSend(page, 'BTC', BTC_DESTINATION, '0.0008');
    await reviewWithFee(page, 'Standard');
    await enterCode(page, await nextCode());
    const sends = service.count('POST', '/send');
    // A directory where the money journal's next generation is written makes the write fail, as a full disk does.
    const blocker = join(session.userDataDir, `money-journal.json.${process.pid}.tmp`);
    await mkdir(blocker);
    try {
      await page.getByRole('button', { name: 'Send now' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'could not write this request down' });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(/nothing was sent/);
      await expect(alert).not.toContainText(/EISDIR|Error:|send\.execute|storage_failed/);
    } finally {
      await rmdir(blocker);
    }
    expect(service.count('POST', '/send')).toBe(sends);
    // Nothing left the app, so the same review may send it once the disk is fine again.
    await expect(page.getByRole('button', { name: 'Send now' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Back' }).click();
  });

  test('warns when the address looks like one from the history, at entry and again on review', async ({
    sendScreen,
  }) => {
    const { page, nextCode } = sendScreen;
    await fillSend(page, 'ETH', EVM_DESTINATION, '0.001');
    await reviewWithFee(page, 'Standard');
    await enterCode(page, await nextCode());
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
    await page.getByRole('button', { name: 'New send' }).click();

    const body = EVM_DESTINATION.slice(2).toLowerCase();
    const middle = body.length / 2;
    const lookalike = getAddress(
      `0x${body.slice(0, middle)}${body[middle] === '0' ? '1' : '0'}${body.slice(middle + 1)}`,
    );
    await fillSend(page, 'ETH', lookalike, '0.001');
    const warning = new RegExp(`starts and ends like ${EVM_DESTINATION}`);
    await expect(alertSaying(page, warning)).not.toHaveCount(0);
    await reviewWithFee(page, 'Standard');
    await expect(alertSaying(page, warning)).not.toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Destination address' })).toHaveText(lookalike);
  });
});

test.describe('Send and Swap for a role that cannot move money', () => {
  test.use({ appOptions: { username: 'bob' } });

  test('explains why and offers no way to send or swap', async ({ signedInApp: { page } }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(
      page.getByText('Your role (Viewer) in Northwind Payments cannot send.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check fees' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Destination address' })).toBeDisabled();
    // Nothing is loading for a role that cannot send, so nothing says so forever.
    await expect(page.getByRole('combobox', { name: 'Asset' })).toHaveText('Not available');
    await expect(page.getByText('Loading', { exact: false })).toHaveCount(0);

    await nav.getByRole('button', { name: 'Swap', exact: true }).click();
    await expect(
      page.getByText('Your role (Viewer) in Northwind Payments cannot swap.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Review swap' })).toBeDisabled();
  });
});
