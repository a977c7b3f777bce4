import { create } from 'zustand';
import type { SessionView } from '../../../src-preload/contract/session';
import type { BridgeError, Result } from '../../../src-preload/result';
import { wallet } from '../bridge';
import { takeStartupAnswer } from '../startup-requests';
import { useNavigation } from './navigation-store';
import { resetSessionStores } from './session-reset';

interface SessionState {
  readonly view: SessionView | null;
  readonly error: BridgeError | null;
  readonly busy: boolean;
  /**
   * A switch the service refused: the account the user chose and why, shown beside the switcher (which
   * shows the account still active) until the next switch starts or one succeeds.
   */
  readonly switchFailure: { readonly accountGuid: string; readonly error: BridgeError } | null;
  load(): Promise<void>;
  signIn(): Promise<void>;
  cancelSignIn(): Promise<void>;
  /** After the service could not be reached at launch (view.restoreFailed): restore the stored session again. */
  retryRestore(): Promise<void>;
  signOut(): Promise<void>;
  lock(): Promise<void>;
  unlock(): Promise<void>;
  switchAccount(accountGuid: string): Promise<void>;
}

export const useSessionStore = create<SessionState>()((set, get) => {
  const apply = (result: Result<SessionView>): void => {
    if (result.ok) {
      accept(result.value);
      set({ error: null });
    } else set({ error: result.error });
  };

  const accept = (view: SessionView): void => {
    const previous = get().view;
    const accountChanged = previous?.activeAccountGuid !== view.activeAccountGuid;
    // Not yet signed in, a stored session being restored (or out of the service's reach) keeps the last
    // known balances on screen; every other way out of a session empties the stores.
    const restoring =
      previous?.status !== 'signed-in' && (view.status === 'signing-in' || view.restoreFailed !== undefined);
    if ((view.status !== 'signed-in' && !restoring) || (previous?.status === 'signed-in' && accountChanged))
      resetSessionStores();
    // Whoever signs in after a sign-out starts on Home, not on the screen the last person left open; a
    // lock keeps it, since only the same user may unlock.
    if (view.status === 'signed-out') useNavigation.getState().go('home');
    // An event may arrive after the failed call it belongs to; the call's error must stay on screen.
    set({ view });
  };

  const run = async (action: () => Promise<Result<SessionView>>): Promise<void> => {
    set({ busy: true, error: null });
    try {
      apply(await action());
    } finally {
      set({ busy: false });
    }
  };

  wallet.on('session.changed', accept);

  return {
    view: null,
    error: null,
    busy: false,
    switchFailure: null,
    load: () => run(() => takeStartupAnswer('session') ?? wallet.session.get()),
    signIn: () => run(() => wallet.session.signIn()),
    cancelSignIn: () => run(() => wallet.session.cancelSignIn()),
    retryRestore: () => run(() => wallet.session.retryRestore()),
    signOut: () => run(() => wallet.session.signOut()),
    lock: () => run(() => wallet.session.lock()),
    unlock: () => run(() => wallet.session.unlock()),
    async switchAccount(accountGuid) {
      set({ switchFailure: null });
      await run(() => wallet.session.switchAccount({ accountGuid }));
      const error = get().error;
      // The gate screens show `error`; while signed in only the top bar can say why the switch failed.
      if (error) set({ error: null, switchFailure: { accountGuid, error } });
    },
  };
});

export function useActiveAccount(): SessionView['accounts'][number] | null {
  return useSessionStore((state) => {
    const view = state.view;
    return view?.accounts.find((account) => account.guid === view.activeAccountGuid) ?? null;
  });
}
