import { useEffect, useState } from 'react';
import type { ProfileView } from '../../../../src-preload/contract/session';
import type { BridgeError } from '../../../../src-preload/result';
import { wallet } from '../../bridge';
import { ErrorMessage } from '../../components/error-message';
import { useSessionStore } from '../../stores/session-store';

export function ProfileScreen(): React.JSX.Element {
  const activeAccountGuid = useSessionStore((state) => state.view?.activeAccountGuid ?? null);
  // Answers are kept with the account they belong to, so a switch never shows the previous account's profile.
  const [loaded, setLoaded] = useState<{
    account: string | null;
    profile: ProfileView | null;
    error: BridgeError | null;
  }>({
    account: null,
    profile: null,
    error: null,
  });

  useEffect(() => {
    let current = true;
    void wallet.session.profile().then((result) => {
      if (!current) return;
      setLoaded({
        account: activeAccountGuid,
        profile: result.ok ? result.value : null,
        error: result.ok ? null : result.error,
      });
    });
    return () => {
      current = false;
    };
  }, [activeAccountGuid]);

  const upToDate = loaded.account === activeAccountGuid;
  const profile = upToDate ? loaded.profile : null;
  const error = upToDate ? loaded.error : null;

  return (
    <section aria-labelledby="profile-title" className="screen">
      <h2 id="profile-title">Profile</h2>
      <ErrorMessage error={error} />
      {!profile && !error && <p aria-busy="true">Loading profile…</p>}
      {profile && (
        <>
          <dl className="card facts" aria-label="Profile">
            <dt>Name</dt>
            <dd>{profile.name}</dd>
            <dt>E-mail</dt>
            <dd>{profile.email}</dd>
            <dt>Role</dt>
            <dd>{profile.role}</dd>
          </dl>
          {!profile.canMoveMoney && <p role="note">This role can view balances and history but cannot send or swap.</p>}
          <h3>Connected accounts</h3>
          {profile.connectedAccounts.length === 0 ? (
            <p>No other accounts.</p>
          ) : (
            <ul aria-label="Connected accounts">
              {profile.connectedAccounts.map((account) => (
                <li key={account.guid}>
                  {account.name} · {account.role}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
