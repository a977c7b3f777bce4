import { ClockNotice } from '../../components/clock-notice';
import { GateAlerts } from './gate-alerts';
import { useSessionStore } from '../../stores/session-store';

/** Locked: every amount and address is gone from the page until the same user signs in again. */
export function LockScreen(): React.JSX.Element {
  const view = useSessionStore((state) => state.view);
  const error = useSessionStore((state) => state.error);
  const busy = useSessionStore((state) => state.busy);
  const unlock = useSessionStore((state) => state.unlock);
  const signOut = useSessionStore((state) => state.signOut);

  return (
    <main className="gate" aria-labelledby="lock-title">
      <h1 id="lock-title">Wallet Desk is locked</h1>
      {view?.user && <p>Signed in as {view.user.name}. Sign in again in your browser to continue.</p>}
      <div className="row">
        <button type="button" className="primary" disabled={busy} onClick={() => void unlock()} autoFocus>
          Unlock
        </button>
        <button type="button" className="secondary" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
      {busy && <p role="status">Continue in your browser.</p>}
      <GateAlerts problem={view?.problem} error={error} />
      <ClockNotice />
    </main>
  );
}
