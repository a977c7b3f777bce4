import { describe, expect, it } from 'vitest';
import { requireFreshAuthentication } from '../../../src-main/auth/fresh-authentication';

/**
 * After a sign-out (and on unlock) the password must be asked again.
 * prompt=login is only a request; these prove the app refuses tokens from a provider that ignored it.
 */
describe('a sign-in that had to ask for the password again', () => {
  const startedAtMs = Date.UTC(2026, 10, 23, 12, 0, 0);
  const seconds = (ms: number) => Math.floor(ms / 1000);

  it('accepts an authentication made during this attempt', () => {
    expect(() => requireFreshAuthentication({ auth_time: seconds(startedAtMs) + 20 }, startedAtMs)).not.toThrow();
  });

  it('tolerates a provider clock up to a minute behind', () => {
    expect(() => requireFreshAuthentication({ auth_time: seconds(startedAtMs) - 45 }, startedAtMs)).not.toThrow();
  });

  it('refuses a session the provider reused from before the attempt (it skipped the password)', () => {
    expect(() => requireFreshAuthentication({ auth_time: seconds(startedAtMs) - 600 }, startedAtMs)).toThrow(
      expect.objectContaining({ code: 'sign_in_failed', message: expect.stringMatching(/reused an earlier sign-in/) }),
    );
  });

  it.each([
    ['no claims at all', undefined],
    ['no auth_time', {}],
    ['auth_time as text', { auth_time: '1790000000' }],
  ])('refuses %s: the app cannot tell the password was asked', (_name, claims) => {
    expect(() => requireFreshAuthentication(claims, startedAtMs)).toThrow(
      expect.objectContaining({ code: 'sign_in_failed' }),
    );
  });
});
