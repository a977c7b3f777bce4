import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { AppError } from '../../../src-main/app-error';
import { checkMerchantApiUrl } from '../../../src-main/features/environments/merchant-api-check';
import { checkSignInEndpoints } from '../../../src-main/features/environments/sign-in-check';

let sandbox: RunningSandbox;
/** A provider that lies: each test sets what it answers. */
let hostile: Server;
let hostileOrigin: string;
let answer: (origin: string, request: IncomingMessage, response: ServerResponse) => void;
let requests = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  hostile = createServer((request, response) => {
    requests += 1;
    answer(hostileOrigin, request, response);
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  hostileOrigin = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await sandbox?.close();
  await new Promise((resolve) => hostile?.close(resolve));
});

function json(body: unknown): (origin: string, request: IncomingMessage, response: ServerResponse) => void {
  return (_origin, _request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

function discovery(origin: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    issuer: `${origin}/oidc`,
    authorization_endpoint: `${origin}/oidc/auth`,
    token_endpoint: `${origin}/oidc/token`,
    jwks_uri: `${origin}/oidc/jwks`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    ...overrides,
  };
}

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the check to refuse');
}

const hostileEndpoints = () => ({ issuer: `${hostileOrigin}/oidc`, clientId: 'wallet-desk', baseUrl: hostileOrigin });

describe('sign-in environment check (OIDC discovery before saving)', () => {
  it("accepts the sandbox's real OpenID provider", async () => {
    const checked = await checkSignInEndpoints({
      issuer: sandbox.issuer,
      clientId: sandbox.clientId,
      baseUrl: `${sandbox.baseUrl}/`,
    });
    expect(checked).toEqual({ issuer: sandbox.issuer, clientId: sandbox.clientId, baseUrl: sandbox.baseUrl });
  });

  it('refuses a provider that names another issuer, saying so in words', async () => {
    answer = (origin, request, response) =>
      json(discovery(origin, { issuer: 'https://login.attacker.example/oidc' }))(origin, request, response);
    const error = await refusal(() => checkSignInEndpoints(hostileEndpoints()));
    expect(error.code).toBe('bad_input');
    expect(error.message).toContain('calls itself https://login.attacker.example/oidc');
    expect(error.message).not.toMatch(/issuer:|\.issuer|token_endpoint/);
  });

  it('refuses a document that is not JSON', async () => {
    answer = json('<html>Welcome</html>');
    const error = await refusal(() => checkSignInEndpoints(hostileEndpoints()));
    expect(error.message).toMatch(/not JSON/);
  });

  it('refuses a document without a token endpoint or PKCE S256, naming them in words', async () => {
    answer = (origin, request, response) =>
      json(discovery(origin, { token_endpoint: undefined, code_challenge_methods_supported: ['plain'] }))(
        origin,
        request,
        response,
      );
    const error = await refusal(() => checkSignInEndpoints(hostileEndpoints()));
    expect(error.message).toContain('a token endpoint');
    expect(error.message).toContain('PKCE with SHA-256');
    expect(error.message).not.toContain('token_endpoint');
  });

  it('refuses a loopback provider that sends sign-in to plain http elsewhere', async () => {
    answer = (origin, request, response) =>
      json(discovery(origin, { authorization_endpoint: 'http://login.attacker.example/auth' }))(
        origin,
        request,
        response,
      );
    const error = await refusal(() => checkSignInEndpoints(hostileEndpoints()));
    expect(error.message).toContain('http://login.attacker.example, which is not https');
  });

  it('refuses an HTTP error and a redirect instead of following it', async () => {
    answer = (_origin, _request, response) => {
      response.writeHead(404).end();
    };
    expect((await refusal(() => checkSignInEndpoints(hostileEndpoints()))).message).toContain('HTTP 404');
    answer = (_origin, _request, response) => {
      response.writeHead(302, { location: `${sandbox.issuer}/.well-known/openid-configuration` }).end();
    };
    expect((await refusal(() => checkSignInEndpoints(hostileEndpoints()))).code).toBe('network');
  });

  it.each([
    ['http://login.example.com/oidc', 'must start with https://'],
    ['http://192.168.1.20/oidc', 'must start with https://'],
    ['http://localhost:4000/oidc', 'the name localhost'],
    ['https://user:pw@login.example.com', 'user name or password'],
    ['login.example.com', 'full address'],
  ])('refuses the issuer %s before any request', async (issuer, words) => {
    const before = requests;
    const error = await refusal(() =>
      checkSignInEndpoints({ issuer, clientId: 'wallet-desk', baseUrl: hostileOrigin }),
    );
    expect(error.code).toBe('bad_input');
    expect(error.field).toBe('issuer');
    expect(error.message).toContain(words);
    expect(requests).toBe(before);
  });

  it('refuses a plain-http wallet API address outside loopback', async () => {
    const error = await refusal(() =>
      checkSignInEndpoints({ issuer: sandbox.issuer, clientId: 'wallet-desk', baseUrl: 'http://wallet.example.com' }),
    );
    expect(error.field).toBe('baseUrl');
  });
});

describe('merchant API address check (no keys sent)', () => {
  it("recognises the sandbox's merchant API", async () => {
    const result = await checkMerchantApiUrl('custom', sandbox.apiUrl);
    expect(result.apiUrl).toBe(sandbox.apiUrl);
  });

  it('refuses an address that answers but not like the merchant API, and sends no key', async () => {
    let headers: IncomingMessage['headers'] = {};
    answer = (_origin, request, response) => {
      headers = request.headers;
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    };
    const error = await refusal(() => checkMerchantApiUrl('custom', hostileOrigin));
    expect(error.message).toContain('not like the merchant API');
    expect(headers['x-api-key']).toBeUndefined();
  });

  it('stops reading an endless answer after 64 KiB instead of holding it all in memory', async () => {
    // 40 MB offered; a reader that stops early leaves most of it unsent (socket buffers hold a few MB).
    const total = 40 * 1024 * 1024;
    let written = 0;
    const closed = new Promise<void>((resolve) => {
      answer = (_origin, _request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        let sent = 0;
        const pump = (): void => {
          while (sent < total) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        response.on('close', () => {
          written = response.socket?.bytesWritten ?? sent;
          resolve();
        });
        pump();
      };
    });
    const error = await refusal(() => checkMerchantApiUrl('custom', hostileOrigin, { timeoutMs: 5000 }));
    expect(error.message).toContain('not like the merchant API');
    await closed;
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it('refuses plain http outside this computer', async () => {
    const error = await refusal(() => checkMerchantApiUrl('production', 'http://api.example.com'));
    expect(error.code).toBe('bad_input');
  });
});
