import { useId } from 'react';
import { useAppStore } from '../stores/app-store';
import { useSessionStore } from '../stores/session-store';

/** Account switcher, privacy mode, lock and sign-out: always one click (or a shortcut) away. */
export function TopBar(): React.JSX.Element {
  const info = useAppStore((state) => state.info);
  const privacyMode = useAppStore((state) => state.preferences?.privacyMode ?? false);
  const updatePreferences = useAppStore((state) => state.updatePreferences);
  const view = useSessionStore((state) => state.view);
  const busy = useSessionStore((state) => state.busy);
  const switchAccount = useSessionStore((state) => state.switchAccount);
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
    </header>
  );
}
