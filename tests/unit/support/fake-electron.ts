/**
 * A stand-in for the `electron` module (there is no Electron binary on the build machines). It records
 * what the shell asks of Electron and lets a test fire the events Electron would fire. Use with
 * `vi.mock('electron', async () => (await import('./fake-electron')).electronFake.module)`.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

export class FakeEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeFrameNavigateEvent extends FakeEvent {
  constructor(
    readonly url: string,
    readonly isMainFrame: boolean,
  ) {
    super();
  }
}

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: unknown,
) => void;
type PermissionCheckHandler = (contents: unknown, permission: string, origin: string, details: unknown) => boolean;
type DevicePermissionHandler = (details: unknown) => boolean;

export class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: PermissionCheckHandler | null = null;
  devicePermissionHandler: DevicePermissionHandler | null = null;
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(handler: DevicePermissionHandler | null): void {
    this.devicePermissionHandler = handler;
  }
}

export type WindowOpenHandler = (details: {
  url: string;
  frameName: string;
  features: string;
  disposition: string;
}) => {
  action: string;
};

export class FakeWebContents extends EventEmitter {
  readonly session = new FakeSession();
  windowOpenHandler: WindowOpenHandler | null = null;
  readonly sent: Array<{ channel: string; payload: unknown }> = [];
  destroyed = false;
  devToolsOpen = false;
  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** DevTools opening by whatever means (a shortcut, a menu, a stray call): 'devtools-opened' fires. */
  openDevTools(): void {
    this.devToolsOpen = true;
    this.emit('devtools-opened');
  }
  closeDevTools(): void {
    this.devToolsOpen = false;
  }
  /** What Electron does when the page calls window.open(url). */
  openWindow(url: string): { action: string } {
    if (!this.windowOpenHandler) throw new Error('no window open handler installed');
    return this.windowOpenHandler({ url, frameName: '', features: '', disposition: 'foreground-tab' });
  }
  /** What Electron does before a navigation; returns whether the shell prevented it. */
  navigate(url: string): boolean {
    const event = new FakeEvent();
    this.emit('will-navigate', event, url);
    return event.defaultPrevented;
  }
  redirect(url: string): boolean {
    const event = new FakeEvent();
    this.emit('will-redirect', event, url);
    return event.defaultPrevented;
  }
  navigateFrame(url: string, isMainFrame: boolean): boolean {
    const event = new FakeFrameNavigateEvent(url, isMainFrame);
    this.emit('will-frame-navigate', event);
    return event.defaultPrevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static readonly instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  minimized = false;
  maximized = false;
  visible = false;
  focused = false;
  destroyed = false;
  /** Where the user has moved and sized it (normal, unmaximised bounds). */
  normalBounds: { x: number; y: number; width: number; height: number };
  constructor(readonly options: Record<string, unknown>) {
    super();
    const number = (key: string, fallback: number) => (typeof options[key] === 'number' ? options[key] : fallback);
    this.normalBounds = {
      x: number('x', 40),
      y: number('y', 30),
      width: number('width', 800),
      height: number('height', 600),
    };
    FakeBrowserWindow.instances.push(this);
  }
  getNormalBounds() {
    return { ...this.normalBounds };
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  maximize(): void {
    this.maximized = true;
  }
  /** The user closes the window: 'close', then 'closed'. */
  close(): void {
    this.emit('close', { preventDefault: () => undefined });
    this.destroyed = true;
    this.emit('closed');
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  show(): void {
    this.visible = true;
  }
  focus(): void {
    this.focused = true;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

export interface FakeFrame {
  readonly url: string;
  readonly parent: FakeFrame | null;
}

type IpcHandler = (event: { senderFrame: FakeFrame | null; sender: unknown }, ...args: unknown[]) => unknown;

export class FakeIpcMain {
  readonly handlers = new Map<string, IpcHandler>();
  handle(channel: string, handler: IpcHandler): void {
    // Electron refuses a second handler on one channel; so does the fake.
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** Delivers an invoke from a renderer frame, the way Electron would. */
  async invoke(channel: string, frame: FakeFrame | null, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler({ senderFrame: frame, sender: {} }, ...args);
  }
}

export type ProtocolHandler = (request: Request) => Response | Promise<Response>;

function createFake() {
  const app = Object.assign(new EventEmitter(), {
    isPackaged: true,
    lockGranted: true,
    readyPromise: new Promise<void>(() => undefined) as Promise<void>,
    paths: {} as Record<string, string>,
    requestSingleInstanceLock: vi.fn((): boolean => app.lockGranted),
    enableSandbox: vi.fn(),
    quit: vi.fn(),
    exit: vi.fn(),
    whenReady: vi.fn((): Promise<void> => app.readyPromise),
    getPath: vi.fn((name: string): string => {
      const path = app.paths[name];
      if (path === undefined) throw new Error(`fake app has no path '${name}'`);
      return path;
    }),
    getName: vi.fn(() => 'Wallet Desk'),
    getVersion: vi.fn(() => '0.1.0-test'),
    getLocale: vi.fn(() => 'en-US'),
    badgeCount: 0,
    setBadgeCount: vi.fn((count = 0): boolean => {
      app.badgeCount = count;
      return true;
    }),
  });
  const protocol = {
    privileged: [] as unknown[],
    handlers: new Map<string, ProtocolHandler>(),
    registerSchemesAsPrivileged: vi.fn((schemes: unknown[]) => {
      protocol.privileged.push(...schemes);
    }),
    handle: vi.fn((scheme: string, handler: ProtocolHandler) => {
      protocol.handlers.set(scheme, handler);
    }),
  };
  const shell = { openExternal: vi.fn(async (_url: string): Promise<void> => undefined) };
  const ipcMain = new FakeIpcMain();
  const contextBridge = { exposeInMainWorld: vi.fn((_key: string, _api: unknown): void => undefined) };
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoke: vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => ({ ok: true, value: null })),
  });
  // Present so the shell can import them; no test here drives them.
  const clipboard = { writeText: vi.fn((_text: string): void => undefined), readText: vi.fn((): string => '') };
  const dialog = { showSaveDialog: vi.fn(async () => ({ canceled: true, filePath: '' })) };
  const powerMonitor = new EventEmitter();
  // No OS encryption here: the shell then seals the cached balances with a keychain-held key.
  const safeStorage = {
    isEncryptionAvailable: vi.fn((): boolean => false),
    encryptString: vi.fn((_text: string): Buffer => {
      throw new Error('safeStorage is not available');
    }),
    decryptString: vi.fn((_data: Buffer): string => {
      throw new Error('safeStorage is not available');
    }),
  };
  const nativeTheme = { themeSource: 'system' as 'system' | 'light' | 'dark' };
  /** Records every notification shown, as the desktop would display it. */
  class Notification {
    static supported = true;
    static shown: { title: string; body: string }[] = [];
    static closed = 0;
    static isSupported(): boolean {
      return Notification.supported;
    }
    constructor(private readonly options: { title: string; body: string }) {}
    show(): void {
      Notification.shown.push({ title: this.options.title, body: this.options.body });
    }
    close(): void {
      Notification.closed += 1;
    }
  }
  /** Records the application menu the shell sets (null: Electron's default menu, with its developer items). */
  const Menu = {
    applicationMenu: null as { template: unknown[] } | null,
    buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
    setApplicationMenu: vi.fn((menu: { template: unknown[] } | null) => {
      Menu.applicationMenu = menu;
    }),
  };
  /** One 1920×1080 display with a 40 px panel at the top, unless a test plugs in others. */
  const screen = {
    workAreas: [{ x: 0, y: 40, width: 1920, height: 1040 }],
    getAllDisplays: vi.fn(() => screen.workAreas.map((workArea) => ({ workArea }))),
  };
  return {
    app,
    protocol,
    shell,
    ipcMain,
    contextBridge,
    ipcRenderer,
    screen,
    powerMonitor,
    nativeTheme,
    Notification,
    Menu,
    module: {
      app,
      protocol,
      shell,
      ipcMain,
      contextBridge,
      ipcRenderer,
      clipboard,
      dialog,
      screen,
      powerMonitor,
      safeStorage,
      nativeTheme,
      Notification,
      Menu,
      BrowserWindow: FakeBrowserWindow,
    },
  };
}

type ElectronFake = ReturnType<typeof createFake>;
const globalFake = globalThis as typeof globalThis & { __walletDeskElectronFake?: ElectronFake };

/**
 * One fake per test file (vitest runs each file in its own context), kept on globalThis so it survives
 * `vi.resetModules()`: the mocked `electron` and the test must always see the same instance.
 */
export const electronFake: ElectronFake = (globalFake.__walletDeskElectronFake ??= createFake());

export function resetElectronFake(): void {
  Object.assign(electronFake.app, {
    isPackaged: true,
    lockGranted: true,
    readyPromise: new Promise<void>(() => undefined),
    paths: {},
  });
  electronFake.app.removeAllListeners();
  for (const key of ['requestSingleInstanceLock', 'enableSandbox', 'quit', 'exit', 'whenReady', 'getPath'] as const) {
    electronFake.app[key].mockClear();
  }
  electronFake.protocol.privileged.length = 0;
  electronFake.protocol.handlers.clear();
  electronFake.protocol.registerSchemesAsPrivileged.mockClear();
  electronFake.protocol.handle.mockClear();
  electronFake.shell.openExternal.mockReset();
  electronFake.powerMonitor.removeAllListeners();
  electronFake.nativeTheme.themeSource = 'system';
  electronFake.Notification.shown = [];
  electronFake.Notification.closed = 0;
  electronFake.Notification.supported = true;
  electronFake.app.badgeCount = 0;
  electronFake.Menu.applicationMenu = null;
  electronFake.Menu.buildFromTemplate.mockClear();
  electronFake.Menu.setApplicationMenu.mockClear();
  electronFake.screen.workAreas = [{ x: 0, y: 40, width: 1920, height: 1040 }];
  electronFake.ipcMain.handlers.clear();
  electronFake.contextBridge.exposeInMainWorld.mockClear();
  electronFake.ipcRenderer.invoke.mockReset();
  electronFake.ipcRenderer.invoke.mockImplementation(async () => ({ ok: true, value: null }));
  electronFake.ipcRenderer.removeAllListeners();
  FakeBrowserWindow.instances.length = 0;
}
