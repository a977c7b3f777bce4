/**
 * The `electron` module as far as the shell's start needs it, in plain Node, for window-first.ts: there is
 * no Electron binary on the bench machines. It notes on this process's clock (performance.now(), zero at
 * process start) when the BrowserWindow is created, when its page's first request (index.html) has sent its
 * first bytes and its whole body through the app: handler (and whether the last known balances were in it), and when the bridge first answers (app.info from the app's own frame, as
 * the page's first script would ask). Then it asks session.get, which waits for the silent restore: its status
 * says whether the launch was signed in, and a refresh token the restore rotated is stored before the process
 * ends (the next launch needs it). Last it prints one line "BENCH-MARKS {json}" and ends the process.
 * The unit tests have their own, recording fake (tests/unit/support/fake-electron.ts).
 */
import { EventEmitter } from 'node:events';
import { join } from 'node:path';

const marks = {};
const note = (name) => {
  marks[name] ??= performance.now();
};
const userData = process.env['WALLET_DESK_BENCH_USER_DATA'];
if (!userData) throw new Error('WALLET_DESK_BENCH_USER_DATA is not set');

const protocolHandlers = new Map();
const ipcHandlers = new Map();

function finish() {
  process.stdout.write(`BENCH-MARKS ${JSON.stringify(marks)}\n`);
  process.exit(0);
}

async function firstRequest(url) {
  const handler = protocolHandlers.get(new URL(url).protocol.replace(':', ''));
  if (!handler) throw new Error(`nothing serves ${url}`);
  note('pageRequested');
  const response = await handler(new Request(url));
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  // Read as Chromium reads it: the first bytes (index.html's head, whose scripts start loading) apart from the
  // whole, which the app streams once it has decided on the launch view (src-main/shell/launch-document.ts).
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let page = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    note('pageFirstBytes');
    page += decoder.decode(chunk.value, { stream: true });
  }
  note('pageRequestAnswered');
  marks.pageViewServed = page.includes('data-launch="cached"');
  const info = ipcHandlers.get('wallet:invoke:app.info');
  // The floor has no bridge at all.
  if (!info) return finish();
  const result = await info({ senderFrame: { url, parent: null }, sender: {} }, undefined);
  if (!result || result.ok !== true) throw new Error(`app.info answered ${JSON.stringify(result)}`);
  note('bridgeAnswered');
  const session = await ipcHandlers.get('wallet:invoke:session.get')({
    senderFrame: { url, parent: null },
    sender: {},
  });
  if (!session || session.ok !== true) throw new Error(`session.get answered ${JSON.stringify(session)}`);
  marks.sessionStatus = session.value.status;
  finish();
}

export const app = Object.assign(new EventEmitter(), {
  isPackaged: false,
  requestSingleInstanceLock: () => true,
  enableSandbox: () => undefined,
  quit: () => finish(),
  exit: (code) => process.exit(code),
  whenReady: () => Promise.resolve(),
  getPath: (name) => join(userData, name),
  getName: () => 'Wallet Desk',
  getVersion: () => '0.1.0',
  getLocale: () => 'en-US',
  setBadgeCount: () => true,
});

export const protocol = {
  registerSchemesAsPrivileged: () => undefined,
  handle: (scheme, handler) => protocolHandlers.set(scheme, handler),
};

export const ipcMain = {
  handle: (channel, handler) => ipcHandlers.set(channel, handler),
  removeHandler: (channel) => ipcHandlers.delete(channel),
};

class WebContents extends EventEmitter {
  session = {
    setPermissionRequestHandler: () => undefined,
    setPermissionCheckHandler: () => undefined,
    setDevicePermissionHandler: () => undefined,
  };
  setWindowOpenHandler() {}
  send() {}
  isDestroyed() {
    return false;
  }
  closeDevTools() {}
}

export class BrowserWindow extends EventEmitter {
  webContents = new WebContents();
  constructor(options) {
    super();
    note('windowCreated');
    this.options = options;
  }
  loadURL(url) {
    void firstRequest(url).catch((error) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
    return Promise.resolve();
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  isMaximized() {
    return false;
  }
  maximize() {}
  show() {}
  focus() {}
  restore() {}
  getNormalBounds() {
    return { x: 0, y: 0, width: 1024, height: 768 };
  }
}

export const Menu = { buildFromTemplate: (template) => ({ template }), setApplicationMenu: () => undefined };
export const nativeTheme = { themeSource: 'system' };
export const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] };
export const shell = { openExternal: async () => undefined };
export const clipboard = { writeText: () => undefined, readText: () => '' };
export const dialog = { showSaveDialog: async () => ({ canceled: true, filePath: '' }) };
export const powerMonitor = new EventEmitter();
export const safeStorage = {
  isEncryptionAvailable: () => false,
  encryptString: () => {
    throw new Error('safeStorage is not available');
  },
  decryptString: () => {
    throw new Error('safeStorage is not available');
  },
};
export class Notification {
  static isSupported() {
    return false;
  }
  show() {}
  close() {}
}
