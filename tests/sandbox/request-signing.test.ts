import { createPrivateKey, createPublicKey, createSign } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { testKeys } from '../support/test-keys';

/** Signs as the vendor SDK does (written out here, not imported from the app): RSA-SHA512 over the body, base64. */
function sdkSign(privateKeyPem: string, body: string): string {
  const signer = createSign('RSA-SHA512');
  signer.update(body);
  signer.end();
  return signer.sign(privateKeyPem, 'base64');
}

/** A committed test key (tests/support/test-keys.ts) as PKCS#8 and SPKI PEM. */
function rsaPair(privatePem: string) {
  const privateKey = createPrivateKey(privatePem);
  const publicKey = createPublicKey(privateKey);
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

describe('sandbox: optional X-Signature request signing (README "Request signing")', () => {
  let sandbox: RunningSandbox;
  let merchant: { publicKey: string; secretKey: string };
  const registered = rsaPair(testKeys.rsa2048A.privateKeyPkcs1Pem);
  const unregistered = rsaPair(testKeys.rsa2048B.privateKeyPkcs1Pem);

  const control = async (path: string, body: unknown) => {
    const response = await fetch(`${sandbox.origin}/__sandbox/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** POST /v1/merchant/balances with `sent` as the body, signed over `signed` (the same text unless tampered). */
  const balances = async (options: { key?: string; signed?: string; sent?: string; header?: string } = {}) => {
    const sent = options.sent ?? JSON.stringify({ PublicKey: merchant.publicKey });
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Api-Key': merchant.secretKey };
    if (options.header !== undefined) headers['X-Signature'] = options.header;
    else if (options.key) headers['X-Signature'] = sdkSign(options.key, options.signed ?? sent);
    const response = await fetch(`${sandbox.apiUrl}/v1/merchant/balances`, { method: 'POST', headers, body: sent });
    return (await response.json()) as { code: number; message: string };
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    merchant = sandbox.info().merchants[0] as { publicKey: string; secretKey: string };
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  beforeEach(async () => {
    await control('reset', {});
  });

  it('is off by default: unsigned and signed requests are both answered', async () => {
    expect(await balances()).toMatchObject({ code: 200 });
    expect(await balances({ key: unregistered.privateKeyPem })).toMatchObject({ code: 200 });
  });

  it('when required, accepts a body signed with a registered key and refuses the rest with Z800', async () => {
    expect(
      await control('request-signing/keys', {
        merchantPublicKey: merchant.publicKey,
        publicKeyPem: registered.publicKeyPem,
      }),
    ).toMatchObject({ status: 200, body: { count: 1 } });
    expect(await control('request-signing', { required: true })).toMatchObject({
      status: 200,
      body: { required: true },
    });

    expect(await balances({ key: registered.privateKeyPem })).toMatchObject({ code: 200 });
    // A body changed after signing: one space more is enough.
    const sent = JSON.stringify({ PublicKey: merchant.publicKey }, null, 1);
    expect(
      await balances({
        key: registered.privateKeyPem,
        sent,
        signed: JSON.stringify({ PublicKey: merchant.publicKey }),
      }),
    ).toMatchObject({
      code: 400,
      message: 'Z800',
    });
    expect(await balances({ key: unregistered.privateKeyPem })).toMatchObject({ message: 'Z800' });
    expect(await balances()).toMatchObject({ message: 'Z800' });
    expect(await balances({ header: 'AAAA' })).toMatchObject({ message: 'Z800' });
    // Another merchant's registered key does not sign for this one.
    const second = sandbox.info().merchants[1] as { publicKey: string };
    await control('request-signing/keys', {
      merchantPublicKey: second.publicKey,
      publicKeyPem: unregistered.publicKeyPem,
    });
    expect(await balances({ key: unregistered.privateKeyPem })).toMatchObject({ message: 'Z800' });
  });

  it('refuses to register what is not a usable RSA public key, and a reset forgets keys and the requirement', async () => {
    const small = rsaPair(testKeys.rsa1024Pkcs8Pem);
    expect(
      await control('request-signing/keys', {
        merchantPublicKey: merchant.publicKey,
        publicKeyPem: small.publicKeyPem,
      }),
    ).toMatchObject({ status: 400, body: { error: expect.stringMatching(/2048/) } });
    expect(
      await control('request-signing/keys', { merchantPublicKey: merchant.publicKey, publicKeyPem: 'nope' }),
    ).toMatchObject({ status: 400 });
    expect(
      await control('request-signing/keys', { merchantPublicKey: 'pk_unknown', publicKeyPem: registered.publicKeyPem }),
    ).toMatchObject({ status: 404 });
    await control('request-signing/keys', {
      merchantPublicKey: merchant.publicKey,
      publicKeyPem: registered.publicKeyPem,
    });
    await control('request-signing', { required: true });
    await control('reset', {});
    const state = await fetch(`${sandbox.origin}/__sandbox/request-signing`).then((r) => r.json());
    expect(state).toMatchObject({ required: false });
    expect((state as { keys: Array<{ count: number }> }).keys.every((k) => k.count === 0)).toBe(true);
    expect(await balances()).toMatchObject({ code: 200 });
  });

  it('can start with signatures required (--require-signature)', async () => {
    const strict = await startSandbox({ port: 0, quiet: true, requireRequestSignature: true });
    try {
      const m = strict.info().merchants[0] as { publicKey: string; secretKey: string };
      const response = await fetch(`${strict.apiUrl}/v1/merchant/balances`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Api-Key': m.secretKey },
        body: JSON.stringify({ PublicKey: m.publicKey }),
      });
      expect(await response.json()).toMatchObject({ message: 'Z800' });
    } finally {
      await strict.close();
    }
  });
});
