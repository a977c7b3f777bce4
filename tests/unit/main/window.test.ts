import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toAllowedExternalUrl } from '../../../src-main/links';
import { resolveAppOrigin } from '../../../src-main/shell/app-origin';
import { createMainWindow } from '../../../src-main/window';
import { electronFake, FakeBrowserWindow, resetElectronFake } from '../support/fake-electron';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronFake.module);

const packaged = resolveAppOrigin(undefined);

function openWindow(app = packaged, onRefused = vi.fn(), developerTools = false) {
  createMainWindow({
    app,
    developerTools,
    preloadPath: '/opt/wallet-desk/out/preload/index.cjs',
    iconPath: '/opt/wallet-desk/resources/icons/png/512x512.png',
    toAllowedExternalUrl: (url) => toAllowedExternalUrl(url, ['api.service.example']),
    onRefused,
    placement: { bounds: { width: 1200, height: 800 }, maximized: false },
  });
  const window = FakeBrowserWindow.instances.at(-1);
  if (!window) throw new Error('no window was created');
  return { window, contents: window.webContents, onRefused };
}

beforeEach(() => resetElectronFake());

describe('BrowserWindow preferences (security item 1)', () => {
  it('isolates, sandboxes and denies Node to the page, with the preload from out/preload', () => {
    const { window } = openWindow();
    const prefs = window.options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      preload: '/opt/wallet-desk/out/preload/index.cjs',
    });
    for (const unsafe of [
      'allowRunningInsecureContent',
      'experimentalFeatures',
      'enableBlinkFeatures',
      'enableRemoteModule',
    ]) {
      expect(prefs, unsafe).not.toHaveProperty(unsafe);
    }
  });

  it('shows the app icon (Linux takes it from the window, not the executable)', () => {
    const { window } = openWindow();
    expect(window.options['icon']).toBe('/opt/wallet-desk/resources/icons/png/512x512.png');
  });

  it('loads the built renderer from the app:// origin, never a file: URL', () => {
    const { window } = openWindow();
    expect(window.loadedUrl).toBe('app://wallet-desk/index.html');
  });

  it('loads the dev server URL when electron-vite provides one', () => {
    const { window } = openWindow(resolveAppOrigin('http://localhost:5173/'));
    expect(window.loadedUrl).toBe('http://localhost:5173/');
  });
});

describe('DevTools (security 33)', () => {
  it('a packaged build cannot open them: devTools off, and any that open anyway are closed at once', () => {
    const { window, contents } = openWindow(packaged, vi.fn(), false);
    expect(window.options['webPreferences']).toMatchObject({ devTools: false });
    contents.openDevTools();
    expect(contents.devToolsOpen).toBe(false);
  });

  it('an unpackaged run (npm start) keeps them', () => {
    const { window, contents } = openWindow(packaged, vi.fn(), true);
    expect(window.options['webPreferences']).toMatchObject({ devTools: true });
    contents.openDevTools();
    expect(contents.devToolsOpen).toBe(true);
  });
});

describe('navigation (security item 4)', () => {
  it('lets the page move within its own origin', () => {
    const { contents } = openWindow();
    expect(contents.navigate('app://wallet-desk/index.html#/wallets')).toBe(false);
    expect(contents.navigate('app://WALLET-DESK/other.html')).toBe(false);
  });

  it.each([
    'https://evil.example/',
    'app://wallet-desk.attacker.com/index.html',
    'app://wallet-desk@attacker.com/index.html',
    'app://attacker/wallet-desk/index.html',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://wallet-desk/index.html',
    'not a url',
  ])('refuses to navigate or redirect to %s', (url) => {
    const { contents, onRefused } = openWindow();
    expect(contents.navigate(url)).toBe(true);
    expect(contents.redirect(url)).toBe(true);
    expect(contents.navigateFrame(url, false)).toBe(true);
    expect(onRefused).toHaveBeenCalled();
  });

  it('compares parsed origins, so look-alike hosts of the dev origin fail', () => {
    const { contents } = openWindow(resolveAppOrigin('https://app.example.com/'));
    expect(contents.navigate('https://app.example.com/settings')).toBe(false);
    expect(contents.navigate('https://app.example.com.attacker.com/')).toBe(true);
    expect(contents.navigate('https://app.example.com:444/')).toBe(true);
    expect(contents.navigate('http://app.example.com/')).toBe(true);
    expect(contents.navigate('https://attacker.com/https://app.example.com/')).toBe(true);
    expect(contents.redirect('https://app.example.com@attacker.com/')).toBe(true);
  });
});

describe('new windows (security item 5)', () => {
  it('denies every window.open and sends allowlisted https links to the system browser', () => {
    const { contents } = openWindow();
    expect(contents.openWindow('https://mempool.space/tx/abc')).toEqual({ action: 'deny' });
    expect(contents.openWindow('https://api.service.example/help')).toEqual({ action: 'deny' });
    expect(electronFake.shell.openExternal.mock.calls.map(([url]) => url)).toEqual([
      'https://mempool.space/tx/abc',
      'https://api.service.example/help',
    ]);
  });

  it("hands the system browser the re-serialised URL, not the page's string (security 34)", () => {
    const { contents } = openWindow();
    for (const url of [
      ' HTTPS://MemPool.Space/tx/abc ',
      'https:\\\\mempool.space\\tx\\abc',
      'https://mempool.space\\@attacker.com/',
    ]) {
      expect(contents.openWindow(url)).toEqual({ action: 'deny' });
    }
    expect(electronFake.shell.openExternal.mock.calls.map(([url]) => url)).toEqual([
      'https://mempool.space/tx/abc',
      'https://mempool.space/tx/abc',
      'https://mempool.space/@attacker.com/',
    ]);
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'wallet-desk://callback?code=1',
    'ms-msdt:/id PCWDiagnostic',
    'smb://attacker/share',
    'http://mempool.space/tx/abc',
    'https://mempool.space.attacker.com/tx/abc',
    'https://user:pass@mempool.space/',
    'https://evil.example/',
    'app://wallet-desk/index.html',
  ])('denies %s and never hands it to shell.openExternal', (url) => {
    const { contents } = openWindow();
    expect(contents.openWindow(url)).toEqual({ action: 'deny' });
    expect(electronFake.shell.openExternal).not.toHaveBeenCalled();
  });
});

describe('permissions and webviews (security item 6)', () => {
  it('denies every permission request and check', () => {
    const { contents } = openWindow();
    const { permissionRequestHandler, permissionCheckHandler, devicePermissionHandler } = contents.session;
    expect(permissionRequestHandler).not.toBeNull();
    expect(permissionCheckHandler).not.toBeNull();
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
      'hid',
    ]) {
      const callback = vi.fn();
      permissionRequestHandler?.(contents, permission, callback, { requestingUrl: 'app://wallet-desk/index.html' });
      expect(callback).toHaveBeenCalledExactlyOnceWith(false);
      expect(permissionCheckHandler?.(contents, permission, 'app://wallet-desk', {})).toBe(false);
    }
    expect(devicePermissionHandler?.({ deviceType: 'usb', origin: 'app://wallet-desk' })).toBe(false);
  });

  it('prevents any <webview> from attaching', () => {
    const { contents } = openWindow();
    const event = { defaultPrevented: false, preventDefault: vi.fn(() => (event.defaultPrevented = true)) };
    contents.emit('will-attach-webview', event, { nodeIntegration: true }, { src: 'https://evil.example/' });
    expect(event.defaultPrevented).toBe(true);
  });
});
