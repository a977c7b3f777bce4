import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProfileView, SessionView } from '../../../src-preload/contract/session';
import { AppError } from '../../../src-main/app-error';
import { loadKeytar as loadRealKeytar, type KeytarApi } from '../../../src-main/keychain/keytar-store';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { ScriptedBrowser } from '../support/scripted-browser';
import {
  createMachine,
  launch,
  refreshDirectly,
  REFRESH_ACCOUNT,
  sleep,
  userOf,
  type LaunchedApp,
  type Machine,
} from './app-fixture';

const TTL_SECONDS = 3;
let sandbox: RunningSandbox;
const cleanups: (() => Promise<void>)[] = [];

if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
  console.warn(
    'session integration tests run with the in-memory keychain fallback: DBUS_SESSION_BUS_ADDRESS is unset (run under dbus-run-session for gnome-keyring).',
  );
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, accessTokenTtlSeconds: TTL_SECONDS, quiet: true });
});

afterAll(async () => {
  await sandbox.close();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function machine(options: Parameters<typeof createMachine>[1] = {}): Promise<Machine> {
  const created = await createMachine(sandbox, options);
  cleanups.push(() => created.dispose());
  return created;
}

async function launched(on: Machine, options: Parameters<typeof launch>[1] = {}, port?: number): Promise<LaunchedApp> {
  const app = await launch(on, options, port);
  cleanups.push(() => app.close());
  return app;
}

function browserFor(
  username: string,
  extra: Partial<ConstructorParameters<typeof ScriptedBrowser>[0]> = {},
): ScriptedBrowser {
  return new ScriptedBrowser({ username, password: userOf(sandbox, username).password, ...extra });
}

async function bridgeError(app: LaunchedApp, operation: Parameters<LaunchedApp['call']>[0], input?: unknown) {
  const result = await app.call(operation, input);
  if (result.ok) throw new Error(`${operation} unexpectedly succeeded`);
  return result.error;
}

async function signedIn(on: Machine, username = 'alice'): Promise<{ app: LaunchedApp; view: SessionView }> {
  on.browser = browserFor(username);
  const app = await launched(on);
  const view = await app.value<SessionView>('session.signIn');
  return { app, view };
}

describe('sign-in through the system browser', () => {
  it('signs in with PKCE over a loopback redirect and stores only the refresh token in the keychain', async () => {
    const m = await machine();
    const { app, view } = await signedIn(m);
    const alice = userOf(sandbox, 'alice');
    expect(view.status).toBe('signed-in');
    expect(view.user).toEqual({ name: alice.name, email: alice.email });
    expect(view.accounts.map((account) => account.guid).sort()).toEqual(
      alice.accounts.map((account) => account.guid).sort(),
    );
    expect(view.activeAccountGuid).toBeTruthy();
    expect(view.keychain).toBe(process.env.DBUS_SESSION_BUS_ADDRESS ? 'available' : 'unavailable');

    expect(m.browser.opened).toHaveLength(1);
    const authorization = new URL(m.browser.opened[0] ?? '');
    expect(authorization.origin + authorization.pathname).toBe(`${sandbox.issuer}/auth`);
    const params = authorization.searchParams;
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('prompt')).toBe('consent');
    expect(params.get('scope')).toBe(
      'openid offline_access svc:wallet svc:merchant transaction:read transaction:write',
    );
    expect(params.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(params.has('client_secret')).toBe(false);

    // The browser saw the "return to the app" page, and the listener is gone afterwards.
    expect(m.browser.visits).toHaveLength(1);
    expect(m.browser.visits[0]?.status).toBe(200);
    expect(m.browser.visits[0]?.html).toContain('You can return to Wallet Desk');
    await expect(fetch(params.get('redirect_uri') ?? '')).rejects.toThrow();

    const stored = await m.secrets.get(REFRESH_ACCOUNT);
    expect(stored).toBeTruthy();
    expect(m.registeredSecrets).toContain(stored);
    expect(app.events.map((entry) => entry.event)).toContain('session.changed');
    expect(app.events.map((entry) => (entry.payload as SessionView).status)).toEqual(
      expect.arrayContaining(['signing-in', 'signed-in']),
    );
  });

  it('sends the token request with exactly the redirect URI of the authorization request, and no secret', async () => {
    const tokenBodies: string[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url === `${sandbox.issuer}/token`) tokenBodies.push(String(init?.body ?? ''));
      return realFetch(input, init);
    });
    try {
      const m = await machine();
      await signedIn(m);
      const sent = new URL(m.browser.opened[0] ?? '').searchParams.get('redirect_uri');
      const exchange = tokenBodies
        .map((body) => new URLSearchParams(body))
        .find((body) => body.get('grant_type') === 'authorization_code');
      expect(exchange?.get('redirect_uri')).toBe(sent);
      expect(exchange?.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
      expect(exchange?.get('client_id')).toBe(sandbox.clientId);
      expect(exchange?.has('client_secret')).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it('sends the S256 challenge of the very verifier it later proves possession of', async () => {
    const verifiers: string[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const body = new URLSearchParams(String(init?.body ?? ''));
      if (url === `${sandbox.issuer}/token` && body.get('grant_type') === 'authorization_code') {
        verifiers.push(body.get('code_verifier') ?? '');
      }
      return realFetch(input, init);
    });
    try {
      const m = await machine();
      await signedIn(m);
      const challenge = new URL(m.browser.opened[0] ?? '').searchParams.get('code_challenge');
      expect(verifiers).toHaveLength(1);
      expect(createHash('sha256').update(verifiers[0]!).digest('base64url')).toBe(challenge);
    } finally {
      spy.mockRestore();
    }
  });

  it('authenticates as a public client only: no secret, no Basic header and no client assertion at the issuer', async () => {
    const issuerCalls: { url: string; body: URLSearchParams; authorization: string | null }[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      // The scripted browser's login form posts to the issuer too; only the app's token endpoint calls count.
      if (url.startsWith(`${sandbox.issuer}/token`)) {
        issuerCalls.push({
          url,
          body: new URLSearchParams(String(init?.body ?? '')),
          authorization: new Headers(init?.headers).get('authorization'),
        });
      }
      return realFetch(input, init);
    });
    try {
      const m = await machine();
      const { app } = await signedIn(m);
      await app.value('session.signOut');
      // The code exchange and the revocation at sign-out.
      expect(issuerCalls.map((call) => new URL(call.url).pathname)).toEqual(
        expect.arrayContaining(['/oidc/token', '/oidc/token/revocation']),
      );
      for (const call of issuerCalls) {
        expect(call.authorization, call.url).toBeNull();
        expect(call.body.has('client_secret'), call.url).toBe(false);
        expect(call.body.has('client_assertion'), call.url).toBe(false);
        expect(call.body.get('client_id'), call.url).toBe(sandbox.clientId);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('uses fresh PKCE, state and nonce for every attempt', async () => {
    const m = await machine();
    const { app } = await signedIn(m);
    await app.value('session.signOut');
    await app.value('session.signIn');
    const [first, second] = m.browser.opened.map((url) => new URL(url).searchParams);
    for (const name of ['code_challenge', 'state', 'nonce', 'redirect_uri']) {
      expect(first?.get(name)).toBeTruthy();
      expect(first?.get(name)).not.toBe(second?.get(name));
    }
  });

  it.each([
    ['does not match', (callback: URL) => callback.searchParams.set('state', 'forged-state')],
    ['is missing', (callback: URL) => callback.searchParams.delete('state')],
  ])(
    'ignores a callback whose state %s (400, the attempt keeps waiting) and stores nothing (security 13, 32)',
    async (_case, tamperState) => {
      const m = await machine();
      m.browser = browserFor('alice', {
        tamper: (callback) => {
          tamperState(callback);
          return callback;
        },
      });
      const app = await launched(m);
      const signingIn = app.call('session.signIn');
      await waitFor(() => m.browser.visits.length === 1, 10_000);
      expect(m.browser.visits[0]?.status).toBe(400);
      // The attempt still waits for its own callback; nothing was exchanged or stored.
      expect((await app.value<SessionView>('session.get')).status).toBe('signing-in');
      expect(await m.secrets.get(REFRESH_ACCOUNT)).toBeNull();
      await app.value('session.cancelSignIn');
      expect(await signingIn).toMatchObject({ ok: false, error: { code: 'sign_in_cancelled' } });
      expect((await app.value<SessionView>('session.get')).status).toBe('signed-out');
    },
  );

  it('a stray /callback before the real one does not use up the listener: sign-in still succeeds (security 11, 32)', async () => {
    const m = await machine();
    const browser = browserFor('alice');
    const openInBrowser = browser.openExternal;
    const strays: number[] = [];
    // Another local process (or an old tab) reaches the port first, without the attempt's state.
    m.browser = Object.assign(browser, {
      openExternal: async (url: string) => {
        const redirect = new URL(url).searchParams.get('redirect_uri') ?? '';
        for (const query of ['', '?code=foreign', '?code=foreign&state=guessed']) {
          strays.push((await fetch(`${redirect}${query}`)).status);
        }
        await openInBrowser(url);
      },
    });
    const app = await launched(m);
    expect((await app.value<SessionView>('session.signIn')).status).toBe('signed-in');
    expect(strays).toEqual([400, 400, 400]);
    expect(m.browser.visits.map((visit) => visit.status)).toEqual([200]);
    expect(await m.secrets.get(REFRESH_ACCOUNT)).toBeTruthy();
  });

  it('refuses a callback that names another issuer', async () => {
    const m = await machine();
    m.browser = browserFor('alice', {
      tamper: (callback) => {
        callback.searchParams.set('iss', 'http://127.0.0.1:1/evil');
        return callback;
      },
    });
    const app = await launched(m);
    const error = await bridgeError(app, 'session.signIn');
    expect(error.code).toBe('sign_in_failed');
    expect(error.message).toMatch(/issuer/);
    expect(await m.secrets.get(REFRESH_ACCOUNT)).toBeNull();
  });

  it('refuses an ID token whose nonce is not the one this attempt sent', async () => {
    const m = await machine();
    m.browser = browserFor('alice', {
      tamperAuthorization: (authorization) => {
        authorization.searchParams.set('nonce', 'nonce-of-another-attempt');
        return authorization;
      },
    });
    const app = await launched(m);
    const error = await bridgeError(app, 'session.signIn');
    expect(error.code).toBe('sign_in_failed');
    expect(error.message).toMatch(/nonce/);
    expect(await m.secrets.get(REFRESH_ACCOUNT)).toBeNull();
  });

  it('refuses a second callback to the same listener', async () => {
    const m = await machine();
    m.browser = browserFor('alice', { replay: true });
    const app = await launched(m);
    expect((await app.value<SessionView>('session.signIn')).status).toBe('signed-in');
    await m.browser.settled();
    expect(m.browser.visits).toHaveLength(2);
    expect(m.browser.visits[0]?.status).toBe(200);
    expect([409, 'refused']).toContain(m.browser.visits[1]?.status);
  });

  it('ends with sign_in_cancelled when the user cancels consent, and can start again at once', async () => {
    const m = await machine();
    m.browser = browserFor('alice', { decision: 'cancel' });
    const app = await launched(m);
    const error = await bridgeError(app, 'session.signIn');
    expect(error.code).toBe('sign_in_cancelled');
    expect(await m.secrets.get(REFRESH_ACCOUNT)).toBeNull();
    expect((await app.value<SessionView>('session.get')).status).toBe('signed-out');
    m.browser.script.decision = 'allow';
    expect((await app.value<SessionView>('session.signIn')).status).toBe('signed-in');
  });

  it('a new attempt cancels the pending one; cancelSignIn ends a pending attempt', async () => {
    const m = await machine();
    m.browser = browserFor('alice', { deliver: false });
    const app = await launched(m);
    const abandoned = app.call('session.signIn');
    await waitFor(() => m.browser.opened.length === 1);
    const firstRedirect = new URL(m.browser.opened[0] ?? '').searchParams.get('redirect_uri') ?? '';
    m.browser.script.deliver = true;
    const second = app.value<SessionView>('session.signIn');
    expect(await abandoned).toMatchObject({ ok: false, error: { code: 'sign_in_cancelled' } });
    expect((await second).status).toBe('signed-in');
    await expect(fetch(firstRedirect)).rejects.toThrow();

    await app.value('session.signOut');
    m.browser.script.deliver = false;
    const pending = app.call('session.signIn');
    await waitFor(() => m.browser.opened.length === 3);
    expect((await app.value<SessionView>('session.cancelSignIn')).status).toBe('signed-out');
    expect(await pending).toMatchObject({ ok: false, error: { code: 'sign_in_cancelled' } });
  });

  it('gives up when the browser never comes back (timeout)', async () => {
    const m = await machine();
    m.browser = browserFor('alice', { deliver: false });
    const app = await launched(m, { signInTimeoutMs: 300 });
    const error = await bridgeError(app, 'session.signIn');
    expect(error.code).toBe('sign_in_failed');
    expect((await app.value<SessionView>('session.get')).status).toBe('signed-out');
  });
});

describe('tokens across launches', () => {
  it('restores the session on relaunch without opening the browser', async () => {
    const m = await machine();
    const { app, view } = await signedIn(m);
    await app.close();
    m.browser = browserFor('alice');
    const relaunched = await launched(m);
    const restored = await relaunched.value<SessionView>('session.get');
    expect(restored.status).toBe('signed-in');
    expect(restored.user).toEqual(view.user);
    expect(restored.activeAccountGuid).toBe(view.activeAccountGuid);
    expect(m.browser.opened).toHaveLength(0);
  });

  it('refreshes ahead of expiry and stores the rotated refresh token; the old one is refused', async () => {
    const m = await machine();
    const { app } = await signedIn(m);
    const before = await m.secrets.get(REFRESH_ACCOUNT);
    await sleep((TTL_SECONDS - 1) * 1000 + 200);
    const wallets = await app.core.session.interfaceA().getWallets();
    expect(Array.isArray(wallets.wallets)).toBe(true);
    const after = await m.secrets.get(REFRESH_ACCOUNT);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect(await refreshDirectly(sandbox, before ?? '')).toMatchObject({ status: 400, error: 'invalid_grant' });
  });

  it('concurrent calls after expiry share one refresh (a second one would be refused after rotation)', async () => {
    const m = await machine();
    const { app } = await signedIn(m);
    await sleep((TTL_SECONDS - 1) * 1000 + 200);
    const before = m.registeredSecrets.length;
    const results = await Promise.all(Array.from({ length: 6 }, () => app.core.session.interfaceA().getWallets()));
    expect(results).toHaveLength(6);
    // One refresh registers the old refresh token, the new refresh token and the new access token.
    expect(m.registeredSecrets.length - before).toBe(3);
    expect((await app.value<SessionView>('session.get')).status).toBe('signed-in');
  });

  it('an unreachable service at launch keeps the stored session for later', async () => {
    const m = await machine();
    const { app } = await signedIn(m);
    const stored = await m.secrets.get(REFRESH_ACCOUNT);
    await app.close();
    const closed = await closedPort();
    const offline = await launched(m, {}, closed);
    const view = await offline.value<SessionView>('session.get');
    expect(view.status).toBe('signed-out');
    expect(view.problem).toMatch(/could not be reached/);
    expect(await m.secrets.get(REFRESH_ACCOUNT)).toBe(stored);
    await offline.close();
    const online = await launched(m);
    expect((await online.value<SessionView>('session.get')).status).toBe('signed-in');
  });

  it('refreshes once after a 401 from Interface A and retries', async () => {
    const m = await machine();
    // A negative leeway makes the app use its access token past expiry, so the service answers 401.
    const { app } = await signedIn(m);
    await app.close();
    const late = await launched(m, { refreshLeewaySeconds: -60 });
    expect((await late.value<SessionView>('session.get')).status).toBe('signed-in');
    const before = await m.secrets.get(REFRESH_ACCOUNT);
    await sleep(TTL_SECONDS * 1000 + 300);
    const wallets = await late.core.session.interfaceA().getWallets();
    expect(Array.isArray(wallets.wallets)).toBe(true);
    expect(await m.secrets.get(REFRESH_ACCOUNT)).not.toBe(before);
    const log = await m.logText();
    expect(log).toMatch(/"status":401/);
  });

  it('a refresh token revoked at the issuer returns to sign-in and clears the keychain entry', async () => {
    const m = await machine();
    const { app } = await signedIn(m);
    const revoked = await fetch(`${sandbox.origin}/__sandbox/revoke-grants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice' }),
    });
    expect(revoked.ok).toBe(true);
    const failure = await app.core.session
      .interfaceA()
      .getWallets()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('session_expired');
    const view = await app.value<SessionView>('session.get');
    expect(view.status).toBe('signed-out');
    expect(view.problem).toMatch(/sign in again/i);
    expect(await m.secrets.get(REFRESH_ACCOUNT)).toBeNull();
    expect((app.events.at(-1)?.payload as SessionView).status).toBe('signed-out');
  });

  it('sign-out revokes the refresh token at the issuer and deletes the keychain entry', async () => {
    const m = await machine();
    const { app } = await signedIn(m);
    const stored = await m.secrets.get(REFRESH_ACCOUNT);
    expect(stored).toBeTruthy();
    const view = await app.value<SessionView>('session.signOut');
    expect(view).toMatchObject({ status: 'signed-out', user: null, accounts: [], activeAccountGuid: null });
    expect(await m.secrets.get(REFRESH_ACCOUNT)).toBeNull();
    expect(await refreshDirectly(sandbox, stored ?? '')).toMatchObject({ status: 400, error: 'invalid_grant' });
    expect((await bridgeError(app, 'session.profile')).code).toBe('not_signed_in');
    await app.close();
    const relaunched = await launched(m);
    expect((await relaunched.value<SessionView>('session.get')).status).toBe('signed-out');
  });

  it('after an explicit sign-out the next sign-in asks for the password again, in this run and after a restart (prompt=login)', async () => {
    const loginPage = (page: string) => page.includes('<label for="username">Username</label>');
    const m = await machine();
    const { app } = await signedIn(m);
    // One system browser for the whole story: the provider's session cookie survives the app's sign-out.
    const browser = m.browser;
    expect(browser.pages.filter(loginPage)).toHaveLength(1);

    // Without a sign-out, the provider's session lets a second app instance in without the password.
    const other = await machine();
    other.browser = browser;
    const otherApp = await launched(other);
    expect((await otherApp.value<SessionView>('session.signIn')).status).toBe('signed-in');
    expect(new URL(browser.opened.at(-1) ?? '').searchParams.get('prompt')).toBe('consent');
    expect(browser.pages.filter(loginPage)).toHaveLength(1);

    // Signed out and in again in the same run: the login page, not only consent.
    await app.value('session.signOut');
    expect((await app.value<SessionView>('session.signIn')).status).toBe('signed-in');
    expect(browser.pages.filter(loginPage)).toHaveLength(2);
    expect(new URL(browser.opened.at(-1) ?? '').searchParams.get('prompt')?.split(' ')).toEqual(['login', 'consent']);
    // The password was asked once; later sign-ins are ordinary again until the next sign-out.
    expect(JSON.parse(await m.settingsText()).promptLoginNextSignIn).toEqual([]);

    // Signed out, then the app quits: the next launch remembers it from settings.json.
    await app.value('session.signOut');
    expect(JSON.parse(await m.settingsText()).promptLoginNextSignIn).toEqual(['local-sandbox']);
    await app.close();
    const relaunched = await launched(m);
    m.browser = browser;
    expect((await relaunched.value<SessionView>('session.signIn')).status).toBe('signed-in');
    expect(browser.pages.filter(loginPage)).toHaveLength(3);
    expect(new URL(browser.opened.at(-1) ?? '').searchParams.get('prompt')?.split(' ')).toEqual(['login', 'consent']);
  });

  it('without a usable keychain signs in for this run only and says so', async () => {
    const m = await machine({ memoryKeychain: true });
    const { app, view } = await signedIn(m);
    expect(view).toMatchObject({ status: 'signed-in', keychain: 'unavailable' });
    expect((await app.value<{ keychain: string }>('app.info')).keychain).toBe('unavailable');
    // A second run has a new (empty) memory store: nothing was written anywhere else.
    await app.close();
    const next = await createMachine(sandbox, { memoryKeychain: true });
    cleanups.push(() => next.dispose());
    const relaunched = await launched(next);
    expect((await relaunched.value<SessionView>('session.get')).status).toBe('signed-out');
    expect(await m.settingsText()).not.toContain((await m.secrets.get(REFRESH_ACCOUNT)) ?? 'no-token');
  });
});

describe('a keychain that fails or hangs mid-run (security 31, 16, 20)', () => {
  type Breakdown = 'none' | 'fail-writes' | 'fail' | 'hang';

  /** The real Secret Service until `breakDown`: then writes, or every call, fail, or every call hangs. */
  function breakableKeytar() {
    let breakdown: Breakdown = 'none';
    const broken = () =>
      breakdown === 'hang'
        ? new Promise<never>(() => {})
        : Promise.reject(new Error('org.freedesktop.Secret.Error.IsLocked'));
    const working = (write: boolean) => breakdown === 'none' || (breakdown === 'fail-writes' && !write);
    const loadKeytar = async (): Promise<KeytarApi> => {
      const real = await loadRealKeytar();
      return {
        getPassword: (service, account) => (working(false) ? real.getPassword(service, account) : broken()),
        setPassword: (service, account, secret) =>
          working(true) ? real.setPassword(service, account, secret) : broken(),
        deletePassword: (service, account) => (working(true) ? real.deletePassword(service, account) : broken()),
      };
    };
    return {
      options: { loadKeytar, callDeadlineMs: 1_000 },
      breakDown(how: Exclude<Breakdown, 'none'>) {
        breakdown = how;
      },
    };
  }

  const withSecretService = process.env.DBUS_SESSION_BUS_ADDRESS ? it : it.skip;

  withSecretService.each([
    ["refuses the rotated token's write", 'fail-writes'],
    ['fails every call', 'fail'],
    ['hangs', 'hang'],
  ] as const)(
    'when the keychain %s during a refresh, the rotated token is kept in memory, the user stays signed in and is told',
    async (_case, how) => {
      const keytar = breakableKeytar();
      const m = await machine({ keychain: keytar.options });
      const { app, view } = await signedIn(m);
      expect(view.keychain).toBe('available');
      keytar.breakDown(how);

      await sleep((TTL_SECONDS - 1) * 1000 + 200);
      expect(Array.isArray((await app.core.session.interfaceA().getWallets()).wallets)).toBe(true);
      const after = await app.value<SessionView>('session.get');
      expect(after).toMatchObject({ status: 'signed-in', keychain: 'unavailable' });
      expect((await app.value<{ keychain: string }>('app.info')).keychain).toBe('unavailable');
      // The renderer heard it without asking: a session.changed carried the new keychain state.
      expect(app.events.some((entry) => (entry.payload as SessionView).keychain === 'unavailable')).toBe(true);

      // A second rotation works from the token kept in memory (the keychain's copy was retired by the first).
      await sleep((TTL_SECONDS - 1) * 1000 + 200);
      expect(Array.isArray((await app.core.session.interfaceA().getWallets()).wallets)).toBe(true);
      expect((await app.value<SessionView>('session.get')).status).toBe('signed-in');
    },
  );

  withSecretService('sign-out with a keychain that never answers ends at its deadline and still revokes', async () => {
    const keytar = breakableKeytar();
    const m = await machine({ keychain: keytar.options });
    const { app } = await signedIn(m);
    const stored = await m.secrets.get(REFRESH_ACCOUNT);
    keytar.breakDown('hang');

    // Ends at all: a sign-out waiting on the hung keychain would never answer and the test would time out.
    const view = await app.value<SessionView>('session.signOut');
    expect(view).toMatchObject({ status: 'signed-out', keychain: 'unavailable' });
    expect(await refreshDirectly(sandbox, stored ?? '')).toMatchObject({ status: 400, error: 'invalid_grant' });
    // Signing in again works for this run, in memory.
    expect((await app.value<SessionView>('session.signIn')).status).toBe('signed-in');
  });
});

describe('accounts, roles and lock', () => {
  it('switching account changes the wallets returned and is remembered for the next launch', async () => {
    const m = await machine();
    const { app, view } = await signedIn(m);
    const first = view.activeAccountGuid;
    const other = view.accounts.find((account) => account.guid !== first);
    expect(other).toBeDefined();
    const walletsBefore = await app.core.session.interfaceA().getWallets();
    const switched = await app.value<SessionView>('session.switchAccount', { accountGuid: other?.guid });
    expect(switched.activeAccountGuid).toBe(other?.guid);
    const walletsAfter = await app.core.session.interfaceA().getWallets();
    expect(walletsAfter).not.toEqual(walletsBefore);
    expect(app.core.session.interfaceA().accountGuid).toBe(other?.guid);
    expect(JSON.parse(await m.settingsText()).activeAccountByUser).toEqual({
      [userOf(sandbox, 'alice').userGuid]: other?.guid,
    });

    expect((await bridgeError(app, 'session.switchAccount', { accountGuid: 'not-mine' })).code).toBe('forbidden');
    await app.close();
    const relaunched = await launched(m);
    expect((await relaunched.value<SessionView>('session.get')).activeAccountGuid).toBe(other?.guid);
  });

  it('shows the profile of the active account', async () => {
    const m = await machine();
    const { app, view } = await signedIn(m);
    const profile = await app.value<ProfileView>('session.profile');
    const active = view.accounts.find((account) => account.guid === view.activeAccountGuid);
    expect(profile).toMatchObject({
      name: active?.name,
      email: userOf(sandbox, 'alice').email,
      role: active?.role,
      canMoveMoney: active?.canMoveMoney,
    });
    expect(profile.connectedAccounts.map((account) => account.guid).sort()).toEqual(
      view.accounts
        .filter((account) => account.guid !== active?.guid)
        .map((account) => account.guid)
        .sort(),
    );
  });

  it('gates send and swap by role, matching the service', async () => {
    const m = await machine();
    const { app, view } = await signedIn(m, 'bob');
    const bob = userOf(sandbox, 'bob');
    for (const account of view.accounts) {
      const role = bob.accounts.find((candidate) => candidate.guid === account.guid)?.role;
      expect(account.canMoveMoney).toBe(role === 'MerchantAdministrator' || role === 'Agent');
    }
    const viewer = view.accounts.find((account) => !account.canMoveMoney);
    expect(viewer).toBeDefined();
    expect(() => app.core.session.requireMoneyMovingRole('send')).toThrow(/cannot send/);
    // The service agrees: a 403 comes back as forbidden with its own words.
    const refused = await app.core.session
      .interfaceA()
      .send(
        { symbol: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: 0.0001, feeRate: 1 },
        '123456',
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('forbidden');
    expect((refused as AppError).message).toBe('Insufficient permissions for send operation.');

    const alice = await machine();
    const { app: aliceApp, view: aliceView } = await signedIn(alice, 'alice');
    expect(aliceView.accounts.some((account) => account.canMoveMoney)).toBe(true);
    const mover = aliceView.accounts.find((account) => account.canMoveMoney);
    await aliceApp.value('session.switchAccount', { accountGuid: mover?.guid });
    expect(aliceApp.core.session.requireMoneyMovingRole('swap').guid).toBe(mover?.guid);
  });

  it('locks (data hidden, calls refused) and unlocks only for the same user with prompt=login', async () => {
    const m = await machine();
    const { app } = await signedIn(m);
    const locked = await app.value<SessionView>('session.lock');
    expect(locked).toMatchObject({ status: 'locked', accounts: [], activeAccountGuid: null });
    expect(locked.user?.name).toBe(userOf(sandbox, 'alice').name);
    expect((await bridgeError(app, 'session.profile')).code).toBe('locked');
    expect(() => app.core.session.interfaceA()).toThrow(/locked/);
    expect((await bridgeError(app, 'session.signIn')).code).toBe('locked');

    // Someone else at the keyboard: refused, still locked, alice's session kept.
    const aliceToken = await m.secrets.get(REFRESH_ACCOUNT);
    m.browser = browserFor('carol');
    const intruder = await bridgeError(app, 'session.unlock');
    expect(intruder.code).toBe('forbidden');
    expect((await app.value<SessionView>('session.get')).status).toBe('locked');
    expect(await m.secrets.get(REFRESH_ACCOUNT)).toBe(aliceToken);

    m.browser = browserFor('alice');
    const unlocked = await app.value<SessionView>('session.unlock');
    expect(unlocked.status).toBe('signed-in');
    expect(unlocked.accounts.length).toBeGreaterThan(0);
    expect(new URL(m.browser.opened[0] ?? '').searchParams.get('prompt')?.split(' ')).toContain('login');
    // prompt=login shows the login form even though the browser could have had a session.
    expect(m.browser.pages.some((page) => page.includes('<label for="username">Username</label>'))).toBe(true);
    // The unlock's fresh refresh token replaced the old one in the keychain and carries the next launch.
    const replaced = await m.secrets.get(REFRESH_ACCOUNT);
    expect(replaced).toBeTruthy();
    expect(replaced).not.toBe(aliceToken);
    expect((await app.value<ProfileView>('session.profile')).email).toBe(userOf(sandbox, 'alice').email);
    await app.close();
    m.browser = browserFor('alice');
    const relaunched = await launched(m);
    expect((await relaunched.value<SessionView>('session.get')).status).toBe('signed-in');
    expect(m.browser.opened).toHaveLength(0);
  });
});

describe('secrets never leave the main process', () => {
  it('no token appears in anything sent over the bridge, the settings file or the log', async () => {
    const m = await machine();
    const { app, view } = await signedIn(m);
    const other = view.accounts.find((account) => account.guid !== view.activeAccountGuid);
    await app.value('session.switchAccount', { accountGuid: other?.guid });
    await app.value('session.profile');
    await sleep((TTL_SECONDS - 1) * 1000 + 200);
    await app.core.session.interfaceA().getWallets(); // forces a refresh and rotation
    await app.value('session.lock');
    await app.value('session.unlock');
    await app.value('session.get');
    await app.value('app.info');
    await app.close();
    const relaunched = await launched(m);
    await relaunched.value('session.get');
    await relaunched.value('session.signOut');

    const secrets = [...new Set(m.registeredSecrets)];
    // Access and refresh tokens of the sign-in, the refresh, the unlock and the relaunch.
    expect(secrets.length).toBeGreaterThanOrEqual(8);
    const haystacks = { bridge: m.bridgeTraffic.join('\n'), settings: await m.settingsText(), log: await m.logText() };
    expect(haystacks.bridge.length).toBeGreaterThan(1000);
    expect(haystacks.settings).toContain('activeAccountByUser');
    expect(haystacks.log).toContain('signed in');
    for (const [where, text] of Object.entries(haystacks)) {
      for (const secret of secrets) {
        expect(text.includes(secret), `a token was found in the ${where}`).toBe(false);
        expect(text.includes(secret.slice(0, 24)), `a token prefix was found in the ${where}`).toBe(false);
      }
    }
  });
});

async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await sleep(20);
  }
}
