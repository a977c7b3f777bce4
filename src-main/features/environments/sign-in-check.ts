import { z } from 'zod';
import { AppError } from '../../app-error';
import { discoverIssuer } from '../../auth/oidc-config';
import { createHttpCaller } from '../../service/http-call';
import { isAllowedServiceUrl } from '../../settings/environments';
import { t, textLocale } from '../../i18n/main-text';
import type { MessageId } from '../../../resources/locales/catalogues';

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
 * relies on beyond what openid-client's discovery checks (an answer of 200 that is a JSON object naming
 * the issuer entered): the authorization code flow with PKCE S256 at endpoints it can reach.
 */
const DiscoveryDocument = z.object({
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
const partWords: Record<string, MessageId> = {
  authorization_endpoint: 'mainMerchant.env.part.authorizationEndpoint',
  token_endpoint: 'mainMerchant.env.part.tokenEndpoint',
  jwks_uri: 'mainMerchant.env.part.jwksUri',
  response_types_supported: 'mainMerchant.env.part.responseTypes',
  code_challenge_methods_supported: 'mainMerchant.env.part.pkce',
};

const MAX_DOCUMENT_BYTES = 256 * 1024;

/**
 * Parses an address the user typed for the sign-in environment. Plain http only to the loopback IP
 * literals (never the name localhost, RFC 8252 section 8.3); anything else must be https.
 */
export function requireServiceUrl(text: string, field: 'issuer' | 'baseUrl'): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new AppError('bad_input', t('mainMerchant.env.urlForm', { field }), {
      field,
    });
  }
  if (url.username || url.password) {
    throw new AppError('bad_input', t('mainMerchant.env.urlCredentials', { field }), { field });
  }
  if (isAllowedServiceUrl(url)) return url;
  if (url.protocol === 'http:' && url.hostname === 'localhost') {
    throw new AppError('bad_input', t('mainMerchant.env.urlLocalhost', { field }), { field });
  }
  throw new AppError('bad_input', t('mainMerchant.env.urlHttps', { field }), { field });
}

export function requireClientId(text: string): string {
  const clientId = text.trim();
  if (clientId.length === 0 || clientId.length > 200 || /[^\x21-\x7e]/.test(clientId)) {
    throw new AppError('bad_input', t('mainMerchant.env.clientId'), {
      field: 'clientId',
    });
  }
  return clientId;
}

/** The addresses as they will be saved: issuer exactly as entered (discovery compares it exactly), hosts without a trailing slash. */
export function normaliseSignInEndpoints(input: SignInEndpoints): SignInEndpoints {
  requireServiceUrl(input.issuer, 'issuer');
  const baseUrl = requireServiceUrl(input.baseUrl, 'baseUrl');
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
 * issuer); the wallet API address answers HTTP at all. Discovery is sign-in's own (auth/oidc-config.ts), so
 * what is saved is what sign-in will accept. Every failure is said in words.
 */
export async function checkSignInEndpoints(
  input: SignInEndpoints,
  options: SignInCheckOptions = {},
): Promise<SignInEndpoints> {
  const endpoints = normaliseSignInEndpoints(input);
  const timeoutMs = options.timeoutMs ?? 10_000;
  await requireDiscovery(endpoints, options, timeoutMs);
  await requireAnswer(endpoints.baseUrl, options, timeoutMs);
  return endpoints;
}

async function requireDiscovery(
  endpoints: SignInEndpoints,
  options: SignInCheckOptions,
  timeoutMs: number,
): Promise<void> {
  const tooLarge = () =>
    new AppError('bad_input', t('mainMerchant.env.documentTooLarge'), {
      field: 'issuer',
    });
  let metadata: unknown;
  try {
    const config = await discoverIssuer(endpoints, {
      timeoutSeconds: timeoutMs / 1000,
      wire: { ...(options.fetch ? { fetch: options.fetch } : {}), maxBytes: MAX_DOCUMENT_BYTES, tooLarge },
    });
    metadata = config.serverMetadata();
  } catch (error) {
    throw discoveryRefusal(error, endpoints.issuer);
  }
  const parsed = DiscoveryDocument.safeParse(metadata);
  if (!parsed.success) {
    const missing = [
      ...new Set(
        parsed.error.issues.map((issue) => t(partWords[String(issue.path[0])] ?? 'mainMerchant.env.part.other')),
      ),
    ];
    throw new AppError(
      'bad_input',
      t('mainMerchant.env.documentLacks', {
        missing: new Intl.ListFormat(textLocale(), { type: 'unit', style: 'long' }).format(missing),
      }),
      { field: 'issuer' },
    );
  }
}

/** What openid-client's discovery refused, in the words of the settings check. */
function discoveryRefusal(error: unknown, issuer: string): AppError {
  const refuse = (words: string) => new AppError('bad_input', words, { field: 'issuer' });
  const unreachable = new AppError('network', t('mainMerchant.env.issuerUnreachable', { issuer }), { field: 'issuer' });
  if (!(error instanceof AppError)) return refuse(t('mainMerchant.env.notAsExpected'));
  if (error.code === 'network') return unreachable;
  // Refusals already in words: the https rule for endpoints, a document too large.
  const worded = wordedCause(error);
  if (worded) return worded.field === undefined ? refuse(worded.message) : worded;
  const library = libraryCause(error);
  switch (library?.code) {
    case 'OAUTH_RESPONSE_IS_NOT_CONFORM': {
      const status = library.cause instanceof Response ? library.cause.status : 0;
      // A redirect is refused, not followed: discovery could be moved to a host the user never named.
      if (status >= 300 && status < 400) return unreachable;
      return refuse(t('mainMerchant.env.httpStatus', { status: String(status) }));
    }
    case 'OAUTH_PARSE_ERROR':
    case 'OAUTH_RESPONSE_IS_NOT_JSON':
      return refuse(t('mainMerchant.env.notJson'));
    case 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED': {
      const claimed = IssuerClaim.safeParse(library.cause);
      if (!claimed.success) return refuse(t('mainMerchant.env.notAsExpected'));
      return refuse(t('mainMerchant.env.issuerMismatch', { claimed: claimed.data.body.issuer.slice(0, 200), issuer }));
    }
    case 'OAUTH_INVALID_RESPONSE':
      return refuse(t('mainMerchant.env.noIssuer'));
    case undefined:
    default:
      return refuse(t('mainMerchant.env.notAsExpected'));
  }
}

/** The issuer a document named, as openid-client reports a mismatch. */
const IssuerClaim = z.object({ body: z.object({ issuer: z.string() }) });

/** An AppError deeper in the chain than the one discovery raised is already a refusal in words. */
function wordedCause(error: AppError): AppError | null {
  if (error.cause === undefined) return error;
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof AppError) return cause;
  }
  return null;
}

/** openid-client's coded error in the chain (its codes are documented as stable strings). */
function libraryCause(error: Error): { code: string; cause: unknown } | null {
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    const code: unknown = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('OAUTH_')) return { code, cause: cause.cause };
  }
  return null;
}

/** The wallet API address answers HTTP at all: any status, a redirect included, is an answer. */
async function requireAnswer(baseUrl: string, options: SignInCheckOptions, timeoutMs: number): Promise<void> {
  const words = t('mainMerchant.env.walletUnreachable', { baseUrl });
  const call = createHttpCaller({
    timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    words: { logName: 'wallet API check', moneyMoveUnknown: words, timedOut: words, unreachable: words },
  });
  try {
    await call(
      {
        method: 'GET',
        url: `${baseUrl}/api/OAuth/session`,
        headers: {},
        movesMoney: false,
        logFields: {},
        redirect: 'manual',
      },
      async (response) => {
        await response.body?.cancel().catch(() => undefined);
        return { status: response.status, retryAfter: null, envelope: null, json: null };
      },
    );
  } catch {
    throw new AppError('network', words, { field: 'baseUrl' });
  }
}
