import { useEffect, useState } from 'react';
import type { ProfileView } from '../../../../src-preload/contract/session';
import type { BridgeError } from '../../../../src-preload/result';
import { wallet } from '../../bridge';
import { ErrorMessage } from '../../components/error-message';
import { useSessionStore } from '../../stores/session-store';
import { roleWords } from '../../i18n/service-words';
import { useText } from '../../i18n/use-text';

export function ProfileScreen(): React.JSX.Element {
  const activeAccountGuid = useSessionStore((state) => state.view?.activeAccountGuid ?? null);
  const t = useText();
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
      <h2 id="profile-title">{t('session.profile.title')}</h2>
      <ErrorMessage error={error} />
      {!profile && !error && <p aria-busy="true">{t('session.profile.loading')}</p>}
      {profile && (
        <>
          <dl className="card facts" aria-label={t('session.profile.facts')}>
            <dt>{t('session.profile.name')}</dt>
            <dd>{profile.name}</dd>
            <dt>{t('session.profile.email')}</dt>
            <dd>{profile.email}</dd>
            <dt>{t('session.profile.role')}</dt>
            <dd>{roleWords(profile.role)}</dd>
          </dl>
          {!profile.canMoveMoney && <p role="note">{t('session.profile.viewOnly')}</p>}
          <h3>{t('session.profile.connected')}</h3>
          {profile.connectedAccounts.length === 0 ? (
            <p>{t('session.profile.noOthers')}</p>
          ) : (
            <ul aria-label={t('session.profile.connectedList')}>
              {profile.connectedAccounts.map((account) => (
                <li key={account.guid}>
                  {t('session.profile.connectedAccount', { name: account.name, role: roleWords(account.role) })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
