import type { EnvironmentId } from '../../../src-preload/contract/app';
import type { ProfileView, SessionAccount, SessionView } from '../../../src-preload/contract/session';
import { AppError } from '../../app-error';
import type { InterfaceAClient } from '../../service/interface-a';
import type { Session } from '../../service/interface-a-schemas';
import { canMoveMoney } from '../money/roles';
import { changed, type Machinery, type SessionContext } from './session-context';
import { sessionClient } from './session-machinery';
import { toSessionAccount } from './roles';
import { t } from '../../i18n/main-text';

function pickAccount(context: SessionContext, session: Session): string | null {
  const known = new Set(session.accounts.map((account) => account.guid));
  const remembered = session.user ? context.deps.settings.get().activeAccountByUser[session.user.userGuid] : undefined;
  if (remembered && known.has(remembered)) return remembered;
  if (session.currentAccountGuid && known.has(session.currentAccountGuid)) return session.currentAccountGuid;
  return session.accounts[0]?.guid ?? null;
}

async function rememberAccount(context: SessionContext, userGuid: string, accountGuid: string): Promise<void> {
  const { deps } = context;
  if (deps.settings.get().activeAccountByUser[userGuid] === accountGuid) return;
  try {
    await deps.settings.update((settings) => ({
      ...settings,
      activeAccountByUser: { ...settings.activeAccountByUser, [userGuid]: accountGuid },
    }));
  } catch (error) {
    deps.logger.warn('could not remember the active account', {
      reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
    });
  }
}

/** The service's word on who signed in becomes the session: its user, accounts and active account. */
export async function applySession(context: SessionContext, session: Session): Promise<void> {
  const { state } = context;
  if (!session.isAuthenticated || !session.user) throw new AppError('sign_in_failed', t('mainSession.notRecognised'));
  state.user = session.user;
  state.accounts = session.accounts;
  state.activeAccountGuid = pickAccount(context, session);
  state.status = 'signed-in';
  state.restoreState = null;
  state.unlocking = false;
  state.problem = state.accounts.length === 0 ? t('mainSession.noAccounts') : undefined;
  if (state.activeAccountGuid) await rememberAccount(context, session.user.userGuid, state.activeAccountGuid);
}

/** Whether the next sign-in to `environment` must show the provider's login page (kept in settings.json). */
export async function setPromptLogin(
  context: SessionContext,
  environment: EnvironmentId,
  required: boolean,
): Promise<void> {
  const { deps } = context;
  const listed = deps.settings.get().promptLoginNextSignIn.includes(environment);
  if (listed === required) return;
  try {
    await deps.settings.update((settings) => ({
      ...settings,
      promptLoginNextSignIn: required
        ? [...settings.promptLoginNextSignIn, environment]
        : settings.promptLoginNextSignIn.filter((candidate) => candidate !== environment),
    }));
  } catch (error) {
    deps.logger.warn('could not remember whether the next sign-in asks for the password', {
      reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
    });
  }
}

export function requireUnlocked(context: SessionContext): Machinery {
  const { state } = context;
  if (state.status === 'locked' || state.unlocking) throw new AppError('locked', t('mainSession.locked'));
  if (state.status !== 'signed-in' || !state.machinery)
    throw new AppError('not_signed_in', t('mainSession.signInFirst'));
  return state.machinery;
}

export function activeAccount(context: SessionContext): SessionAccount {
  requireUnlocked(context);
  const account = context.state.accounts.find((candidate) => candidate.guid === context.state.activeAccountGuid);
  if (!account) throw new AppError('not_signed_in', t('mainSession.noAccountSelected'));
  return toSessionAccount(account);
}

export function activeUser(context: SessionContext): { readonly userGuid: string; readonly name: string } {
  requireUnlocked(context);
  const { user } = context.state;
  if (!user) throw new AppError('not_signed_in', t('mainSession.signInFirst'));
  return { userGuid: user.userGuid, name: user.name };
}

export async function switchAccount(context: SessionContext, accountGuid: string): Promise<SessionView> {
  const { state } = context;
  const m = requireUnlocked(context);
  if (!state.accounts.some((account) => account.guid === accountGuid)) {
    throw new AppError('forbidden', t('mainSession.notYourAccount'), { field: 'accountGuid' });
  }
  const result = await sessionClient(context, m, state.activeAccountGuid ?? accountGuid).switchAccount(accountGuid);
  if (result.currentAccountGuid !== accountGuid) throw new AppError('service_error', t('mainSession.notSwitched'));
  if (result.accounts.length > 0) state.accounts = result.accounts;
  state.activeAccountGuid = accountGuid;
  if (state.user) await rememberAccount(context, state.user.userGuid, accountGuid);
  return changed(context);
}

export async function accountProfile(context: SessionContext): Promise<ProfileView> {
  const m = requireUnlocked(context);
  const profile = await sessionClient(context, m, context.state.activeAccountGuid).getAccountProfile();
  return {
    name: profile.name,
    email: profile.email,
    role: profile.role,
    canMoveMoney: canMoveMoney(profile.role),
    connectedAccounts: profile.connectedAccounts.map(toSessionAccount),
  };
}

export function activeClient(context: SessionContext): InterfaceAClient {
  const m = requireUnlocked(context);
  if (!context.state.activeAccountGuid) throw new AppError('not_signed_in', t('mainSession.noAccountSelected'));
  return sessionClient(context, m, context.state.activeAccountGuid);
}

export function clientFor(context: SessionContext, accountGuid: string): InterfaceAClient {
  const m = requireUnlocked(context);
  if (!context.state.accounts.some((account) => account.guid === accountGuid)) {
    throw new AppError('forbidden', t('mainSession.notYourAccount'));
  }
  return sessionClient(context, m, accountGuid);
}
