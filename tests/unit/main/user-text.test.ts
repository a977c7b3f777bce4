import { describe, expect, it, vi } from 'vitest';
import { createDispatcher, type Handlers } from '../../../src-main/dispatch';

/**
 * security.md 34: text a user types that reaches the service or the screen refuses control characters and
 * bidi marks at the bridge, before any handler runs; saved history
 * filters refuse keys the app does not know instead of silently resetting.
 */
const sneaky = [
  ['a right-to-left override', 'Payroll \u202Egpj.exe'],
  ['a first-strong isolate', 'Rent \u2068x\u2069'],
  ['a right-to-left mark', 'Refund\u200F'],
  ['NUL', 'Supplier\u0000'],
  ['a line break inside', 'Invoice 12\r\nX-Injected: 1'],
  ['an escape sequence', 'Payee \u001b[31m'],
  ['a C1 control', 'Payee \u0085'],
  ['a line separator', 'Invoice 12\u2028X'],
  ['a paragraph separator', 'Invoice 12\u2029X'],
  ['a zero-width space', 'Pay\u200Broll'],
  ['a word joiner', 'Pay\u2060roll'],
  ['a byte-order mark inside', 'Pay\uFEFFroll'],
  ['a tag character', 'Payroll\u{E0041}'],
  ['an inhibit-symmetric-swapping mark', 'Payroll\u206A'],
] as const;

function dispatcherWith(handler: keyof Handlers) {
  const called = vi.fn(() => {
    throw new Error('the handler must not run');
  });
  const dispatch = createDispatcher({ [handler]: called } as Partial<Handlers> as Handlers, {
    warn: vi.fn(),
    error: vi.fn(),
  });
  return { dispatch, called };
}

describe('labels and descriptions refuse control characters and text-direction marks', () => {
  const intentId = '5b0f2c3e-8d7a-4b11-9f2e-0a1b2c3d4e5f';
  const inputs = (text: string) =>
    [
      ['send.confirm', { precheckId: intentId, feeRate: 1, description: text }],
      ['merchant.verifyStart', { referenceId: 'member-1', code: 'BTC', address: 'bc1qexample', label: text }],
      [
        'withdraw.confirm',
        {
          formId: crypto.randomUUID(),
          referenceId: 'member-1',
          code: 'BTC',
          address: 'bc1qexample',
          amount: '0.1',
          label: text,
          email: 'treasury@example.com',
        },
      ],
      ['receive.createDepositAddress', { symbol: 'BTC', label: text, callbackUrl: 'https://example.com/cb' }],
    ] as const;

  it.each(sneaky)('%s is refused before any handler runs', async (_name, text) => {
    for (const [operation, input] of inputs(text)) {
      const { dispatch, called } = dispatcherWith(operation as keyof Handlers);
      const result = await dispatch(operation, input);
      expect(result, operation).toMatchObject({ ok: false, error: { code: 'bad_input' } });
      expect(called).not.toHaveBeenCalled();
    }
  });

  it('plain text in any script, emoji and punctuation still passes', async () => {
    const { dispatch } = dispatcherWith('send.confirm');
    for (const text of [
      'Miete März – Büro',
      'إيجار',
      '家賃 🏠',
      "O'Brien & Co. (Q4)",
      'می\u200Cخواهم',
      '👩\u200D💻 payroll',
    ]) {
      const result = await dispatch('send.confirm', { precheckId: intentId, feeRate: 1, description: text });
      // The handler throws on purpose: reaching it (internal) means the argument passed the contract.
      expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    }
  });
});

describe('history.saveFilters is strict', () => {
  it.each([
    ['an unknown key', { filter: '', colour: 'red' }],
    ['a deep object where a string belongs', { filter: { $gt: '' } }],
  ])('%s is refused, not silently dropped', async (_name, input) => {
    const { dispatch, called } = dispatcherWith('history.saveFilters');
    const result = await dispatch('history.saveFilters', input);
    expect(result).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    expect(called).not.toHaveBeenCalled();
  });
});
