import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../../../../src-preload/contract/session';
import { createWithdrawSession } from '../../../../../src-main/features/withdraw/withdraw-session';

const signedIn = (activeAccountGuid: string, extra: Partial<SessionView> = {}): SessionView => ({
  status: 'signed-in',
  user: { name: 'Alice', email: 'alice@example.test' },
  accounts: [{ guid: activeAccountGuid, name: 'Main', role: 'owner', isPersonalAccount: true, canMoveMoney: true }],
  activeAccountGuid,
  keychain: 'available',
  ...extra,
});

/** A session already signed in when the withdraw feature is built, as on the first money operation. */
function sessionSignedIn(view: SessionView) {
  const listeners = new Set<(view: SessionView) => void>();
  let current = view;
  return {
    view: () => current,
    onChange(listener: (view: SessionView) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(next: SessionView) {
      current = next;
      for (const listener of listeners) listener(next);
    },
  };
}

/** security.md 30 and 38: built after sign-in, the session's own later notices keep its confirmations. */
describe('a withdrawal confirmation in a session that began before the feature was built', () => {
  it('survives a notice about the same session: still sendable, and the form still confirms once', async () => {
    const session = sessionSignedIn(signedIn('acct-1'));
    const { forms, confirmed } = createWithdrawSession(session);
    let intents = 0;
    const make = async () => ({ intentId: `intent-${(intents += 1)}` });
    const first = await forms.confirm('user-1', 'form-1', 'same content', make);
    confirmed.add(first.intentId);

    // The service's clock notice, then the keychain falling back to memory: the same user and account.
    session.publish(signedIn('acct-1', { clockAheadSeconds: 120 }));
    session.publish(signedIn('acct-1', { clockAheadSeconds: 120, keychain: 'unavailable' }));

    expect(confirmed.has(first.intentId)).toBe(true);
    expect(await forms.confirm('user-1', 'form-1', 'same content', make)).toEqual(first);
    expect(intents).toBe(1);
  });

  it('is still dropped when the account changes or the session locks', async () => {
    const session = sessionSignedIn(signedIn('acct-1'));
    const { forms, confirmed } = createWithdrawSession(session);
    confirmed.add('intent-1');
    await forms.confirm('user-1', 'form-1', 'content', async () => ({ intentId: 'intent-1' }));
    session.publish(signedIn('acct-2'));
    expect(confirmed.size).toBe(0);
    confirmed.add('intent-2');
    session.publish({ ...signedIn('acct-2'), status: 'locked' });
    expect(confirmed.size).toBe(0);
  });
});
