import type { SessionView } from '../../../src-preload/contract/session';
import { AppError } from '../../app-error';
import { applySession, setPromptLogin } from './session-accounts';
import {
  changed,
  observeTokens,
  resetToSignedOut,
  sessionView,
  type Machinery,
  type SessionContext,
} from './session-context';
import { currentMachinery, oneShotClient, sessionClient } from './session-machinery';
import { t } from '../../i18n/main-text';

/** The stored session of the current environment brought back at launch, when the keychain holds one. */
export async function restoreSession(context: SessionContext): Promise<SessionView> {
  const { deps, state } = context;
  let m: Machinery;
  try {
    m = currentMachinery(context);
  } catch (error) {
    if (error instanceof AppError) {
      state.problem = error.message;
      state.restoreState = null;
      return changed(context);
    }
    throw error;
  }
  const stored = await deps.secrets.get(m.account).catch(() => null);
  if (!stored) {
    state.restoreState = null;
    return sessionView(context);
  }
  const mine = ++state.attempt;
  state.status = 'signing-in';
  state.problem = undefined;
  changed(context);
  try {
    const restored = await m.tokens.restore(stored);
    if (mine !== state.attempt) return sessionView(context);
    if (!restored) {
      resetToSignedOut(context, t('mainSession.ended'));
      return changed(context);
    }
    await applySession(context, await sessionClient(context, m, null).getSession());
  } catch (error) {
    if (mine !== state.attempt) return sessionView(context);
    deps.logger.warn('the saved session could not be restored', {
      code: error instanceof AppError ? error.code : 'internal',
    });
    const unreachable = error instanceof AppError && (error.code === 'network' || error.code === 'service_error');
    resetToSignedOut(context, unreachable ? t('mainSession.unreachable') : t('mainSession.ended'));
    // The stored session stays: trying again later may still restore it.
    if (unreachable) state.restoreState = 'unreachable';
  }
  if (mine === state.attempt && state.restoreState === 'restoring') state.restoreState = null;
  return changed(context);
}

/** Sign-in through the system browser; a late answer of an attempt given up is dropped. */
export async function signIn(context: SessionContext): Promise<SessionView> {
  const { deps, state } = context;
  if (state.status === 'signed-in') return sessionView(context);
  if (state.status === 'locked') throw new AppError('locked', t('mainSession.locked'));
  const m = currentMachinery(context);
  const mine = ++state.attempt;
  state.status = 'signing-in';
  state.problem = undefined;
  changed(context);
  const environment = deps.environment();
  // After an explicit sign-out the provider's session in the browser would let anyone at this desk
  // straight back in; the first sign-in after it asks for the password again.
  const prompt = deps.settings.get().promptLoginNextSignIn.includes(environment) ? 'login' : 'consent';
  try {
    const tokens = observeTokens(context, await m.flow.signIn({ prompt }));
    if (mine !== state.attempt) throw new AppError('sign_in_cancelled', t('mainSession.signInCancelled'));
    await m.tokens.adopt(tokens);
    await applySession(context, await sessionClient(context, m, null).getSession());
    if (prompt === 'login') await setPromptLogin(context, environment, false);
    deps.logger.info('signed in', { accounts: state.accounts.length, prompt });
    return changed(context);
  } catch (error) {
    if (mine === state.attempt) {
      if (m.tokens.signedIn) await m.tokens.signOut();
      const appError =
        error instanceof AppError
          ? error
          : new AppError('sign_in_failed', t('mainSession.signInFailed'), { cause: error });
      resetToSignedOut(context, appError.code === 'sign_in_cancelled' ? undefined : appError.message);
      changed(context);
      throw appError;
    }
    throw error;
  }
}

export function cancelSignIn(context: SessionContext): SessionView {
  const { state } = context;
  if (state.status !== 'signing-in' && !state.unlocking) return sessionView(context);
  state.attempt += 1;
  state.machinery?.flow.cancel();
  if (state.unlocking) {
    state.unlocking = false;
    state.status = 'locked';
  } else resetToSignedOut(context);
  return changed(context);
}

export async function signOut(context: SessionContext): Promise<SessionView> {
  const { deps, state } = context;
  state.attempt += 1;
  const m = state.machinery;
  m?.flow.cancel();
  resetToSignedOut(context);
  // Remembered first, so even a quit during revocation leaves the next sign-in asking for the password.
  await setPromptLogin(context, deps.environment(), true);
  if (m) await m.tokens.signOut();
  deps.logger.info('signed out');
  return changed(context);
}

export function lock(context: SessionContext): SessionView {
  const { state } = context;
  if (state.status !== 'signed-in') return sessionView(context);
  state.status = 'locked';
  state.machinery?.tokens.forgetAccessToken();
  context.deps.logger.info('locked');
  return changed(context);
}

/** Unlock signs in again as the locked user; anyone else's tokens are revoked and the session stays locked. */
export async function unlock(context: SessionContext): Promise<SessionView> {
  const { state } = context;
  if (state.status !== 'locked' || !state.user || !state.machinery) return sessionView(context);
  const m = state.machinery;
  const lockedUser = state.user;
  const mine = ++state.attempt;
  state.unlocking = true;
  state.problem = undefined;
  state.status = 'signing-in';
  changed(context);
  try {
    const tokens = observeTokens(context, await m.flow.signIn({ prompt: 'login' }));
    if (mine !== state.attempt) throw new AppError('sign_in_cancelled', t('mainSession.unlockCancelled'));
    const session = await oneShotClient(context, m, tokens).getSession();
    if (session.user?.userGuid !== lockedUser.userGuid) {
      // Someone else signed in: their tokens are not kept, and the locked session stays locked.
      await m.tokenEndpoint
        .revoke(tokens.refreshToken ?? tokens.accessToken, tokens.refreshToken ? 'refresh_token' : 'access_token')
        .catch(() => undefined);
      throw new AppError('forbidden', t('mainSession.lockedForUser', { name: lockedUser.name }));
    }
    await m.tokens.adopt(tokens);
    await applySession(context, session);
    return changed(context);
  } catch (error) {
    const appError =
      error instanceof AppError
        ? error
        : new AppError('sign_in_failed', t('mainSession.unlockFailed'), { cause: error });
    if (mine === state.attempt && (state.status as SessionView['status']) !== 'signed-out') {
      state.unlocking = false;
      state.status = 'locked';
      state.problem = appError.code === 'sign_in_cancelled' ? undefined : appError.message;
      changed(context);
    }
    throw appError;
  }
}
