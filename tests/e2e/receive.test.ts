import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededPortfolio } from '../integration/portfolio/seeded-wallets';
import { decodeQrOnScreen } from './support/decode-qr';
import { startSignedInApp, type SignedInApp } from './support/signed-in-app';

const CALLBACK = 'https://shop.example/deposits';
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

describe('Receive: wallet addresses and new deposit addresses', () => {
  let session: SignedInApp;
  let page: Page;
  const pageErrors: string[] = [];
  // Polls wait for the app to catch up; they do not time it.
  const patiently = { timeout: 15_000 };

  beforeAll(async () => {
    session = await startSignedInApp({ username: 'alice' });
    page = session.page;
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Receive' }).click();
    await page.getByRole('heading', { name: 'Receive', level: 2 }).waitFor();
  });

  afterAll(async () => {
    await session?.close();
  });

  function seededAddress(code: string): string {
    const guid = session.app.core.session.view().activeAccountGuid;
    const wallet = guid ? seededPortfolio(guid).wallets.find((candidate) => candidate.code === code) : undefined;
    if (!wallet) throw new Error(`no seeded ${code} wallet`);
    return wallet.address;
  }

  const walletPanel = () => page.getByRole('region', { name: 'Receive to your wallet' });
  const form = () => page.getByRole('form', { name: 'New deposit address' });
  const result = () => page.getByRole('region', { name: 'Deposit address created' });

  it('shows the USDT address on Ethereum in groups, as a QR code, with a warning naming the asset and network', async () => {
    await walletPanel().getByLabel('Asset').selectOption('USDT');
    await walletPanel().getByLabel('Network').selectOption({ label: 'Ethereum Mainnet (USDT)' });
    const expected = seededAddress('USDT');
    const display = walletPanel().getByRole('group', { name: 'USDT (ERC-20) address' });
    await display.waitFor();
    expect(await display.textContent()).toBe(expected);
    expect(await display.locator('.address-group').allTextContents()).toEqual(expected.match(/.{1,4}/g));
    expect(await walletPanel().getByRole('note').textContent()).toMatch(
      /^Send only USDT on Ethereum Mainnet to this address\./,
    );
    const qr = walletPanel().getByRole('img', { name: 'QR code of your USDT (ERC-20) address on Ethereum Mainnet' });
    expect(await decodeQrOnScreen(qr)).toBe(expected);
  });

  it('copies the address, confirms, and checks the clipboard holds exactly it', async () => {
    const expected = seededAddress('USDT');
    await walletPanel().getByRole('button', { name: 'Copy address' }).click();
    await walletPanel()
      .getByRole('status')
      .filter({ hasText: 'Copied. The clipboard holds exactly this text.' })
      .waitFor();
    expect(session.app.clipboard.text).toBe(expected);
  });

  it('warns when the clipboard does not hold the address after copying, as when malware swaps it', async () => {
    const clipboard = session.app.clipboard;
    // A clipboard hijacker: whatever is written, the attacker's address is what would be pasted.
    Object.defineProperty(clipboard, 'text', {
      configurable: true,
      get: () => '0x000000000000000000000000000000000000dEaD',
      set: () => undefined,
    });
    try {
      await walletPanel().getByRole('button', { name: 'Copy address' }).click();
      const alert = walletPanel().getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('The clipboard does not hold what was copied');
      expect(await walletPanel().getByRole('status').count()).toBe(0);
    } finally {
      Object.defineProperty(clipboard, 'text', { configurable: true, writable: true, value: '' });
    }
  });

  it('picks the only network of a single-network asset by itself', async () => {
    await walletPanel().getByLabel('Asset').selectOption('BTC');
    const expected = seededAddress('BTC');
    const qr = walletPanel().getByRole('img', { name: 'QR code of your Bitcoin address on Bitcoin Mainnet' });
    expect(await decodeQrOnScreen(qr)).toBe(expected);
    expect(await walletPanel().getByRole('note').textContent()).toMatch(/^Send only BTC on Bitcoin Mainnet/);
  });

  it('refuses a bad callback URL in place, before any call to the service', async () => {
    session.sandbox.faults.set({ rateLimitNext: 1 });
    await form().getByLabel('Asset and network').selectOption('BTC');
    await form().getByLabel('Label').fill('Invoice 1');
    const callback = form().getByLabel('Callback URL');
    await callback.fill('shop.example/deposits');
    await form().getByRole('button', { name: 'Create deposit address' }).click();
    await expect.poll(() => callback.getAttribute('aria-invalid'), patiently).toBe('true');
    expect(await form().getByRole('alert').textContent()).toContain('full web address');
    expect(session.sandbox.faults.plan.rateLimitNext).toBe(1);
    expect(await result().count()).toBe(0);
    session.sandbox.faults.reset();
  });

  it('creates a deposit address without an amount: the QR code is the address; ids shown; listed', async () => {
    const referenceField = form().getByLabel('Reference id');
    await expect.poll(() => referenceField.inputValue(), patiently).toMatch(/^dep-/);
    const referenceId = await referenceField.inputValue();
    await form().getByLabel('Asset and network').selectOption('LTC');
    await form().getByLabel('Label').fill('Invoice 2');
    await form().getByLabel('Callback URL').fill(CALLBACK);
    await form().getByLabel('Callback URL').press('Enter');

    const address = result().getByRole('group', { name: 'Deposit address' });
    await address.waitFor();
    const shown = (await address.textContent()) ?? '';
    expect(shown).toMatch(/^ltc1/);
    expect(
      await decodeQrOnScreen(result().getByRole('img', { name: 'QR code of the deposit address on Litecoin Mainnet' })),
    ).toBe(shown);
    const details = await result().locator('dd').allTextContents();
    expect(details[0]).toBe(referenceId);
    expect(details[1]).toMatch(GUID);
    const list = page.getByRole('table', { name: 'Deposit addresses created in this session' });
    expect(await list.locator('tbody tr').first().locator('td').allTextContents()).toEqual([
      expect.any(String),
      'LTC',
      'Invoice 2',
      referenceId,
      shown,
      '—',
    ]);
    // A fresh reference id is ready for the next address.
    await expect.poll(() => referenceField.inputValue(), patiently).not.toBe(referenceId);
  });

  it('creates a deposit address with an amount: the QR code is the BIP-21 payment link', async () => {
    await form().getByLabel('Asset and network').selectOption('BTC');
    await form().getByLabel('Label').fill('Invoice 3');
    await form().getByLabel('Expected amount (optional, in BTC)').fill('0.015');
    await form().getByLabel('Fiat currency (optional)').selectOption('EUR');
    await form().getByRole('button', { name: 'Create deposit address' }).click();

    const qr = result().getByRole('img', { name: 'QR code of the BIP-21 payment link for this deposit' });
    await qr.waitFor();
    const address = (await result().getByRole('group', { name: 'Deposit address' }).textContent()) ?? '';
    expect(address).toMatch(/^bc1/);
    expect(await decodeQrOnScreen(qr)).toBe(`bitcoin:${address}?amount=0.015`);
    expect(await result().getByText(`bitcoin:${address}?amount=0.015`).count()).toBe(1);
    await result().getByRole('button', { name: 'Copy payment link' }).click();
    await result().getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
    expect(session.app.clipboard.text).toBe(`bitcoin:${address}?amount=0.015`);
  });

  it('creates a USDT deposit address with an amount: the QR code is the EIP-681 token transfer', async () => {
    await form().getByLabel('Asset and network').selectOption('USDT');
    await form().getByLabel('Label').fill('Invoice 4');
    await form().getByLabel('Expected amount (optional, in USDT)').fill('12.5');
    await form().getByRole('button', { name: 'Create deposit address' }).click();
    const qr = result().getByRole('img', { name: 'QR code of the EIP-681 token transfer link for this deposit' });
    await qr.waitFor();
    const address = (await result().getByRole('group', { name: 'Deposit address' }).textContent()) ?? '';
    expect(await decodeQrOnScreen(qr)).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${address}&uint256=12500000`,
    );
  });

  it('refuses a reference id already used in this session, in place', async () => {
    const used =
      (await page
        .getByRole('table', { name: 'Deposit addresses created in this session' })
        .locator('tbody tr')
        .last()
        .locator('td')
        .nth(3)
        .textContent()) ?? '';
    const referenceField = form().getByLabel('Reference id');
    await referenceField.fill(used);
    await form().getByLabel('Expected amount (optional, in USDT)').fill('');
    await form().getByRole('button', { name: 'Create deposit address' }).click();
    await expect.poll(() => referenceField.getAttribute('aria-invalid'), patiently).toBe('true');
    expect(await form().getByRole('alert').textContent()).toContain('already used');
    // Issue 15, defect 6: the error is about the old text; editing the field takes it back.
    await referenceField.press('End');
    await referenceField.press('Backspace');
    await expect.poll(() => form().getByRole('alert').count(), patiently).toBe(0);
    expect(await referenceField.getAttribute('aria-invalid')).toBeNull();
    await referenceField.fill(used);
    await form().getByRole('button', { name: 'Create deposit address' }).click();
    await expect.poll(() => referenceField.getAttribute('aria-invalid'), patiently).toBe('true');
    await form().getByRole('button', { name: 'New reference id' }).click();
    await expect.poll(() => referenceField.inputValue(), patiently).not.toBe(used);
    expect(await form().getByRole('alert').count()).toBe(0);
  });

  it('hides every amount on the Receive screen in privacy mode, payment link and its QR code included', async () => {
    await page.getByRole('button', { name: 'Privacy mode' }).click();
    const list = page.getByRole('table', { name: 'Deposit addresses created in this session' });
    await expect.poll(() => list.getByLabel('Hidden amount').count(), patiently).toBe(2);
    expect(await result().getByLabel('Hidden amount').count()).toBe(1);
    expect(await result().getByLabel('Hidden payment link').count()).toBe(1);
    const address = (await result().getByRole('group', { name: 'Deposit address' }).textContent()) ?? '';
    const qr = result().getByRole('img', { name: 'QR code of the deposit address on Ethereum Mainnet' });
    expect(await decodeQrOnScreen(qr)).toBe(address);
    const text = (await page.getByRole('main').textContent()) ?? '';
    expect(text).not.toContain('12.5');
    expect(text).not.toContain('0.015');
    expect(text).not.toContain('uint256');
    await page.getByRole('button', { name: 'Privacy mode' }).click();
    expect(pageErrors).toEqual([]);
  });
});
