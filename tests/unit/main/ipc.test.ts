import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventChannel, invokeChannel } from '../../../src-preload/channels';
import { operationNames, type OperationName } from '../../../src-preload/contract';
import type { WalletApi } from '../../../src-preload/wallet-api';
import { createDispatcher, createEmitter, type Handlers } from '../../../src-main/dispatch';
import { bindIpc, createEventSender } from '../../../src-main/ipc';
import { resolveAppOrigin } from '../../../src-main/shell/app-origin';
import { createRecordingLogger } from '../support/recording-logger';
import { electronFake, FakeBrowserWindow, resetElectronFake, type FakeFrame } from '../support/fake-electron';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronFake.module);

const app = resolveAppOrigin(undefined);
const appFrame: FakeFrame = { url: 'app://wallet-desk/index.html', parent: null };
const preferences = { privacyMode: false, idleLockMinutes: 15, theme: 'system' as const, language: 'system' as const };

function bind() {
  const update = vi.fn(
    async (change: { privacyMode?: boolean; idleLockMinutes?: number; theme?: 'system' | 'light' | 'dark' }) => ({
      ...preferences,
      ...change,
    }),
  );
  const info = vi.fn(() => ({
    name: 'Wallet Desk',
    version: '0.1.0',
    environment: 'local-sandbox' as const,
    keychain: 'available' as const,
    settingsProblem: null,
  }));
  // Only the operations these tests call; the dispatcher never reaches the others.
  const handlers: Partial<Handlers> = { 'preferences.update': update, 'app.info': info };
  const onForbidden = vi.fn();
  const unbind = bindIpc({
    dispatch: createDispatcher(handlers as Handlers, createRecordingLogger()),
    app,
    onForbidden,
  });
  return { update, info, onForbidden, unbind };
}

beforeEach(() => {
  resetElectronFake();
  vi.resetModules();
});

describe('bindIpc', () => {
  it('registers exactly one handler per contract operation, on the derived channel', () => {
    bind();
    expect([...electronFake.ipcMain.handlers.keys()].sort()).toEqual(operationNames.map(invokeChannel).sort());
  });

  it('round-trips a call from the real preload through ipcMain to the handler and back', async () => {
    const { update } = bind();
    // Wire the fake ipcRenderer to the fake ipcMain, as Electron would for the app's own top frame.
    electronFake.ipcRenderer.invoke.mockImplementation((channel: string, ...args: unknown[]) =>
      electronFake.ipcMain.invoke(channel, appFrame, ...args),
    );
    await import('../../../src-preload/index');
    const wallet = electronFake.contextBridge.exposeInMainWorld.mock.calls[0]?.[1] as WalletApi;

    const result = await wallet.preferences.update({ privacyMode: true });

    expect(result).toEqual({
      ok: true,
      value: { privacyMode: true, idleLockMinutes: 15, theme: 'system', language: 'system' },
    });
    expect(update).toHaveBeenCalledExactlyOnceWith({ privacyMode: true });
    expect(electronFake.ipcRenderer.invoke).toHaveBeenCalledWith('wallet:invoke:preferences.update', {
      privacyMode: true,
    });
  });

  it.each([
    ['a wrong type', { privacyMode: 'yes' }],
    ['an unknown field', { privacyMode: true, isAdmin: true }],
    ['an out-of-range number', { idleLockMinutes: 0 }],
    ['not an object', 'privacyMode=true'],
    ['a prototype-pollution attempt', JSON.parse('{"__proto__": {"polluted": true}, "privacyMode": true}') as unknown],
  ])('answers bad_input for %s without reaching the handler', async (_label, input) => {
    const { update } = bind();
    const result = await electronFake.ipcMain.invoke(invokeChannel('preferences.update'), appFrame, input);
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(update).not.toHaveBeenCalled();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each<[string, FakeFrame | null]>([
    ['a subframe of the app page', { url: 'app://wallet-desk/index.html', parent: appFrame }],
    ['a foreign subframe', { url: 'https://evil.example/', parent: appFrame }],
    ['a top frame of another origin', { url: 'https://evil.example/', parent: null }],
    ['a look-alike host', { url: 'app://wallet-desk.attacker.com/index.html', parent: null }],
    ['a file: page', { url: 'file:///tmp/index.html', parent: null }],
    ['a destroyed frame', null],
  ])('refuses a call from %s with forbidden_sender', async (_label, frame) => {
    const { update, info, onForbidden } = bind();
    const result = await electronFake.ipcMain.invoke(invokeChannel('preferences.update'), frame, { privacyMode: true });
    expect(result).toEqual({ ok: false, error: { code: 'forbidden_sender', message: expect.any(String) } });
    expect(await electronFake.ipcMain.invoke(invokeChannel('app.info'), frame)).toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    });
    expect(update).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
    expect(onForbidden).toHaveBeenCalledWith('preferences.update', frame?.url ?? null);
  });

  it('every operation of the contract refuses a foreign or nested frame before its handler runs', async () => {
    const reached: string[] = [];
    // A handler for every operation, so a channel that skipped the frame check would show up here.
    const handlers = Object.fromEntries(
      operationNames.map((name) => [name, () => void reached.push(name)]),
    ) as unknown as Handlers;
    const onForbidden = vi.fn();
    bindIpc({ dispatch: createDispatcher(handlers, createRecordingLogger()), app, onForbidden });
    const foreign: FakeFrame = { url: 'https://evil.example/', parent: null };
    const nested: FakeFrame = { url: 'app://wallet-desk/index.html', parent: appFrame };
    for (const name of operationNames) {
      for (const frame of [foreign, nested]) {
        expect(await electronFake.ipcMain.invoke(invokeChannel(name), frame, undefined), name).toMatchObject({
          ok: false,
          error: { code: 'forbidden_sender' },
        });
      }
    }
    expect(reached).toEqual([]);
    expect(onForbidden).toHaveBeenCalledTimes(operationNames.length * 2);
  });

  it('has no handler for an operation outside the contract, and the dispatcher refuses one by name', async () => {
    bind();
    await expect(electronFake.ipcMain.invoke('wallet:invoke:wallets.drain', appFrame, {})).rejects.toThrow(
      /No handler/,
    );
    const dispatch = createDispatcher({} as Handlers, createRecordingLogger());
    expect(await dispatch('wallets.drain', {})).toMatchObject({ ok: false, error: { code: 'unknown_operation' } });
  });

  it('never lets a handler exception cross the bridge', async () => {
    const handlers: Partial<Handlers> = {
      'app.info': () => {
        throw new Error('database password is hunter2');
      },
    };
    bindIpc({ dispatch: createDispatcher(handlers as Handlers, createRecordingLogger()), app });
    const result = await electronFake.ipcMain.invoke(invokeChannel('app.info' satisfies OperationName), appFrame);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });

  it('unbinds every handler', () => {
    const { unbind } = bind();
    unbind();
    expect(electronFake.ipcMain.handlers.size).toBe(0);
  });
});

describe('createEventSender', () => {
  it('sends contract events to the main window only, and drops them once it is gone', () => {
    const main = new FakeBrowserWindow({});
    const other = new FakeBrowserWindow({});
    let current: FakeBrowserWindow | null = main;
    const emit = createEmitter(createEventSender(() => current as unknown as Electron.BrowserWindow | null));

    emit('preferences.changed', { privacyMode: true, idleLockMinutes: 5, theme: 'system', language: 'system' });
    expect(main.webContents.sent).toEqual([
      {
        channel: eventChannel('preferences.changed'),
        payload: { privacyMode: true, idleLockMinutes: 5, theme: 'system', language: 'system' },
      },
    ]);
    expect(other.webContents.sent).toEqual([]);

    main.destroyed = true;
    emit('preferences.changed', preferences);
    current = null;
    emit('preferences.changed', preferences);
    expect(main.webContents.sent).toHaveLength(1);
  });

  it('refuses a payload the contract does not allow', () => {
    const main = new FakeBrowserWindow({});
    const emit = createEmitter(createEventSender(() => main as unknown as Electron.BrowserWindow));
    expect(() => emit('preferences.changed', { privacyMode: 'yes' } as unknown as typeof preferences)).toThrow();
    expect(main.webContents.sent).toEqual([]);
  });
});
