import { useId } from 'react';
import { selectPrivacyMode, useAppStore } from '../stores/app-store';
import { useSessionStore } from '../stores/session-store';

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
  return (
    <div className="topbar-alert">
      <p role="alert" className="error">
        {`Could not switch to ${chosen}: ${message}`}
        {active && ` You are still working in ${active}.`}
      </p>
      <button type="button" className="secondary" disabled={busy} onClick={onRetry}>
        {`Try switching to ${chosen} again`}
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

  return (
    <header className="topbar">
      <h1>Wallet Desk</h1>
      {info && (
        <span className="badge" aria-label="Environment">
          {info.environmentLabel}
        </span>
      )}
      <div className="topbar-actions">
        {view && view.accounts.length > 0 && (
          <>
            <label htmlFor={accountId} className="visually-hidden">
              Account
            </label>
            <select
              id={accountId}
              value={view.activeAccountGuid ?? ''}
              disabled={busy}
              onChange={(event) => void switchAccount(event.target.value)}
            >
              {view.accounts.map((account) => (
                <option key={account.guid} value={account.guid}>
                  {account.name} ({account.role})
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
          title="Hide every amount (Ctrl+Shift+H)"
          onClick={() => void updatePreferences({ privacyMode: !privacyMode })}
        >
          Privacy mode
        </button>
        <button type="button" className="secondary" onClick={() => void lock()}>
          Lock now
        </button>
        <button type="button" className="secondary" onClick={() => void signOut()}>
          Sign out
        </button>
        {view?.user && <span className="user">{view.user.name}</span>}
      </div>
      {switchFailure && view && (
        <SwitchFailure
          chosen={view.accounts.find((account) => account.guid === switchFailure.accountGuid)?.name ?? 'that account'}
          active={view.accounts.find((account) => account.guid === view.activeAccountGuid)?.name ?? null}
          message={switchFailure.error.message}
          busy={busy}
          onRetry={() => void switchAccount(switchFailure.accountGuid)}
        />
      )}
    </header>
  );
}
