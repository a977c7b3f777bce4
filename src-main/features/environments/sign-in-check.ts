import { z } from 'zod';
import { AppError } from '../../app-error';
import { isLoopbackUrl } from '../../settings/environments';

export interface SignInEndpoints {
  readonly issuer: string;
  readonly clientId: string;
  readonly baseUrl: string;
}

export interface SignInCheckOptions {
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

/**
 * The part of an OpenID Connect discovery document (OIDC Discovery 1.0, section 3) the app's sign-in
 * relies on: the authorization code flow with PKCE S256 at endpoints it can reach.
 */
const DiscoveryDocument = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  response_types_supported: z.array(z.string()).refine((types) => types.includes('code')),
  code_challenge_methods_supported: z
    .array(z.string())
    .refine((methods) => methods.includes('S256'))
    .optional(),
});

/** What each required part of the document is, in words: field names never reach the user. */
const partWords: Record<string, string> = {
  issuer: 'its own address (issuer)',
  authorization_endpoint: 'a sign-in page',
  token_endpoint: 'a token endpoint',
  jwks_uri: 'its signing keys',
  response_types_supported: 'support for the authorization code flow',
  code_challenge_methods_supported: 'support for PKCE with SHA-256',
};

const MAX_DOCUMENT_BYTES = 256 * 1024;

/**
 * Parses an address the user typed for the sign-in environment. Plain http only to the loopback IP
 * literals (never the name localhost, RFC 8252 section 8.3); anything else must be https.
 */
export function requireServiceUrl(text: string, what: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new AppError('bad_input', `Enter the ${what} as a full address, such as https://login.example.com.`, {
      field,
    });
  }
  if (url.username || url.password) {
    throw new AppError('bad_input', `The ${what} must not contain a user name or password.`, { field });
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackUrl(url.href)) return url;
  if (url.protocol === 'http:' && url.hostname === 'localhost') {
    throw new AppError(
      'bad_input',
      `The ${what} uses plain http with the name localhost. Plain http is allowed only to 127.0.0.1 or [::1] on this computer: a name can be pointed anywhere.`,
      { field },
    );
  }
  throw new AppError(
    'bad_input',
    `The ${what} must start with https:// (plain http is allowed only to 127.0.0.1 or [::1] on this computer).`,
    { field },
  );
}

export function requireClientId(text: string): string {
  const clientId = text.trim();
  if (clientId.length === 0 || clientId.length > 200 || /[^\x21-\x7e]/.test(clientId)) {
    throw new AppError(
      'bad_input',
      'Enter the client id the service gave you for Wallet Desk (letters, digits, - . _).',
      {
        field: 'clientId',
      },
    );
  }
  return clientId;
}

/** The addresses as they will be saved: issuer exactly as entered (discovery compares it exactly), hosts without a trailing slash. */
export function normaliseSignInEndpoints(input: SignInEndpoints): SignInEndpoints {
  requireServiceUrl(input.issuer, 'sign-in server address', 'issuer');
  const baseUrl = requireServiceUrl(input.baseUrl, 'wallet API address', 'baseUrl');
  return {
    issuer: input.issuer.trim(),
    clientId: requireClientId(input.clientId),
    baseUrl: baseUrl.href.replace(/\/+$/, ''),
  };
}

/**
 * Proves that a sign-in environment can work before it is saved: the issuer publishes a discovery document
 * that is JSON of the expected shape, names itself exactly as the address entered (OIDC Discovery 1.0
 * section 4.3, the mix-up defence), and points only at https endpoints (or loopback ones for a loopback
 * issuer); the wallet API address answers HTTP at all. Every failure is said in words.
 */
export async function checkSignInEndpoints(
  input: SignInEndpoints,
  options: SignInCheckOptions = {},
): Promise<SignInEndpoints> {
  const endpoints = normaliseSignInEndpoints(input);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const discoveryUrl = `${endpoints.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

  let response: Response;
  try {
    // A redirect could move discovery to a host the user never named; it is refused, not followed.
    response = await doFetch(discoveryUrl, {
      redirect: 'error',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new AppError(
      'network',
      `The sign-in server at ${endpoints.issuer} could not be reached (no answer, a redirect, or a certificate problem).`,
      { field: 'issuer' },
    );
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw new AppError(
      'bad_input',
      `The sign-in server answered with HTTP ${response.status} instead of its OpenID Connect discovery document: check the sign-in server address.`,
      { field: 'issuer' },
    );
  }
  const text = await readLimited(response, MAX_DOCUMENT_BYTES);
  if (text === null) {
    throw new AppError('bad_input', 'The sign-in server sent a discovery document that is far too large to be one.', {
      field: 'issuer',
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError(
      'bad_input',
      'The sign-in server did not answer with a readable discovery document (it is not JSON): check the sign-in server address.',
      { field: 'issuer' },
    );
  }
  const parsed = DiscoveryDocument.safeParse(json);
  if (!parsed.success) {
    const missing = [
      ...new Set(parsed.error.issues.map((issue) => partWords[String(issue.path[0])] ?? 'a required part')),
    ];
    throw new AppError(
      'bad_input',
      `The sign-in server's discovery document lacks ${missing.join(', ')}, so Wallet Desk cannot sign in there.`,
      { field: 'issuer' },
    );
  }
  const document = parsed.data;
  if (document.issuer !== endpoints.issuer) {
    throw new AppError(
      'bad_input',
      `The sign-in server calls itself ${document.issuer.slice(0, 200)}, not ${endpoints.issuer}. Wallet Desk only signs in where the server confirms the address you entered.`,
      { field: 'issuer' },
    );
  }
  const loopbackIssuer = isLoopbackUrl(endpoints.issuer);
  for (const endpoint of [document.authorization_endpoint, document.token_endpoint, document.jwks_uri]) {
    const url = new URL(endpoint);
    const allowed =
      url.protocol === 'https:' || (loopbackIssuer && url.protocol === 'http:' && isLoopbackUrl(url.href));
    if (!allowed) {
      throw new AppError(
        'bad_input',
        `The sign-in server sends sign-in to ${url.origin}, which is not https. Wallet Desk refuses plain http outside this computer.`,
        { field: 'issuer' },
      );
    }
  }

  try {
    const probe = await doFetch(`${endpoints.baseUrl}/api/OAuth/session`, {
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await probe.body?.cancel().catch(() => undefined);
  } catch {
    throw new AppError('network', `The wallet API at ${endpoints.baseUrl} could not be reached.`, { field: 'baseUrl' });
  }
  return endpoints;
}

/** The body as text, or null once it passes maxBytes (the rest is not read: the stream is cancelled). */
export async function readLimited(response: Response, maxBytes: number): Promise<string | null> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
