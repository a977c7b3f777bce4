import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oidc from 'openid-client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../src-main/app-error';
import { discoverIssuer } from '../../../../src-main/auth/oidc-config';
import { loadOpenId } from '../../../../src-main/auth/openid';
import { signInError } from '../../../../src-main/auth/sign-in-errors';

// The real discovery by default; a test can take one call over to see the options the app passes.
vi.mock('openid-client', async (importOriginal) => {
  const real = await importOriginal<typeof import('openid-client')>();
  return { ...real, discovery: vi.fn(real.discovery) };
});

async function refusal(issuer: string): Promise<AppError> {
  try {
    await discoverIssuer({ issuer, clientId: 'wallet-desk' }, { timeoutSeconds: 2 });
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected discovery to be refused');
}

describe('discoverIssuer', () => {
  it.each([
    'http://login.example.com/oidc',
    'http://192.168.1.20/oidc',
    'http://10.0.0.1:8080',
    'http://localhost:4000/oidc',
    'ftp://127.0.0.1/oidc',
    'not a url',
  ])('refuses the non-https, non-loopback issuer %s before any request', async (issuer) => {
    const error = await refusal(issuer);
    expect(error.code).toBe('not_configured');
  });

  it('allows plain http on loopback only, and validates the discovered issuer', async () => {
    let requests = 0;
    const server = createServer((request, response) => {
      requests += 1;
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      response.writeHead(200, { 'content-type': 'application/json' });
      // Claims to be another issuer: discovery must refuse it (mix-up protection).
      response.end(
        JSON.stringify({
          issuer: `${origin}/someone-else`,
          authorization_endpoint: `${origin}/auth`,
          token_endpoint: `${origin}/token`,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc`;
      const error = await refusal(issuer);
      expect(requests).toBe(1);
      expect(error.code).toBe('sign_in_failed');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.each(['authorization_endpoint', 'token_endpoint', 'jwks_uri'])(
    'refuses a loopback issuer whose %s is plain http off this computer (insecure requests stay loopback-only)',
    async (field) => {
      // Settings checked the document when it was saved; sign-in discovers it again, so it is checked again.
      const server = createServer((_request, response) => {
        const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            issuer: `${origin}/oidc`,
            authorization_endpoint: `${origin}/auth`,
            token_endpoint: `${origin}/token`,
            jwks_uri: `${origin}/jwks`,
            [field]: 'http://login.example.com/steal',
          }),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const error = await refusal(`http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc`);
        expect(error.code).toBe('sign_in_failed');
        expect(error.message).toMatch(/http:\/\/login\.example\.com.*not https/);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );

  it('reports an unreachable loopback issuer as a network problem', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    expect((await refusal(`http://127.0.0.1:${port}/oidc`)).code).toBe('network');
  });
});

describe('allowInsecureRequests (security item 15)', () => {
  async function executeOptionsFor(issuer: string): Promise<unknown[]> {
    const discovery = vi.mocked(oidc.discovery);
    discovery.mockClear();
    discovery.mockImplementationOnce(async () => ({ serverMetadata: () => ({}) }) as unknown as oidc.Configuration);
    await discoverIssuer({ issuer, clientId: 'wallet-desk' });
    expect(discovery).toHaveBeenCalledOnce();
    const options = discovery.mock.calls[0]?.[4];
    return options?.execute ?? [];
  }

  it('is never used for an https issuer', async () => {
    expect(await executeOptionsFor('https://login.example.com/oidc')).not.toContain(oidc.allowInsecureRequests);
    expect(await executeOptionsFor('https://127.0.0.1:8443/oidc')).not.toContain(oidc.allowInsecureRequests);
  });

  it.each(['http://127.0.0.1:4477/oidc', 'http://[::1]:4477/oidc'])(
    'is used for the loopback issuer %s only',
    async (issuer) => {
      expect(await executeOptionsFor(issuer)).toContain(oidc.allowInsecureRequests);
    },
  );
});

describe('signInError', () => {
  // The app loads openid-client before any attempt can fail; so does this test, whatever runs first.
  beforeAll(async () => {
    await loadOpenId();
  });

  it('maps access_denied to sign_in_cancelled and other authorization errors to sign_in_failed', () => {
    const denied = new oidc.AuthorizationResponseError('denied', {
      cause: new URLSearchParams({ error: 'access_denied' }),
    });
    expect(signInError(denied).code).toBe('sign_in_cancelled');
    const other = new oidc.AuthorizationResponseError('bad', {
      cause: new URLSearchParams({ error: 'invalid_scope' }),
    });
    const mapped = signInError(other);
    expect(mapped.code).toBe('sign_in_failed');
    expect(mapped.message).toContain('invalid_scope');
  });

  it('does not pass library messages (which may quote parameters) through', () => {
    const mapped = signInError(new Error('something with code=SECRETCODE in it'));
    expect(mapped.code).toBe('sign_in_failed');
    expect(mapped.message).not.toContain('SECRETCODE');
  });
});
