import { AppError } from '../app-error';
import { isNetworkFailure } from './oidc-config';
import { openIdIfLoaded } from './openid';

/**
 * Turns what openid-client throws during a sign-in attempt into an AppError with a message a user can
 * act on. Library messages are not passed through: they may quote response parameters.
 */
export function signInError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const oidc = openIdIfLoaded();
  if (oidc && error instanceof oidc.AuthorizationResponseError) {
    if (error.error === 'access_denied')
      return new AppError('sign_in_cancelled', 'Sign-in was cancelled in the browser.', { cause: error });
    return new AppError('sign_in_failed', `The sign-in server refused the sign-in (${safeCode(error.error)}).`, {
      cause: error,
    });
  }
  if (oidc && error instanceof oidc.ResponseBodyError) {
    return new AppError(
      'sign_in_failed',
      `The sign-in server refused to issue tokens (${safeCode(error.error)}). Please try again.`,
      { cause: error },
    );
  }
  if (isNetworkFailure(error)) {
    return new AppError('network', 'The sign-in server could not be reached. Check your connection and try again.', {
      cause: error,
    });
  }
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
  // openid-client wraps the specific reason (which parameter failed) in the error's cause.
  const message =
    error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}` : '';
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') {
    // The provider's clock is measured and allowed for (security.md 37): what is left is a token dated
    // outside its lifetime, or a computer clock changed during the attempt. Either way the clock is named.
    return new AppError(
      'sign_in_failed',
      "The sign-in server's answer is dated outside the time it is valid for. Check that this computer's clock and time zone are right, then try again.",
      { cause: error },
    );
  }
  if (/"state"/.test(message)) {
    return new AppError(
      'sign_in_failed',
      'The browser returned a response that does not belong to this sign-in attempt (state mismatch). Please try again.',
      { cause: error },
    );
  }
  if (/"iss"/.test(message)) {
    return new AppError(
      'sign_in_failed',
      'The response came from a different sign-in server than expected (issuer mismatch).',
      { cause: error },
    );
  }
  if (/"nonce"/.test(message)) {
    return new AppError(
      'sign_in_failed',
      'The sign-in server returned an identity that does not belong to this attempt (nonce mismatch).',
      { cause: error },
    );
  }
  return new AppError('sign_in_failed', `Sign-in failed${code ? ` (${safeCode(code)})` : ''}. Please try again.`, {
    cause: error,
  });
}

function safeCode(code: string): string {
  return code.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 60) || 'unknown';
}
