import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { ALL_SCOPES, api, Browser, CALLBACK, formAction, login, pkce, tokenRequest, TokenError, user } from './helpers';
import { start } from './helpers';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await start({ accessTokenTtlSeconds: 2 });
});
afterAll(async () => {
  await sandbox.close();
});

describe('OpenID provider', () => {
  it('serves discovery with the issuer, PKCE S256 and the service scopes', async () => {
    const res = await fetch(`${sandbox.issuer}/.well-known/openid-configuration`);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta['issuer']).toBe(sandbox.issuer);
    expect(meta['authorization_endpoint']).toBe(`${sandbox.issuer}/auth`);
    expect(meta['token_endpoint']).toBe(`${sandbox.issuer}/token`);
    expect(meta['revocation_endpoint']).toBe(`${sandbox.issuer}/token/revocation`);
    expect(meta['end_session_endpoint']).toBe(`${sandbox.issuer}/session/end`);
    expect(meta['code_challenge_methods_supported']).toEqual(['S256']);
    expect(meta['scopes_supported']).toEqual(expect.arrayContaining(ALL_SCOPES.split(' ')));
  });

  it('signs in with openid-client v6 over loopback http: PKCE, state, nonce and iss checked', async () => {
    const config = await client.discovery(new URL(sandbox.issuer), sandbox.clientId, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const redirect = 'http://127.0.0.1:61999/callback';
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirect,
      scope: ALL_SCOPES,
      prompt: 'consent',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const browser = new Browser();
    const alice = user(sandbox.info(), 'alice');
    let step = await browser.follow(url.href);
    expect(step.html).toContain('<label for="username">Username</label>');
    const page = await fetch(step.url, { headers: { cookie: browser.jar.header() } });
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(step.html).toContain('<label for="password">Password</label>');
    expect(step.html).not.toMatch(/<script/i);
    step = await browser.follow(formAction(step), {
      method: 'POST',
      form: { username: 'alice', password: alice.password },
    });
    expect(step.html).toContain('>Allow</button>');
    expect(step.html).toContain('>Cancel</button>');
    expect(step.html).not.toMatch(/<script/i);
    step = await browser.go(formAction(step), { method: 'POST', form: { decision: 'allow' } });
    while (step.location && !step.location.startsWith(redirect)) step = await browser.go(step.location);
    expect(step.location).toBeDefined();
    const tokens = await client.authorizationCodeGrant(config, new URL(step.location ?? ''), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    expect(tokens.claims()?.sub).toBe(alice.userGuid);
    expect(tokens.claims()?.iss).toBe(sandbox.issuer);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(ALL_SCOPES.split(' ')));
    const session = await api<{ user: { userGuid: string } }>(sandbox, 'GET', '/session', {
      token: tokens.access_token,
    });
    expect(session.status).toBe(200);
    expect(session.body.data.user.userGuid).toBe(alice.userGuid);
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.claims()?.sub).toBe(alice.userGuid);
    await client.tokenRevocation(config, refreshed.refresh_token ?? '', { token_type_hint: 'refresh_token' });
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('accepts the loopback redirect on any port, and refuses another host or path', async () => {
    const { challenge } = pkce();
    const params = (redirect: string): string =>
      `${sandbox.issuer}/auth?${new URLSearchParams({ client_id: 'wallet-desk', redirect_uri: redirect, response_type: 'code', scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256' })}`;
    for (const port of [1024, 49152, 65535]) {
      const res = await fetch(params(`http://127.0.0.1:${port}/callback`), { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toContain('/oidc/interaction/');
    }
    for (const bad of [
      'http://127.0.0.1:5000/other',
      'http://evil.example:5000/callback',
      'https://127.0.0.1:5000/callback',
    ]) {
      const res = await fetch(params(bad), { redirect: 'manual' });
      expect(res.status).toBe(400);
    }
  });

  it('requires PKCE with S256', async () => {
    const base = {
      client_id: 'wallet-desk',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid',
      state: 'abc',
    };
    const noPkce = await fetch(`${sandbox.issuer}/auth?${new URLSearchParams(base)}`, { redirect: 'manual' });
    expect(new URL(noPkce.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
    const plain = await fetch(
      `${sandbox.issuer}/auth?${new URLSearchParams({ ...base, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' })}`,
      { redirect: 'manual' },
    );
    expect(new URL(plain.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a wrong password with a message and stays on the login page', async () => {
    const browser = new Browser();
    const { challenge } = pkce();
    const url = `${sandbox.issuer}/auth?${new URLSearchParams({ client_id: 'wallet-desk', redirect_uri: CALLBACK, response_type: 'code', scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256' })}`;
    const page = await browser.follow(url);
    const refused = await browser.go(formAction(page), {
      method: 'POST',
      form: { username: 'alice', password: 'wrong' },
    });
    expect(refused.status).toBe(401);
    expect(refused.html).toContain('role="alert"');
    expect(refused.html).toContain('Wrong username or password.');
    expect(refused.location).toBeUndefined();
  });

  it('answers an interaction without its cookie with a 400 page, not a server error', async () => {
    const browser = new Browser();
    const { challenge } = pkce();
    const url = `${sandbox.issuer}/auth?${new URLSearchParams({ client_id: 'wallet-desk', redirect_uri: CALLBACK, response_type: 'code', scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256' })}`;
    const page = await browser.follow(url);
    const stranger = await fetch(formAction(page), {
      method: 'POST',
      body: 'username=alice&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('Sign-in expired');
  });

  it('ends with error=access_denied when consent is cancelled', async () => {
    const browser = new Browser();
    const { challenge } = pkce();
    const url = `${sandbox.issuer}/auth?${new URLSearchParams({ client_id: 'wallet-desk', redirect_uri: CALLBACK, response_type: 'code', scope: 'openid svc:wallet', code_challenge: challenge, code_challenge_method: 'S256', state: 's1' })}`;
    let step = await browser.follow(url);
    step = await browser.follow(formAction(step), {
      method: 'POST',
      form: { username: 'bob', password: user(sandbox.info(), 'bob').password },
    });
    step = await browser.follow(formAction(step), { method: 'POST', form: { decision: 'cancel' } });
    const callback = new URL(step.location ?? '');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('shows the login page again for prompt=login although a session exists', async () => {
    const browser = new Browser();
    await login(sandbox, 'carol', { browser });
    const { challenge } = pkce();
    const base = {
      client_id: 'wallet-desk',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    // With a session, only consent is asked again (oidc-provider always asks native clients, RFC 8252 8.6).
    const again = await browser.follow(`${sandbox.issuer}/auth?${new URLSearchParams(base)}`);
    expect(again.html).toContain('>Allow</button>');
    expect(again.html).not.toContain('>Sign in</button>');
    const forced = await browser.follow(`${sandbox.issuer}/auth?${new URLSearchParams({ ...base, prompt: 'login' })}`);
    expect(forced.html).toContain('>Sign in</button>');
  });

  it('rotates refresh tokens: the old one is refused after use', async () => {
    const first = await login(sandbox, 'alice');
    expect(first.refresh_token).toBeTruthy();
    const second = await tokenRequest(sandbox, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    await expect(
      tokenRequest(sandbox, { grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '' }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // Reuse of a rotated token is treated as theft (RFC 9700 4.14.2): the whole grant is revoked.
    await expect(
      tokenRequest(sandbox, { grant_type: 'refresh_token', refresh_token: second.refresh_token ?? '' }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await api(sandbox, 'GET', '/session', { token: second.access_token })).status).toBe(401);
  });

  it('expires access tokens after the configured lifetime, and refresh gives a working one', async () => {
    const tokens = await login(sandbox, 'alice');
    expect(tokens.expires_in).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 2_300));
    expect((await api(sandbox, 'GET', '/session', { token: tokens.access_token })).status).toBe(401);
    const refreshed = await tokenRequest(sandbox, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect((await api(sandbox, 'GET', '/session', { token: refreshed.access_token })).status).toBe(200);
  });

  it('revokes a refresh token at the revocation endpoint', async () => {
    const tokens = await login(sandbox, 'alice');
    const res = await fetch(`${sandbox.issuer}/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'wallet-desk',
        token: tokens.refresh_token ?? '',
        token_type_hint: 'refresh_token',
      }).toString(),
    });
    expect(res.status).toBe(200);
    const refused = await tokenRequest(sandbox, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TokenError);
    expect((refused as TokenError).error).toBe('invalid_grant');
    // Revoking the refresh token ends the grant, so its access token stops working too.
    expect((await api(sandbox, 'GET', '/session', { token: tokens.access_token })).status).toBe(401);
  });

  it("revokes all of a user's grants through the control API", async () => {
    const tokens = await login(sandbox, 'carol');
    const res = await fetch(`${sandbox.origin}/__sandbox/revoke-grants`, {
      method: 'POST',
      body: JSON.stringify({ username: 'carol' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { revokedGrants: number }).revokedGrants).toBeGreaterThanOrEqual(1);
    await expect(
      tokenRequest(sandbox, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await api(sandbox, 'GET', '/session', { token: tokens.access_token })).status).toBe(401);
  });

  it("keeps tokens per sandbox: a second sandbox with the same seed refuses the first one's token", async () => {
    const tokens = await login(sandbox, 'alice');
    const other = await start();
    try {
      expect((await api(other, 'GET', '/session', { token: tokens.access_token })).status).toBe(401);
      expect((await api(sandbox, 'GET', '/session', { token: tokens.access_token })).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('offers RP-initiated logout with the sandbox page', async () => {
    const browser = new Browser();
    const tokens = await login(sandbox, 'alice', { browser });
    const page = await browser.go(
      `${sandbox.issuer}/session/end?${new URLSearchParams({ id_token_hint: tokens.id_token ?? '', post_logout_redirect_uri: 'http://127.0.0.1:40000/logged-out' })}`,
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain('>Sign out</button>');
    expect(page.html).not.toMatch(/<script/i);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.html)?.[1] ?? '';
    const done = await browser.go(`${sandbox.issuer}/session/end/confirm`, {
      method: 'POST',
      form: { xsrf, logout: 'yes' },
    });
    expect(done.location).toBe('http://127.0.0.1:40000/logged-out');
    // The session is gone: a new authorization asks for the password again.
    const { challenge } = pkce();
    const again = await browser.follow(
      `${sandbox.issuer}/auth?${new URLSearchParams({ client_id: 'wallet-desk', redirect_uri: CALLBACK, response_type: 'code', scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256' })}`,
    );
    expect(again.html).toContain('>Sign in</button>');
  });
});
