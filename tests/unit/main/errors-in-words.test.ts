import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createDispatcher, type Handlers } from '../../../src-main/dispatch';
import { operationNames, operations } from '../../../src-preload/contract';
import { internalNamesIn } from '../../support/internal-names';

/**
 * A message a user can read never names a bridge operation or a field path; both go to
 * the log. The check is the dispatcher's own, so an operation added tomorrow gets it without doing anything.
 */
function dispatcher() {
  const handler = vi.fn(() => {
    throw new Error('reaching the handler is fine here: the argument passed the contract');
  });
  const handlers = Object.fromEntries(operationNames.map((name) => [name, handler])) as unknown as Handlers;
  const log = { warn: vi.fn(), error: vi.fn() };
  return { dispatch: createDispatcher(handlers, log), log };
}

/** Arguments of every wrong kind: missing, of the wrong type, and an object whose every field is wrong. */
function wrongArguments(schema: z.ZodType): unknown[] {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {};
  const keys = Object.keys(shape);
  return [
    undefined,
    null,
    'text',
    42,
    [],
    {},
    { notAField: 1 },
    Object.fromEntries(keys.map((key) => [key, { nested: [1] }])),
    Object.fromEntries(keys.map((key) => [key, ''])),
    Object.fromEntries(keys.map((key) => [key, 'x'.repeat(5000)])),
    Object.fromEntries(keys.map((key) => [key, -1])),
  ];
}

describe('errors a user can read are in words', () => {
  it('the pattern this relies on recognises the names it must keep out', () => {
    expect(internalNamesIn('Invalid input for send.precheck: amount: Invalid input')).not.toEqual([]);
    expect(internalNamesIn('items.0.address: Required')).not.toEqual([]);
    expect(internalNamesIn('Could not save; referenceId: Too long')).not.toEqual([]);
    expect(internalNamesIn('Careful: this address starts and ends like bc1q…')).toEqual([]);
    expect(internalNamesIn('Enter a reference id')).toEqual([]);
  });

  it.each(operationNames)(
    '%s refuses every wrong argument in words, and logs the operation and field',
    async (name) => {
      const { dispatch, log } = dispatcher();
      for (const input of wrongArguments(operations[name].input)) {
        const result = await dispatch(name, input);
        if (result.ok || result.error.code !== 'bad_input') continue;
        expect(internalNamesIn(result.error.message), `${name} ${JSON.stringify(input)?.slice(0, 60)}`).toEqual([]);
        expect(result.error.message.length).toBeGreaterThan(0);
        expect(log.warn).toHaveBeenLastCalledWith('bridge input refused', expect.objectContaining({ operation: name }));
      }
    },
  );

  it("keeps the contract's own words and says which field they belong to", async () => {
    const { dispatch, log } = dispatcher();
    const result = await dispatch('merchant.verifyStart', {
      referenceId: '   ',
      code: 'BTC',
      address: 'bc1qexample',
    });
    expect(result).toEqual({
      ok: false,
      error: { code: 'bad_input', message: 'Enter a reference id', field: 'referenceId' },
    });
    expect(log.warn).toHaveBeenCalledWith(
      'bridge input refused',
      expect.objectContaining({ operation: 'merchant.verifyStart', issues: expect.stringContaining('referenceId: ') }),
    );
  });

  it('an unknown operation is a problem in the app, said in words', async () => {
    const { dispatch, log } = dispatcher();
    const result = await dispatch('send.everything', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_operation' } });
    if (!result.ok) expect(internalNamesIn(result.error.message)).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith(expect.any(String), { operation: 'send.everything' });
  });
});
