import { createSign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src-main/app-error';
import { createRedactor } from '../../../../src-main/logging/redact';
import { createInterfaceBClient } from '../../../../src-main/service/interface-b';
import {
  generateSigningKeyPair,
  importSigningKey,
  publicKeyOf,
  signRequestBody,
  verifyRequestBody,
} from '../../../../src-main/service/request-signing';
import { testKeys } from '../../../support/test-keys';

const body = JSON.stringify({ PublicKey: 'pk_test', Symbol: 'ETH', Amount: 0.1 });

function refusal(text: string): AppError {
  try {
    importSigningKey(text);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the key was accepted');
}

describe('X-Signature request signing (RS512 over the body, base64)', () => {
  const pair = importSigningKey(testKeys.rsa2048A.privateKeyPkcs1Pem);
  const other = importSigningKey(testKeys.rsa2048B.privateKeyPkcs1Pem);

  it('signs exactly as the vendor SDK does: RSA-SHA512 PKCS#1 v1.5 over the body text, base64', () => {
    // The SDK's own recipe (node:crypto createSign('RSA-SHA512') … sign(key, 'base64')), written out here
    // so the app's signer is checked against it; PKCS#1 v1.5 is deterministic, so the two must be equal.
    const sdk = createSign('RSA-SHA512');
    sdk.update(body);
    sdk.end();
    expect(signRequestBody(pair.privateKeyPem, body)).toBe(sdk.sign(pair.privateKeyPem, 'base64'));
  });

  it('a signature verifies for its body and key only', () => {
    const signature = signRequestBody(pair.privateKeyPem, body);
    expect(verifyRequestBody(pair.publicKeyPem, body, signature)).toBe(true);
    expect(verifyRequestBody(pair.publicKeyPem, body.replace('0.1', '0.2'), signature)).toBe(false);
    expect(verifyRequestBody(other.publicKeyPem, body, signature)).toBe(false);
    expect(verifyRequestBody(pair.publicKeyPem, body, 'not base64!')).toBe(false);
    expect(verifyRequestBody(pair.publicKeyPem, body, '')).toBe(false);
  });

  it('generates a 3072-bit pair by default whose public half is shown again from the stored private key', async () => {
    const fresh = await generateSigningKeyPair();
    expect(fresh.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(fresh.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(publicKeyOf(fresh.privateKeyPem)).toBe(fresh.publicKeyPem);
    expect(importSigningKey(fresh.privateKeyPem).publicKeyPem).toBe(fresh.publicKeyPem);
    expect(publicKeyOf('garbage')).toBeNull();
  });

  it('imports a PKCS#1 ("RSA PRIVATE KEY") key and stores it as PKCS#8 with the same public half', () => {
    const { privateKeyPkcs1Pem: pkcs1, publicKeyPem } = testKeys.rsa2048A;
    expect(pkcs1).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    const imported = importSigningKey(`\n  ${pkcs1}\n`);
    expect(imported.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(imported.publicKeyPem).toBe(publicKeyPem);
  });

  it('refuses bad keys in words that never repeat the pasted text', () => {
    const small = testKeys.rsa1024Pkcs8Pem;
    const large = testKeys.rsa4160Pkcs8Pem;
    const ec = testKeys.ecP256Pkcs8Pem;
    const encrypted = testKeys.rsa2048EncryptedPkcs8Pem;
    const damaged = pair.privateKeyPem.replace(/\n[A-Za-z0-9+/]{20}/, '\n!!!!');
    const cases: Array<[string, RegExp]> = [
      [small, /1024 bits; at least 2048/],
      [large, /4160 bits; at most 4096/],
      [ec, /kind EC, not RSA\. RS512 signing needs an RSA key/],
      [encrypted, /passphrase/],
      [pair.publicKeyPem, /This is a public key/],
      [damaged, /damaged or incomplete/],
      ['hello', /Paste an RSA private key in PEM form/],
      ['-----BEGIN PRIVATE KEY-----\n' + 'A'.repeat(20_000), /too long/],
    ];
    for (const [text, words] of cases) {
      const error = refusal(text);
      expect(error.code).toBe('bad_input');
      expect(error.field).toBe('privateKey');
      expect(error.message).toMatch(words);
      for (const line of text.split('\n').filter((l) => l.length > 16 && !l.startsWith('-----')))
        expect(error.message).not.toContain(line.slice(0, 16));
    }
  });

  it('the client signs the exact body it sends, and a refused hash then names the signing key too', async () => {
    const sent: Array<{ body: string; signature: string | null }> = [];
    const fetch: typeof globalThis.fetch = async (_url, init) => {
      sent.push({ body: String(init?.body), signature: new Headers(init?.headers).get('X-Signature') });
      return new Response('{"apiVersion":"1.0.0.0","data":null,"code":400,"message":"Z800"}', { status: 400 });
    };
    const signed = createInterfaceBClient({
      apiUrl: 'https://api.example',
      publicKey: 'pk',
      secretKey: 'sk_s',
      signingKey: pair.privateKeyPem,
      fetch,
    });
    const error = await signed.balances().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'invalid_hash', message: expect.stringMatching(/Request signing is on/) });
    expect(verifyRequestBody(pair.publicKeyPem, sent[0]?.body as string, sent[0]?.signature as string)).toBe(true);
    const unsigned = createInterfaceBClient({
      apiUrl: 'https://api.example',
      publicKey: 'pk',
      secretKey: 'sk_s',
      fetch,
    });
    expect(await unsigned.balances().catch((caught: unknown) => caught)).toMatchObject({
      message: expect.not.stringMatching(/Request signing/),
    });
    expect(sent[1]?.signature).toBeNull();
  });

  it('logs never hold a PEM private key, whole or cut short', () => {
    const redactor = createRedactor();
    const line = `import failed for ${pair.privateKeyPem} and then ${other.privateKeyPem.slice(0, 200)}`;
    const redacted = redactor.redactText(line);
    expect(redacted).not.toMatch(/BEGIN PRIVATE KEY|[A-Za-z0-9+/]{40}/);
    expect(redacted).toContain('[redacted]');
  });
});
