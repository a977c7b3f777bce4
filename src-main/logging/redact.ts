/**
 * Scrubs secrets out of everything that is about to be logged: values under secret-sounding keys at any
 * depth, bearer and basic credentials, JWT-shaped strings, secret query/form parameters in free text,
 * and exact values registered at run time (the current refresh token, a merchant secret key), wherever
 * they appear. Security requirement 19: logs never hold a token, secret key or two-factor code.
 */
export const REDACTED = '[redacted]';

const MIN_REGISTERED_SECRET_LENGTH = 6;
const MAX_DEPTH = 8;
const MAX_ARRAY_ITEMS = 100;

/** Key names (lower-cased, without `-`, `_` and spaces) whose value is always a secret. */
const secretKeys = new Set([
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'logintoken',
  'sessiontoken',
  'secret',
  'secretkey',
  'clientsecret',
  'apikey',
  'xapikey',
  'apisecret',
  'privatekey',
  'privatekeypem',
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'password',
  'passphrase',
  'pin',
  'mnemonic',
  'seed',
  'tfa',
  'tfacode',
  'twofactorcode',
  'totp',
  'otp',
  'otpcode',
  'verificationcode',
  'codeverifier',
  'hash',
  'signature',
]);

const secretKeySuffixes = ['token', 'secret', 'secretkey', 'apikey', 'password', 'tfacode', 'otp'];

function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[-_\s]/g, '');
}

export function isSecretKey(key: string): boolean {
  const normalised = normaliseKey(key);
  return secretKeys.has(normalised) || secretKeySuffixes.some((suffix) => normalised.endsWith(suffix));
}

/**
 * `code` is an OAuth authorization code or a two-factor code in some places and a harmless error code
 * (`invalid_grant`, `ENOENT`, `bad_input`) in others. Keep it only when it reads like an error code.
 */
function isHarmlessCode(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 40 && /^[A-Za-z]+(?:[_.-][A-Za-z]+)*$/.test(value);
}

// Parameter names whose value is a secret when they appear as `name=value` / `"name": "value"` in text.
const secretParamNames = [
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'client_secret',
  'code_verifier',
  'code',
  'secret',
  'secretKey',
  'secret_key',
  'apiKey',
  'api_key',
  'X-Api-Key',
  'password',
  'tfa',
  'TfaCode',
  'tfa_code',
  'otp',
  'Hash',
];
const escapedParamNames = secretParamNames.map((name) => name.replace(/[-]/g, '\\-')).join('|');

const textPatterns: ReadonlyArray<readonly [RegExp, string]> = [
  // Authorization header values, including in dumped headers or curl lines.
  [/\b(Bearer|Basic|DPoP)\s+[A-Za-z0-9\-._~+/]+=*/gi, `$1 ${REDACTED}`],
  // PEM private keys (request signing), whole or cut short, whatever their header says.
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g, REDACTED],
  // JWTs (ID tokens, access tokens): three base64url parts, the first a JSON header.
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // name=value in URLs and form bodies, "name": "value" in JSON text, name: value in prose.
  [
    new RegExp(`((?:^|[^A-Za-z0-9_])(?:${escapedParamNames})["']?\\s*[:=]\\s*["']?)([^\\s"'&,;}<>]+)`, 'gi'),
    `$1${REDACTED}`,
  ],
  // A six-digit code next to a two-factor word in prose ("2FA 123456", "tfa code 123456").
  [/\b((?:2fa|tfa|otp|totp|two[- ]factor)[^\d\n]{0,20})\d{6}\b/gi, `$1${REDACTED}`],
];

export interface Redactor {
  /** Remembers an exact secret value so it is scrubbed from free text too. */
  registerSecret(value: string): void;
  forgetSecret(value: string): void;
  redactText(text: string): string;
  redactValue(value: unknown): unknown;
}

export function createRedactor(): Redactor {
  const registered = new Set<string>();

  function redactText(text: string): string {
    let result = text;
    // Longest first, so a secret that contains another one is removed whole.
    for (const secret of [...registered].sort((a, b) => b.length - a.length)) {
      if (result.includes(secret)) result = result.split(secret).join(REDACTED);
    }
    for (const [pattern, replacement] of textPatterns) result = result.replace(pattern, replacement);
    return result;
  }

  function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
    if (typeof value === 'string') return redactText(value);
    if (value === null || typeof value !== 'object') {
      return typeof value === 'function' || typeof value === 'symbol' ? String(typeof value) : value;
    }
    if (seen.has(value)) return '[circular]';
    if (depth >= MAX_DEPTH) return '[too deep]';
    seen.add(value);

    if (value instanceof Error) {
      return {
        name: value.name,
        message: redactText(value.message),
        ...(value.stack ? { stack: redactText(value.stack) } : {}),
        ...('code' in value ? { code: redactEntry('code', value.code, depth, seen) } : {}),
        ...(value.cause !== undefined ? { cause: redactValue(value.cause, depth + 1, seen) } : {}),
      };
    }
    if (value instanceof URL) return redactText(value.href);
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) {
      return value.slice(0, MAX_ARRAY_ITEMS).map((item) => redactValue(item, depth + 1, seen));
    }
    if (value instanceof Map) {
      return redactValue(Object.fromEntries([...value.entries()].map(([k, v]) => [String(k), v])), depth + 1, seen);
    }
    if (typeof Headers !== 'undefined' && value instanceof Headers) {
      return redactValue(Object.fromEntries(value.entries()), depth + 1, seen);
    }
    const output: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      output[redactText(key)] = redactEntry(key, item, depth, seen);
    }
    return output;
  }

  function redactEntry(key: string, item: unknown, depth: number, seen: WeakSet<object>): unknown {
    if (item === null || item === undefined || item === '' || typeof item === 'boolean') return item;
    if (isSecretKey(key)) return REDACTED;
    if (normaliseKey(key) === 'code' && !isHarmlessCode(item)) return REDACTED;
    return redactValue(item, depth + 1, seen);
  }

  return {
    registerSecret(value) {
      if (typeof value === 'string' && value.length >= MIN_REGISTERED_SECRET_LENGTH) registered.add(value);
    },
    forgetSecret(value) {
      registered.delete(value);
    },
    redactText,
    redactValue: (value) => redactValue(value),
  };
}
