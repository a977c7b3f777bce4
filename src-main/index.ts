import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  clipboard,
  dialog,
  Menu,
  nativeTheme,
  Notification,
  powerMonitor,
  safeStorage,
  screen,
  shell,
  type BrowserWindow,
} from 'electron';
import { resolveLanguage, textLanguageTag } from '../resources/locales/languages';
import type { AppCore } from './app-core';
import { registerAppScheme, serveRenderer } from './app-protocol';
import type { Dispatch } from './dispatch';
import { bindIpc, createEventSender } from './ipc';
import { toAllowedExternalUrl } from './links';
import { createLogger, type FileLogger } from './logging/create-logger';
import { openSettingsStore, type SettingsStore } from './settings/settings-store';
import { placeWindow, windowStateOf } from './settings/window-state';
import { applicationMenuTemplate } from './shell/application-menu';
import { resolveAppOrigin } from './shell/app-origin';
import type { AppUpdaterLike } from './shell/electron-updater-port';
import { dispatchWhenReady } from './shell/dispatch-when-ready';
import { saveFilters } from './shell/save-filters';
import { favourMemoryOverSpeed } from './v8-memory';
import { createMainWindow } from './window';
import { setMainLanguage } from './i18n/main-text';

favourMemoryOverSpeed();

// Where electron-vite puts the other two bundles, relative to out/main/index.js.
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));
// The window icon for Linux desktops (Windows and macOS take it from the executable); package.json's
// build.files puts it inside app.asar at the same place relative to out/main.
const windowIconPath = fileURLToPath(new URL('../../resources/icons/png/512x512.png', import.meta.url));

// Developer affordances (electron-vite's dev server, DevTools, the developer menu) exist only in an
// unpackaged run (`npm start`); a packaged build has none of them (security 33).
const developmentRun = !app.isPackaged;

// A packaged app ignores ELECTRON_RENDERER_URL, so nobody can point it at a remote page through the environment.
const appOrigin = resolveAppOrigin(developmentRun ? process.env['ELECTRON_RENDERER_URL'] : undefined);

// Both must happen before `ready`: sandbox every renderer, and give app:// its privileges.
app.enableSandbox();
registerAppScheme();

let mainWindow: BrowserWindow | null = null;

if (!app.requestSingleInstanceLock()) {
  // Another Wallet Desk already runs (and was told, through 'second-instance', to come to the front).
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow || mainWindow.isDestroyed()) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });
  // Defence in depth for any web contents other than the main window's (there should be none): no new
  // windows, no <webview>. The main window installs its own, stricter guards right after this fires.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (attachEvent) => attachEvent.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // Nothing is logged yet if the logger itself failed; stderr is the last resort.
      console.error('could not start Wallet Desk:', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}

async function start(): Promise<void> {
  const logger = createLogger({ directory: app.getPath('logs') });
  // The window's place and the theme are in settings.json: the one thing the window waits for.
  const settings = await openSettingsStore(app.getPath('userData'));
  if (settings.problem)
    logger.warn('settings file unusable', { problem: settings.problem, detail: settings.problemDetail });

  setMainLanguage(settings.get().preferences.language, [app.getLocale()]);

  // Electron's own parts of the window (scroll bars, menus, dialogs) and the page's prefers-color-scheme
  // follow the theme chosen in Settings, from before the window exists.
  nativeTheme.themeSource = settings.get().preferences.theme;

  // The core's modules, the keychain probe (up to its deadline on a locked keyring), the updater and the
  // core itself start behind the window: its first paint needs none of them, and every bridge call it
  // makes waits for the core.
  const started = startCore(settings, logger);
  const coreReady = started.then(({ core }) => core);
  // index.html's head leaves at once, its body with the last known balances when main may show them, and its end
  // with this run's, each within a bound from the request (shell/launch-document.ts): a core still starting, a
  // keychain that hangs or a slow service gives the page as built. Its lang is settings' language as the core
  // resolves it (app-core.ts), known without the core; its theme is settings' too, for the page's own palette
  // (styles.css) before any of its scripts has run.
  serveRenderer(rendererDir, {
    launchView: (unwanted) => coreReady.then((core) => core.launchView(unwanted)),
    freshView: (unwanted) => coreReady.then((core) => core.launchFreshView(unwanted)),
    lang: () => textLanguageTag(resolveLanguage(settings.get().preferences.language, [app.getLocale()])),
    privacyMode: () => settings.get().preferences.privacyMode,
    theme: () => settings.get().preferences.theme,
  });
  const unbindIpc = bindIpc({
    dispatch: dispatchWhenReady(started.then(({ dispatch }) => dispatch)),
    app: appOrigin,
    onForbidden: (operation, frameUrl) =>
      logger.warn('refused a bridge call from a foreign frame', { operation, frameUrl }),
  });

  let windowStateSaved: Promise<unknown> = Promise.resolve();
  const openWindow = (): void => {
    const window = createMainWindow({
      app: appOrigin,
      preloadPath,
      iconPath: windowIconPath,
      developerTools: developmentRun,
      toAllowedExternalUrl: (url) => toAllowedExternalUrl(url, serviceHosts(settings)),
      onRefused: (what, url) => logger.warn(`refused ${what}`, { url: url.slice(0, 200) }),
      placement: placeWindow(
        settings.get().window,
        screen.getAllDisplays().map((display) => display.workArea),
      ),
    });
    // Remembered as it closes, so the next launch opens where the user left it.
    window.on('close', () => {
      const state = windowStateOf(window.getNormalBounds(), window.isMaximized());
      windowStateSaved = settings
        .update((current) => ({ ...current, window: state }))
        .catch((error: unknown) => logger.warn('could not remember the window position', { error }));
    });
    window.on('closed', () => {
      mainWindow = null;
    });
    mainWindow = window;
  };
  openWindow();
  // Electron's default menu carries Reload and Toggle Developer Tools; ours has them only in development.
  // The menu is written in the chosen language, and again when it changes (app-core's languageChanged).
  // Set once the window exists (it takes the application menu when it is set, on Linux and Windows too):
  // writing it in words is the first use of the message formatter, which the first paint does not need.
  setApplicationMenu();

  app.on('activate', () => {
    if (mainWindow === null) openWindow();
  });
  app.on('window-all-closed', () => {
    // macOS apps stay in the dock until the user quits them.
    if (process.platform !== 'darwin') app.quit();
  });

  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed) return;
    disposed = true;
    event.preventDefault();
    void windowStateSaved.then(() => shutdown(coreReady, unbindIpc, logger)).finally(() => app.quit());
  });

  // The computer locking its screen or going to sleep locks Wallet Desk as well: whoever comes back to
  // it signs in again, as after the idle lock. A core still starting has no session to lock yet.
  const lock = (): void => {
    void coreReady.then(
      (core) => core.session.lock(),
      () => undefined,
    );
  };
  powerMonitor.on('lock-screen', lock);
  powerMonitor.on('suspend', lock);

  // A core that cannot start ends the app (see the whenReady handler above).
  await coreReady;
}

/** Modules of the main process loaded only once the window is on its way (see startCore). */
let coreModule: typeof import('./app-core') | null = null;

/**
 * The core's modules (the contract's schemas, the service clients, the features) loaded once the window is
 * created, and beside them the keychain and the updater: the keychain's probe (three round trips to the Secret
 * Service, up to its deadline on a locked keyring) waits while the contract's schemas are built, instead of
 * after them. Then the core that needs both, and its dispatcher.
 */
async function startCore(settings: SettingsStore, logger: FileLogger): Promise<{ core: AppCore; dispatch: Dispatch }> {
  const [appCore, { createDispatcher, createEmitter }, secrets, updater, sealers, notifiers] = await Promise.all([
    import('./app-core'),
    import('./dispatch'),
    import('./keychain/create-secret-store').then((keychain) => keychain.createSecretStore(logger)),
    import('./shell/electron-updater-port').then((updaterPort) =>
      updaterPort.resolveUpdater({
        isPackaged: app.isPackaged,
        resourcesPath: process.resourcesPath,
        platform: process.platform,
        appImagePath: process.env['APPIMAGE'],
        fileExists: existsSync,
        // electron-updater is loaded only in an installed build with an update server; it reads Electron's app.
        loadUpdater: async () => {
          const loaded = (await import('electron-updater')) as {
            autoUpdater?: AppUpdaterLike;
            default?: { autoUpdater: AppUpdaterLike };
          };
          const updater = loaded.autoUpdater ?? loaded.default?.autoUpdater;
          if (!updater) throw new Error('electron-updater has no autoUpdater');
          return updater;
        },
        logger,
      }),
    ),
    import('./shell/safe-storage-sealer'),
    import('./shell/electron-notifier'),
  ]);
  coreModule = appCore;
  const sendEvent = createEventSender(() => mainWindow);
  const emit = createEmitter((event, payload) => {
    if (event === 'preferences.changed') nativeTheme.themeSource = settings.get().preferences.theme;
    sendEvent(event, payload);
  });
  const core = await appCore.createAppCore({
    appName: app.getName(),
    version: app.getVersion(),
    settings,
    secrets,
    logger,
    emit,
    openExternal: (url) => shell.openExternal(url),
    chooseSaveFile: async (defaultName) => {
      const options = {
        defaultPath: join(app.getPath('downloads'), defaultName),
        filters: saveFilters(defaultName),
      };
      const result = mainWindow
        ? await dialog.showSaveDialog(mainWindow, options)
        : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    writeClipboard: (text) => clipboard.writeText(text),
    readClipboard: () => clipboard.readText(),
    updater,
    userDataDir: app.getPath('userData'),
    // safeStorage where it really encrypts; otherwise app-core's default, a key held in the keychain.
    ...(() => {
      const sealer = sealers.safeStorageSealer(safeStorage, process.platform);
      return sealer ? { balanceSealer: () => sealer } : {};
    })(),
    notifier: notifiers.createElectronNotifier({ Notification, app }),
    // After ready (as getLocale needs); the window's navigator.language is this same locale.
    locale: () => app.getLocale(),
    languageChanged: setApplicationMenu,
  });
  return { core, dispatch: createDispatcher(core.handlers, logger) };
}

function setApplicationMenu(): void {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(applicationMenuTemplate({ developerTools: developmentRun, platform: process.platform })),
  );
}

async function shutdown(coreReady: Promise<AppCore>, unbindIpc: () => void, logger: FileLogger): Promise<void> {
  unbindIpc();
  try {
    await (await coreReady).dispose();
  } catch (error) {
    logger.error('shutdown failed', { error });
  }
  await logger.close();
}

/** The configured service's hosts, for the link allowlist; none until the core's modules are loaded. */
function serviceHosts(settings: SettingsStore): string[] {
  if (!coreModule) return [];
  try {
    const endpoints = coreModule.currentEndpoints({ settings });
    return [endpoints.baseUrl, endpoints.apiUrl].flatMap((url) => (url ? [new URL(url).hostname] : []));
  } catch {
    return [];
  }
}
