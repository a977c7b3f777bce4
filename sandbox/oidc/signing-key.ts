import { generateKeyPair, type JsonWebKey } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPair);
let cached: Promise<JsonWebKey> | undefined;

/**
 * One RS256 key per process: RSA generation costs tens of milliseconds, and tests start many sandboxes.
 * RS256 is the ID token algorithm clients assume when they register none (OIDC Registration 2).
 */
export function signingKey(): Promise<JsonWebKey> {
  cached ??= generate('rsa', { modulusLength: 2048 }).then(({ privateKey }) => ({
    ...privateKey.export({ format: 'jwk' }),
    use: 'sig',
    alg: 'RS256',
    kid: 'sandbox-rs256',
  }));
  return cached;
}
