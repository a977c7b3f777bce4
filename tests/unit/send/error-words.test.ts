import { describe, expect, it } from 'vitest';
import { inWords } from '../../../src-renderer/src/stores/error-words';

/** What the send and swap screens show of a bridge error: words for people, no operation names (review finding 7). */
describe('send and swap errors in words', () => {
  it("turns the bridge's input check into the first issue's words, attached to its field", () => {
    expect(
      inWords({
        code: 'bad_input',
        message:
          'Invalid input for send.confirm: description: Remove line breaks, control characters and text-direction marks; feeRate: Invalid input',
      }),
    ).toEqual({
      code: 'bad_input',
      message: 'Remove line breaks, control characters and text-direction marks',
      field: 'description',
    });
  });

  it("keeps main's own words, such as a request not written down and so not sent", () => {
    const error = {
      code: 'storage_failed' as const,
      message:
        'Wallet Desk could not write this request down before sending it, so nothing was sent. Check that the disk has room and try again.',
    };
    expect(inWords(error)).toBe(error);
    const field = { code: 'bad_input' as const, message: 'Enter an amount such as 0.25', field: 'amount' };
    expect(inWords(field)).toBe(field);
  });

  it('never shows an operation name', () => {
    expect(inWords({ code: 'unknown_operation', message: 'Unknown operation: send.nothing' }).message).not.toMatch(
      /send\./,
    );
    expect(inWords({ code: 'bad_input', message: 'Invalid input for swap.quote: Required' }).message).toBe('Required');
  });
});
