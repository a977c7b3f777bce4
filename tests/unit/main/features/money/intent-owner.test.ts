import { describe, expect, it } from 'vitest';
import { ownsIntent, requireOwn } from '../../../../../src-main/features/money/intent-owner';

const alice = { userGuid: 'alice', accountGuids: new Set(['shared', 'alice-own']) };
const bob = { userGuid: 'bob', accountGuids: new Set(['shared']) };

describe('whose intent it is (security.md 40)', () => {
  it('is the confirming user’s, in an account still theirs; another user of the same account is refused', () => {
    expect(ownsIntent(alice, { accountGuid: 'shared', userGuid: 'alice' })).toBe(true);
    expect(ownsIntent(bob, { accountGuid: 'shared', userGuid: 'alice' })).toBe(false);
    expect(ownsIntent(alice, { accountGuid: 'gone', userGuid: 'alice' })).toBe(false);
  });

  it('one journaled before owners were recorded belongs to whoever holds its account', () => {
    expect(ownsIntent(bob, { accountGuid: 'shared' })).toBe(true);
    expect(ownsIntent(bob, { accountGuid: 'alice-own' })).toBe(false);
  });

  it('refuses another’s with the words of an unknown id', () => {
    const intent = {
      id: 'i',
      referenceId: 'REF-1',
      body: { accountGuid: 'shared', userGuid: 'alice' },
      state: 'unknown' as const,
      outcome: null,
      error: null,
      attempts: 1,
      closure: null,
    };
    expect(requireOwn(alice, intent)).toBe(intent);
    expect(() => requireOwn(bob, intent)).toThrow(
      expect.objectContaining({ code: 'not_found', message: expect.not.stringContaining('REF-1') }),
    );
  });
});
