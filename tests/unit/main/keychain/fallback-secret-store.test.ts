import { describe, expect, it } from 'vitest';
import { createFallbackSecretStore } from '../../../../src-main/keychain/fallback-secret-store';
import type { SecretStore } from '../../../../src-main/keychain/secret-store';
import { createRecordingLogger } from '../../support/recording-logger';

const DEADLINE_MS = 50;

/** A keychain that works until `breakdown` is set: then every call hangs forever or fails. */
function scriptedKeychain() {
  const entries = new Map<string, string>();
  const calls: string[] = [];
  let breakdown: 'none' | 'hang' | 'fail' = 'none';
  const act = async <T>(name: string, work: () => T): Promise<T> => {
    calls.push(name);
    if (breakdown === 'hang') return new Promise<T>(() => {});
    if (breakdown === 'fail') throw new Error('org.freedesktop.Secret.Error.IsLocked');
    return work();
  };
  const store: SecretStore = {
    kind: 'keychain',
    get: (account) => act(`get ${account}`, () => entries.get(account) ?? null),
    set: (account, secret) => act(`set ${account}`, () => void entries.set(account, secret)),
    delete: (account) => act(`delete ${account}`, () => entries.delete(account)),
  };
  return {
    store,
    entries,
    calls,
    breakDown(how: 'hang' | 'fail') {
      breakdown = how;
    },
  };
}

/** Fails the test instead of hanging it when a call does not settle well within the deadline. */
async function promptly<T>(work: Promise<T>, withinMs = DEADLINE_MS * 10): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`did not settle within ${withinMs} ms`)), withinMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

function setup() {
  const keychain = scriptedKeychain();
  const logger = createRecordingLogger();
  const store = createFallbackSecretStore(keychain.store, { logger, deadlineMs: DEADLINE_MS });
  const fallbacks: number[] = [];
  store.onFallbackToMemory?.(() => fallbacks.push(Date.now()));
  return { keychain, logger, store, fallbacks };
}

describe('keychain with a deadline and a memory fallback (security 31)', () => {
  it('uses the keychain while it answers', async () => {
    const { keychain, store, fallbacks } = setup();
    await store.set('refresh-token:a', 'rt1');
    expect(keychain.entries.get('refresh-token:a')).toBe('rt1');
    expect(await store.get('refresh-token:a')).toBe('rt1');
    expect(await store.delete('refresh-token:a')).toBe(true);
    expect(keychain.entries.has('refresh-token:a')).toBe(false);
    expect(store.kind).toBe('keychain');
    expect(fallbacks).toEqual([]);
  });

  it.each(['hang', 'fail'] as const)(
    'a keychain that starts to %s: every call still settles, on memory, and nothing this run knew is lost',
    async (how) => {
      const { keychain, logger, store, fallbacks } = setup();
      await store.set('refresh-token:a', 'rt1');
      keychain.entries.set('merchant-secret:k', 'sk-read-earlier');
      expect(await store.get('merchant-secret:k')).toBe('sk-read-earlier');
      keychain.breakDown(how);

      // The rotated token whose write hangs or fails is kept, and reads answer from memory.
      await promptly(store.set('refresh-token:a', 'rt2'));
      expect(store.kind).toBe('memory');
      expect(fallbacks).toHaveLength(1);
      expect(await promptly(store.get('refresh-token:a'))).toBe('rt2');
      expect(await promptly(store.get('merchant-secret:k'))).toBe('sk-read-earlier');
      expect(logger.entries).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          message: expect.stringContaining('in memory for the rest of this run'),
        }),
      );

      // For the rest of the run the keychain is not asked again, so nothing waits on it twice.
      const asked = keychain.calls.length;
      expect(await promptly(store.delete('refresh-token:a'), DEADLINE_MS / 2)).toBe(true);
      expect(await promptly(store.get('refresh-token:a'), DEADLINE_MS / 2)).toBeNull();
      await promptly(store.set('refresh-token:b', 'rt9'), DEADLINE_MS / 2);
      expect(await store.get('refresh-token:b')).toBe('rt9');
      expect(keychain.calls).toHaveLength(asked);
      expect(fallbacks).toHaveLength(1);
    },
  );

  it.each(['hang', 'fail'] as const)('a first call that meets a keychain that %ss falls back too', async (how) => {
    for (const operation of ['get', 'set', 'delete'] as const) {
      const { keychain, store, fallbacks } = setup();
      keychain.breakDown(how);
      const started = Date.now();
      if (operation === 'get') expect(await promptly(store.get('refresh-token:a'))).toBeNull();
      if (operation === 'set') await promptly(store.set('refresh-token:a', 'rt1'));
      if (operation === 'delete') expect(await promptly(store.delete('refresh-token:a'))).toBe(false);
      if (how === 'hang') expect(Date.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS - 5);
      expect(store.kind, operation).toBe('memory');
      expect(fallbacks, operation).toHaveLength(1);
    }
  });

  it('calls that hang together all settle at the deadline and report one fallback', async () => {
    const { keychain, store, fallbacks } = setup();
    await store.set('refresh-token:a', 'rt1');
    keychain.breakDown('hang');
    const results = await promptly(
      Promise.all([store.get('refresh-token:a'), store.set('refresh-token:b', 'rt2'), store.get('refresh-token:b')]),
    );
    expect(results[0]).toBe('rt1');
    expect(await store.get('refresh-token:b')).toBe('rt2');
    expect(fallbacks).toHaveLength(1);
  });
});
