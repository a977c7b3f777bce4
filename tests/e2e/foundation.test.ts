import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src-main/keychain/memory-store';
import { startAppUnderTest, type AppUnderTest } from '../harness/app-under-test';
import { createRecordingLogger } from '../unit/support/recording-logger';
import { launchChromium } from './support/browser';

describe('the app in Chromium through the harness', () => {
  let browser: Browser;
  let app: AppUnderTest;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    app = await startAppUnderTest({ logger: createRecordingLogger(), secrets: createMemoryStore() });
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(app.url);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('calls a bridge operation and shows its result', async () => {
    await expect.poll(() => page.getByLabel('Environment').textContent()).toBe('Local sandbox');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    const about = page.getByRole('definition').filter({ hasText: /^\d+\.\d+\.\d+$/ });
    expect(await about.textContent()).toBe('0.1.0');
  });

  it('keeps Node and Electron out of the page: no require, process or ipcRenderer', async () => {
    const globals = await page.evaluate(() => ({
      require: typeof (window as unknown as Record<string, unknown>).require,
      process: typeof (window as unknown as Record<string, unknown>).process,
      ipcRenderer: typeof (window as unknown as Record<string, unknown>).ipcRenderer,
      walletKeys: Object.keys((window as unknown as { wallet: object }).wallet).sort(),
    }));
    expect(globals.require).toBe('undefined');
    expect(globals.process).toBe('undefined');
    expect(globals.ipcRenderer).toBe('undefined');
    expect(globals.walletKeys).toContain('on');
  });

  it('changes a preference through the bridge, and it survives a reload', async () => {
    await page.getByRole('checkbox', { name: /Privacy mode/ }).check();
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: /Privacy mode/ }).isChecked()).toBe(true);
  });

  it('a bad argument from the page gets a clear error and changes nothing', async () => {
    const result = await page.evaluate(() =>
      (window as unknown as { wallet: { preferences: { update(x: unknown): Promise<unknown> } } }).wallet.preferences.update({
        idleLockMinutes: -5,
      }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(await app.dispatch('preferences.get', undefined)).toMatchObject({ ok: true, value: { idleLockMinutes: 15 } });
    expect(pageErrors).toEqual([]);
  });
});
