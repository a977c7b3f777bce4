import { AppError } from '../app-error';
import { t } from '../i18n/main-text';

/**
 * How far apart the provider may stamp auth_time and iat beyond the attempt's own length: both are whole
 * seconds, and a provider's servers may disagree a little with each other. A session the provider reused
 * instead of asking for the password is minutes or days older than that.
 */
const PROVIDER_SLACK_SECONDS = 30;

/**
 * `prompt=login` is a request the provider may ignore (OpenID Connect Core 3.1.2.1 says it SHOULD
 * re-authenticate). When the password must be asked again (an unlock, the first sign-in after a
 * sign-out), the app also sends `max_age=0`, which makes `auth_time` a required ID token claim (Core 2),
 * and checks here that the user authenticated during this attempt, not before it.
 *
 * Both times are the provider's (auth_time, and iat of the ID token that ends the attempt), and the
 * attempt's length is measured on a monotonic clock, so a computer clock that is minutes off either way
 * changes nothing (security.md 37): the password was entered during the attempt when it was entered at
 * most that long before the token was issued.
 */
export function requireFreshAuthentication(
  claims: { readonly auth_time?: unknown; readonly iat?: unknown } | undefined,
  attemptLengthMs: number,
): void {
  const authTime = claims?.auth_time;
  if (typeof authTime !== 'number' || !Number.isFinite(authTime)) {
    throw new AppError('sign_in_failed', t('mainAuth.fresh.noAuthTime'));
  }
  const issuedAt = claims?.iat;
  if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt)) {
    throw new AppError('sign_in_failed', t('mainAuth.fresh.noIssuedAt'));
  }
  const attemptSeconds = Math.ceil(Math.max(0, attemptLengthMs) / 1000);
  if (issuedAt - authTime > attemptSeconds + PROVIDER_SLACK_SECONDS) {
    throw new AppError('sign_in_failed', t('mainAuth.fresh.reused'));
  }
}
