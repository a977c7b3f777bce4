import { ClockNotice } from '../../components/clock-notice';
import { GateAlerts } from './gate-alerts';
import { useSessionStore } from '../../stores/session-store';
import { useText } from '../../i18n/use-text';

/** Locked: every amount and address is gone from the page until the same user signs in again. */
export function LockScreen(): React.JSX.Element {
  const view = useSessionStore((state) => state.view);
  const error = useSessionStore((state) => state.error);
  const busy = useSessionStore((state) => state.busy);
  const unlock = useSessionStore((state) => state.unlock);
  const signOut = useSessionStore((state) => state.signOut);
  const t = useText();

  return (
    <main className="gate" aria-labelledby="lock-title">
      <h1 id="lock-title">{t('session.lock.title')}</h1>
      {view?.user && <p>{t('session.lock.signedInAs', { name: view.user.name })}</p>}
      <div className="row">
        <button type="button" className="primary" disabled={busy} onClick={() => void unlock()} autoFocus>
          {t('session.lock.unlock')}
        </button>
        <button type="button" className="secondary" onClick={() => void signOut()}>
          {t('session.lock.signOut')}
        </button>
      </div>
      {busy && <p role="status">{t('session.lock.continueInBrowser')}</p>}
      <GateAlerts problem={view?.problem} error={error} />
      <ClockNotice />
    </main>
  );
}
