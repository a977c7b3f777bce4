import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Keys made once and committed (tests/support/keys), for tests of what the app does with a key. Making an
 * RSA key is CPU-bound (a 4160-bit one took over 20 s on a loaded machine), so a test that made its own
 * would depend on the machine's speed. These keys sign nothing real.
 */
function pem(name: string): string {
  return readFileSync(join(import.meta.dirname, 'keys', name), 'utf8');
}

export interface TestRsaPair {
  /** PKCS#1 ("RSA PRIVATE KEY") PEM. */
  readonly privateKeyPkcs1Pem: string;
  /** SPKI ("PUBLIC KEY") PEM. */
  readonly publicKeyPem: string;
}

function pair(name: string): TestRsaPair {
  return { privateKeyPkcs1Pem: pem(`${name}.pkcs1.pem`), publicKeyPem: pem(`${name}.spki.pem`) };
}

export const testKeys = {
  /** Two unrelated 2048-bit RSA pairs. */
  rsa2048A: pair('rsa-2048-a'),
  rsa2048B: pair('rsa-2048-b'),
  /** PKCS#8 PEM, too small to sign with. */
  rsa1024Pkcs8Pem: pem('rsa-1024.pkcs8.pem'),
  /** PKCS#8 PEM, larger than the app accepts. */
  rsa4160Pkcs8Pem: pem('rsa-4160.pkcs8.pem'),
  /** PKCS#8 PEM of an EC key: not RSA. */
  ecP256Pkcs8Pem: pem('ec-p256.pkcs8.pem'),
  /** Encrypted PKCS#8 PEM of a 2048-bit RSA key (passphrase "pw"). */
  rsa2048EncryptedPkcs8Pem: pem('rsa-2048-encrypted.pkcs8.pem'),
} as const;
