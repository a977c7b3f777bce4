import { describe, expect, it } from 'vitest';
import { createSecretStore } from '../../../../src-main/keychain/create-secret-store';
import type { KeytarApi } from '../../../../src-main/keychain/keytar-store';
import { createMemoryStore } from '../../../../src-main/keychain/memory-store';
import { createRecordingLogger } from '../../support/recording-logger';

function fakeKeytar(overrides: Partial<KeytarApi> = {}): KeytarApi {
  const entries = new Map<string, string>();
  return {
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => {
      entries.set(`${service}/${account}`, password);
    },
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
    ...overrides,
  };
}

describe('createSecretStore', () => {
  it('uses the keychain when the probe entry round-trips, and leaves no probe behind', async () => {
    const keytar = fakeKeytar();
    const logger = createRecordingLogger();
    const store = await createSecretStore(logger, { loadKeytar: async () => keytar });
    expect(store.kind).toBe('keychain');
    await store.set('refresh-token:test', 'value');
    expect(await keytar.getPassword('wallet-desk', 'refresh-token:test')).toBe('value');
    expect(logger.entries.filter((entry) => entry.level === 'warn')).toEqual([]);
  });

  it('falls back to memory with a warning when keytar cannot be loaded', async () => {
    const logger = createRecordingLogger();
    const store = await createSecretStore(logger, {
      loadKeytar: async () => {
        throw new Error('libsecret-1.so.0: cannot open shared object file');
      },
    });
    expect(store.kind).toBe('memory');
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: 'warn', details: { reason: expect.stringContaining('libsecret') } }),
    );
  });

  it('falls back to memory when the Secret Service refuses writes (locked or denied)', async () => {
    const logger = createRecordingLogger();
    const store = await createSecretStore(logger, {
      loadKeytar: async () =>
        fakeKeytar({
          setPassword: async () => {
            throw new Error('Cannot create an item in a locked collection');
          },
        }),
    });
    expect(store.kind).toBe('memory');
    expect(logger.text()).toContain('locked collection');
  });

  it('falls back to memory when the keychain returns something other than what was written', async () => {
    const store = await createSecretStore(createRecordingLogger(), {
      loadKeytar: async () => fakeKeytar({ getPassword: async () => null }),
    });
    expect(store.kind).toBe('memory');
  });

  it('gives up on a keychain that never answers (an unlock prompt nobody sees)', async () => {
    const logger = createRecordingLogger();
    const store = await createSecretStore(logger, {
      loadKeytar: async () => fakeKeytar({ setPassword: () => new Promise<void>(() => {}) }),
      probeTimeoutMs: 50,
    });
    expect(store.kind).toBe('memory');
    expect(logger.text()).toContain('did not answer');
  });
});

describe('createSecretStore after the probe (security 31)', () => {
  it.each([
    ['hangs', () => new Promise<never>(() => {})],
    ['fails', () => Promise.reject(new Error('org.freedesktop.DBus.Error.ServiceUnknown'))],
  ])('a keychain that %s later answers from memory by the deadline and reports it', async (_case, broken) => {
    let healthy = true;
    const keytar = fakeKeytar();
    const store = await createSecretStore(createRecordingLogger(), {
      loadKeytar: async () => ({
        getPassword: (service, account) => (healthy ? keytar.getPassword(service, account) : broken()),
        setPassword: (service, account, password) =>
          healthy ? keytar.setPassword(service, account, password) : broken(),
        deletePassword: (service, account) => (healthy ? keytar.deletePassword(service, account) : broken()),
      }),
      callDeadlineMs: 50,
    });
    expect(store.kind).toBe('keychain');
    const reported = new Promise<string>((resolve) => store.onFallbackToMemory?.(() => resolve('reported')));
    await store.set('refresh-token:test', 'rt1');
    healthy = false;

    const started = Date.now();
    await store.set('refresh-token:test', 'rt2');
    expect(await store.get('refresh-token:test')).toBe('rt2');
    expect(await store.delete('refresh-token:test')).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(store.kind).toBe('memory');
    expect(await reported).toBe('reported');
  });
});

describe('createMemoryStore', () => {
  it('keeps secrets per account and forgets deleted ones', async () => {
    const store = createMemoryStore();
    await store.set('a', '1');
    await store.set('b', '2');
    expect(await store.get('a')).toBe('1');
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
    expect(await store.get('a')).toBeNull();
    expect(await store.get('b')).toBe('2');
  });
});
