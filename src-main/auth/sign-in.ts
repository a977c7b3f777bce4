import type { Configuration } from 'openid-client';
import { t } from '../i18n/main-text';
import { AppError } from '../app-error';
import type { Logger } from '../logging/logger';
import { isAllowedServiceUrl } from '../settings/environments';
import { requireFreshAuthentication } from './fresh-authentication';
import { loadOpenId } from './openid';
import { SIGN_IN_SCOPES } from './oidc-config';
import { signInError } from './sign-in-errors';
import { toTokenSet, type TokenSet } from './token-set';

export const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface SignInFlowDeps {
  /** The discovered issuer configuration (cached by the caller). */
  readonly getConfiguration: () => Promise<Configuration>;
  /** Opens the system browser; never an embedded window (security 10). */
  readonly openExternal: (url: string) => Promise<void>;
  readonly logger: Logger;
  readonly callbackTimeoutMs?: number;
  /** A clock that only moves forward (performance.now by default): how long an attempt took. */
  readonly monotonicNow?: () => number;
}

export interface SignInOptions {
  /**
   * consent: an ordinary sign-in; login: the user must enter their credentials again even if the
   * browser still has a session at the provider (unlock, and the first sign-in after a sign-out).
   */
  readonly prompt: 'consent' | 'login';
}

export interface SignInFlow {
  /** Runs one attempt to the end; a new call cancels the attempt still pending. */
  signIn(options: SignInOptions): Promise<TokenSet>;
  /** Ends the pending attempt with sign_in_cancelled; no-op when none. */
  cancel(): void;
  readonly pending: boolean;
}

/**
 * Authorization code flow with PKCE through the system browser and a loopback redirect (RFC 8252).
 * Every attempt has its own verifier, state, nonce and listener; the listener exists only while the
 * attempt does.
 */
export function createSignInFlow(deps: SignInFlowDeps): SignInFlow {
  let current: AbortController | null = null;
  const monotonicNow = deps.monotonicNow ?? (() => performance.now());

  async function attempt(options: SignInOptions, abort: AbortController): Promise<TokenSet> {
    const startedAt = monotonicNow();
    const config = await deps.getConfiguration();
    const oidc = await loadOpenId();
    throwIfAborted(abort.signal);
    const verifier = oidc.randomPKCECodeVerifier();
    const challenge = await oidc.calculatePKCECodeChallenge(verifier);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    // The listener (and node:http under it) is sign-in's alone: a launch that restores a session never loads it.
    const { openLoopbackListener } = await import('./loopback-listener');
    throwIfAborted(abort.signal);
    const listener = await openLoopbackListener({
      timeoutMs: deps.callbackTimeoutMs ?? SIGN_IN_TIMEOUT_MS,
      // Only the callback of this very attempt ends the wait; strays are ignored (security 32).
      expectedState: state,
      signal: abort.signal,
    });
    try {
      const authorizationUrl = oidc.buildAuthorizationUrl(config, {
        redirect_uri: listener.redirectUri,
        scope: SIGN_IN_SCOPES,
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state,
        nonce,
        // oidc-provider grants offline_access (a refresh token) only with consent in the prompt, so the
        // re-authentication of an unlock asks for both.
        prompt: options.prompt === 'login' ? 'login consent' : 'consent',
        // max_age=0 makes the provider state auth_time, which is checked below: prompt=login alone is a
        // wish a provider may ignore.
        ...(options.prompt === 'login' ? { max_age: '0' } : {}),
      });
      // Only a web page may reach the system browser: never file:, javascript: or a custom scheme.
      if (!isAllowedServiceUrl(authorizationUrl)) {
        throw new AppError('not_configured', t('mainAuth.authorizationNotHttps'));
      }
      deps.logger.info('sign-in started in the system browser', {
        prompt: options.prompt,
        redirectUri: listener.redirectUri,
      });
      await deps.openExternal(authorizationUrl.href);
      const callbackUrl = await listener.callback;
      throwIfAborted(abort.signal);
      const response = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      // A cancel or a newer attempt that arrived during the exchange wins: these tokens are dropped.
      throwIfAborted(abort.signal);
      if (options.prompt === 'login') requireFreshAuthentication(response.claims(), monotonicNow() - startedAt);
      return toTokenSet(response);
    } finally {
      await listener.close();
    }
  }

  return {
    get pending() {
      return current !== null;
    },
    cancel() {
      current?.abort();
      current = null;
    },
    async signIn(options) {
      current?.abort();
      const abort = new AbortController();
      current = abort;
      try {
        return await attempt(options, abort);
      } catch (error) {
        const appError = signInError(error);
        deps.logger.warn('sign-in attempt ended without tokens', { code: appError.code, reason: appError.message });
        throw appError;
      } finally {
        if (current === abort) current = null;
      }
    },
  };
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AppError('sign_in_cancelled', t('mainAuth.cancelled'));
}
