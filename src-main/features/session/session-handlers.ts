import type { Handlers } from '../../dispatch';
import type { SessionService } from './session-service';

type SessionHandlers = Pick<
  Handlers,
  | 'session.get'
  | 'session.signIn'
  | 'session.cancelSignIn'
  | 'session.retryRestore'
  | 'session.signOut'
  | 'session.lock'
  | 'session.unlock'
  | 'session.switchAccount'
  | 'session.profile'
>;

/** The session slice of the bridge. Every result is a SessionView or ProfileView: no token can ride along. */
export function createSessionHandlers(deps: { readonly session: SessionService }): SessionHandlers {
  const { session } = deps;
  return {
    'session.get': async () => {
      // The first call after launch answers once the silent restore has settled.
      await session.ready();
      return session.view();
    },
    'session.signIn': () => session.signIn(),
    'session.cancelSignIn': () => session.cancelSignIn(),
    'session.retryRestore': async () => {
      await session.ready();
      // Only a restore that failed for want of the service is tried again; anything else keeps its state.
      if (session.restoreState() !== 'unreachable') return session.view();
      return session.restore();
    },
    'session.signOut': () => session.signOut(),
    'session.lock': () => session.lock(),
    'session.unlock': () => session.unlock(),
    'session.switchAccount': ({ accountGuid }) => session.switchAccount(accountGuid),
    'session.profile': () => session.profile(),
  };
}
