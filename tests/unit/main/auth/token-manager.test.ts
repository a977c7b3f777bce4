import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src-main/app-error';
import { InvalidGrantError, type TokenEndpoint } from '../../../../src-main/auth/token-endpoint';
import { createTokenManager, type TokenManagerDeps } from '../../../../src-main/auth/token-manager';
import type { TokenSet } from '../../../../src-main/auth/token-set';
import { createFallbackSecretStore } from '../../../../src-main/keychain/fallback-secret-store';
import type { SecretStore } from '../../../../src-main/keychain/secret-store';
import { createRecordingLogger } from '../../support/recording-logger';

const ACCOUNT = 'refresh-token:test';

function recordingStore(
  events: string[],
  overrides: Partial<SecretStore> = {},
): SecretStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    kind: 'keychain',
    get: async (account) => map.get(account) ?? null,
    set: async (account, secret) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      map.set(account, secret);
      events.push(`store.set ${secret}`);
    },
    delete: async (account) => {
      events.push('store.delete');
      return map.delete(account);
    },
    ...overrides,
  };
}

/** An issuer that rotates: refresh token rtN yields atN+1 and rtN+1; old ones are refused. */
function rotatingIssuer(
  events: string[],
  options: { expiresIn?: number | undefined; delayMs?: number | undefined } = {},
) {
  let serial = 1;
  const valid = new Set(['rt1']);
  const revoked: string[] = [];
  const endpoint: TokenEndpoint = {
    async refresh(refreshToken) {
      events.push(`refresh ${refreshToken}`);
      const accepted = valid.has(refreshToken);
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 10));
      if (!accepted) throw new InvalidGrantError();
      valid.delete(refreshToken);
      serial += 1;
      valid.add(`rt${serial}`);
      return {
        accessToken: `at${serial}`,
        refreshToken: `rt${serial}`,
        expiresInSeconds: options.expiresIn ?? 300,
        subject: 'user-1',
      };
    },
    async revoke(token) {
      events.push(`revoke ${token}`);
      revoked.push(token);
      valid.delete(token);
    },
  };
  return { endpoint, valid, revoked, refreshes: () => events.filter((event) => event.startsWith('refresh')).length };
}

function setup(extra: Partial<TokenManagerDeps> & { expiresIn?: number; delayMs?: number } = {}) {
  const events: string[] = [];
  const store = recordingStore(events);
  const issuer = rotatingIssuer(events, { expiresIn: extra.expiresIn, delayMs: extra.delayMs });
  const logger = Object.assign(createRecordingLogger(), { secrets: [] as string[] });
  const registered: string[] = [];
  const manager = createTokenManager({
    store,
    account: ACCOUNT,
    endpoint: issuer.endpoint,
    logger: Object.assign(logger, { registerSecret: (secret: string) => registered.push(secret) }),
    ...extra,
  });
  return { events, store, issuer, manager, logger, registered };
}

const signIn: TokenSet = { accessToken: 'at1', refreshToken: 'rt1', expiresInSeconds: 300, subject: 'user-1' };

async function caught(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('token manager', () => {
  it('stores the refresh token from sign-in and keeps the access token in memory only', async () => {
    const { manager, store } = setup();
    await manager.adopt(signIn);
    expect(store.map.get(ACCOUNT)).toBe('rt1');
    expect([...store.map.values()]).not.toContain('at1');
    expect(await manager.getAccessToken()).toBe('at1');
    expect(manager.signedIn).toBe(true);
  });

  it('refreshes ahead of expiry, not before', async () => {
    let clock = 1_000_000;
    const { manager, issuer } = setup({ now: () => clock, refreshLeewaySeconds: 30 });
    await manager.adopt(signIn);
    clock += 269_000;
    expect(await manager.getAccessToken()).toBe('at1');
    clock += 2_000; // now 29 s before expiry
    expect(await manager.getAccessToken()).toBe('at2');
    expect(issuer.refreshes()).toBe(1);
  });

  it('shares one refresh among concurrent callers', async () => {
    let clock = 0;
    const { manager, issuer } = setup({ now: () => clock });
    await manager.adopt(signIn);
    clock = 10 * 60_000;
    const tokens = await Promise.all([
      manager.getAccessToken(),
      manager.getAccessToken(),
      manager.refreshAfter401('at1'),
      manager.getAccessToken(),
      manager.refreshAfter401('at1'),
    ]);
    expect(new Set(tokens)).toEqual(new Set(['at2']));
    expect(issuer.refreshes()).toBe(1);
  });

  it('after a 401 does not refresh again when another caller already did', async () => {
    const { manager, issuer } = setup();
    await manager.adopt(signIn);
    expect(await manager.refreshAfter401('at1')).toBe('at2');
    expect(await manager.refreshAfter401('at1')).toBe('at2');
    expect(issuer.refreshes()).toBe(1);
  });

  it('writes the rotated refresh token before handing out the new access token', async () => {
    const { manager, events } = setup();
    await manager.adopt(signIn);
    events.length = 0;
    const token = await manager.refreshAfter401('at1');
    events.push(`use ${token}`);
    expect(events).toEqual(['refresh rt1', 'store.set rt2', 'use at2']);
  });

  it('keeps the rotated refresh token in memory and stays signed in when the keychain write fails (security 16, 20, 31)', async () => {
    const events: string[] = [];
    const issuer = rotatingIssuer(events);
    const keychain = recordingStore(events);
    const write = keychain.set;
    let failWrites = false;
    keychain.set = async (account, secret) => {
      if (failWrites) throw new Error('Cannot create an item in a locked collection');
      return write(account, secret);
    };
    const store = createFallbackSecretStore(keychain, { logger: createRecordingLogger(), deadlineMs: 50 });
    const manager = createTokenManager({
      store,
      account: ACCOUNT,
      endpoint: issuer.endpoint,
      logger: createRecordingLogger(),
    });
    const reasons: string[] = [];
    manager.onSignedOut((reason) => reasons.push(reason));
    await manager.adopt(signIn);
    failWrites = true;

    expect(await manager.refreshAfter401('at1')).toBe('at2');
    expect(manager.signedIn).toBe(true);
    expect(reasons).toEqual([]);
    expect(store.kind).toBe('memory');
    // The keychain still holds the retired rt1; the next refresh uses rt2 from memory, which the issuer accepts.
    expect(keychain.map.get(ACCOUNT)).toBe('rt1');
    expect(await manager.refreshAfter401('at2')).toBe('at3');
    expect(events.filter((event) => event.startsWith('refresh'))).toEqual(['refresh rt1', 'refresh rt2']);
  });

  it('a keychain that never answers holds up neither a refresh nor sign-out past its deadline (security 31)', async () => {
    const events: string[] = [];
    const issuer = rotatingIssuer(events);
    const keychain = recordingStore(events);
    let hang = false;
    const never = new Promise<never>(() => {});
    const { get, set, delete: remove } = keychain;
    Object.assign(keychain, {
      get: (account: string) => (hang ? never : get(account)),
      set: (account: string, secret: string) => (hang ? never : set(account, secret)),
      delete: (account: string) => (hang ? never : remove(account)),
    });
    const store = createFallbackSecretStore(keychain, { logger: createRecordingLogger(), deadlineMs: 50 });
    const manager = createTokenManager({
      store,
      account: ACCOUNT,
      endpoint: issuer.endpoint,
      logger: createRecordingLogger(),
    });
    await manager.adopt(signIn);
    hang = true;

    const started = Date.now();
    expect(await manager.refreshAfter401('at1')).toBe('at2');
    expect(manager.signedIn).toBe(true);
    await manager.signOut();
    // One deadline (the read that gave the keychain up), then memory answers at once.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(issuer.revoked).toEqual(['rt2', 'at2']);
    expect(manager.signedIn).toBe(false);
    expect(await store.get(ACCOUNT)).toBeNull();
  });

  it('a store with nowhere at all to put the rotated token ends the session rather than use an unsaved token', async () => {
    const events: string[] = [];
    const issuer = rotatingIssuer(events);
    let failWrites = false;
    const store = recordingStore(events);
    const original = store.set;
    store.set = async (account, secret) => {
      if (failWrites) throw new Error('Cannot create an item in a locked collection');
      return original(account, secret);
    };
    const manager = createTokenManager({
      store,
      account: ACCOUNT,
      endpoint: issuer.endpoint,
      logger: createRecordingLogger(),
    });
    const reasons: string[] = [];
    manager.onSignedOut((reason) => reasons.push(reason));
    await manager.adopt(signIn);
    failWrites = true;
    const error = await caught(manager.refreshAfter401('at1'));
    expect(error.code).toBe('keychain_unavailable');
    expect(reasons).toEqual(['storage_failed']);
    expect(manager.signedIn).toBe(false);
  });

  it('on invalid_grant clears the stored token, signals signed out once and does not retry', async () => {
    const { manager, issuer, store } = setup();
    const reasons: string[] = [];
    manager.onSignedOut((reason) => reasons.push(reason));
    await manager.adopt(signIn);
    issuer.valid.clear(); // revoked at the issuer
    const results = await Promise.allSettled([manager.refreshAfter401('at1'), manager.refreshAfter401('at1')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((await caught(manager.getAccessToken())).code).toBe('not_signed_in');
    expect(issuer.refreshes()).toBe(1);
    expect(store.map.has(ACCOUNT)).toBe(false);
    expect(reasons).toEqual(['invalid_grant']);
  });

  it('keeps the session when the issuer cannot be reached, and refreshes on the next call', async () => {
    const { manager, issuer, store } = setup();
    await manager.adopt(signIn);
    const refresh = issuer.endpoint.refresh;
    issuer.endpoint.refresh = async () => {
      throw new AppError('network', 'unreachable');
    };
    expect((await caught(manager.refreshAfter401('at1'))).code).toBe('network');
    expect(manager.signedIn).toBe(true);
    expect(store.map.get(ACCOUNT)).toBe('rt1');
    issuer.endpoint.refresh = refresh;
    expect(await manager.refreshAfter401('at1')).toBe('at2');
  });

  it('restores silently from the stored refresh token, and reports when there is none', async () => {
    const first = setup();
    expect(await first.manager.restore()).toBe(false);
    first.store.map.set(ACCOUNT, 'rt1');
    expect(await first.manager.restore()).toBe(true);
    expect(await first.manager.getAccessToken()).toBe('at2');
    expect(first.store.map.get(ACCOUNT)).toBe('rt2');
  });

  it('restore reads the keychain once, or not at all when handed the entry its caller just read', async () => {
    const events: string[] = [];
    const reads: string[] = [];
    const store = recordingStore(events);
    const counted: SecretStore = {
      ...store,
      get: async (account) => {
        reads.push(account);
        return store.get(account);
      },
    };
    const issuer = rotatingIssuer(events);
    const make = () =>
      createTokenManager({
        store: counted,
        account: ACCOUNT,
        endpoint: issuer.endpoint,
        logger: createRecordingLogger(),
      });
    store.map.set(ACCOUNT, 'rt1');
    expect(await make().restore()).toBe(true);
    expect(reads).toEqual([ACCOUNT]);
    reads.length = 0;
    const handed = make();
    expect(await handed.restore('rt2')).toBe(true);
    expect(reads).toEqual([]);
    expect(events.filter((event) => event.startsWith('refresh'))).toEqual(['refresh rt1', 'refresh rt2']);
    expect(await handed.getAccessToken()).toBe('at3');
    expect(store.map.get(ACCOUNT)).toBe('rt3');
    expect(await make().restore(null)).toBe(false);
    expect(reads).toEqual([]);
  });

  it('restore with a refused refresh token returns false and forgets it', async () => {
    const { manager, store } = setup();
    store.map.set(ACCOUNT, 'rt-revoked');
    expect(await manager.restore()).toBe(false);
    expect(store.map.has(ACCOUNT)).toBe(false);
  });

  it('signs out: revokes at the issuer, deletes the keychain entry, clears memory', async () => {
    const { manager, issuer, store, events } = setup();
    await manager.adopt(signIn);
    await manager.signOut();
    expect(issuer.revoked).toEqual(['rt1', 'at1']);
    expect(events.indexOf('revoke rt1')).toBeLessThan(events.indexOf('store.delete'));
    expect(store.map.has(ACCOUNT)).toBe(false);
    expect((await caught(manager.getAccessToken())).code).toBe('not_signed_in');
  });

  it('a refresh under way during sign-out cannot bring the session back', async () => {
    const { manager, issuer, store } = setup({ delayMs: 50 });
    await manager.adopt(signIn);
    const refreshing = manager.refreshAfter401('at1');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await manager.signOut();
    expect((await caught(refreshing)).code).toBe('not_signed_in');
    expect(store.map.has(ACCOUNT)).toBe(false);
    expect(issuer.revoked).toContain('rt2');
    expect(manager.signedIn).toBe(false);
  });

  it('replacing a session (unlock) overwrites the stored refresh token without revoking the grant', async () => {
    const { manager, issuer, store } = setup();
    await manager.adopt(signIn);
    await manager.adopt({ accessToken: 'at9', refreshToken: 'rt9', expiresInSeconds: 300, subject: 'user-1' });
    expect(store.map.get(ACCOUNT)).toBe('rt9');
    expect(await manager.getAccessToken()).toBe('at9');
    expect(issuer.revoked).toEqual([]);
  });

  it('forgetting the access token (lock) keeps the refresh token', async () => {
    const { manager, store, issuer } = setup();
    await manager.adopt(signIn);
    manager.forgetAccessToken();
    expect(store.map.get(ACCOUNT)).toBe('rt1');
    expect(await manager.getAccessToken()).toBe('at2');
    expect(issuer.refreshes()).toBe(1);
  });

  it('registers every token with the logger for redaction and never logs one', async () => {
    const { manager, registered, logger, issuer } = setup();
    await manager.adopt(signIn);
    await manager.refreshAfter401('at1');
    issuer.valid.clear();
    await caught(manager.refreshAfter401('at2'));
    expect(registered).toEqual(expect.arrayContaining(['rt1', 'at1', 'rt2', 'at2']));
    for (const token of ['rt1', 'at1', 'rt2', 'at2']) expect(logger.text()).not.toContain(`"${token}"`);
  });
});
