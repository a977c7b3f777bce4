import { useId } from 'react';
import { environmentNames } from '../../../src-preload/contract/environment-names';
import { selectPrivacyMode, useAppStore } from '../stores/app-store';
import { useSessionStore } from '../stores/session-store';
import { roleWords } from '../i18n/service-words';
import { useText } from '../i18n/use-text';

/** A refused switch in words: which account was chosen, why not, which one is still active, and a retry. */
function SwitchFailure({
  chosen,
  active,
  message,
  busy,
  onRetry,
}: {
  chosen: string;
  active: string | null;
  message: string;
  busy: boolean;
  onRetry: () => void;
}): React.JSX.Element {
  const t = useText();
  return (
    <div className="topbar-alert">
      <p role="alert" className="error">
        {active
          ? t('shell.switch.failedStillIn', { chosen, message, active })
          : t('shell.switch.failed', { chosen, message })}
      </p>
      <button type="button" className="secondary" disabled={busy} onClick={onRetry}>
        {t('shell.switch.retry', { chosen })}
      </button>
    </div>
  );
}

/** Account switcher, privacy mode, lock and sign-out: always one click (or a shortcut) away. */
export function TopBar(): React.JSX.Element {
  const info = useAppStore((state) => state.info);
  const privacyMode = useAppStore(selectPrivacyMode);
  const updatePreferences = useAppStore((state) => state.updatePreferences);
  const view = useSessionStore((state) => state.view);
  const busy = useSessionStore((state) => state.busy);
  const switchAccount = useSessionStore((state) => state.switchAccount);
  const switchFailure = useSessionStore((state) => state.switchFailure);
  const lock = useSessionStore((state) => state.lock);
  const signOut = useSessionStore((state) => state.signOut);
  const accountId = useId();
  const t = useText();
  const accountLabel = (account: { name: string; role: string }): string =>
    t('shell.topBar.accountOption', { name: account.name, role: roleWords(account.role) });
  const activeAccount = view?.accounts.find((account) => account.guid === view.activeAccountGuid);

  return (
    <header className="topbar">
      <h1>{t('common.appName')}</h1>
      {info && (
        <span className="badge" aria-label={t('shell.topBar.environment')}>
          {t(environmentNames[info.environment])}
        </span>
      )}
      <div className="topbar-actions">
        {view && view.accounts.length > 0 && (
          <>
            <label htmlFor={accountId} className="visually-hidden">
              {t('shell.topBar.account')}
            </label>
            {/* A long account name is cut with an ellipsis at 800 px; the tooltip gives all of it (the option,
                the select's value, already gives it to assistive tech). */}
            <select
              id={accountId}
              title={activeAccount ? accountLabel(activeAccount) : undefined}
              value={view.activeAccountGuid ?? ''}
              disabled={busy}
              onChange={(event) => void switchAccount(event.target.value)}
            >
              {view.accounts.map((account) => (
                <option key={account.guid} value={account.guid}>
                  {accountLabel(account)}
                </option>
              ))}
            </select>
          </>
        )}
        <button
          type="button"
          className="secondary"
          aria-pressed={privacyMode}
          aria-keyshortcuts="Control+Shift+H"
          title={t('shell.topBar.privacyHint')}
          onClick={() => void updatePreferences({ privacyMode: !privacyMode })}
        >
          {t('shell.topBar.privacyMode')}
        </button>
        <button type="button" className="secondary" onClick={() => void lock()}>
          {t('shell.topBar.lock')}
        </button>
        <button type="button" className="secondary" onClick={() => void signOut()}>
          {t('shell.topBar.signOut')}
        </button>
        {view?.user && <span className="user">{view.user.name}</span>}
      </div>
      {switchFailure && view && (
        <SwitchFailure
          chosen={
            view.accounts.find((account) => account.guid === switchFailure.accountGuid)?.name ??
            t('shell.switch.thatAccount')
          }
          active={view.accounts.find((account) => account.guid === view.activeAccountGuid)?.name ?? null}
          message={switchFailure.error.message}
          busy={busy}
          onRetry={() => void switchAccount(switchFailure.accountGuid)}
        />
      )}
    </header>
  );
}
