import { describe, expect, it } from 'vitest';
import { signInError } from '../../../../src-main/auth/sign-in-errors';

describe('sign-in failures in words', () => {
  it('a token dated outside its lifetime names the computer clock as what to check (security.md 37)', () => {
    const error = Object.assign(new Error('unexpected JWT "exp" (expiration time) claim value'), {
      code: 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
    });
    const words = signInError(error);
    expect(words.code).toBe('sign_in_failed');
    expect(words.message).toBe(
      "The sign-in server's answer is dated outside the time it is valid for. Check that this computer's clock and time zone are right, then try again.",
    );
    expect(words.message).not.toContain('OAUTH_');
  });
});
