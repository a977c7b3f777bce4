import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkCallbackBody,
  invalidHeadline,
  sdkDoesNotProve,
  sdkHeadline,
  specHeadline,
  sdkProves,
  specDoesNotProve,
  specProves,
  type CallbackFacts,
} from '../../../../../src-main/features/merchant/callback-check';
import { compareWithService, type DepositLookups } from '../../../../../src-main/features/merchant/callback-compare';
import { firstDuplicateKey } from '../../../../../src-main/features/merchant/json-duplicate-keys';

const SECRET = 'sk_test_callbacks';
// Both rules written out here from the spec (6) and the SDK's webhook helpers, not imported from the app.
const md5Upper = (text: string) => createHash('md5').update(text).digest('hex').toUpperCase();
const hmac = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('hex');

const hash = 'B7E1A0C3D2';
const specBody = {
  Address: 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
  UniqueId: 'tx-spec-1',
  Amount: 0.5,
  Symbol: 'LTC',
  ReferenceId: 'order-1',
  Price: { USD: 40, GBP: 31, EUR: 37, TRY: 1300, JPY: 6000 },
  Signature: md5Upper(`${SECRET}${hash}`),
  OrderId: 700001,
  Hash: hash,
};
const sdkText = JSON.stringify({
  requestId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  symbol: 'LTC',
  amount: 0.5,
  txId: 'tx-sdk-1',
  status: 'confirmed',
  confirmations: 12,
  timestamp: '2026-11-23T22:00:00.000Z',
  referenceId: 'order-1',
});

const check = (text: string, header?: string, secret = SECRET) => checkCallbackBody(text, header, secret);

describe('callback checker: the spec’s shape', () => {
  it('valid: says the Hash came from the secret holder and that Amount and Address are not covered', () => {
    const { result, facts } = check(JSON.stringify(specBody));
    expect(result).toMatchObject({
      valid: true,
      shape: 'spec',
      proves: specProves(),
      doesNotProve: specDoesNotProve(),
    });
    expect(result.doesNotProve).toMatch(/Amount, Address or any other field is unchanged/);
    expect(facts).toEqual({
      shape: 'spec',
      uniqueId: 'tx-spec-1',
      amount: '0.5',
      symbol: 'LTC',
      referenceId: 'order-1',
      address: specBody.Address,
    });
  });

  it('a changed Amount still passes the Signature (it only covers Hash), which is why the verdict says so', () => {
    const { result } = check(JSON.stringify({ ...specBody, Amount: 500 }));
    expect(result.valid).toBe(true);
    expect(result.doesNotProve).toContain('Amount');
  });

  it('an SDK HMAC header cannot stand in for the Signature field', () => {
    const text = JSON.stringify({ ...specBody, Signature: '0'.repeat(32) });
    const { result } = check(text, hmac(text));
    expect(result).toMatchObject({ valid: false, shape: 'spec', proves: null });
    expect(result.summary).toMatch(/belongs to the SDK’s shape and was not used/);
  });
});

describe('callback checker: the spec’s shape names only what its Signature covers (security.md 41)', () => {
  it('the headline says the Hash alone is covered and Amount and Address are not, even for a changed Amount', () => {
    for (const body of [specBody, { ...specBody, Amount: 500 }, { ...specBody, Address: 'ltc1qsomeoneelse' }]) {
      const { result } = check(JSON.stringify(body));
      expect(result.valid).toBe(true);
      expect(result.headline).toBe(specHeadline());
      expect(result.headline).toMatch(/matches the Hash only\. Amount and Address are not covered/);
      expect(result.headline).not.toMatch(/Signature valid/);
      expect(result.summary).not.toMatch(/^Signature valid/);
    }
  });

  it('each field says whether the Signature covers it: the Hash yes, every other field no', () => {
    const { result } = check(JSON.stringify(specBody));
    const covered = Object.fromEntries(result.fields.map((field) => [field.name, field.covered]));
    expect(covered).toEqual({
      Address: false,
      UniqueId: false,
      Amount: false,
      Symbol: false,
      ReferenceId: false,
      OrderId: false,
      Price: false,
      Hash: true,
      Signature: null,
    });
  });

  it('the SDK’s HMAC covers every field, and an invalid verdict covers none', () => {
    const valid = check(sdkText, hmac(sdkText)).result;
    expect(valid.headline).toBe(sdkHeadline());
    expect(valid.fields.every((field) => field.covered === true)).toBe(true);
    const invalid = check(sdkText, hmac(sdkText, 'sk_other')).result;
    expect(invalid.headline).toBe(invalidHeadline());
    expect(invalid.fields.every((field) => field.covered === false)).toBe(true);
    const wrong = check(JSON.stringify({ ...specBody, Hash: 'B7E1A0C3D3' })).result;
    expect(wrong.headline).toBe(invalidHeadline());
    expect(wrong.fields.some((field) => field.covered === true)).toBe(false);
  });
});

describe('callback checker: lenient where the Signature does not reach, strict where it does', () => {
  const variations = {
    'Price keys in lower case': { ...specBody, Price: { usd: 40, gbp: 31, eur: 37, try: 1300, jpy: 6000 } },
    'Price without JPY': { ...specBody, Price: { USD: 40, GBP: 31, EUR: 37, TRY: 1300 } },
    'Price amounts as text': { ...specBody, Price: { USD: '40.10', GBP: 31, EUR: 37, TRY: 1300, JPY: 6000 } },
    'Amount as text': { ...specBody, Amount: '0.50' },
    'OrderId as text': { ...specBody, OrderId: '700001' },
    'the Signature in lower-case hex': { ...specBody, Signature: specBody.Signature.toLowerCase() },
  };

  it.each(Object.entries(variations))('reads a genuine callback with %s and vouches only for its Hash', (_, body) => {
    const { result, facts } = check(JSON.stringify(body));
    expect(result).toMatchObject({ valid: true, shape: 'spec', headline: specHeadline(), problems: [] });
    expect(facts?.uniqueId).toBe('tx-spec-1');
  });

  it('keeps an Amount written as text exactly, for the comparison with the service', () => {
    expect(check(JSON.stringify({ ...specBody, Amount: '0.50' })).facts?.amount).toBe('0.50');
    expect(check(JSON.stringify({ ...specBody, Amount: '0.50' })).result.fields).toContainEqual({
      name: 'Amount',
      value: '0.50',
      covered: false,
    });
  });

  it('says so when the Signature is in lower case, and the verdict is the same', () => {
    const { result } = check(JSON.stringify(variations['the Signature in lower-case hex']));
    expect(result.summary).toMatch(/written in lower-case hex; the spec shows upper case, and the value is the same/);
  });

  it('still refuses a wrong Signature or a changed Hash with every variation of the unsigned fields', () => {
    const lenient = { ...specBody, Amount: '0.5', OrderId: '1', Price: { usd: 1 } };
    expect(check(JSON.stringify(lenient)).result.valid).toBe(true);
    const changedHash = check(JSON.stringify({ ...lenient, Hash: 'B7E1A0C3D3' })).result;
    expect(changedHash).toMatchObject({ valid: false, headline: invalidHeadline() });
    expect(changedHash.problems).toEqual([{ field: 'Signature', message: 'does not match MD5(secret key + Hash)' }]);
    const lowerWrong = check(JSON.stringify({ ...lenient, Signature: md5Upper('other' + hash).toLowerCase() })).result;
    expect(lowerWrong.valid).toBe(false);
    expect(check(JSON.stringify(lenient), undefined, 'sk_other').result.valid).toBe(false);
  });

  it('an Amount that is no decimal, or a Price that is no object, is not a callback', () => {
    expect(check(JSON.stringify({ ...specBody, Amount: 'half' })).result.problems).toEqual([
      { field: 'Amount', message: expect.stringMatching(/not a decimal number|Invalid/) },
    ]);
    expect(check(JSON.stringify({ ...specBody, Price: 40 })).result.valid).toBe(false);
  });
});

describe('callback checker: the SDK’s shape', () => {
  it('valid: the HMAC of the exact body proves the whole body, not freshness or finality', () => {
    const { result, facts } = check(sdkText, hmac(sdkText));
    expect(result).toMatchObject({ valid: true, shape: 'sdk', proves: sdkProves(), doesNotProve: sdkDoesNotProve() });
    expect(facts).toMatchObject({ shape: 'sdk', uniqueId: 'tx-sdk-1', amount: '0.5', address: null });
  });

  it('refuses a tampered body, another secret, no header, an upper-case header and a re-spaced body, each in words', () => {
    const header = hmac(sdkText);
    expect(check(sdkText.replace('0.5', '5'), header).result.valid).toBe(false);
    expect(check(JSON.stringify(JSON.parse(sdkText), null, 2), header).result.valid).toBe(false);
    expect(check(sdkText, hmac(sdkText, 'sk_other')).result.summary).toMatch(/not the HMAC-SHA256 of this body/);
    expect(check(sdkText).result.summary).toMatch(/signed in its X-Paybin-Signature header/);
    expect(check(sdkText, header.toUpperCase()).result.summary).toMatch(/upper case/);
    expect(check(`\n${sdkText}\n`, header).result.summary).toMatch(/only without the spaces or line breaks/);
  });

  it('a spec Signature and Hash copied into an SDK body make it mixed, never valid', () => {
    const mixed = JSON.stringify({ ...JSON.parse(sdkText), Signature: specBody.Signature, Hash: hash });
    const { result, facts } = check(mixed, hmac(mixed));
    expect(result).toMatchObject({ valid: false, shape: 'mixed' });
    expect(result.summary).toMatch(/mixes the service's callback fields \(Signature, Hash\) with the SDK's/);
    expect(facts).toBeNull();
  });
});

describe('callback checker: hostile input', () => {
  it('a key named twice is refused even when the HMAC over the body is right', () => {
    const twice = sdkText.replace('"amount":0.5', '"amount":0.5,"amount":500');
    const { result } = check(twice, hmac(twice));
    expect(result).toMatchObject({ valid: false });
    expect(result.summary).toMatch(/names "amount" twice/);
  });

  it('non-JSON, a JSON array or string, no callback fields, and more than 64 KiB are refused before any check', () => {
    expect(check('{nope').result.summary).toMatch(/not valid JSON/);
    expect(check('[1,2]').result.summary).toMatch(/one JSON object/);
    expect(check('"x"').result.summary).toMatch(/one JSON object/);
    expect(check('{"hello":1}').result).toMatchObject({ valid: false, shape: 'unknown' });
    const huge = JSON.stringify({ ...specBody, Padding: 'x'.repeat(70_000) });
    expect(check(huge).result.summary).toMatch(/longer than a deposit callback/);
  });

  it('a deeply nested extra field neither breaks the check nor is shown', () => {
    const deep = `{${sdkText.slice(1, -1)},"extra":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    const { result } = check(deep, hmac(deep));
    expect(result.valid).toBe(true);
    expect(result.fields).toContainEqual({ name: 'extra', value: '(nested value, not shown)', covered: true });
  });

  it('never repeats the secret key', () => {
    for (const text of [JSON.stringify(specBody), sdkText, '{nope'])
      expect(JSON.stringify(check(text, hmac(text)))).not.toContain(SECRET);
  });
});

describe('firstDuplicateKey', () => {
  it('finds a key repeated in one object at any depth, written plainly or escaped', () => {
    expect(firstDuplicateKey('{"a":1,"b":{"c":1,"c":2}}')).toBe('c');
    expect(firstDuplicateKey('{"a":1,"\\u0061":2}')).toBe('a');
    expect(firstDuplicateKey('[{"a":1},{"a":2}]')).toBeNull();
    expect(firstDuplicateKey('{"a":"{\\"a\\":1}","b":["a","a"]}')).toBeNull();
    expect(firstDuplicateKey('{"x":{"a":1},"y":{"a":1}}')).toBeNull();
  });
});

describe('compareWithService', () => {
  const facts: CallbackFacts = {
    shape: 'spec',
    uniqueId: 'tx-1',
    amount: '0.5',
    symbol: 'LTC',
    referenceId: 'order-1',
    address: 'ltc1qaddr',
  };
  const lookups = (over: Partial<DepositLookups>): DepositLookups => ({
    history: async () => null,
    depositAddress: async () => null,
    ...over,
  });

  it('matches Amount and Address against the deposit in the account history (decimal, not text)', async () => {
    const found = await compareWithService(
      facts,
      lookups({
        history: async () => ({ amount: 0.5, address: 'ltc1qaddr', symbol: 'LTC', accountName: 'Shop' }),
        depositAddress: async () => 'ltc1qaddr',
      }),
    );
    expect(found.summary).toBe(
      'Amount, Address and ReferenceId match the deposit with this transaction id in the history of "Shop".',
    );
    expect(found.rows.map((row) => [row.field, row.same])).toEqual([
      ['Amount', true],
      ['Address', true],
      ['Symbol', true],
      ['ReferenceId', true],
    ]);
    expect(
      (
        await compareWithService(
          { ...facts, amount: '0.50' },
          lookups({ history: async () => ({ amount: 0.5, address: 'ltc1qaddr', symbol: 'LTC', accountName: 'Shop' }) }),
        )
      ).rows[0]?.same,
    ).toBe(true);
  });

  it('a forged ReferenceId beside a real deposit is caught: the reference must hold the address (spec shape)', async () => {
    // The spec's Signature covers only the Hash, so a replayed Hash/Signature can carry a real deposit's
    // UniqueId, Amount and Address with the attacker's own ReferenceId: whoever is credited by reference.
    const history = async () => ({ amount: 0.5, address: 'ltc1qaddr', symbol: 'LTC', accountName: 'Shop' });
    const asked: Array<[string, string]> = [];
    const forged = await compareWithService(
      { ...facts, referenceId: 'attacker-member' },
      lookups({
        history,
        depositAddress: async (referenceId, symbol) => (asked.push([referenceId, symbol]), 'ltc1qattacker'),
      }),
    );
    expect(asked).toEqual([['attacker-member', 'LTC']]);
    expect(forged.summary).toMatch(/^Does not match the service: ReferenceId differs .* Do not credit this deposit/);
    expect(forged.rows.find((row) => row.field === 'ReferenceId')).toEqual({
      field: 'ReferenceId',
      callback: 'attacker-member',
      service: 'not the reference of ltc1qaddr',
      same: false,
    });
    const genuine = await compareWithService(facts, lookups({ history, depositAddress: async () => 'ltc1qaddr' }));
    expect(genuine.rows.map((row) => [row.field, row.same])).toEqual([
      ['Amount', true],
      ['Address', true],
      ['Symbol', true],
      ['ReferenceId', true],
    ]);
    expect(genuine.summary).toMatch(/^Amount, Address and ReferenceId match/);
    const unseen = await compareWithService(facts, lookups({ history, depositAddress: async () => null }));
    expect(unseen.summary).not.toMatch(/^Amount and Address match/);
    expect(unseen.summary).toMatch(/ReferenceId order-1 was not compared/);
  });

  it('says which field differs and not to credit the deposit', async () => {
    const differs = await compareWithService(
      { ...facts, amount: '500' },
      lookups({ history: async () => ({ amount: 0.5, address: 'ltc1qother', symbol: 'LTC', accountName: 'Shop' }) }),
    );
    expect(differs.summary).toMatch(
      /^Does not match the service: Amount and Address differ .* Do not credit this deposit/,
    );
  });

  it('falls back to the address the service holds for the reference, and says Amount was not compared', async () => {
    const byAddress = await compareWithService(facts, lookups({ depositAddress: async () => 'ltc1qaddr' }));
    expect(byAddress.summary).toMatch(/^Address matches .* reference order-1\. .*Amount was not compared/);
    const other = await compareWithService(facts, lookups({ depositAddress: async () => 'ltc1qevil' }));
    expect(other.summary).toMatch(/^Does not match the service: Address differs/);
  });

  it('a failed or empty look-up compares nothing and says so; the SDK shape has no address to look up', async () => {
    const failing = lookups({
      history: () => Promise.reject(new Error('down')),
      depositAddress: () => Promise.reject(new Error('down')),
    });
    expect(await compareWithService(facts, failing)).toEqual({
      summary: expect.stringMatching(/could not find this deposit at the service .* not compared/),
      rows: [],
    });
    let asked = false;
    const sdk = await compareWithService(
      { ...facts, shape: 'sdk', address: null },
      lookups({ depositAddress: async () => ((asked = true), 'x') }),
    );
    expect(asked).toBe(false);
    expect(sdk.summary).toMatch(/Amount was not compared/);
  });
});
