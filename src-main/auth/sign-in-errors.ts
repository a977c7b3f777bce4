import { AppError } from '../app-error';
import { t } from '../i18n/main-text';
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
      return new AppError('sign_in_cancelled', t('mainAuth.error.cancelledInBrowser'), { cause: error });
    return new AppError('sign_in_failed', t('mainAuth.error.refused', { code: safeCode(error.error) }), {
      cause: error,
    });
  }
  if (oidc && error instanceof oidc.ResponseBodyError) {
    return new AppError('sign_in_failed', t('mainAuth.error.tokensRefused', { code: safeCode(error.error) }), {
      cause: error,
    });
  }
  if (isNetworkFailure(error)) {
    return new AppError('network', t('mainAuth.unreachable'), {
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
    return new AppError('sign_in_failed', t('mainAuth.error.clock'), { cause: error });
  }
  if (/"state"/.test(message)) {
    return new AppError('sign_in_failed', t('mainAuth.error.state'), { cause: error });
  }
  if (/"iss"/.test(message)) {
    return new AppError('sign_in_failed', t('mainAuth.error.issuer'), { cause: error });
  }
  if (/"nonce"/.test(message)) {
    return new AppError('sign_in_failed', t('mainAuth.error.nonce'), { cause: error });
  }
  const failed = code ? t('mainAuth.error.failedCode', { code: safeCode(code) }) : t('mainAuth.error.failed');
  return new AppError('sign_in_failed', failed, {
    cause: error,
  });
}

function safeCode(code: string): string {
  return code.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 60) || 'unknown';
}
