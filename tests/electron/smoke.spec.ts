/**
 * "Proof where a binary exists": the built app (out/) in the real Electron runtime against the
 * local sandbox. The window's web preferences are the hardened ones, `window.wallet` is the only thing the
 * preload adds to the page, signing in hands the provider's URL to the system browser, and the app quits
 * cleanly.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import type { RunningSandbox } from '../../sandbox/server';
import { SETTINGS_FILE } from '../../src-main/settings/settings-store';
import { earlierSettingsFile } from '../unit/support/settings-file';
import { electronBinary } from './electron-binary';

const root = resolve(import.meta.dirname, '../..');
const binary = electronBinary(root);
if ('missing' in binary) console.log(`electron smoke test skipped: ${binary.missing}`);

test.describe('Wallet Desk in Electron', () => {
  test.skip('missing' in binary, 'missing' in binary ? binary.missing : '');

  let sandbox: RunningSandbox;
  let home: string;
  let app: ElectronApplication;
  let page: Page;

  test.beforeAll(async () => {
    if (!('path' in binary)) return;
    execFileSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
      cwd: root,
      stdio: 'ignore',
    });
    // Loaded only when the test runs: the sandbox's OpenID provider warns about Node versions on import.
    const { startSandbox } = await import('../../sandbox/server');
    sandbox = await startSandbox({ port: 0, quiet: true });
    // A user-data folder of its own (Electron derives it from these per platform), pointed at this sandbox.
    home = await mkdtemp(join(tmpdir(), 'wallet-desk-electron-'));
    const userData = join(home, 'config', 'wallet-desk');
    await mkdir(userData, { recursive: true });
    const { issuer, clientId, baseUrl, apiUrl } = sandbox;
    await writeFile(
      join(userData, SETTINGS_FILE),
      earlierSettingsFile({ environments: { 'local-sandbox': { issuer, clientId, baseUrl, apiUrl } } }),
    );
    app = await electron.launch({
      executablePath: binary.path,
      args: [root],
      env: { ...process.env, XDG_CONFIG_HOME: join(home, 'config'), APPDATA: join(home, 'config'), HOME: home },
    });
    page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
  });

  test.afterAll(async () => {
    await sandbox?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  test('the window is hardened', async () => {
    const preferences = await app.evaluate(({ BrowserWindow }) => {
      // Untyped but long-standing (Electron's own tests read it): the preferences the page really got.
      const contents = BrowserWindow.getAllWindows()[0]?.webContents as
        { getLastWebPreferences?: () => Record<string, unknown> | null } | undefined;
      return contents?.getLastWebPreferences?.() ?? null;
    });
    expect(preferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(page.url()).toBe('app://wallet-desk/index.html');
  });

  test('window.wallet is the only bridge the preload adds, and the page has no Node', async () => {
    const found = await page.evaluate(() => {
      // A fresh same-origin frame has every global a page normally has; what the app's window has beyond it
      // came from the preload.
      const frame = document.createElement('iframe');
      document.body.append(frame);
      const plain = frame.contentWindow as unknown as Record<string, unknown>;
      const extra = Object.getOwnPropertyNames(window).filter((name) => !(name in plain) && !/^\d+$/.test(name));
      frame.remove();
      const page = window as unknown as Record<string, unknown>;
      return { extra, require: typeof page['require'], process: typeof page['process'] };
    });
    expect(found).toEqual({ extra: ['wallet'], require: 'undefined', process: 'undefined' });
  });

  test('signing in opens the system browser at the provider', async () => {
    // Stand in for the system browser: record what the app hands to it.
    await app.evaluate(({ shell }) => {
      const opened: string[] = [];
      (globalThis as unknown as { opened: string[] }).opened = opened;
      shell.openExternal = async (url: string) => {
        opened.push(url);
      };
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => app.evaluate(() => (globalThis as unknown as { opened: string[] }).opened[0] ?? ''))
      .toMatch(new RegExp(`^${sandbox.issuer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(app.windows()).toHaveLength(1);
  });

  test('quits cleanly', async () => {
    const exited = new Promise<number | null>((resolveExit) => app.process().once('exit', resolveExit));
    await app.evaluate(({ app: electronApp }) => electronApp.quit());
    expect(await exited).toBe(0);
  });
});
