import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventChannel, invokeChannel } from '../../../src-preload/channels';
import { operationNames } from '../../../src-preload/contract';
import { electronFake, resetElectronFake } from '../support/fake-electron';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronFake.module);

/** Loads src-preload/index.ts the way Electron would, and returns what it handed to contextBridge. */
async function loadPreload(): Promise<Record<string, unknown>> {
  await import('../../../src-preload/index');
  const calls = electronFake.contextBridge.exposeInMainWorld.mock.calls;
  expect(calls).toHaveLength(1);
  expect(calls[0]?.[0]).toBe('wallet');
  return calls[0]?.[1] as Record<string, unknown>;
}

/** Every value reachable from the exposed object, so nothing can hide one level down. */
function reachable(root: unknown): unknown[] {
  const seen = new Set<unknown>();
  const walk = (value: unknown): void => {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return;
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      if (descriptor && 'value' in descriptor) walk(descriptor.value);
    }
  };
  walk(root);
  return [...seen];
}

beforeEach(() => {
  resetElectronFake();
  vi.resetModules();
});

describe('preload (security item 8)', () => {
  it('exposes exactly one key, `wallet`, and touches no other global', async () => {
    const before = new Set(Object.keys(globalThis));
    await loadPreload();
    expect(electronFake.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(Object.keys(globalThis).filter((key) => !before.has(key))).toEqual([]);
  });

  it("exposes exactly one key, `wallet`, on the app's entry page too, every member a contract function or `on`", async () => {
    // A page like the app's own, so a preload that exposes more only there is caught.
    const root = { setAttribute: vi.fn() };
    vi.stubGlobal('window', {
      location: new URL('app://wallet-desk/index.html'),
      document: { documentElement: root },
    });
    vi.stubGlobal('localStorage', { getItem: () => 'dark' });
    try {
      await import('../../../src-preload/index');
      const calls = electronFake.contextBridge.exposeInMainWorld.mock.calls;
      expect(calls.map(([key]) => key)).toEqual(['wallet']);
      const wallet = calls[0]?.[1] as Record<string, unknown>;
      const domains = new Set(operationNames.map((name) => name.split('.')[0]!));
      for (const [key, member] of Object.entries(wallet)) {
        if (key === 'on') {
          expect(typeof member).toBe('function');
          continue;
        }
        expect(domains.has(key), key).toBe(true);
        for (const [action, call] of Object.entries(member as Record<string, unknown>)) {
          expect(operationNames, `${key}.${action}`).toContain(`${key}.${action}`);
          expect(typeof call).toBe('function');
        }
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('has only the contract domains and `on`, each domain only its operations, all frozen', async () => {
    const wallet = await loadPreload();
    const domains = [...new Set(operationNames.map((name) => name.split('.')[0]!))];
    expect(Object.keys(wallet).sort()).toEqual([...domains, 'on'].sort());
    expect(Object.isFrozen(wallet)).toBe(true);
    for (const domain of domains) {
      const actions = wallet[domain] as Record<string, unknown>;
      const expected = operationNames
        .filter((name) => name.startsWith(`${domain}.`))
        .map((name) => name.slice(domain.length + 1));
      expect(Object.keys(actions).sort()).toEqual(expected.sort());
      expect(Object.values(actions).every((action) => typeof action === 'function')).toBe(true);
      expect(Object.isFrozen(actions)).toBe(true);
    }
  });

  it('never exposes ipcRenderer, process, require or any Node object', async () => {
    const wallet = await loadPreload();
    const values = reachable(wallet);
    expect(values).not.toContain(electronFake.ipcRenderer);
    for (const method of [
      electronFake.ipcRenderer.invoke,
      electronFake.ipcRenderer.on,
      electronFake.ipcRenderer.emit,
      electronFake.ipcRenderer.removeListener,
    ]) {
      expect(values).not.toContain(method);
    }
    expect(values).not.toContain(process);
    expect(values).not.toContain(electronFake.contextBridge);
    const domains = new Set(operationNames.map((name) => name.split('.')[0]));
    const ipcWords = [
      'ipcRenderer',
      'process',
      'require',
      'module',
      'Buffer',
      'invoke',
      'send',
      'sendSync',
      'electron',
    ];
    // `send` is also a contract domain (sending money); the exact key set is checked in the test above.
    for (const key of ipcWords.filter((word) => !domains.has(word))) {
      expect(wallet, key).not.toHaveProperty(key);
    }
  });

  it('sends every operation to its own invoke channel with the argument as given', async () => {
    const wallet = await loadPreload();
    for (const name of operationNames) {
      const [domain, action] = name.split('.') as [string, string];
      const call = (wallet[domain] as Record<string, (input?: unknown) => Promise<unknown>>)[action]!;
      electronFake.ipcRenderer.invoke.mockClear();
      await call({ probe: name });
      expect(electronFake.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(invokeChannel(name), { probe: name });
    }
  });

  it('subscribes to contract events only, hands the listener the payload but never the IPC event, and unsubscribes', async () => {
    const wallet = await loadPreload();
    const on = wallet['on'] as (event: string, listener: (payload: unknown) => void) => () => void;
    const listener = vi.fn();
    const unsubscribe = on('preferences.changed', listener);
    const channel = eventChannel('preferences.changed');
    expect(electronFake.ipcRenderer.listenerCount(channel)).toBe(1);

    const ipcEvent = { sender: electronFake.ipcRenderer, senderId: 0 };
    electronFake.ipcRenderer.emit(channel, ipcEvent, { privacyMode: true, idleLockMinutes: 5 });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ privacyMode: true, idleLockMinutes: 5 });

    unsubscribe();
    expect(electronFake.ipcRenderer.listenerCount(channel)).toBe(0);
    expect(() => on('ipc:anything', listener)).toThrow(/Unknown event/);
    expect(() => on('preferences.changed', 'not a function' as unknown as () => void)).toThrow(TypeError);
  });
});
