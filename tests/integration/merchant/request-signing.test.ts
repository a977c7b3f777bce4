import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantOverview } from '../../../src-preload/contract/merchant';
import type { UnresolvedWithdrawal, WithdrawOutcome } from '../../../src-preload/contract/withdraw';
import { signingAccount } from '../../../src-main/features/merchant/merchant-keys';
import { testKeys } from '../../support/test-keys';
import {
  confirmWithdrawal,
  setUpTreasury,
  startMerchantMachine,
  type MerchantLaunch,
  type MerchantMachine,
} from '../support/merchant-app';

/** Optional X-Signature: the app signs with a key kept in the keychain; the sandbox verifies. */
describe('merchant request signing against the sandbox', () => {
  let machine: MerchantMachine;
  let app: MerchantLaunch;
  let aliceGuid: string;
  const signatures: Array<string | null> = [];
  const paths: string[] = [];

  const sandboxControl = async (path: string, body: unknown) =>
    (
      await fetch(`${machine.sandbox.origin}/__sandbox/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).status;
  const local = (overview: MerchantOverview) =>
    overview.environments.find(
      (environment) => environment.id === 'local-sandbox',
    ) as MerchantOverview['environments'][number];

  beforeAll(async () => {
    machine = await startMerchantMachine();
    // Records the X-Signature header of every Interface B request the app sends.
    const inner = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/v1/')) {
        signatures.push(new Headers(init?.headers).get('X-Signature'));
        paths.push(new URL(url).pathname);
      }
      return inner(input, init);
    };
    aliceGuid = machine.userOf('alice').userGuid;
    app = await machine.launch();
    await app.signIn('alice');
    await app.value('merchant.saveKeys', {
      environment: 'local-sandbox',
      publicKey: machine.merchant.publicKey,
      secretKey: machine.merchant.secretKey,
    });
  });
  afterAll(async () => {
    await machine?.close();
  });

  it('with signing off, requests carry no signature and the default sandbox answers them', async () => {
    signatures.length = 0;
    expect(await app.value<unknown[]>('merchant.balances')).toHaveLength(12);
    expect(signatures).toEqual([null]);
  });

  it('a generated key signs every request once turned on; the sandbox verifies it against the registered public key', async () => {
    const generated = await app.value<MerchantOverview>('merchant.signingGenerate', { environment: 'local-sandbox' });
    const publicKeyPem = local(generated).signing.publicKeyPem as string;
    expect(publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    // Generated but not registered yet: not switched on by itself.
    expect(local(generated).signing.enabled).toBe(false);
    expect(
      await sandboxControl('request-signing/keys', { merchantPublicKey: machine.merchant.publicKey, publicKeyPem }),
    ).toBe(200);
    expect(await sandboxControl('request-signing', { required: true })).toBe(200);

    // Required by the service, not turned on in the app: refused, nothing signed.
    expect(await app.failure('merchant.balances')).toMatchObject({ code: 'invalid_hash' });

    const on = await app.value<MerchantOverview>('merchant.signingSetEnabled', {
      environment: 'local-sandbox',
      enabled: true,
    });
    expect(local(on).signing).toEqual({ enabled: true, publicKeyPem });
    signatures.length = 0;
    expect(await app.value<unknown[]>('merchant.balances')).toHaveLength(12);
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  });

  it('a key the service does not know is refused; an imported registered key is accepted', async () => {
    // A new pair replaces the registered one and turns signing off until the user turns it on again.
    const regenerated = await app.value<MerchantOverview>('merchant.signingGenerate', { environment: 'local-sandbox' });
    expect(local(regenerated).signing.enabled).toBe(false);
    await app.value('merchant.signingSetEnabled', { environment: 'local-sandbox', enabled: true });
    expect(await app.failure('merchant.balances')).toMatchObject({ code: 'invalid_hash' });

    const { privateKeyPkcs1Pem: pem, publicKeyPem } = testKeys.rsa2048A;
    await sandboxControl('request-signing/keys', { merchantPublicKey: machine.merchant.publicKey, publicKeyPem });
    const imported = await app.value<MerchantOverview>('merchant.signingImport', {
      environment: 'local-sandbox',
      privateKeyPem: pem,
    });
    expect(local(imported).signing).toEqual({ enabled: false, publicKeyPem });
    await app.value('merchant.signingSetEnabled', { environment: 'local-sandbox', enabled: true });
    expect(await app.value<unknown[]>('merchant.balances')).toHaveLength(12);

    // The private key is in the keychain under the user, environment and merchant, and nowhere else.
    const stored = await machine.secrets.get(signingAccount(aliceGuid, 'local-sandbox', machine.merchant.publicKey));
    expect(stored).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const body = (stored as string).split('\n')[1] as string;
    const settingsText = await readFile(join(machine.dir, 'settings.json'), 'utf8');
    expect(settingsText).not.toContain(body);
    expect(settingsText).not.toContain('PRIVATE KEY');
    expect(machine.bridgeTraffic.join('\n')).not.toContain(body);
    expect(machine.bridgeTraffic.join('\n')).not.toContain('PRIVATE KEY');
    expect(machine.logger.text()).not.toContain(body);
  });

  it('a bad or too small key is refused in words and changes nothing', async () => {
    const before = local(await app.value<MerchantOverview>('merchant.getSettings')).signing;
    const small = testKeys.rsa1024Pkcs8Pem;
    expect(
      await app.failure('merchant.signingImport', { environment: 'local-sandbox', privateKeyPem: small }),
    ).toMatchObject({
      code: 'bad_input',
      message: expect.stringMatching(/1024 bits; at least 2048/),
    });
    expect(
      await app.failure('merchant.signingImport', { environment: 'local-sandbox', privateKeyPem: 'hello' }),
    ).toMatchObject({
      code: 'bad_input',
    });
    expect(local(await app.value<MerchantOverview>('merchant.getSettings')).signing).toEqual(before);
    expect(await app.value<unknown[]>('merchant.balances')).toHaveLength(12);
  });

  it('turning signing off, or deleting the key, sends unsigned requests again (refused while the sandbox requires them)', async () => {
    await app.value('merchant.signingSetEnabled', { environment: 'local-sandbox', enabled: false });
    expect(await app.failure('merchant.balances')).toMatchObject({ code: 'invalid_hash' });
    await sandboxControl('request-signing', { required: false });
    expect(await app.value<unknown[]>('merchant.balances')).toHaveLength(12);
    const removed = await app.value<MerchantOverview>('merchant.signingRemove', { environment: 'local-sandbox' });
    expect(local(removed).signing).toEqual({ enabled: false, publicKeyPem: null });
    expect(
      await machine.secrets.get(signingAccount(aliceGuid, 'local-sandbox', machine.merchant.publicKey)),
    ).toBeNull();
    expect(
      await app.failure('merchant.signingSetEnabled', { environment: 'local-sandbox', enabled: true }),
    ).toMatchObject({
      code: 'not_configured',
    });
  });

  it('deleting the merchant keys deletes their signing key too', async () => {
    await app.value('merchant.signingGenerate', { environment: 'local-sandbox' });
    await app.value('merchant.deleteKeys', { environment: 'local-sandbox' });
    expect(
      await machine.secrets.get(signingAccount(aliceGuid, 'local-sandbox', machine.merchant.publicKey)),
    ).toBeNull();
    expect(await app.failure('merchant.signingGenerate', { environment: 'local-sandbox' })).toMatchObject({
      code: 'not_configured',
    });
  });

  it('a signing key damaged in the keychain fails a withdrawal as "nothing was sent", never as an unknown outcome', async () => {
    await sandboxControl('request-signing', { required: false });
    await setUpTreasury(machine, app);
    const generated = await app.value<MerchantOverview>('merchant.signingGenerate', { environment: 'local-sandbox' });
    const publicKeyPem = local(generated).signing.publicKeyPem as string;
    await sandboxControl('request-signing/keys', { merchantPublicKey: machine.merchant.publicKey, publicKeyPem });
    await app.value('merchant.signingSetEnabled', { environment: 'local-sandbox', enabled: true });
    const intent = await confirmWithdrawal(app, machine, '0.0121');

    const account = signingAccount(aliceGuid, 'local-sandbox', machine.merchant.publicKey);
    const good = (await machine.secrets.get(account)) as string;
    const damaged = good.replace(/\n[A-Za-z0-9+/]{20}/, '\n!!!!damaged!!!!!!!!!');
    await machine.secrets.set(account, damaged);
    paths.length = 0;
    const failed = await app.call('withdraw.execute', {
      intentId: intent.intentId,
      tfaCode: await machine.nextCode(),
    });
    expect(failed).toMatchObject({
      ok: false,
      error: { code: 'not_configured', message: expect.stringMatching(/damaged.*nothing was sent/) },
    });
    expect(JSON.stringify(failed)).not.toContain('damaged!!');
    expect(paths).not.toContain('/v1/withdraw/add');
    // Refused, not unknown: it is not among the withdrawals whose outcome must be found out.
    const unresolved = await app.value<UnresolvedWithdrawal[]>('withdraw.unresolved');
    expect(unresolved.map((entry) => entry.review.intentId)).not.toContain(intent.intentId);

    // With the key mended, the same withdrawal can be sent, once.
    await machine.secrets.set(account, good);
    const sent = await app.value<WithdrawOutcome>('withdraw.execute', {
      intentId: intent.intentId,
      tfaCode: await machine.nextCode(),
    });
    expect(sent).toMatchObject({ success: true });
    expect(await app.value('withdraw.status', { intentId: intent.intentId })).toMatchObject({ state: 'succeeded' });
    expect(paths.filter((path) => path === '/v1/withdraw/add')).toHaveLength(1);
  });
});
