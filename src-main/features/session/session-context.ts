import type { EnvironmentId } from '../../../src-preload/contract/app';
import type { ProfileView, SessionAccount, SessionView } from '../../../src-preload/contract/session';
import { createServiceClock, noticeSeconds, type ServiceClock } from '../../auth/service-clock';
import type { SignInFlow } from '../../auth/sign-in';
import type { TokenEndpoint } from '../../auth/token-endpoint';
import type { TokenManager } from '../../auth/token-manager';
import type { TokenSet } from '../../auth/token-set';
import type { SecretStore } from '../../keychain/secret-store';
import type { Logger } from '../../logging/logger';
import type { InterfaceAClient } from '../../service/interface-a';
import type { AccountInfo, SessionUser } from '../../service/interface-a-schemas';
import type { Endpoints } from '../../settings/environments';
import type { SettingsStore } from '../../settings/settings-store';
import { toSessionAccount } from './roles';
import type { WalletOperation } from '../money/roles';

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
  requireMoneyMovingRole(operation: WalletOperation): SessionAccount;
  /** Internal subscription for features that must drop data on sign-out, lock or account change. */
  onChange(listener: (view: SessionView) => void): () => void;
  dispose(): Promise<void>;
}

export interface Machinery {
  readonly key: string;
  readonly endpoints: Endpoints;
  /** The keychain account of this environment's refresh token. */
  readonly account: string;
  readonly tokens: TokenManager;
  readonly tokenEndpoint: TokenEndpoint;
  readonly flow: SignInFlow;
}

/** Where the session stands; every step of the session reads and moves it. */
export interface SessionState {
  status: SessionView['status'];
  user: SessionUser | null;
  accounts: AccountInfo[];
  activeAccountGuid: string | null;
  problem: string | undefined;
  unlocking: boolean;
  /** Raised by every sign-in, unlock, cancel and sign-out: an older attempt that answers late is dropped. */
  attempt: number;
  restoring: Promise<unknown>;
  restoreState: 'restoring' | 'unreachable' | null;
  machinery: Machinery | null;
}

export interface SessionContext {
  readonly deps: SessionServiceDeps;
  readonly state: SessionState;
  readonly listeners: Set<(view: SessionView) => void>;
  readonly now: () => number;
  readonly serviceClock: ServiceClock;
}

export function createSessionContext(deps: SessionServiceDeps): SessionContext {
  return {
    deps,
    state: {
      status: 'signed-out',
      user: null,
      accounts: [],
      activeAccountGuid: null,
      problem: undefined,
      unlocking: false,
      attempt: 0,
      restoring: Promise.resolve(),
      restoreState: null,
      machinery: null,
    },
    listeners: new Set(),
    now: deps.now ?? (() => Date.now()),
    serviceClock: createServiceClock(),
  };
}

/** The computer's clock against the service's, for the notice; nothing while it is within a minute. */
function clockAhead(context: SessionContext): { clockAheadSeconds?: number } {
  const seconds = noticeSeconds(context.serviceClock.offsetMs());
  return seconds === undefined ? {} : { clockAheadSeconds: -seconds };
}

export function sessionView(context: SessionContext): SessionView {
  const { state, deps } = context;
  const { status, user, accounts, activeAccountGuid, problem, restoreState, unlocking } = state;
  const signedIn = status === 'signed-in';
  return {
    status,
    user: user && (signedIn || status === 'locked' || unlocking) ? { name: user.name, email: user.email } : null,
    accounts: signedIn ? accounts.map(toSessionAccount) : [],
    activeAccountGuid: signedIn ? activeAccountGuid : null,
    keychain: deps.secrets.kind === 'keychain' ? 'available' : 'unavailable',
    ...(problem === undefined ? {} : { problem }),
    ...(restoreState === 'unreachable' && status === 'signed-out' ? { restoreFailed: 'unreachable' as const } : {}),
    ...clockAhead(context),
  };
}

/** Publishes the session as it now is, to the window and to the features listening. */
export function changed(context: SessionContext): SessionView {
  const current = sessionView(context);
  context.deps.publish(current);
  for (const listener of context.listeners) listener(current);
  return current;
}

export function resetToSignedOut(context: SessionContext, reason?: string): void {
  const { state } = context;
  state.status = 'signed-out';
  state.restoreState = null;
  state.user = null;
  state.accounts = [];
  state.activeAccountGuid = null;
  state.unlocking = false;
  state.problem = reason;
}

export function observeServiceDate(context: SessionContext, header: string | null): void {
  context.serviceClock.observeDateHeader(header, context.now());
}

export function observeTokens(context: SessionContext, tokens: TokenSet): TokenSet {
  if (tokens.issuedAtSeconds !== undefined) context.serviceClock.observe(tokens.issuedAtSeconds * 1000, context.now());
  return tokens;
}

/**
 * openid-client reads the process clock (Date.now), not the app's: its skew is the service's time as
 * measured less that clock, zero while nothing was measured.
 */
export function openIdSkewSeconds(context: SessionContext): number {
  const offset = context.serviceClock.offsetMs();
  return offset === null ? 0 : (context.now() + offset - Date.now()) / 1000;
}
