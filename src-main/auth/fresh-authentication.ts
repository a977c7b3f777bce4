import { AppError } from '../app-error';

/**
 * How far the provider's clock may trail ours. A session the provider reused instead of asking for the
 * password is minutes or days old, far beyond this.
 */
const CLOCK_SKEW_SECONDS = 60;

/**
 * `prompt=login` is a request the provider may ignore (OpenID Connect Core 3.1.2.1 says it SHOULD
 * re-authenticate). When the password must be asked again (an unlock, the first sign-in after a
 * sign-out), the app also sends `max_age=0`, which makes `auth_time` a required ID token claim (Core 2),
 * and checks here that the user authenticated during this attempt, not before it.
 */
export function requireFreshAuthentication(
  claims: { readonly auth_time?: unknown } | undefined,
  attemptStartedAtMs: number,
): void {
  const authTime = claims?.auth_time;
  if (typeof authTime !== 'number' || !Number.isFinite(authTime)) {
    throw new AppError(
      'sign_in_failed',
      'The sign-in server did not say when you entered your password, so Wallet Desk cannot tell it asked again. Try again, or ask the service to support max_age.',
    );
  }
  if (authTime < attemptStartedAtMs / 1000 - CLOCK_SKEW_SECONDS) {
    throw new AppError(
      'sign_in_failed',
      'The sign-in server reused an earlier sign-in instead of asking for your password again. Sign in again and enter your password.',
    );
  }
}
