import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCallbackBody } from '../../../../src-main/features/merchant/callback-check';
import { requireWebUrl } from '../../../../src-main/features/merchant/merchant-deposits';
import { requireApiUrl } from '../../../../src-main/features/merchant/merchant-keys';
import { createInterfaceBClient, errorFor } from '../../../../src-main/service/interface-b';
import {
  callbackSignature,
  depositCreateHash,
  verifyConfirmHash,
  verifyStartHash,
  withdrawHash,
} from '../../../../src-main/service/interface-b-hashes';
import { openSettingsStore } from '../../../../src-main/settings/settings-store';
import { earlierSettingsFile } from '../../support/settings-file';
import { createRecordingLogger } from '../../support/recording-logger';

// Written out from the text of spec 4.2 and design.md "Facts from outside the spec", independently of the module
// under test.
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const SECRET = 'sk_test_0123456789';

describe('Interface B hashes (spec 4.2, design.md "Facts from outside the spec")', () => {
  it('concatenate the listed fields in order, then the secret, with Amount as String(number)', () => {
    expect(withdrawHash({ Symbol: 'ETH', Amount: 0.1, Address: '0xabc', MerchantTransactionId: 'm-1' }, SECRET)).toBe(
      md5(`ETH0.10xabcm-1${SECRET}`),
    );
    // String(1e-7) is "1e-7": the SDK's text, kept exactly.
    expect(
      withdrawHash({ Symbol: 'BTC', Amount: 0.0000001, Address: 'bc1q', MerchantTransactionId: 'm' }, SECRET),
    ).toBe(md5(`BTC1e-7bc1qm${SECRET}`));
    expect(verifyStartHash({ Symbol: 'LTC', NetworkId: 2, Address: 'ltc1q', ReferenceId: 'r' }, SECRET)).toBe(
      md5(`LTC2ltc1qr${SECRET}`),
    );
    expect(verifyConfirmHash({ Symbol: 'LTC', NetworkId: 2, Amount: 0.00001234, ReferenceId: 'r' }, SECRET)).toBe(
      md5(`LTC20.00001234r${SECRET}`),
    );
    expect(
      depositCreateHash(
        { PublicKey: 'pk', Symbol: 'BTC', Label: 'L', ReferenceId: 'r', CallbackUrl: 'https://x/cb' },
        SECRET,
      ),
    ).toBe(md5(`pkBTCLrhttps://x/cb${SECRET}`));
    expect(callbackSignature(SECRET, 'ABC')).toBe(md5(`${SECRET}ABC`).toUpperCase());
  });
});

describe('amounts at the wire', () => {
  it('are refused before any call when the JSON number would not say exactly the same amount', async () => {
    let calls = 0;
    const fetch: typeof globalThis.fetch = async () => {
      calls += 1;
      return new Response('{"code":200,"data":{}}');
    };
    const client = createInterfaceBClient({ apiUrl: 'https://api.example', publicKey: 'pk', secretKey: SECRET, fetch });
    const request = {
      ReferenceId: 'r',
      Symbol: 'ETH',
      NetworkId: 3,
      Address: '0x1',
      Label: '',
      MerchantTransactionId: 'r',
      Email: 'a@b.c',
    };
    for (const Amount of ['0.123456789012345678', '1e400', 'twelve']) {
      await expect(client.withdraw({ ...request, Amount }, '123456')).rejects.toMatchObject({
        code: 'bad_input',
        field: 'amount',
      });
    }
    expect(calls).toBe(0);
  });
});

describe('Z-codes in words', () => {
  it('maps each code to a stable error code with a plain message', () => {
    expect(errorFor('balances', 'Z200', 400)).toMatchObject({ code: 'invalid_credentials', field: 'publicKey' });
    expect(errorFor('balances', 'Z503', 400)).toMatchObject({ code: 'invalid_credentials', field: 'secretKey' });
    expect(errorFor('withdraw', 'Z800', 400).message).toMatch(
      /keys don't match this merchant, or they belong to a different environment/,
    );
    expect(errorFor('withdraw', 'Z300', 400).code).toBe('invalid_symbol');
    expect(errorFor('withdraw', 'Z600', 400)).toMatchObject({
      code: 'bad_input',
      message: expect.stringMatching(/no money moved/),
    });
    expect(errorFor('withdraw', 'Z400', 400).code).toBe('service_error');
    expect(errorFor('deposit-get', 'Z500', 400).message).toMatch(/No deposit address/);
    expect(errorFor('balances', 'Z429', 429, '7')).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 7 });
  });

  it('a withdrawal that meets a server failure or a garbled success is an unknown outcome, never a refusal', async () => {
    const answer =
      (status: number, body: string): typeof fetch =>
      async () =>
        new Response(body, { status, headers: { 'content-type': 'application/json' } });
    const request = {
      ReferenceId: 'r',
      Amount: '1',
      Symbol: 'ETH',
      NetworkId: 3,
      Address: '0x1',
      Label: '',
      MerchantTransactionId: 'r',
      Email: 'a@b.c',
    };
    for (const fetch of [
      answer(500, '{"apiVersion":"1.0.0.0","data":null,"code":500,"message":"Z500"}'),
      answer(200, '{"code":200}'),
      answer(502, 'bad gateway'),
    ]) {
      const client = createInterfaceBClient({
        apiUrl: 'https://api.example',
        publicKey: 'pk',
        secretKey: SECRET,
        fetch,
      });
      await expect(client.withdraw(request, '123456')).rejects.toMatchObject({ code: 'outcome_unknown' });
    }
    const dropped: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const client = createInterfaceBClient({
      apiUrl: 'https://api.example',
      publicKey: 'pk',
      secretKey: SECRET,
      fetch: dropped,
    });
    await expect(client.withdraw(request, '123456')).rejects.toMatchObject({ code: 'outcome_unknown' });
    await expect(client.balances()).rejects.toMatchObject({ code: 'network' });
  });

  it('sends the secret only in X-Api-Key, and refuses redirects that could carry it elsewhere', async () => {
    const seen: RequestInit[] = [];
    const fetch: typeof globalThis.fetch = async (_url, init) => {
      seen.push(init ?? {});
      return new Response('{"apiVersion":"1.0.0.0","data":null,"code":400,"message":"Z503"}', { status: 400 });
    };
    const logger = createRecordingLogger();
    const client = createInterfaceBClient({
      apiUrl: 'https://api.example',
      publicKey: 'pk',
      secretKey: SECRET,
      fetch,
      logger,
    });
    await expect(client.balances()).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect((seen[0]?.headers as Record<string, string>)['X-Api-Key']).toBe(SECRET);
    expect(String(seen[0]?.body)).not.toContain(SECRET);
    expect(seen[0]?.redirect).toBe('error');
    expect(logger.text()).not.toContain(SECRET);
  });
});

describe('callback checker', () => {
  const hash = 'A1B2C3';
  const body = {
    Address: 'ltc1q',
    UniqueId: 'u1',
    Amount: 0.5,
    Symbol: 'LTC',
    ReferenceId: 'r',
    Price: { USD: 1, GBP: 1, EUR: 1, TRY: 1, JPY: 1 },
    Signature: md5(`${SECRET}${hash}`).toUpperCase(),
    OrderId: 7,
    Hash: hash,
  };
  it('accepts Signature = uppercase MD5(secret + Hash) and lists the fields', () => {
    const result = checkCallbackBody(JSON.stringify(body), undefined, SECRET).result;
    expect(result).toMatchObject({ valid: true, problems: [] });
    expect(result.fields.map((f) => f.name)).toContain('UniqueId');
  });
  it('rejects another secret, a changed Hash, a missing field and non-JSON', () => {
    expect(checkCallbackBody(JSON.stringify(body), undefined, 'sk_other').result.valid).toBe(false);
    expect(checkCallbackBody(JSON.stringify({ ...body, Hash: 'A1B2C4' }), undefined, SECRET).result.valid).toBe(false);
    const { OrderId: _dropped, ...missing } = body;
    expect(checkCallbackBody(JSON.stringify(missing), undefined, SECRET).result.problems).toEqual([
      { field: 'OrderId', message: 'missing' },
    ]);
    expect(checkCallbackBody('{nope', undefined, SECRET).result.valid).toBe(false);
    expect(JSON.stringify(checkCallbackBody(JSON.stringify(body), undefined, SECRET).result)).not.toContain(SECRET);
  });
});

describe('URLs the merchant gives', () => {
  it('API addresses: https, or http on this computer for a custom one', () => {
    expect(requireApiUrl('production', 'https://api.example.com/')).toBe('https://api.example.com');
    expect(() => requireApiUrl('production', 'http://127.0.0.1:4477')).toThrow(
      expect.objectContaining({ code: 'bad_input' }),
    );
    expect(requireApiUrl('custom', 'http://127.0.0.1:4477')).toBe('http://127.0.0.1:4477');
    expect(() => requireApiUrl('custom', 'http://api.example.com')).toThrow();
    expect(() => requireApiUrl('custom', 'https://user:pw@api.example.com')).toThrow();
  });
  it('callback, redirect and cancel URLs', () => {
    expect(requireWebUrl('https://shop.example/cb', 'callbackUrl')).toBe('https://shop.example/cb');
    expect(() => requireWebUrl('javascript:alert(1)', 'callbackUrl')).toThrow(
      expect.objectContaining({ field: 'callbackUrl' }),
    );
    expect(() => requireWebUrl('ftp://shop.example', 'cancelUrl')).toThrow();
  });
});

describe('merchant settings', () => {
  it('a settings file from before the merchant section still parses, with safe defaults', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'merchant-settings-'));
    await writeFile(join(dir, 'settings.json'), earlierSettingsFile());
    const store = await openSettingsStore(dir);
    expect(store.problem).toBeNull();
    expect(store.get().merchant).toMatchObject({ allowUnverified: false, keys: {}, pendingVerifications: [] });
  });
});
