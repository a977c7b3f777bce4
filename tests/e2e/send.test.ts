import { mkdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import type { Page } from 'playwright-core';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { useMoneyScreen, type MoneyScreen } from './support/money-screen';
import { reloadSignedInApp } from './support/reload-app';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

/** BIP-173's and EIP-55's example addresses: valid and checksummed, and not the user's own. */
const BTC_DESTINATION = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const EVM_DESTINATION = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('Send: a user sends crypto with a two-factor code', () => {
  let sandbox: RunningSandbox;
  let session: SignedInApp;
  let page: Page;
  let service: MoneyScreen['service'];
  let nextCode: MoneyScreen['nextCode'];
  let formats: MoneyScreen['formats'];
  const pageErrors: string[] = [];

  useMoneyScreen(
    { screen: 'Send', pageErrors },
    (started) => ({ sandbox, session, page, service, nextCode, formats } = started),
  );

  /** The sandbox's own word on a wallet balance (GET /wallets through the app's session). */
  async function sandboxBalance(code: string): Promise<Decimal> {
    const wallets = await session.app.core.session.interfaceA().getWallets();
    const found = wallets.wallets.find((wallet) => wallet.symbol === code);
    if (!found) throw new Error(`no ${code} wallet`);
    return new Decimal(String(found.amount));
  }

  async function sandboxFee(code: string, address: string, amount: string, feeRate: number): Promise<Decimal> {
    const precheck = await session.app.core.session
      .interfaceA()
      .sendPrecheck({ symbol: code, address, amount: Number(amount) });
    const fee = precheck.feeData.find((data) => data.feeRate === feeRate);
    if (!fee) throw new Error(`no fee level ${feeRate}`);
    return new Decimal(String(fee.fee));
  }

  async function fillSend(code: string, address: string, amount: string): Promise<void> {
    await page.getByLabel('Asset').selectOption(code);
    await page.getByRole('textbox', { name: 'Destination address' }).fill(address);
    await page.getByRole('textbox', { name: /^Amount/ }).fill(amount);
    await page.getByRole('button', { name: 'Check fees' }).click();
  }

  async function reviewWithFee(label: 'Low' | 'Standard' | 'High'): Promise<void> {
    // Sends an earlier story left unknown on purpose are acknowledged, as the warning asks.
    for (const box of await page.getByRole('checkbox', { name: /may already have gone through/ }).all()) {
      await box.check();
    }
    await page.getByRole('radio', { name: new RegExp(`^${label}`) }).check();
    await page.getByRole('button', { name: 'Review send' }).click();
    await page.getByRole('heading', { name: 'Review the send' }).waitFor();
  }

  async function enterCode(code: string): Promise<void> {
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  }

  const lastSendBody = () => service.requests.filter((request) => request.path === '/send').at(-1)?.body ?? null;
  const sendsWith = (referenceId: unknown) =>
    service.requests.filter((request) => request.path === '/send' && request.body?.referenceId === referenceId).length;
  const alertText = () => page.getByRole('alert').allTextContents();

  /** Whether the focus is on the first acknowledgement box of the warning that is not ticked yet. */
  const focusedIsFirstUnticked = () =>
    page.evaluate((panel) => {
      const boxes = [...document.querySelectorAll<HTMLInputElement>(`${panel} input[type='checkbox']`)];
      const first = boxes.find((box) => !box.checked);
      return first !== undefined && document.activeElement === first;
    }, '.send-unresolved');

  it('sends at each fee level; each time the balance drops by exactly the amount and the fee the sandbox reports', async () => {
    for (const [feeRate, label] of [
      [0, 'Low'],
      [1, 'Standard'],
      [2, 'High'],
    ] as const) {
      const before = await sandboxBalance('BTC');
      const fee = await sandboxFee('BTC', BTC_DESTINATION, '0.0015', feeRate);
      await fillSend('BTC', BTC_DESTINATION, '0.0015');
      const option = page
        .getByRole('group', { name: 'Fee' })
        .locator('label')
        .filter({ hasText: new RegExp(`^${label}`) });
      await expect.poll(() => option.textContent().catch(() => '')).toContain(formats.crypto(fee.toFixed(), 'BTC'));
      await reviewWithFee(label);

      // The review shows the whole destination, the amount and the fee of the chosen level.
      expect(await page.getByRole('group', { name: 'Destination address' }).textContent()).toBe(BTC_DESTINATION);
      const review = await page.getByRole('region', { name: 'Review the send' }).textContent();
      expect(review).toContain(formats.crypto('0.0015', 'BTC'));
      expect(review).toContain(`Fee (${label})`);
      expect(review).toContain(formats.crypto(fee.toFixed(), 'BTC'));

      await enterCode(await nextCode());
      await page.getByRole('button', { name: 'Send now' }).click();
      await page.getByRole('heading', { name: 'Sent' }).waitFor();
      expect(lastSendBody()).toMatchObject({ symbol: 'BTC', address: BTC_DESTINATION, amount: 0.0015, feeRate });

      const after = await sandboxBalance('BTC');
      expect(after.toFixed()).toBe(before.minus('0.0015').minus(fee).toFixed());

      // What the app shows next is the sandbox's balance.
      await page.getByRole('button', { name: 'New send' }).click();
      await page.getByLabel('Asset').selectOption('BTC');
      await expect
        .poll(() => page.getByText(/^Available:/).textContent())
        .toBe(`Available: ${formats.crypto(after.toFixed(), 'BTC')}`);
    }
  });

  it('opens the explorer link of the transaction in the system browser', async () => {
    await fillSend('ETH', EVM_DESTINATION, '0.002');
    await reviewWithFee('Standard');
    await enterCode(await nextCode());
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('heading', { name: 'Sent' }).waitFor();
    const txId = (await page.locator('.send-txid').textContent()) ?? '';
    const opened = session.app.nextExternalUrl();
    await page.getByRole('button', { name: 'View in explorer' }).click();
    expect(await opened).toBe(`https://etherscan.io/tx/${txId}`);
  });

  it('a wrong code is refused where the code is entered; a new code sends the same reference once', async () => {
    const before = await sandboxBalance('BTC');
    await fillSend('BTC', BTC_DESTINATION, '0.0004');
    await reviewWithFee('Standard');
    await enterCode('000000');
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect.poll(alertText).toContainEqual(expect.stringMatching(/refused this two-factor code/));
    expect((await sandboxBalance('BTC')).equals(before)).toBe(true);
    const refusedReference = lastSendBody()?.referenceId;
    // A deliberate resend after a definite refusal says it reuses the reference (security.md 29).
    expect(await page.getByRole('note').allTextContents()).toContainEqual(
      `Nothing moved on that attempt. Sending again reuses the same reference, ${String(refusedReference)}.`,
    );

    await enterCode(await nextCode());
    await page.getByRole('button', { name: 'Send again with the same reference' }).click();
    await page.getByRole('heading', { name: 'Sent' }).waitFor();
    expect(lastSendBody()?.referenceId).toBe(refusedReference);
    expect(sendsWith(refusedReference)).toBe(2);
  });

  it('a code that was already used is refused for the next send', async () => {
    const used = nextCode.last();
    await fillSend('BTC', BTC_DESTINATION, '0.0004');
    await reviewWithFee('Low');
    const before = await sandboxBalance('BTC');
    await enterCode(used);
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect.poll(alertText).toContainEqual(expect.stringMatching(/refused this two-factor code/));
    expect(await page.getByRole('heading', { name: 'Review the send' }).isVisible()).toBe(true);
    expect((await sandboxBalance('BTC')).equals(before)).toBe(true);
  });

  it('says Insufficient balance next to the amount', async () => {
    await fillSend('BTC', BTC_DESTINATION, '100000');
    await expect.poll(alertText).toContainEqual(expect.stringMatching(/^Insufficient balance/));
    const amount = page.getByRole('textbox', { name: /^Amount/ });
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    // The field is described by the amount as read ("= 100,000 BTC") and then by main's error.
    const errorId = ((await amount.getAttribute('aria-describedby')) ?? '').split(' ').at(-1) ?? '';
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toMatch(/^Insufficient balance/);
  });

  it('refuses a mistyped address before anything is checked with the service', async () => {
    const prechecks = service.count('POST', '/send/precheck');
    const mistyped = EVM_DESTINATION.replace('aA', 'Aa');
    await fillSend('ETH', mistyped, '0.01');
    await expect.poll(alertText).toContainEqual(expect.stringMatching(/checksum/));
    await fillSend('BTC', 'ltc1qpvc9275lcn5suv6c0k3v0mq3xedcpfw24vvr3x', '0.01');
    await expect.poll(alertText).toContainEqual(expect.stringMatching(/not a valid Bitcoin address/));
    expect(await page.getByRole('textbox', { name: 'Destination address' }).getAttribute('aria-invalid')).toBe('true');
    expect(service.count('POST', '/send/precheck')).toBe(prechecks);
  });

  it('a changed amount or address after the fee check drops the fees; the review shows only what was checked last', async () => {
    const otherDestination = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const reviewButton = page.getByRole('button', { name: 'Review send' });
    await fillSend('BTC', BTC_DESTINATION, '0.0003');
    await reviewButton.waitFor();

    await page.getByRole('textbox', { name: /^Amount/ }).fill('0.0006');
    await reviewButton.waitFor({ state: 'detached' });
    expect(await page.getByRole('radio', { name: /^Standard/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Check fees' }).click();
    await reviewButton.waitFor();

    await page.getByRole('textbox', { name: 'Destination address' }).fill(otherDestination);
    await reviewButton.waitFor({ state: 'detached' });
    const prechecks = service.count('POST', '/send/precheck');
    await page.getByRole('button', { name: 'Check fees' }).click();
    await reviewWithFee('Standard');
    expect(service.count('POST', '/send/precheck')).toBe(prechecks + 1);

    expect(await page.getByRole('group', { name: 'Destination address' }).textContent()).toBe(otherDestination);
    expect(await page.getByRole('main').textContent()).toContain(formats.crypto('0.0006', 'BTC'));
  });

  it('a double click on Send now sends one request', async () => {
    await fillSend('BTC', BTC_DESTINATION, '0.0003');
    await reviewWithFee('Standard');
    await enterCode(await nextCode());
    const sends = service.count('POST', '/send');
    await page.getByRole('button', { name: 'Send now' }).dblclick();
    await page.getByRole('heading', { name: 'Sent' }).waitFor();
    expect(service.count('POST', '/send')).toBe(sends + 1);
  });

  it('Enter pressed twice sends one request', async () => {
    await fillSend('BTC', BTC_DESTINATION, '0.0003');
    await reviewWithFee('Standard');
    await enterCode(await nextCode());
    const sends = service.count('POST', '/send');
    await page.getByRole('textbox', { name: 'Digit 6 of 6' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sent' }).waitFor();
    expect(service.count('POST', '/send')).toBe(sends + 1);
  });

  it('commit then drop: "outcome unknown", no second send, and Check status finds the one transaction', async () => {
    const before = await sandboxBalance('BTC');
    const fee = await sandboxFee('BTC', BTC_DESTINATION, '0.0009', 1);
    await fillSend('BTC', BTC_DESTINATION, '0.0009');
    await reviewWithFee('Standard');
    await enterCode(await nextCode());
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor();
    const referenceId = lastSendBody()?.referenceId;
    expect(await page.getByText(`Reference ${String(referenceId)}`).isVisible()).toBe(true);

    // Even after the window is reloaded, the send is not forgotten: it waits to be checked.
    await reloadSignedInApp(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('heading', { name: 'Sends with an unknown outcome' }).waitFor();
    // "Check status" is what shows; the accessible name adds what it checks, the reference last.
    const checkStatus = page.getByRole('button', {
      name: new RegExp(
        `^Check status of send of 0\\.0009 BTC to bc1qw508…7kv8f3t4, started .+ \\(reference ${String(referenceId)}\\)$`,
      ),
    });
    expect(await checkStatus.textContent()).toBe('Check status');
    await checkStatus.click();
    await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor();
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.getByRole('heading', { name: 'Sent' }).waitFor();
    expect(await page.getByRole('status').allTextContents()).toContainEqual(
      expect.stringMatching(/Found in your transaction history \(Completed\)/),
    );
    expect(sendsWith(referenceId)).toBe(1);
    expect((await sandboxBalance('BTC')).toFixed()).toBe(before.minus('0.0009').minus(fee).toFixed());
    await page.getByRole('button', { name: 'New send' }).click();
    await page.getByRole('textbox', { name: 'Destination address' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Sends with an unknown outcome' }).count()).toBe(0);
  });

  it('when Check status finds nothing the outcome stays unknown; a new send needs the warning acknowledged first', async () => {
    const before = await sandboxBalance('BTC');
    await fillSend('BTC', BTC_DESTINATION, '0.0006');
    await reviewWithFee('Standard');
    await enterCode(await nextCode());
    sandbox.faults.set({ failNext: 1 });
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor();
    const referenceId = String(lastSendBody()?.referenceId);

    // Check status only looks: not found keeps it unknown, and nothing offers to send it again.
    await page.getByRole('button', { name: 'Check status' }).click();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContainEqual(expect.stringMatching(/not in your transaction history yet\. That does not mean it failed/));
    expect(await page.getByRole('textbox', { name: 'Digit 1 of 6' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /retry|again with/i }).count()).toBe(0);
    expect(sendsWith(referenceId)).toBe(1);

    // A new send: the form names the possibly completed one and asks for an explicit acknowledgement.
    await page.getByRole('button', { name: 'Start a new send' }).click();
    await page.getByRole('heading', { name: 'Sends with an unknown outcome' }).waitFor();
    const entry = page.locator('.send-unresolved-entry').filter({ hasText: referenceId });
    expect(await entry.textContent()).toContain(formats.crypto('0.0006', 'BTC'));
    expect(await entry.textContent()).toContain(BTC_DESTINATION);
    expect(await entry.locator('time').count()).toBe(1);
    expect(await entry.locator('time').textContent()).toMatch(/^started /);
    expect(await entry.textContent()).not.toContain('confirmed');
    await fillSend('BTC', BTC_DESTINATION, '0.0006');
    await page.getByRole('button', { name: 'Review send' }).click();
    // Beside the button, words that say where to act, and the focus on the first box still to tick.
    await expect
      .poll(alertText)
      .toContainEqual(
        expect.stringContaining(
          'tick the box for each earlier send listed under “Sends with an unknown outcome” above',
        ),
      );
    expect(await page.getByRole('heading', { name: 'Review the send' }).count()).toBe(0);
    await expect.poll(focusedIsFirstUnticked).toBe(true);
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
    expect(await acknowledgement.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Review send' }).click();
    await page.getByRole('heading', { name: 'Review the send' }).waitFor();
    // The same amount to the same address as the unknown one: the review says so before Send now.
    const duplicate = page.getByRole('region', { name: 'Review the send' }).getByRole('alert');
    expect(await duplicate.textContent()).toMatch(
      /^This looks identical to the send you started at .+ whose outcome is unknown: 0\.0006 BTC to bc1qw508…7kv8f3t4\./,
    );
    expect(String(await page.getByRole('region', { name: 'Review the send' }).textContent())).not.toContain(
      referenceId,
    );
    expect((await sandboxBalance('BTC')).equals(before)).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
  });

  it('an acknowledgement covers one new send: the next new send asks again (review finding 5)', async () => {
    await fillSend('BTC', BTC_DESTINATION, '0.0007');
    await reviewWithFee('Standard');
    await enterCode(await nextCode());
    sandbox.faults.set({ failNext: 1 });
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('heading', { name: 'Outcome unknown' }).waitFor();
    const referenceId = String(lastSendBody()?.referenceId);
    const acknowledgement = page.getByRole('checkbox', {
      name: new RegExp(`^I know the send of 0\\.0007 BTC to .+ \\(reference ${referenceId}\\)$`),
    });

    // Acknowledged for one new send, which goes through.
    await page.getByRole('button', { name: 'Start a new send' }).click();
    await acknowledgement.check();
    await fillSend('BTC', BTC_DESTINATION, '0.0007');
    await reviewWithFee('Standard');
    await enterCode(await nextCode());
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('heading', { name: 'Sent' }).waitFor();

    // The next new send starts without it: the warning is back, unticked, and Review is refused.
    await page.getByRole('button', { name: 'New send' }).click();
    await page.getByRole('heading', { name: 'Sends with an unknown outcome' }).waitFor();
    expect(await acknowledgement.isChecked()).toBe(false);
    await fillSend('BTC', BTC_DESTINATION, '0.0007');
    await page.getByRole('radio', { name: /^Standard/ }).check();
    await page.getByRole('button', { name: 'Review send' }).click();
    await expect.poll(alertText).toContainEqual(expect.stringContaining('Sends with an unknown outcome'));
    expect(await page.getByRole('heading', { name: 'Review the send' }).count()).toBe(0);
    expect(sendsWith(referenceId)).toBe(1);
  });

  it('a send that cannot be written down first is not sent, and the review says so in words (review finding 7)', async () => {
    await fillSend('BTC', BTC_DESTINATION, '0.0008');
    await reviewWithFee('Standard');
    await enterCode(await nextCode());
    const sends = service.count('POST', '/send');
    // A directory where the settings file's temporary copy goes makes the write fail, as a full disk does.
    const blocker = join(session.userDataDir, `settings.json.${process.pid}.tmp`);
    await mkdir(blocker);
    try {
      await page.getByRole('button', { name: 'Send now' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'could not write this request down' });
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/nothing was sent/);
      expect(await alert.textContent()).not.toMatch(/EISDIR|Error:|send\.execute|storage_failed/);
    } finally {
      await rmdir(blocker);
    }
    expect(service.count('POST', '/send')).toBe(sends);
    // Nothing left the app, so the same review may send it once the disk is fine again.
    expect(await page.getByRole('button', { name: 'Send now' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Back' }).click();
  });

  it('warns when the address looks like one from the history, at entry and again on review', async () => {
    await fillSend('ETH', EVM_DESTINATION, '0.001');
    await reviewWithFee('Standard');
    await enterCode(await nextCode());
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByRole('heading', { name: 'Sent' }).waitFor();
    await page.getByRole('button', { name: 'New send' }).click();

    const body = EVM_DESTINATION.slice(2).toLowerCase();
    const middle = body.length / 2;
    const lookalike = getAddress(
      `0x${body.slice(0, middle)}${body[middle] === '0' ? '1' : '0'}${body.slice(middle + 1)}`,
    );
    await fillSend('ETH', lookalike, '0.001');
    const warning = new RegExp(`starts and ends like ${EVM_DESTINATION}`);
    await expect.poll(alertText).toContainEqual(expect.stringMatching(warning));
    await reviewWithFee('Standard');
    expect(await alertText()).toContainEqual(expect.stringMatching(warning));
    expect(await page.getByRole('group', { name: 'Destination address' }).textContent()).toBe(lookalike);
  });

  it('showed no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('Send and Swap for a role that cannot move money', () => {
  let session: SignedInApp;

  beforeAll(async () => {
    session = await startSignedInApp({ username: 'bob' });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('explains why and offers no way to send or swap', async () => {
    const page = session.page;
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Your role (Viewer) in Northwind Payments cannot send.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Check fees' }).isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Destination address' }).isDisabled()).toBe(true);
    // Issue 15, defect 6: nothing is loading for a role that cannot send, so nothing says so forever.
    expect(await page.getByRole('combobox', { name: 'Asset' }).textContent()).toBe('Not available');
    expect(await page.getByText('Loading', { exact: false }).count()).toBe(0);

    await nav.getByRole('button', { name: 'Swap', exact: true }).click();
    await page.getByText('Your role (Viewer) in Northwind Payments cannot swap.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Review swap' }).isDisabled()).toBe(true);
  });
});
