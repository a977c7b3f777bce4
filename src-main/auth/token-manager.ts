import { AppError } from '../app-error';
import { t } from '../i18n/main-text';
import type { SecretStore } from '../keychain/secret-store';
import type { Logger } from '../logging/logger';
import { InvalidGrantError, type TokenEndpoint } from './token-endpoint';
import type { TokenSet } from './token-set';

/** Refresh this long before the access token expires, so a request never leaves with a dying token. */
export const REFRESH_LEEWAY_SECONDS = 30;

export type SignedOutReason = 'invalid_grant' | 'storage_failed';

/** A logger that can be told the exact values to redact (added by the logging module when present). */
type SecretAwareLogger = Logger & { registerSecret?: (secret: string) => void };

export interface TokenManagerDeps {
  readonly store: SecretStore;
  /** The keychain account name, e.g. refresh-token:local-sandbox. */
  readonly account: string;
  readonly endpoint: TokenEndpoint;
  readonly logger: SecretAwareLogger;
  readonly refreshLeewaySeconds?: number;
  readonly now?: () => number;
}

export interface TokenManager {
  /** Takes the tokens of a completed sign-in: the refresh token is stored before the access token is used. */
  adopt(tokens: TokenSet): Promise<void>;
  /**
   * Silent sign-in on launch with the stored refresh token. False when there is none or it was refused.
   * `stored`: the entry as the caller has just read it, so the launch asks the keychain once, not three times.
   */
  restore(stored?: string | null): Promise<boolean>;
  /** A valid access token, refreshed ahead of expiry; all concurrent callers share one refresh. */
  getAccessToken(): Promise<string>;
  /** After a 401 with `refusedToken`: refresh once (shared), unless another caller already did. */
  refreshAfter401(refusedToken: string): Promise<string>;
  /** Drops the access token from memory (idle lock); the refresh token stays in the keychain. */
  forgetAccessToken(): void;
  /** Revokes at the issuer, deletes the keychain entry and clears memory. */
  signOut(): Promise<void>;
  readonly signedIn: boolean;
  /** Called when the session ends without the user asking (refused refresh token). */
  onSignedOut(listener: (reason: SignedOutReason) => void): () => void;
}

/** What the manager holds in memory only; the refresh token itself lives in the SecretStore. */
interface TokenState {
  signedIn: boolean;
  accessToken: string | null;
  expiresAt: number;
  inFlight: Promise<string> | null;
  // Bumped by sign-out and adopt, so a refresh that was under way cannot resurrect an ended session.
  generation: number;
  readonly listeners: Set<(reason: SignedOutReason) => void>;
}

interface TokenContext {
  readonly deps: TokenManagerDeps;
  readonly now: () => number;
  readonly state: TokenState;
}

function registerSecret(deps: TokenManagerDeps, value: string | undefined): void {
  if (value) deps.logger.registerSecret?.(value);
}

function useAccessToken({ deps, now, state }: TokenContext, tokens: TokenSet): string {
  registerSecret(deps, tokens.accessToken);
  state.accessToken = tokens.accessToken;
  // Without expires_in, treat the token as valid until a 401 says otherwise.
  state.expiresAt =
    tokens.expiresInSeconds === undefined ? Number.POSITIVE_INFINITY : now() + tokens.expiresInSeconds * 1000;
  state.signedIn = true;
  return tokens.accessToken;
}

function clearMemory(state: TokenState): void {
  state.signedIn = false;
  state.accessToken = null;
  state.expiresAt = 0;
}

function endSession(state: TokenState, reason: SignedOutReason): void {
  state.generation += 1;
  clearMemory(state);
  for (const listener of state.listeners) listener(reason);
}

/**
 * The stores the app builds (createSecretStore) never fail a write: a keychain that fails or hangs falls
 * back to memory for the run (security 20, 31), so a rotated token is kept and the session goes on.
 * Only a store with nowhere at all to put the token ends the session here, because a refresh token
 * that was not stored must not be used (security 16).
 */
async function storeRefreshToken({ deps, state }: TokenContext, token: string): Promise<void> {
  registerSecret(deps, token);
  try {
    await deps.store.set(deps.account, token);
  } catch (error) {
    deps.logger.error('the refresh token could not be saved', {
      reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
    });
    endSession(state, 'storage_failed');
    throw new AppError('keychain_unavailable', t('mainAuth.token.notSaved'), {
      cause: error,
    });
  }
}

async function revokeQuietly(
  deps: TokenManagerDeps,
  token: string | undefined,
  hint: 'refresh_token' | 'access_token',
): Promise<void> {
  if (!token) return;
  try {
    await deps.endpoint.revoke(token, hint);
  } catch (error) {
    deps.logger.warn('token revocation at the issuer failed', {
      hint,
      reason: error instanceof Error ? error.name : 'unknown',
    });
  }
}

/**
 * One refresh with the stored refresh token (`known`: as the caller has just read it); a rotated refresh token
 * is stored before the access token is used.
 */
async function refreshOnce(context: TokenContext, known?: string): Promise<string> {
  const { deps, state } = context;
  const started = state.generation;
  const stored = known ?? (await deps.store.get(deps.account));
  if (!stored) {
    clearMemory(state);
    throw new AppError('session_expired', t('mainAuth.token.ended'));
  }
  registerSecret(deps, stored);
  let tokens: TokenSet;
  try {
    tokens = await deps.endpoint.refresh(stored);
  } catch (error) {
    if (state.generation !== started)
      throw new AppError('not_signed_in', t('mainAuth.token.signedOut'), { cause: error });
    if (error instanceof InvalidGrantError) {
      // No retry: a refused refresh token stays refused. Forget it and ask for sign-in.
      deps.logger.warn('the refresh token was refused; signing out');
      await deps.store.delete(deps.account).catch(() => false);
      endSession(state, 'invalid_grant');
      throw new AppError('session_expired', t('mainAuth.token.ended'), { cause: error });
    }
    throw error;
  }
  if (state.generation !== started) {
    // Signed out (or signed in afresh) while this refresh was under way: these tokens belong to no one.
    await revokeQuietly(deps, tokens.refreshToken, 'refresh_token');
    throw new AppError('not_signed_in', t('mainAuth.token.signedOut'));
  }
  if (tokens.refreshToken !== undefined && tokens.refreshToken !== stored)
    await storeRefreshToken(context, tokens.refreshToken);
  return useAccessToken(context, tokens);
}

/** All concurrent callers share one refresh. */
function refresh(context: TokenContext, known?: string): Promise<string> {
  const { state } = context;
  state.inFlight ??= refreshOnce(context, known).finally(() => {
    state.inFlight = null;
  });
  return state.inFlight;
}

async function signOutEverywhere(context: TokenContext): Promise<void> {
  const { deps, state } = context;
  state.generation += 1;
  const access = state.accessToken;
  clearMemory(state);
  const stored = await deps.store.get(deps.account).catch(() => null);
  await revokeQuietly(deps, stored ?? undefined, 'refresh_token');
  await revokeQuietly(deps, access ?? undefined, 'access_token');
  await deps.store.delete(deps.account).catch(() => false);
}

/**
 * Keeps the access token in memory only and the refresh token in the SecretStore (security 16-18).
 * Rotation: the new refresh token is written before the new access token is handed out, so a crash in
 * between never leaves the keychain holding a refresh token the issuer has already retired.
 */
export function createTokenManager(deps: TokenManagerDeps): TokenManager {
  const now = deps.now ?? Date.now;
  const leewayMs = (deps.refreshLeewaySeconds ?? REFRESH_LEEWAY_SECONDS) * 1000;
  const state: TokenState = {
    signedIn: false,
    accessToken: null,
    expiresAt: 0,
    inFlight: null,
    generation: 0,
    listeners: new Set(),
  };
  const context: TokenContext = { deps, now, state };

  /** The token in memory while it is fresh and not `refused`, else a shared refresh (or not signed in). */
  function tokenOrRefresh(refused: string | null): Promise<string> {
    const { accessToken } = state;
    if (accessToken !== null && accessToken !== refused && now() < state.expiresAt - leewayMs)
      return Promise.resolve(accessToken);
    if (!state.signedIn && state.inFlight === null)
      return Promise.reject(new AppError('not_signed_in', t('mainAuth.token.notSignedIn')));
    return refresh(context);
  }

  return {
    get signedIn() {
      return state.signedIn;
    },
    onSignedOut(listener) {
      state.listeners.add(listener);
      return () => state.listeners.delete(listener);
    },
    async adopt(tokens) {
      state.generation += 1;
      // A previous refresh token (an unlock re-authenticates the same user) is overwritten, not revoked:
      // providers such as oidc-provider revoke the whole grant, which the new tokens may share.
      if (tokens.refreshToken !== undefined) await storeRefreshToken(context, tokens.refreshToken);
      else await deps.store.delete(deps.account).catch(() => false);
      useAccessToken(context, tokens);
    },
    async restore(known) {
      // Each keychain read is a round trip to the OS keychain (up to its deadline, security.md 31) on the
      // launch's way to its first answer: the entry read here is the one the refresh uses.
      const stored = known === undefined ? await deps.store.get(deps.account) : known;
      if (!stored) return false;
      try {
        await refresh(context, stored);
        return true;
      } catch (error) {
        if (error instanceof AppError && error.code === 'session_expired') return false;
        throw error;
      }
    },
    getAccessToken: async () => tokenOrRefresh(null),
    refreshAfter401: async (refusedToken) => tokenOrRefresh(refusedToken),
    forgetAccessToken() {
      state.accessToken = null;
      state.expiresAt = 0;
    },
    signOut: async () => signOutEverywhere(context),
  };
}
