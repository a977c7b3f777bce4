import type { SessionView } from '../../../src-preload/contract/session';
import type { SessionService } from '../../../src-main/features/session';

/** A signed-in session view with `accountGuid` active; `extra` adds notices such as the clock's. */
export function signedInView(accountGuid: string, extra: Partial<SessionView> = {}): SessionView {
  return {
    status: 'signed-in',
    user: { name: 'Alice', email: 'alice@example.test' },
    accounts: [
      { guid: 'acct-1', name: 'Main', role: 'owner', isPersonalAccount: true, canMoveMoney: true },
      { guid: 'acct-2', name: 'Shop', role: 'owner', isPersonalAccount: false, canMoveMoney: true },
    ],
    activeAccountGuid: accountGuid,
    keychain: 'available',
    ...extra,
  };
}

export interface FakeSession {
  readonly service: SessionService;
  /** Publishes `view` as the session's next change, signed in as `userGuid` when the view is signed in. */
  publish(view: SessionView, userGuid?: string): void;
}

/**
 * A session already signed in when a feature is built (features are built at their first operation), whose
 * changes the test publishes: only what history's features read of a session is real here.
 */
export function fakeSession(interfaceA: () => ReturnType<SessionService['interfaceA']>): FakeSession {
  const listeners = new Set<(view: SessionView) => void>();
  let current = signedInView('acct-1');
  let user = 'user-1';
  const requireSignedIn = (): void => {
    if (current.status !== 'signed-in') throw new Error(`the fake session is ${current.status}`);
  };
  const service = {
    view: () => current,
    activeUser: () => {
      requireSignedIn();
      return { userGuid: user, name: 'Alice' };
    },
    activeAccount: () => {
      requireSignedIn();
      const account = current.accounts.find((candidate) => candidate.guid === current.activeAccountGuid);
      if (!account) throw new Error('no active account');
      return account;
    },
    interfaceA: () => {
      requireSignedIn();
      return interfaceA();
    },
    onChange(listener: (view: SessionView) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as Partial<SessionService> as SessionService;
  return {
    service,
    publish(view, userGuid = user) {
      current = view;
      user = userGuid;
      for (const listener of listeners) listener(view);
    },
  };
}
