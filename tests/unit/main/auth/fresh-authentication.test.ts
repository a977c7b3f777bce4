import { describe, expect, it } from 'vitest';
import { requireFreshAuthentication } from '../../../../src-main/auth/fresh-authentication';

/**
 * After a sign-out (and on unlock) the password must be asked again.
 * prompt=login is only a request; these prove the app refuses tokens from a provider that ignored it,
 * judged on the provider's own clock: auth_time against the ID token's iat (security.md 37).
 */
describe('a sign-in that had to ask for the password again', () => {
  const issuedAt = Date.UTC(2026, 10, 23, 12, 0, 0) / 1000;
  const attemptMs = 20_000;

  it('accepts an authentication made during this attempt', () => {
    expect(() => requireFreshAuthentication({ auth_time: issuedAt - 15, iat: issuedAt }, attemptMs)).not.toThrow();
  });

  it('accepts an authentication stamped a little after the token (the provider’s servers disagree a little)', () => {
    expect(() => requireFreshAuthentication({ auth_time: issuedAt + 5, iat: issuedAt }, attemptMs)).not.toThrow();
  });

  it('does not look at the computer clock: the same claims pass whatever Date.now() says', () => {
    const claims = { auth_time: issuedAt - 10, iat: issuedAt };
    const realNow = Date.now;
    for (const offsetMs of [-86_400_000, -600_000, 90_000, 600_000, 86_400_000]) {
      Date.now = () => realNow() + offsetMs;
      try {
        expect(() => requireFreshAuthentication(claims, attemptMs)).not.toThrow();
      } finally {
        Date.now = realNow;
      }
    }
  });

  it('refuses a session the provider reused from before the attempt (it skipped the password)', () => {
    expect(() => requireFreshAuthentication({ auth_time: issuedAt - 600, iat: issuedAt }, attemptMs)).toThrow(
      expect.objectContaining({ code: 'sign_in_failed', message: expect.stringMatching(/reused an earlier sign-in/) }),
    );
  });

  it('refuses a sign-in a little older than the attempt and the provider’s slack together', () => {
    expect(() => requireFreshAuthentication({ auth_time: issuedAt - 20 - 31, iat: issuedAt }, attemptMs)).toThrow(
      expect.objectContaining({ code: 'sign_in_failed' }),
    );
    expect(() => requireFreshAuthentication({ auth_time: issuedAt - 20 - 30, iat: issuedAt }, attemptMs)).not.toThrow();
  });

  it('a long attempt (minutes at the login page) is still fresh, on the attempt’s own length', () => {
    expect(() => requireFreshAuthentication({ auth_time: issuedAt - 240, iat: issuedAt }, 250_000)).not.toThrow();
    expect(() => requireFreshAuthentication({ auth_time: issuedAt - 240, iat: issuedAt }, 60_000)).toThrow(
      expect.objectContaining({ code: 'sign_in_failed' }),
    );
  });

  it.each([
    ['no claims at all', undefined],
    ['no auth_time', { iat: 1790000000 }],
    ['auth_time as text', { auth_time: '1790000000', iat: 1790000000 }],
    ['no iat', { auth_time: 1790000000 }],
    ['iat as text', { auth_time: 1790000000, iat: '1790000000' }],
  ])('refuses %s: the app cannot tell the password was asked', (_name, claims) => {
    expect(() => requireFreshAuthentication(claims, attemptMs)).toThrow(
      expect.objectContaining({ code: 'sign_in_failed' }),
    );
  });
});
