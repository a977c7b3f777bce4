import type { SessionView } from '../../../src-preload/contract/session';
import type { SessionService } from './session-context';

export type OwnerSession = Pick<SessionService, 'view' | 'activeUser' | 'onChange'>;

/** "user/account" while signed in and unlocked, else null. */
function ownerOf(session: OwnerSession, view: SessionView): string | null {
  if (view.status !== 'signed-in' || view.activeAccountGuid === null) return null;
  try {
    return `${session.activeUser().userGuid}/${view.activeAccountGuid}`;
  } catch {
    // Signed in by the view but not usable (an unlock under way): nobody's data may stay.
    return null;
  }
}

/**
 * Calls `listener` when what a feature holds for the session stops being its owner's: another user or
 * account, a sign-out or a lock. The session also publishes notices that change neither (the service's clock,
 * the keychain falling back to memory); those must not throw away what the user is looking at.
 */
export function onOwnerChange(session: OwnerSession, listener: () => void): () => void {
  let owner = ownerOf(session, session.view());
  return session.onChange((view) => {
    const next = ownerOf(session, view);
    if (next !== null && next === owner) return;
    owner = next;
    listener();
  });
}
