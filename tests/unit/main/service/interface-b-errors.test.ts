import { describe, expect, it } from 'vitest';
import { isNothingMovedRefusal } from '../../../../src-main/features/money/refusals';
import { createInterfaceBClient } from '../../../../src-main/service/interface-b';

// security.md 28: on a withdrawal only Z-codes that prove nothing moved are
// refusals; every other answer leaves the outcome unknown, and each code has words of its own.

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

function clientAnswering(status: number, message: string) {
  return createInterfaceBClient({
    apiUrl: 'https://api.example',
    publicKey: 'pk',
    secretKey: 'sk_test_secret',
    fetch: async () =>
      new Response(JSON.stringify({ apiVersion: '1.0.0.0', data: null, code: status, message }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  });
}

async function withdrawError(status: number, message: string): Promise<{ code: string; message: string }> {
  try {
    await clientAnswering(status, message).withdraw(request, '123456');
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('the withdrawal unexpectedly succeeded');
}

async function balancesError(status: number, message: string): Promise<{ code: string; message: string }> {
  try {
    await clientAnswering(status, message).balances();
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('balances unexpectedly succeeded');
}

describe('Z-codes on a withdrawal (money moves)', () => {
  it.each([
    ['Z202', 'invalid_code', /two-factor code/i],
    ['Z513', 'insufficient_balance', /balance/i],
    ['Z514', 'insufficient_balance', /balance/i],
    ['Z600', 'bad_input', /invalid parameters/i],
    ['Z800', 'invalid_hash', /hash/i],
    ['Z200', 'invalid_credentials', /public key/i],
    ['Z206', 'forbidden', /blocked/i],
    ['Z533', 'forbidden', /IP address/i],
    ['Z300', 'invalid_symbol', /asset/i],
  ])('%s proves nothing moved: a refusal (%s) in plain words', async (zcode, code, words) => {
    const error = await withdrawError(400, zcode);
    expect(error).toMatchObject({ code, message: expect.stringMatching(words) });
    expect(error.message).toContain(zcode);
    expect(isNothingMovedRefusal(error as { code: 'bad_input' })).toBe(true);
  });

  it('Z429 is a refusal too (rate limit): nothing was taken on', async () => {
    const error = await withdrawError(429, 'Z429');
    expect(error).toMatchObject({ code: 'rate_limited' });
    expect(isNothingMovedRefusal(error as { code: 'rate_limited' })).toBe(true);
  });

  it.each([
    ['Z509', 400, /e-mail approval/i],
    ['Z502', 400, /duplicate|already used/i],
    ['Z503', 400, /duplicate|already used/i],
    ['Z504', 400, /duplicate|already used/i],
    ['Z400', 400, /blockchain network error|bad request/i],
    ['Z500', 400, /internal|no wallet/i],
    ['Z900', 400, /expired/i],
    ['Z777', 400, /Z777/],
    ['Z500', 500, /internal|no wallet/i],
    ['Z600', 503, /./],
  ])('%s (HTTP %s) leaves the outcome unknown and says the money may have moved', async (zcode, status, words) => {
    const error = await withdrawError(status, zcode);
    expect(error.code).toBe('outcome_unknown');
    expect(error.message).toMatch(words);
    expect(error.message).toMatch(/may (already )?have (moved|gone through)|may still move/i);
    expect(isNothingMovedRefusal(error as { code: 'outcome_unknown' })).toBe(false);
  });

  it('never tells the user to paste the secret key again for a duplicate reference id', async () => {
    for (const zcode of ['Z502', 'Z503', 'Z504']) {
      expect((await withdrawError(400, zcode)).message).not.toMatch(/paste|re-enter|secret key again/i);
    }
    for (const zcode of ['Z502', 'Z504']) {
      expect((await balancesError(400, zcode)).message).not.toMatch(/paste|re-enter|secret key again/i);
    }
  });
});

/** A withdrawal answered with this HTTP status and exactly this envelope, however inconsistent. */
async function withdrawAnsweredWith(status: number, envelope: Record<string, unknown>) {
  const client = createInterfaceBClient({
    apiUrl: 'https://api.example',
    publicKey: 'pk',
    secretKey: 'sk_test_secret',
    fetch: async () =>
      new Response(JSON.stringify({ apiVersion: '1.0.0.0', ...envelope }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  });
  try {
    await client.withdraw(request, '123456');
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('the withdrawal unexpectedly succeeded');
}

// security.md 28: a refusal needs the whole answer to say so. An HTTP
// status the envelope contradicts, or data beside the code (a transaction id, success: true), may be an
// answer about a withdrawal that was taken on; a same-id retry would then pay twice against a service
// that does not de-duplicate.
describe('a withdrawal refusal needs a consistent answer', () => {
  it.each([
    [
      '400 with envelope 200, a txId and success: true',
      400,
      { code: 200, data: { txId: 't-1', success: true }, message: 'Z202' },
    ],
    ['400 with envelope 500', 400, { code: 500, data: null, message: 'Z600' }],
    ['429 with envelope 200 and success: false', 429, { code: 200, data: { success: false }, message: 'Z429' }],
    ['400 with envelope 509 and a txId', 400, { code: 509, data: { txId: 't-2' }, message: 'Z513' }],
    ['400 with envelope 400 but data beside the code', 400, { code: 400, data: { txId: 't-3' }, message: 'Z202' }],
    ['400 with envelope 400 and no data field', 400, { code: 400, message: 'Z202' }],
  ])('%s is an unknown outcome, not a refusal', async (_what, status, envelope) => {
    const error = await withdrawAnsweredWith(status, envelope);
    expect(error.code).toBe('outcome_unknown');
    expect(error.message).toMatch(/may (already )?have (moved|gone through)|may still move/i);
    expect(isNothingMovedRefusal(error as { code: 'outcome_unknown' })).toBe(false);
  });

  it('a 4xx status equal to the envelope code, with data null, is still a refusal', async () => {
    const error = await withdrawAnsweredWith(400, { code: 400, data: null, message: 'Z202' });
    expect(error).toMatchObject({ code: 'invalid_code' });
    expect(isNothingMovedRefusal(error as { code: 'invalid_code' })).toBe(true);
  });
});

// The Python SDK reads envelopes only on 2xx, so a service built for it may answer every Z-code on
// HTTP 200. Such a refusal is understood, yet anything ambiguous beside it stays an unknown outcome.
describe('Z-codes on HTTP 200', () => {
  it.each([
    ['Z202', 400, 'invalid_code'],
    ['Z513', 400, 'insufficient_balance'],
    ['Z600', 400, 'bad_input'],
    ['Z429', 429, 'rate_limited'],
  ])('%s in a 4xx envelope (%s) with data null on HTTP 200 is a refusal (%s)', async (zcode, code, appCode) => {
    const error = await withdrawAnsweredWith(200, { code, data: null, message: zcode });
    expect(error.code).toBe(appCode);
    expect(isNothingMovedRefusal(error as { code: 'bad_input' })).toBe(true);
  });

  it.each([
    ['a code that does not prove nothing moved (Z509)', 200, { code: 400, data: null, message: 'Z509' }],
    ['an unknown code', 200, { code: 400, data: null, message: 'Z777' }],
    ['envelope code 200 with a Z-code and data null', 200, { code: 200, data: null, message: 'Z202' }],
    ['envelope code 500', 200, { code: 500, data: null, message: 'Z600' }],
    ['data beside the code', 200, { code: 400, data: { txId: 't-4' }, message: 'Z202' }],
    ['a txId beside the envelope', 200, { code: 400, data: null, message: 'Z202', txId: 't-5' }],
    ['success: true beside the envelope', 200, { code: 400, data: null, message: 'Z513', success: true }],
    ['no data field', 200, { code: 400, message: 'Z202' }],
    ['HTTP 201 (neither 200 nor the envelope code)', 201, { code: 400, data: null, message: 'Z202' }],
    ['HTTP 202 accepted', 202, { code: 400, data: null, message: 'Z600' }],
    ['HTTP 409 with envelope 400', 409, { code: 400, data: null, message: 'Z202' }],
  ])('%s stays an unknown outcome', async (_what, status, envelope) => {
    const error = await withdrawAnsweredWith(status, envelope);
    expect(error.code).toBe('outcome_unknown');
    expect(isNothingMovedRefusal(error as { code: 'outcome_unknown' })).toBe(false);
  });

  it('on calls that move no money, a Z-code on 200 is read like one on 400', async () => {
    const client = createInterfaceBClient({
      apiUrl: 'https://api.example',
      publicKey: 'pk',
      secretKey: 'sk_test_secret',
      fetch: async () =>
        new Response(JSON.stringify({ apiVersion: '1.0.0.0', data: null, code: 400, message: 'Z800' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    });
    await expect(client.balances()).rejects.toMatchObject({ code: 'invalid_hash' });
  });
});

describe('Z-codes on calls that move no money', () => {
  it.each([
    ['Z200', 'invalid_credentials'],
    ['Z202', 'invalid_code'],
    ['Z206', 'forbidden'],
    ['Z300', 'invalid_symbol'],
    ['Z400', 'service_error'],
    ['Z500', 'service_error'],
    ['Z502', 'service_error'],
    ['Z503', 'invalid_credentials'],
    ['Z504', 'service_error'],
    ['Z509', 'service_error'],
    ['Z513', 'insufficient_balance'],
    ['Z514', 'insufficient_balance'],
    ['Z533', 'forbidden'],
    ['Z600', 'bad_input'],
    ['Z800', 'invalid_hash'],
    ['Z900', 'invalid_credentials'],
  ])('%s has a plain message of its own (%s)', async (zcode, code) => {
    const error = await balancesError(400, zcode);
    expect(error.code).toBe(code);
    expect(error.message).toContain(zcode);
    expect(error.message).not.toMatch(/reported an error \(Z/);
  });

  it('an unknown code is named, not guessed', async () => {
    expect(await balancesError(400, 'Z777')).toMatchObject({
      code: 'service_error',
      message: expect.stringContaining('Z777'),
    });
  });
});
