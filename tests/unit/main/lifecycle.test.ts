import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invokeChannel } from '../../../src-preload/channels';
import { operationNames } from '../../../src-preload/contract';
import { SETTINGS_FILE } from '../../../src-main/settings/settings-store';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { ScriptedBrowser } from '../../integration/support/scripted-browser';
import { earlierSettingsFile } from '../support/settings-file';
import {
  electronFake,
  FakeBrowserWindow,
  FakeEvent,
  FakeWebContents,
  resetElectronFake,
} from '../support/fake-electron';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronFake.module);
// The real keychain probe needs a Secret Service; the shell only has to pass the store on.
vi.mock('../../../src-main/keychain/create-secret-store', async () => {
  const { createMemoryStore } = await import('../../../src-main/keychain/memory-store');
  return { createSecretStore: vi.fn(async () => createMemoryStore()) };
});

// electron-updater needs Electron's app; the shell loads it only in an installed build with an update server.
const fakeAutoUpdater = vi.hoisted(() => ({
  autoDownload: true,
  autoInstallOnAppQuit: true,
  logger: null as unknown,
  checkForUpdates: async (): Promise<unknown> => ({ updateInfo: { version: '0.0.0' } }),
  downloadUpdate: async (): Promise<unknown> => [],
  listeners: new Map<string, (...args: unknown[]) => void>(),
  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, listener);
    return this;
  },
  removeListener(event: string) {
    this.listeners.delete(event);
    return this;
  },
}));
vi.mock('electron-updater', () => ({ autoUpdater: fakeAutoUpdater }));

let dataDir: string;

beforeEach(async () => {
  resetElectronFake();
  vi.resetModules();
  dataDir = await mkdtemp(join(tmpdir(), 'wallet-desk-lifecycle-'));
  electronFake.app.paths = { userData: join(dataDir, 'user-data'), logs: join(dataDir, 'logs') };
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(dataDir, { recursive: true, force: true });
});

const appFrame = { url: 'app://wallet-desk/index.html', parent: null };

/** Imports src-main/index.ts as Electron would run it, with `ready` already reached. */
async function launch(): Promise<FakeBrowserWindow> {
  electronFake.app.readyPromise = Promise.resolve();
  await import('../../../src-main/index');
  await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1));
  return FakeBrowserWindow.instances[0]!;
}

/** settings.json as a previous run (or the user) left it: the minimal valid file plus `changes`. */
async function previousRun(changes: Record<string, unknown>): Promise<void> {
  const userData = electronFake.app.paths['userData']!;
  await mkdir(userData, { recursive: true });
  await writeFile(join(userData, SETTINGS_FILE), earlierSettingsFile(changes));
}

/** The local-sandbox profile pointed at this sandbox's port, as settings.json allows. */
async function pointedAt(sandbox: RunningSandbox): Promise<void> {
  const { issuer, clientId, baseUrl, apiUrl } = sandbox;
  await previousRun({ environments: { 'local-sandbox': { issuer, clientId, baseUrl, apiUrl } } });
}

// The first test imports the whole main process through the transformer; on a busy two-core machine that
// alone can pass the default 20 s. The limit is there to catch a hang, not to judge the machine's speed.
describe('app lifecycle', { timeout: 120_000 }, () => {
  it('sandboxes every renderer and registers app: before ready', async () => {
    await import('../../../src-main/index');
    expect(electronFake.app.enableSandbox).toHaveBeenCalledOnce();
    expect(electronFake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledOnce();
    expect(electronFake.protocol.privileged).toEqual([expect.objectContaining({ scheme: 'app' })]);
  });

  it('quits at once when another instance holds the single-instance lock', async () => {
    electronFake.app.lockGranted = false;
    electronFake.app.readyPromise = Promise.resolve();
    await import('../../../src-main/index');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(electronFake.app.requestSingleInstanceLock).toHaveBeenCalledOnce();
    expect(electronFake.app.quit).toHaveBeenCalledOnce();
    expect(electronFake.app.whenReady).not.toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
    expect(electronFake.ipcMain.handlers.size).toBe(0);
  });

  it('brings the existing window to the front when a second instance starts', async () => {
    const window = await launch();
    window.minimized = true;
    electronFake.app.emit('second-instance', new FakeEvent(), ['wallet-desk'], '/');
    expect(window.minimized).toBe(false);
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(true);
    expect(FakeBrowserWindow.instances).toHaveLength(1);
  });

  it('starts the app: renderer served over app:, every operation bound, one hardened window', async () => {
    const window = await launch();
    expect(window.loadedUrl).toBe('app://wallet-desk/index.html');
    expect(window.options['webPreferences']).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    expect(String((window.options['webPreferences'] as Record<string, unknown>)['preload'])).toMatch(
      /preload[\\/]index\.cjs$/,
    );
    expect(electronFake.protocol.handlers.has('app')).toBe(true);
    expect([...electronFake.ipcMain.handlers.keys()].sort()).toEqual(operationNames.map(invokeChannel).sort());

    const info = await electronFake.ipcMain.invoke(invokeChannel('app.info'), {
      url: 'app://wallet-desk/index.html',
      parent: null,
    });
    expect(info).toMatchObject({
      ok: true,
      value: { name: 'Wallet Desk', version: '0.1.0-test', keychain: 'unavailable' },
    });
  });

  it('opens the window before the keychain, the updater and the core are ready; its first calls wait for the core', async () => {
    // The keychain probe may wait up to its deadline on a locked keyring: hold it, and the core behind it.
    let releaseKeychain!: () => void;
    const keychainHeld = new Promise<void>((resolve) => (releaseKeychain = resolve));
    const keychain = await import('../../../src-main/keychain/create-secret-store');
    const { createMemoryStore } = await import('../../../src-main/keychain/memory-store');
    vi.mocked(keychain.createSecretStore).mockImplementationOnce(async () => {
      await keychainHeld;
      return createMemoryStore();
    });
    const window = await launch();
    expect(window.loadedUrl).toBe('app://wallet-desk/index.html');
    expect(electronFake.protocol.handlers.has('app')).toBe(true);
    expect([...electronFake.ipcMain.handlers.keys()].sort()).toEqual(operationNames.map(invokeChannel).sort());
    expect(window.options['webPreferences']).toMatchObject({ contextIsolation: true, sandbox: true });

    let answered = false;
    const early = electronFake.ipcMain.invoke(invokeChannel('app.info'), appFrame).then((result) => {
      answered = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    releaseKeychain();
    await expect(early).resolves.toMatchObject({ ok: true, value: { name: 'Wallet Desk', version: '0.1.0-test' } });
  });

  it('answers the early calls with an error in words, and exits, when the core cannot start', async () => {
    const keychain = await import('../../../src-main/keychain/create-secret-store');
    vi.mocked(keychain.createSecretStore).mockImplementationOnce(async () => {
      throw new Error('the keychain module is broken');
    });
    await launch();
    const result = await electronFake.ipcMain.invoke(invokeChannel('app.info'), appFrame);
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Wallet Desk could not start. Please close it and open it again.' },
    });
    await vi.waitFor(() => expect(electronFake.app.exit).toHaveBeenCalledWith(1));
  });

  it("sets Electron's theme from settings.json before the window opens, and follows a change in Settings", async () => {
    await previousRun({ preferences: { privacyMode: false, idleLockMinutes: 15, theme: 'dark' } });
    await launch();
    expect(electronFake.nativeTheme.themeSource).toBe('dark');
    const result = await electronFake.ipcMain.invoke(invokeChannel('preferences.update'), appFrame, {
      theme: 'light',
    });
    expect(result).toMatchObject({ ok: true, value: { theme: 'light' } });
    expect(electronFake.nativeTheme.themeSource).toBe('light');
  });

  it('denies new windows and webviews for any other web contents that gets created', async () => {
    await launch();
    const other = new FakeWebContents();
    electronFake.app.emit('web-contents-created', new FakeEvent(), other);
    expect(other.openWindow('https://mempool.space/tx/1')).toEqual({ action: 'deny' });
    const attach = new FakeEvent();
    other.emit('will-attach-webview', attach, {}, { src: 'https://evil.example/' });
    expect(attach.defaultPrevented).toBe(true);
    expect(electronFake.shell.openExternal).not.toHaveBeenCalled();
  });

  it('opens allowlisted links from window.open in the system browser via shell.openExternal', async () => {
    const window = await launch();
    expect(window.webContents.openWindow('https://mempool.space/tx/1')).toEqual({ action: 'deny' });
    expect(window.webContents.openWindow('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(electronFake.shell.openExternal.mock.calls).toEqual([['https://mempool.space/tx/1']]);
  });

  it('ignores ELECTRON_RENDERER_URL in a packaged app, and uses it in development', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'https://evil.example/');
    expect((await launch()).loadedUrl).toBe('app://wallet-desk/index.html');

    resetElectronFake();
    vi.resetModules();
    electronFake.app.paths = { userData: join(dataDir, 'user-data'), logs: join(dataDir, 'logs') };
    electronFake.app.isPackaged = false;
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/');
    expect((await launch()).loadedUrl).toBe('http://localhost:5173/');
  });

  describe('packaged or not (security 33)', () => {
    /** Every role in the menu the shell set, submenus included; null when it set none (Electron's default menu). */
    function menuRoles(): string[] | null {
      const menu = electronFake.Menu.applicationMenu;
      if (!menu) return null;
      const roles: string[] = [];
      const walk = (items: unknown[]) => {
        for (const item of items as { role?: string; submenu?: unknown[] }[]) {
          if (item.role) roles.push(item.role);
          if (Array.isArray(item.submenu)) walk(item.submenu);
        }
      };
      walk(menu.template);
      return roles;
    }
    const developerRoles = ['reload', 'forceReload', 'toggleDevTools', 'viewMenu', 'default'];

    it('a packaged build: no DevTools, no developer menu, and the dev-server URL is ignored', async () => {
      electronFake.app.isPackaged = true;
      vi.stubEnv('ELECTRON_RENDERER_URL', 'http://127.0.0.1:5173/');
      const window = await launch();
      expect(window.loadedUrl).toBe('app://wallet-desk/index.html');
      expect(window.options['webPreferences']).toMatchObject({ devTools: false });
      window.webContents.openDevTools();
      expect(window.webContents.devToolsOpen).toBe(false);

      const roles = menuRoles();
      expect(roles, "the app must replace Electron's default menu").not.toBeNull();
      expect(roles).toEqual(expect.arrayContaining(['editMenu', 'windowMenu']));
      for (const role of developerRoles) expect(roles, role).not.toContain(role);
      expect(electronFake.Menu.setApplicationMenu).toHaveBeenCalledOnce();
    });

    it('an unpackaged run (npm start) keeps DevTools, the developer menu and the dev server', async () => {
      electronFake.app.isPackaged = false;
      vi.stubEnv('ELECTRON_RENDERER_URL', 'http://127.0.0.1:5173/');
      const window = await launch();
      expect(window.loadedUrl).toBe('http://127.0.0.1:5173/');
      expect(window.options['webPreferences']).toMatchObject({ devTools: true });
      window.webContents.openDevTools();
      expect(window.webContents.devToolsOpen).toBe(true);
      expect(menuRoles()).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools', 'editMenu']));
    });
  });

  describe('updates', () => {
    // Electron sets process.resourcesPath; plain Node (vitest) has none.
    const processWithResources = process as unknown as { resourcesPath?: string };
    afterEach(() => {
      delete processWithResources.resourcesPath;
    });
    const updatesView = async () => electronFake.ipcMain.invoke(invokeChannel('updates.get'), appFrame);

    it('a development run says updates come only to installed builds, and never loads electron-updater', async () => {
      electronFake.app.isPackaged = false;
      await launch();
      expect(await updatesView()).toMatchObject({
        ok: true,
        value: { status: 'unconfigured', message: expect.stringMatching(/development run/) },
      });
      expect(fakeAutoUpdater.listeners.size).toBe(0);
    });

    it('an installed build without app-update.yml says it has no update server, instead of failing', async () => {
      electronFake.app.isPackaged = true;
      processWithResources.resourcesPath = dataDir;
      await launch();
      expect(await updatesView()).toMatchObject({
        ok: true,
        value: { status: 'unconfigured', message: expect.stringMatching(/no update server configured/) },
      });
    });

    it('an installed AppImage with an update server checks at launch through electron-updater, which never installs unasked', async () => {
      electronFake.app.isPackaged = true;
      processWithResources.resourcesPath = dataDir;
      vi.stubEnv('APPIMAGE', join(dataDir, 'Wallet-Desk.AppImage'));
      await writeFile(join(dataDir, 'app-update.yml'), 'provider: generic\nurl: https://updates.example.com/\n');
      const checkForUpdates = vi.spyOn(fakeAutoUpdater, 'checkForUpdates');
      fakeAutoUpdater.autoDownload = true;
      fakeAutoUpdater.autoInstallOnAppQuit = true;
      await launch();
      await vi.waitFor(() => expect(checkForUpdates).toHaveBeenCalledOnce());
      expect(fakeAutoUpdater.autoDownload).toBe(false);
      expect(fakeAutoUpdater.autoInstallOnAppQuit).toBe(false);
      fakeAutoUpdater.listeners.get('update-not-available')?.({ version: '0.1.0' });
      await vi.waitFor(async () =>
        expect(await updatesView()).toMatchObject({ ok: true, value: { status: 'up-to-date' } }),
      );
    });
  });

  it('quits when the last window closes (except on macOS), and flushes the log before quitting', async () => {
    const window = await launch();
    window.destroyed = true;
    window.emit('closed');
    electronFake.app.emit('window-all-closed');
    if (process.platform === 'darwin') expect(electronFake.app.quit).not.toHaveBeenCalled();
    else expect(electronFake.app.quit).toHaveBeenCalledOnce();

    const quitting = new FakeEvent();
    electronFake.app.emit('will-quit', quitting);
    expect(quitting.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(electronFake.app.quit).toHaveBeenCalledTimes(process.platform === 'darwin' ? 1 : 2));
    expect(electronFake.ipcMain.handlers.size).toBe(0);
    // A second will-quit (from the app.quit() above) goes through.
    const again = new FakeEvent();
    electronFake.app.emit('will-quit', again);
    expect(again.defaultPrevented).toBe(false);
    await expect(readFile(join(dataDir, 'logs', 'main.log'), 'utf8')).resolves.toBeTypeOf('string');
  });

  it('reopens the window where it was closed, maximised again, and remembers where it is closed this time', async () => {
    await previousRun({ window: { x: 300, y: 200, width: 1000, height: 700, maximized: true } });
    const window = await launch();
    expect(window.options).toMatchObject({ x: 300, y: 200, width: 1000, height: 700 });
    window.emit('ready-to-show');
    expect(window.maximized).toBe(true);
    expect(window.visible).toBe(true);

    window.maximized = false;
    window.normalBounds = { x: 520, y: 90, width: 1100, height: 760 };
    window.close();
    const quitting = new FakeEvent();
    electronFake.app.emit('will-quit', quitting);
    await vi.waitFor(() => expect(electronFake.app.quit).toHaveBeenCalled());
    const saved = JSON.parse(await readFile(join(electronFake.app.paths['userData']!, SETTINGS_FILE), 'utf8')) as {
      window: unknown;
    };
    expect(saved.window).toEqual({ x: 520, y: 90, width: 1100, height: 760, maximized: false });
  });

  it('opens at the default size, centred, when the display it was closed on is gone', async () => {
    await previousRun({ window: { x: 2400, y: 100, width: 1000, height: 700, maximized: false } });
    const window = await launch();
    expect(window.options).toMatchObject({ width: 1200, height: 800 });
    expect(window.options).not.toHaveProperty('x');
    expect(window.options).not.toHaveProperty('y');
  });

  it('hands only allowlisted https links from the bridge to shell.openExternal, never file:, javascript: or custom schemes', async () => {
    const window = await launch();
    const open = (url: string) => electronFake.ipcMain.invoke(invokeChannel('links.open'), appFrame, { url });
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'wallet-desk://callback?code=1',
      'ms-msdt:/id PCWDiagnostic',
      'http://mempool.space/tx/1',
      'https://mempool.space.attacker.com/tx/1',
    ]) {
      expect(await open(url), url).toEqual({ ok: true, value: { opened: false } });
    }
    expect(electronFake.shell.openExternal).not.toHaveBeenCalled();
    expect(await open('https://mempool.space/tx/1')).toEqual({ ok: true, value: { opened: true } });
    expect(electronFake.shell.openExternal.mock.calls).toEqual([['https://mempool.space/tx/1']]);
    expect(window.loadedUrl).toBe('app://wallet-desk/index.html');
  });

  it("hands shell.openExternal the parsed, re-serialised URL, never the renderer's string (security 34)", async () => {
    await launch();
    const open = (url: string) => electronFake.ipcMain.invoke(invokeChannel('links.open'), appFrame, { url });
    const tricky = [
      '  https://mempool.space/tx/1  ',
      'HTTPS://MemPool.Space/tx/1',
      'https:\\\\mempool.space\\tx\\1',
      'https://mempool.space\\@attacker.com/',
      'https://mempool.space/tx/a b"<x>',
    ];
    for (const url of tricky) expect(await open(url), url).toEqual({ ok: true, value: { opened: true } });
    expect(electronFake.shell.openExternal.mock.calls.map(([url]) => url)).toEqual([
      'https://mempool.space/tx/1',
      'https://mempool.space/tx/1',
      'https://mempool.space/tx/1',
      'https://mempool.space/@attacker.com/',
      'https://mempool.space/tx/a%20b%22%3Cx%3E',
    ]);
    for (const url of ['https://user@mempool.space/tx/1', 'https://attacker.com\\@mempool.space/']) {
      expect(await open(url), url).toEqual({ ok: true, value: { opened: false } });
    }
    // Control characters, which the URL parser would silently drop, are refused at the bridge by the
    // user-text rule before any parsing: nothing is opened.
    const refused = await open('https://mem\npool.space/tx/\t1');
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(electronFake.shell.openExternal).toHaveBeenCalledTimes(tricky.length);
  });

  it('signs in through the system browser: the authorization URL goes to shell.openExternal and no window loads it', async () => {
    const sandbox = await startSandbox({ port: 0, quiet: true });
    try {
      await pointedAt(sandbox);
      const window = await launch();
      const signingIn = electronFake.ipcMain.invoke(invokeChannel('session.signIn'), appFrame);
      await vi.waitFor(() => expect(electronFake.shell.openExternal).toHaveBeenCalledOnce(), { timeout: 10_000 });
      const authorizationUrl = electronFake.shell.openExternal.mock.calls[0]![0];
      expect(new URL(authorizationUrl).href.startsWith(`${sandbox.issuer}/auth?`)).toBe(true);

      expect(FakeBrowserWindow.instances).toEqual([window]);
      expect(window.loadedUrl).toBe('app://wallet-desk/index.html');
      expect(window.webContents.navigate(authorizationUrl)).toBe(true);
      expect(window.webContents.openWindow(authorizationUrl)).toEqual({ action: 'deny' });
      expect(FakeBrowserWindow.instances).toHaveLength(1);

      expect(await electronFake.ipcMain.invoke(invokeChannel('session.cancelSignIn'), appFrame)).toMatchObject({
        ok: true,
        value: { status: 'signed-out' },
      });
      expect(await signingIn).toMatchObject({ ok: false, error: { code: 'sign_in_cancelled' } });
      expect(electronFake.shell.openExternal).toHaveBeenCalledOnce();
    } finally {
      await sandbox.close();
    }
  });

  it.each(['lock-screen', 'suspend'] as const)(
    'locks Wallet Desk when the computer reports %s, so whoever comes back signs in again',
    async (event) => {
      const sandbox = await startSandbox({ port: 0, quiet: true });
      try {
        await pointedAt(sandbox);
        const alice = sandbox.info().users.find((user) => user.username === 'alice')!;
        const browser = new ScriptedBrowser({ username: 'alice', password: alice.password });
        electronFake.shell.openExternal.mockImplementation(browser.openExternal);
        await launch();
        const invoke = (operation: Parameters<typeof invokeChannel>[0]) =>
          electronFake.ipcMain.invoke(invokeChannel(operation), appFrame);
        expect(await invoke('session.signIn')).toMatchObject({ ok: true, value: { status: 'signed-in' } });

        electronFake.powerMonitor.emit(event);
        expect(await invoke('session.get')).toMatchObject({ ok: true, value: { status: 'locked' } });
        expect(await invoke('portfolio.wallets')).toMatchObject({ ok: false, error: { code: 'locked' } });
      } finally {
        await sandbox.close();
      }
    },
  );
});
