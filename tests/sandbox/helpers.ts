import { createHash, randomBytes } from 'node:crypto';
import { generateSync } from 'otplib';
import { startSandbox, type RunningSandbox, type SandboxInfo, type SandboxOptions } from '../../sandbox/server';
import { codeAt, codeIsUnambiguous } from '../support/two-factor-codes';

export const ALL_SCOPES = 'openid offline_access svc:wallet svc:merchant transaction:read transaction:write';
export const CALLBACK = 'http://127.0.0.1:53124/callback';

export function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, quiet: true, ...options });
}

/**
 * fetch on a connection of its own, closed after the answer. A kept-alive connection may be closed by the
 * sandbox (Node's 5 s keepAliveTimeout) at the very moment a request is written on it, which a loaded
 * machine makes likely: the request then fails with ECONNRESET though the sandbox did nothing wrong.
 * Loopback connections are cheap, so none is reused.
 */
export function sandboxFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('connection', 'close');
  return fetch(url, { ...init, headers });
}

/** Minimal cookie jar: enough for oidc-provider's session and interaction cookies on one host. */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const expired = attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now());
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, pair.slice(eq + 1).trim());
    }
  }

  header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface BrowserStep {
  status: number;
  location?: string | undefined;
  html: string;
  url: string;
}

/** A fetch that behaves like a browser tab with redirects followed by hand (to stop at the loopback callback). */
export class Browser {
  readonly jar = new CookieJar();

  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<BrowserStep> {
    const res = await sandboxFetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: this.jar.header(),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : null,
    });
    this.jar.store(res);
    const location = res.headers.get('location') ?? undefined;
    return {
      status: res.status,
      location: location ? new URL(location, url).href : undefined,
      html: await res.text(),
      url,
    };
  }

  /** Follows redirects until a page answers or the redirect leaves for the app's loopback callback. */
  async follow(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<BrowserStep> {
    let step = await this.go(url, init);
    while (step.location && !step.location.startsWith(CALLBACK.replace(/\/callback$/, ''))) {
      step = await this.go(step.location);
    }
    return step;
  }
}

export function formAction(step: BrowserStep): string {
  const match = /<form method="post" action="([^"]+)"/.exec(step.html);
  if (!match?.[1]) throw new Error(`no form on page: ${step.html.slice(0, 300)}`);
  return new URL(match[1].replace(/&#38;/g, '&'), step.url).href;
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  scope?: string;
}

/**
 * Full authorization code + PKCE login driven through the sandbox's own login and consent forms with
 * plain fetch; returns the token response.
 */
export async function login(
  sandbox: RunningSandbox,
  username: string,
  options: { scope?: string; browser?: Browser } = {},
): Promise<Tokens> {
  const info = sandbox.info();
  const user = info.users.find((u) => u.username === username);
  if (!user) throw new Error(`no user ${username}`);
  const browser = options.browser ?? new Browser();
  const { verifier, challenge } = pkce();
  const state = randomBytes(8).toString('hex');
  const auth = new URL(`${sandbox.issuer}/auth`);
  auth.search = new URLSearchParams({
    client_id: sandbox.clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: options.scope ?? ALL_SCOPES,
    prompt: 'consent',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
  }).toString();
  let step = await browser.follow(auth.href);
  if (step.html.includes('>Sign in</button>')) {
    step = await browser.follow(formAction(step), { method: 'POST', form: { username, password: user.password } });
  }
  if (step.html.includes('>Allow</button>')) {
    step = await browser.follow(formAction(step), { method: 'POST', form: { decision: 'allow' } });
  }
  if (!step.location) throw new Error(`login did not reach the callback: ${step.status} ${step.html.slice(0, 300)}`);
  const callback = new URL(step.location);
  if (callback.searchParams.get('state') !== state) throw new Error('state mismatch');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code: ${callback.search}`);
  return tokenRequest(sandbox, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CALLBACK,
    code_verifier: verifier,
  });
}

export async function tokenRequest(sandbox: RunningSandbox, params: Record<string, string>): Promise<Tokens> {
  const res = await sandboxFetch(`${sandbox.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: sandbox.clientId, ...params }).toString(),
  });
  const body = (await res.json()) as Tokens & { error?: string };
  if (!res.ok) throw new TokenError(res.status, body.error ?? 'unknown');
  return body;
}

export class TokenError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
  ) {
    super(`token endpoint ${status} ${error}`);
  }
}

export function totp(secret: string, offsetSteps = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { apiVersion: string; code: number; message: string; data: T };
}

/** An Interface A call with the bearer token and, when given, the account and TFA headers. */
export async function api<T = unknown>(
  sandbox: RunningSandbox,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; account?: string; tfa?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.account) headers['x-account-guid'] = options.account;
  if (options.tfa) headers['tfa'] = options.tfa;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await sandboxFetch(`${sandbox.baseUrl}/api/OAuth${path}`, {
    method,
    headers,
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json()) as ApiAnswer<T>['body'] };
}

export function user(info: SandboxInfo, username: string): SandboxInfo['users'][number] {
  const found = info.users.find((u) => u.username === username);
  if (!found) throw new Error(`no user ${username}`);
  return found;
}

export function accountOf(info: SandboxInfo, username: string, role: string): string {
  const account = user(info, username).accounts.find((a) => a.role === role);
  if (!account) throw new Error(`${username} has no ${role} account`);
  return account.guid;
}

/**
 * Hands out a different valid TOTP each call by walking the accepted drift window (the sandbox under test
 * is started with a wide totpWindowSteps), since each time step is accepted only once. A step whose code
 * another step near it shares is passed over (codeIsUnambiguous): the sandbox could spend the other one.
 */
export class TotpSource {
  #offset: number;
  readonly #secret: string;
  readonly #windowSteps: number;
  readonly #max: number;

  constructor(secret: string, windowSteps: number) {
    this.#secret = secret;
    this.#windowSteps = windowSteps;
    this.#offset = -windowSteps + 1;
    this.#max = windowSteps - 1;
  }

  next(): string {
    const code = (step: number) => codeAt(this.#secret, step);
    for (;;) {
      if (this.#offset > this.#max)
        throw new Error('TOTP window used up; start the sandbox with a wider totpWindowSteps');
      const step = Math.floor(Date.now() / 1000 / 30) + this.#offset;
      this.#offset += 1;
      if (codeIsUnambiguous(code, step, this.#windowSteps)) return code(step);
    }
  }
}
