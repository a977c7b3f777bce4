import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '../../../../src-main/service/envelope';

describe('the response envelope', () => {
  const Balance = z.object({ symbol: z.string(), amount: z.string() });

  it('is built once per result schema, so its compiled parser is reused on every response', () => {
    expect(envelopeOf(Balance)).toBe(envelopeOf(Balance));
    expect(envelopeOf(Balance)).not.toBe(envelopeOf(z.object({ symbol: z.string() })));
  });

  it('accepts only a success envelope whose data matches the result schema', () => {
    const envelope = envelopeOf(Balance);
    const data = { symbol: 'BTC', amount: '0.1' };
    expect(envelope.parse({ apiVersion: '1', data, code: 200, message: 'ok' }).data).toEqual(data);
    expect(envelope.safeParse({ apiVersion: '1', data: false, code: 400, message: 'no' }).success).toBe(false);
    expect(envelope.safeParse({ apiVersion: '1', data: { symbol: 'BTC' }, code: 200, message: 'ok' }).success).toBe(
      false,
    );
  });
});
