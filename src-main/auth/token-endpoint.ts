import type { Configuration } from 'openid-client';
import { t } from '../i18n/main-text';
import { AppError } from '../app-error';
import { isNetworkFailure } from './oidc-config';
import { loadOpenId } from './openid';
import { toTokenSet, type TokenSet } from './token-set';

/** The refresh token was refused for good (revoked, expired, already rotated): sign in again. */
export class InvalidGrantError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the refresh token was refused (invalid_grant)', options);
    this.name = 'InvalidGrantError';
  }
}

/** The issuer calls the token manager makes; an interface so unit tests can script the issuer. */
export interface TokenEndpoint {
  /** Throws InvalidGrantError when the refresh token is no longer valid. */
  refresh(refreshToken: string): Promise<TokenSet>;
  revoke(token: string, hint: 'refresh_token' | 'access_token'): Promise<void>;
}

export function createOidcTokenEndpoint(getConfiguration: () => Promise<Configuration>): TokenEndpoint {
  return {
    async refresh(refreshToken) {
      const config = await getConfiguration();
      const oidc = await loadOpenId();
      try {
        return toTokenSet(await oidc.refreshTokenGrant(config, refreshToken));
      } catch (error) {
        if (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant')
          throw new InvalidGrantError({ cause: error });
        if (isNetworkFailure(error)) {
          throw new AppError('network', t('mainAuth.unreachable'), { cause: error });
        }
        throw new AppError('service_error', t('mainAuth.renewFailed'), {
          cause: error,
        });
      }
    },
    async revoke(token, hint) {
      const config = await getConfiguration();
      const oidc = await loadOpenId();
      await oidc.tokenRevocation(config, token, { token_type_hint: hint });
    },
  };
}
