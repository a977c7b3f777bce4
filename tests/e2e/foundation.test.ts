import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppSession } from './support/signed-in-app';

describe('the app in Chromium through the harness', () => {
  let session: AppSession;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    session = await startApp({ keychain: 'memory' });
    session.page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await session?.close();
  });

  it('asks the main process for the session over the bridge and shows the sign-in screen', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Wallet Desk' }).isVisible()).toBe(true);
  });

  it('keeps Node and Electron out of the page: no require, process or ipcRenderer', async () => {
    const globals = await session.page.evaluate(() => {
      const scope = window as unknown as Record<string, unknown>;
      return {
        require: typeof scope.require,
        process: typeof scope.process,
        ipcRenderer: typeof scope.ipcRenderer,
        walletKeys: Object.keys(scope.wallet as object),
      };
    });
    expect(globals).toMatchObject({ require: 'undefined', process: 'undefined', ipcRenderer: 'undefined' });
    expect(globals.walletKeys).toContain('session');
    expect(globals.walletKeys).toContain('on');
  });

  it('a bad argument from the page gets a clear error and changes nothing', async () => {
    const result = await session.page.evaluate(() =>
      (
        window as unknown as { wallet: { preferences: { update(x: unknown): Promise<unknown> } } }
      ).wallet.preferences.update({
        idleLockMinutes: -5,
      }),
    );
    // In words for the user; the field it belongs to travels beside the message, never inside it.
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'bad_input', field: 'idleLockMinutes', message: 'Please enter at least 1.' },
    });
    expect(await session.app.dispatch('preferences.get', undefined)).toMatchObject({
      ok: true,
      value: { idleLockMinutes: 15 },
    });
  });

  it('a call that does not come from the app page is refused', async () => {
    const response = await fetch(new URL('/__bridge/invoke/app.info', session.app.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' },
      body: '{}',
    });
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(pageErrors).toEqual([]);
  });
});
