import { expect, test } from './support/fixtures';

test.use({ appOptions: { keychain: 'memory' } });

test.describe('the app in Chromium through the harness', () => {
  test('asks the main process for the session over the bridge and shows the sign-in screen', async ({
    appSession: { page },
  }) => {
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Wallet Desk' })).toBeVisible();
  });

  test('keeps Node and Electron out of the page: no require, process or ipcRenderer', async ({
    appSession: { page },
  }) => {
    const globals = await page.evaluate(() => {
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

  test('a bad argument from the page gets a clear error and changes nothing', async ({ appSession }) => {
    const result = await appSession.page.evaluate(() =>
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
    expect(await appSession.app.dispatch('preferences.get', undefined)).toMatchObject({
      ok: true,
      value: { idleLockMinutes: 15 },
    });
  });

  test('a call that does not come from the app page is refused', async ({ appSession }) => {
    const response = await fetch(new URL('/__bridge/invoke/app.info', appSession.app.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' },
      body: '{}',
    });
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(appSession.pageErrors).toEqual([]);
  });
});
