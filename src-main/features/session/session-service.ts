import { requireMoneyMovingAccount } from '../money/roles';
import { accountProfile, activeAccount, activeClient, activeUser, clientFor, switchAccount } from './session-accounts';
import {
  changed,
  createSessionContext,
  sessionView,
  type SessionService,
  type SessionServiceDeps,
} from './session-context';
import { cancelSignIn, lock, restoreSession, signIn, signOut, unlock } from './session-sign-in';

export type { SessionService, SessionServiceDeps } from './session-context';

/**
 * The session state machine: signed-out → signing-in → signed-in ⇄ locked. It owns the token manager
 * and the sign-in flow for the current environment and is the only way features reach Interface A. Its
 * steps live in their own modules over one shared context (session-context.ts).
 */
export function createSessionService(deps: SessionServiceDeps): SessionService {
  const context = createSessionContext(deps);
  const { state } = context;
  context.serviceClock.onChange(() => changed(context));
  // A keychain that fails or hangs mid-run falls back to memory: say so now, not at the next change of
  // session (security 20, 31).
  const stopWatchingKeychain = deps.secrets.onFallbackToMemory?.(() => changed(context));

  const service: SessionService = {
    view: () => sessionView(context),
    ready: () => state.restoring.then(() => undefined),
    restoreState: () => state.restoreState,
    restore() {
      // Set before the first await, so a look at the cache right after launch already knows.
      state.restoreState = 'restoring';
      const run = restoreSession(context);
      state.restoring = run.catch(() => undefined);
      return run;
    },
    async signIn() {
      await service.ready();
      return signIn(context);
    },
    cancelSignIn: () => cancelSignIn(context),
    signOut: () => signOut(context),
    lock: () => lock(context),
    unlock: () => unlock(context),
    switchAccount: (accountGuid) => switchAccount(context, accountGuid),
    profile: () => accountProfile(context),
    interfaceA: () => activeClient(context),
    interfaceAFor: (accountGuid) => clientFor(context, accountGuid),
    activeAccount: () => activeAccount(context),
    activeUser: () => activeUser(context),
    requireMoneyMovingRole: (operation) => requireMoneyMovingAccount(activeAccount(context), operation),
    onChange(listener) {
      context.listeners.add(listener);
      return () => context.listeners.delete(listener);
    },
    async dispose() {
      stopWatchingKeychain?.();
      state.machinery?.flow.cancel();
    },
  };
  return service;
}
