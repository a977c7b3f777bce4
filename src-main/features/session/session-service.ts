import type { EnvironmentId } from '../../../src-preload/contract/app';
import type { ProfileView, SessionAccount, SessionView } from '../../../src-preload/contract/session';
import { AppError } from '../../app-error';
import { discoverIssuer, withClockSkew } from '../../auth/oidc-config';
import { createServiceClock, noticeSeconds } from '../../auth/service-clock';
import { createSignInFlow, type SignInFlow } from '../../auth/sign-in';
import { createOidcTokenEndpoint, type TokenEndpoint } from '../../auth/token-endpoint';
import { createTokenManager, type TokenManager } from '../../auth/token-manager';
import type { TokenSet } from '../../auth/token-set';
import type { SecretStore } from '../../keychain/secret-store';
import type { Logger } from '../../logging/logger';
import { createInterfaceAClient, type InterfaceAClient } from '../../service/interface-a';
import type { AccountInfo, Session, SessionUser } from '../../service/interface-a-schemas';
import type { Endpoints } from '../../settings/environments';
import type { SettingsStore } from '../../settings/settings-store';
import { canMoveMoney, requireMoneyMovingAccount } from '../money/roles';
import { toSessionAccount } from './roles';

export interface SessionServiceDeps {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly logger: Logger;
  /** Pushes the new view to the renderer (session.changed). */
  readonly publish: (view: SessionView) => void;
  readonly openExternal: (url: string) => Promise<void>;
  /** The endpoints of the environment chosen in settings (throws AppError not_configured). */
  readonly endpoints: () => Endpoints;
  readonly environment: () => EnvironmentId;
  readonly signInTimeoutMs?: number;
  readonly requestTimeoutMs?: number;
  readonly refreshLeewaySeconds?: number;
  /**
   * The app's clock (Date.now by default). Tests set it ahead or behind to play a computer whose clock is
   * off while the provider keeps the true time (security.md 37).
   */
  readonly now?: () => number;
}

/** What other features use: authorised Interface A calls for the active account, and its role. */
export interface SessionService {
  view(): SessionView;
  /** Resolves once the launch-time restore (if any) has finished. */
  ready(): Promise<void>;
  restore(): Promise<SessionView>;
  /**
   * Where the launch-time restore stands: 'restoring' while a stored session is being restored,
   * 'unreachable' when it failed only because the service could not be reached (the stored session is
   * kept; restore() tries again), null otherwise. The cached balances are shown only in these two.
   */
  restoreState(): 'restoring' | 'unreachable' | null;
  signIn(): Promise<SessionView>;
  cancelSignIn(): SessionView;
  signOut(): Promise<SessionView>;
  lock(): SessionView;
  unlock(): Promise<SessionView>;
  switchAccount(accountGuid: string): Promise<SessionView>;
  profile(): Promise<ProfileView>;
  /** A client bound to the current token and the active account; throws not_signed_in or locked. */
  interfaceA(): InterfaceAClient;
  /**
   * A client for another of the signed-in user's accounts (its X-Account-Guid), without switching to it:
   * a merchant withdrawal shows in the merchant's linked account, whichever is active (security.md 27).
   * Throws like interfaceA(); forbidden for an account that is not the user's.
   */
  interfaceAFor(accountGuid: string): InterfaceAClient;
  /** The active account, or throws like interfaceA(). */
  activeAccount(): SessionAccount;
  /** The signed-in user's id and name, or throws like interfaceA(): merchant keys are theirs (security.md 30). */
  activeUser(): { readonly userGuid: string; readonly name: string };
  /** Throws forbidden (in words) when the active account's role may not send, swap or create deposit addresses. */
  requireMoneyMovingRole(operation: 'send' | 'swap' | 'create deposit addresses'): SessionAccount;
  /** Internal subscription for features that must drop data on sign-out, lock or account change. */
  onChange(listener: (view: SessionView) => void): () => void;
  dispose(): Promise<void>;
}

interface Machinery {
  readonly key: string;
  readonly endpoints: Endpoints;
  /** The keychain account of this environment's refresh token. */
  readonly account: string;
  readonly tokens: TokenManager;
  readonly tokenEndpoint: TokenEndpoint;
  readonly flow: SignInFlow;
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * The session state machine: signed-out → signing-in → signed-in ⇄ locked. It owns the token manager
 * and the sign-in flow for the current environment and is the only way features reach Interface A.
 */
export function createSessionService(deps: SessionServiceDeps): SessionService {
  let status: SessionView['status'] = 'signed-out';
  let user: SessionUser | null = null;
  let accounts: AccountInfo[] = [];
  let activeAccountGuid: string | null = null;
  let problem: string | undefined;
  let unlocking = false;
  let attempt = 0;
  let restoring: Promise<unknown> = Promise.resolve();
  let restoreState: 'restoring' | 'unreachable' | null = null;
  let machinery: Machinery | null = null;
  const listeners = new Set<(view: SessionView) => void>();
  const now = deps.now ?? (() => Date.now());
  const serviceClock = createServiceClock();
  serviceClock.onChange(() => changed());
  // A keychain that fails or hangs mid-run falls back to memory: say so now, not at the next change of
  // session (security 20, 31).
  const stopWatchingKeychain = deps.secrets.onFallbackToMemory?.(() => changed());

  function view(): SessionView {
    const signedIn = status === 'signed-in';
    return {
      status,
      user: user && (signedIn || status === 'locked' || unlocking) ? { name: user.name, email: user.email } : null,
      accounts: signedIn ? accounts.map(toSessionAccount) : [],
      activeAccountGuid: signedIn ? activeAccountGuid : null,
      keychain: deps.secrets.kind === 'keychain' ? 'available' : 'unavailable',
      ...(problem === undefined ? {} : { problem }),
      ...(restoreState === 'unreachable' && status === 'signed-out' ? { restoreFailed: 'unreachable' as const } : {}),
      ...clockAhead(),
    };
  }

  /** The computer's clock against the service's, for the notice; nothing while it is within a minute. */
  function clockAhead(): { clockAheadSeconds?: number } {
    const seconds = noticeSeconds(serviceClock.offsetMs());
    return seconds === undefined ? {} : { clockAheadSeconds: -seconds };
  }

  function observeServiceDate(header: string | null): void {
    serviceClock.observeDateHeader(header, now());
  }

  function observeTokens(tokens: TokenSet): TokenSet {
    if (tokens.issuedAtSeconds !== undefined) serviceClock.observe(tokens.issuedAtSeconds * 1000, now());
    return tokens;
  }

  /**
   * openid-client reads the process clock (Date.now), not the app's: its skew is the service's time as
   * measured less that clock, zero while nothing was measured.
   */
  function openIdSkewSeconds(): number {
    const offset = serviceClock.offsetMs();
    return offset === null ? 0 : (now() + offset - Date.now()) / 1000;
  }

  function changed(): SessionView {
    const current = view();
    deps.publish(current);
    for (const listener of listeners) listener(current);
    return current;
  }

  function resetToSignedOut(reason?: string): void {
    status = 'signed-out';
    restoreState = null;
    user = null;
    accounts = [];
    activeAccountGuid = null;
    unlocking = false;
    problem = reason;
  }

  /** One token manager and sign-in flow per environment (its keychain entry is per environment too). */
  function current(): Machinery {
    const endpoints = deps.endpoints();
    const environment = deps.environment();
    const key = JSON.stringify([environment, endpoints.issuer, endpoints.clientId, endpoints.baseUrl]);
    if (machinery?.key === key) return machinery;
    if (machinery) {
      machinery.flow.cancel();
      if (status !== 'signed-out') {
        resetToSignedOut('The environment changed. Please sign in again.');
        changed();
      }
    }
    serviceClock.reset();
    let configuration: ReturnType<typeof discoverIssuer> | null = null;
    const discovered = () => {
      configuration ??= discoverIssuer(endpoints, { onServiceDate: observeServiceDate }).catch((error: unknown) => {
        configuration = null; // try discovery again next time
        throw error;
      });
      return configuration;
    };
    const getConfiguration = async () => withClockSkew(await discovered(), openIdSkewSeconds(), observeServiceDate);
    const oidcEndpoint = createOidcTokenEndpoint(getConfiguration);
    const tokenEndpoint: TokenEndpoint = {
      refresh: async (refreshToken) => observeTokens(await oidcEndpoint.refresh(refreshToken)),
      revoke: (token, hint) => oidcEndpoint.revoke(token, hint),
    };
    const account = `refresh-token:${environment}`;
    const tokens = createTokenManager({
      store: deps.secrets,
      account,
      endpoint: tokenEndpoint,
      logger: deps.logger,
      now,
      ...(deps.refreshLeewaySeconds === undefined ? {} : { refreshLeewaySeconds: deps.refreshLeewaySeconds }),
    });
    tokens.onSignedOut((reason) => {
      if (machinery?.tokens !== tokens) return;
      deps.logger.info('session ended by the issuer or the keychain', { reason });
      resetToSignedOut(
        reason === 'storage_failed'
          ? 'The session could not be saved to the keychain. Please sign in again.'
          : SESSION_ENDED,
      );
      changed();
    });
    const flow = createSignInFlow({
      getConfiguration,
      openExternal: deps.openExternal,
      logger: deps.logger,
      ...(deps.signInTimeoutMs === undefined ? {} : { callbackTimeoutMs: deps.signInTimeoutMs }),
    });
    machinery = { key, endpoints, account, tokens, tokenEndpoint, flow };
    return machinery;
  }

  function client(
    m: Machinery,
    accountGuid: string | null,
    auth: Pick<TokenManager, 'getAccessToken' | 'refreshAfter401'> = m.tokens,
  ): InterfaceAClient {
    return createInterfaceAClient({
      baseUrl: m.endpoints.baseUrl,
      auth,
      accountGuid,
      logger: deps.logger,
      ...(deps.requestTimeoutMs === undefined ? {} : { timeoutMs: deps.requestTimeoutMs }),
    });
  }

  /** A client that uses exactly these tokens and never refreshes: for checking who just signed in. */
  function oneShotClient(m: Machinery, tokens: TokenSet): InterfaceAClient {
    return client(m, null, {
      getAccessToken: async () => tokens.accessToken,
      refreshAfter401: async () => {
        throw new AppError('sign_in_failed', 'The service did not accept the new sign-in.');
      },
    });
  }

  function pickAccount(session: Session): string | null {
    const known = new Set(session.accounts.map((account) => account.guid));
    const remembered = session.user ? deps.settings.get().activeAccountByUser[session.user.userGuid] : undefined;
    if (remembered && known.has(remembered)) return remembered;
    if (session.currentAccountGuid && known.has(session.currentAccountGuid)) return session.currentAccountGuid;
    return session.accounts[0]?.guid ?? null;
  }

  async function applySession(session: Session): Promise<void> {
    if (!session.isAuthenticated || !session.user)
      throw new AppError('sign_in_failed', 'The service does not recognise this sign-in.');
    user = session.user;
    accounts = session.accounts;
    activeAccountGuid = pickAccount(session);
    status = 'signed-in';
    restoreState = null;
    unlocking = false;
    problem = accounts.length === 0 ? 'This user has no accounts at the service yet.' : undefined;
    if (activeAccountGuid) await rememberAccount(session.user.userGuid, activeAccountGuid);
  }

  async function rememberAccount(userGuid: string, accountGuid: string): Promise<void> {
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

  /** Whether the next sign-in to `environment` must show the provider's login page (kept in settings.json). */
  async function setPromptLogin(environment: EnvironmentId, required: boolean): Promise<void> {
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

  function requireUnlocked(): Machinery {
    if (status === 'locked' || unlocking) throw new AppError('locked', 'Wallet Desk is locked. Unlock to continue.');
    if (status !== 'signed-in' || !machinery) throw new AppError('not_signed_in', 'Please sign in first.');
    return machinery;
  }

  function activeAccount(): SessionAccount {
    requireUnlocked();
    const account = accounts.find((candidate) => candidate.guid === activeAccountGuid);
    if (!account) throw new AppError('not_signed_in', 'No account is selected.');
    return toSessionAccount(account);
  }

  async function restore(): Promise<SessionView> {
    let m: Machinery;
    try {
      m = current();
    } catch (error) {
      if (error instanceof AppError) {
        problem = error.message;
        restoreState = null;
        return changed();
      }
      throw error;
    }
    const stored = await deps.secrets.get(m.account).catch(() => null);
    if (!stored) {
      restoreState = null;
      return view();
    }
    const mine = ++attempt;
    status = 'signing-in';
    problem = undefined;
    changed();
    try {
      const restored = await m.tokens.restore();
      if (mine !== attempt) return view();
      if (!restored) {
        resetToSignedOut(SESSION_ENDED);
        return changed();
      }
      await applySession(await client(m, null).getSession());
    } catch (error) {
      if (mine !== attempt) return view();
      deps.logger.warn('the saved session could not be restored', {
        code: error instanceof AppError ? error.code : 'internal',
      });
      const unreachable = error instanceof AppError && (error.code === 'network' || error.code === 'service_error');
      resetToSignedOut(
        unreachable
          ? 'The service could not be reached to restore your session. Sign in, or try again later.'
          : SESSION_ENDED,
      );
      // The stored session stays: trying again later may still restore it.
      if (unreachable) restoreState = 'unreachable';
    }
    if (mine === attempt && restoreState === 'restoring') restoreState = null;
    return changed();
  }

  const service: SessionService = {
    view,
    ready: () => restoring.then(() => undefined),
    restoreState: () => restoreState,
    restore() {
      // Set before the first await, so a look at the cache right after launch already knows.
      restoreState = 'restoring';
      const run = restore();
      restoring = run.catch(() => undefined);
      return run;
    },

    async signIn() {
      await service.ready();
      if (status === 'signed-in') return view();
      if (status === 'locked') throw new AppError('locked', 'Wallet Desk is locked. Unlock to continue.');
      const m = current();
      const mine = ++attempt;
      status = 'signing-in';
      problem = undefined;
      changed();
      const environment = deps.environment();
      // After an explicit sign-out the provider's session in the browser would let anyone at this desk
      // straight back in; the first sign-in after it asks for the password again.
      const prompt = deps.settings.get().promptLoginNextSignIn.includes(environment) ? 'login' : 'consent';
      try {
        const tokens = observeTokens(await m.flow.signIn({ prompt }));
        if (mine !== attempt) throw new AppError('sign_in_cancelled', 'Sign-in was cancelled.');
        await m.tokens.adopt(tokens);
        await applySession(await client(m, null).getSession());
        if (prompt === 'login') await setPromptLogin(environment, false);
        deps.logger.info('signed in', { accounts: accounts.length, prompt });
        return changed();
      } catch (error) {
        if (mine === attempt) {
          if (m.tokens.signedIn) await m.tokens.signOut();
          const appError =
            error instanceof AppError
              ? error
              : new AppError('sign_in_failed', 'Sign-in failed. Please try again.', { cause: error });
          resetToSignedOut(appError.code === 'sign_in_cancelled' ? undefined : appError.message);
          changed();
          throw appError;
        }
        throw error;
      }
    },

    cancelSignIn() {
      if (status !== 'signing-in' && !unlocking) return view();
      attempt += 1;
      machinery?.flow.cancel();
      if (unlocking) {
        unlocking = false;
        status = 'locked';
      } else resetToSignedOut();
      return changed();
    },

    async signOut() {
      attempt += 1;
      const m = machinery;
      m?.flow.cancel();
      resetToSignedOut();
      // Remembered first, so even a quit during revocation leaves the next sign-in asking for the password.
      await setPromptLogin(deps.environment(), true);
      if (m) await m.tokens.signOut();
      deps.logger.info('signed out');
      return changed();
    },

    lock() {
      if (status !== 'signed-in') return view();
      status = 'locked';
      machinery?.tokens.forgetAccessToken();
      deps.logger.info('locked');
      return changed();
    },

    async unlock() {
      if (status !== 'locked' || !user || !machinery) return view();
      const m = machinery;
      const lockedUser = user;
      const mine = ++attempt;
      unlocking = true;
      problem = undefined;
      status = 'signing-in';
      changed();
      try {
        const tokens = observeTokens(await m.flow.signIn({ prompt: 'login' }));
        if (mine !== attempt) throw new AppError('sign_in_cancelled', 'Unlock was cancelled.');
        const session = await oneShotClient(m, tokens).getSession();
        if (session.user?.userGuid !== lockedUser.userGuid) {
          // Someone else signed in: their tokens are not kept, and the locked session stays locked.
          await m.tokenEndpoint
            .revoke(tokens.refreshToken ?? tokens.accessToken, tokens.refreshToken ? 'refresh_token' : 'access_token')
            .catch(() => undefined);
          throw new AppError(
            'forbidden',
            `Wallet Desk is locked for ${lockedUser.name}. Unlock as that user, or sign out.`,
          );
        }
        await m.tokens.adopt(tokens);
        await applySession(session);
        return changed();
      } catch (error) {
        const appError =
          error instanceof AppError
            ? error
            : new AppError('sign_in_failed', 'Unlock failed. Please try again.', { cause: error });
        if (mine === attempt && (status as SessionView['status']) !== 'signed-out') {
          unlocking = false;
          status = 'locked';
          problem = appError.code === 'sign_in_cancelled' ? undefined : appError.message;
          changed();
        }
        throw appError;
      }
    },

    async switchAccount(accountGuid) {
      const m = requireUnlocked();
      if (!accounts.some((account) => account.guid === accountGuid)) {
        throw new AppError('forbidden', 'That account is not one of yours.', { field: 'accountGuid' });
      }
      const result = await client(m, activeAccountGuid ?? accountGuid).switchAccount(accountGuid);
      if (result.currentAccountGuid !== accountGuid)
        throw new AppError('service_error', 'The service did not switch to that account.');
      if (result.accounts.length > 0) accounts = result.accounts;
      activeAccountGuid = accountGuid;
      if (user) await rememberAccount(user.userGuid, accountGuid);
      return changed();
    },

    async profile() {
      const m = requireUnlocked();
      const profile = await client(m, activeAccountGuid).getAccountProfile();
      return {
        name: profile.name,
        email: profile.email,
        role: profile.role,
        canMoveMoney: canMoveMoney(profile.role),
        connectedAccounts: profile.connectedAccounts.map(toSessionAccount),
      };
    },

    interfaceA() {
      const m = requireUnlocked();
      if (!activeAccountGuid) throw new AppError('not_signed_in', 'No account is selected.');
      return client(m, activeAccountGuid);
    },

    interfaceAFor(accountGuid) {
      const m = requireUnlocked();
      if (!accounts.some((account) => account.guid === accountGuid)) {
        throw new AppError('forbidden', 'That account is not one of yours.');
      }
      return client(m, accountGuid);
    },

    activeAccount,

    activeUser() {
      requireUnlocked();
      if (!user) throw new AppError('not_signed_in', 'Please sign in first.');
      return { userGuid: user.userGuid, name: user.name };
    },

    requireMoneyMovingRole(operation) {
      return requireMoneyMovingAccount(activeAccount(), `cannot ${operation}`);
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async dispose() {
      stopWatchingKeychain?.();
      machinery?.flow.cancel();
    },
  };
  return service;
}
