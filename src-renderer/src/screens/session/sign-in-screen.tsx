import { useState } from 'react';
import { useAppStore } from '../../stores/app-store';
import { SignInEnvironmentSection } from '../settings/sign-in-environment-section';
import { ClockNotice } from '../../components/clock-notice';
import { GateAlerts } from './gate-alerts';
import { useSessionStore } from '../../stores/session-store';

/** Signed out: one button that opens the system browser; while waiting, a way to cancel. */
export function SignInScreen(): React.JSX.Element {
  const view = useSessionStore((state) => state.view);
  const error = useSessionStore((state) => state.error);
  const signIn = useSessionStore((state) => state.signIn);
  const cancelSignIn = useSessionStore((state) => state.cancelSignIn);
  const waiting = view?.status === 'signing-in';
  const environmentLabel = useAppStore((state) => state.info?.environmentLabel ?? null);
  const [choosing, setChoosing] = useState(false);

  return (
    <main className="gate" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Wallet Desk</h1>
      {waiting ? (
        <>
          <p role="status">Continue in your browser. Wallet Desk is waiting for the sign-in to finish.</p>
          <button type="button" className="secondary" onClick={() => void cancelSignIn()}>
            Cancel sign-in
          </button>
        </>
      ) : (
        <>
          <p>
            Sign in with your account in your web browser
            {environmentLabel && (
              <>
                {' '}
                (environment: <strong>{environmentLabel}</strong>)
              </>
            )}
            .
          </p>
          <button type="button" className="primary" onClick={() => void signIn()} autoFocus>
            Sign in
          </button>
          <button
            type="button"
            className="secondary"
            aria-expanded={choosing}
            onClick={() => setChoosing((open) => !open)}
          >
            Choose sign-in environment
          </button>
          {choosing && <SignInEnvironmentSection />}
        </>
      )}
      <GateAlerts problem={view?.problem} error={error} />
      <ClockNotice />
      {view?.keychain === 'unavailable' && (
        <p role="note" className="warning">
          No usable OS keychain: you will stay signed in for this run only, and nothing is saved to disk.
        </p>
      )}
    </main>
  );
}
