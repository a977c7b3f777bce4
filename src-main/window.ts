import { BrowserWindow, shell, type WebContents } from 'electron';
import { MIN_WINDOW_SIZE, type WindowPlacement } from './settings/window-state';
import type { AppOrigin } from './shell/app-origin';
import { decideWindowOpen, isNavigationAllowed } from './shell/navigation-policy';

export interface WindowGuardOptions {
  readonly app: Pick<AppOrigin, 'isAppUrl'>;
  /**
   * The external-link allowlist (src-main/links.ts plus the configured service hosts): the re-serialised
   * URL to open, or null.
   */
  readonly toAllowedExternalUrl: (url: string) => string | null;
  readonly onRefused?: (what: string, url: string) => void;
}

/**
 * Navigation, new windows, <webview> and permissions: the page may show only the app, never opens
 * another Electron window, and is granted no browser permission at all.
 */
export function guardWebContents(contents: WebContents, options: WindowGuardOptions): void {
  const refuseForeign = (event: { preventDefault(): void }, url: string, what: string): void => {
    if (isNavigationAllowed(url, options.app)) return;
    event.preventDefault();
    options.onRefused?.(what, url);
  };
  contents.on('will-navigate', (event, url) => refuseForeign(event, url, 'navigation'));
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) refuseForeign(event, event.url, 'frame navigation');
  });
  contents.on('will-redirect', (event, url) => refuseForeign(event, url, 'redirect'));

  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url, options.toAllowedExternalUrl);
    if (decision.openExternally) {
      void shell.openExternal(decision.url).catch(() => options.onRefused?.('external link that failed to open', url));
    } else {
      options.onRefused?.('new window', url);
    }
    return { action: 'deny' };
  });

  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    options.onRefused?.('webview', '');
  });

  const session = contents.session;
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

export interface MainWindowOptions extends WindowGuardOptions {
  readonly app: AppOrigin;
  readonly preloadPath: string;
  /** The app icon (resources/icons/png/512x512.png); Linux shows it in the title bar, task bar and switcher. */
  readonly iconPath: string;
  /** Where it opens: the place it was closed in, fitted to the displays there are now. */
  readonly placement: WindowPlacement;
  /** DevTools only in an unpackaged run (`npm start`); a packaged build has none at all (security 33). */
  readonly developerTools: boolean;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    ...options.placement.bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: 'Wallet Desk',
    icon: options.iconPath,
    // Written out here, not built by a helper, so Electronegativity's static checks can see them.
    // Anything not listed (allowRunningInsecureContent, experimentalFeatures, enableBlinkFeatures) stays at
    // Electron's safe default.
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      // A middle click would otherwise open links in a new window without going through the open handler.
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      spellcheck: false,
      navigateOnDragDrop: false,
      devTools: options.developerTools,
    },
  });
  guardWebContents(window.webContents, options);
  if (!options.developerTools) {
    // Belt and braces: should anything open DevTools anyway (a future Electron, a stray call), close them.
    window.webContents.on('devtools-opened', () => window.webContents.closeDevTools());
  }
  window.once('ready-to-show', () => {
    if (options.placement.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(options.app.entryUrl);
  return window;
}
