import { useState } from 'react';
import { environmentNames } from '../../../../src-preload/contract/environment-names';
import { useAppStore } from '../../stores/app-store';
import { SignInEnvironmentSection } from '../settings/sign-in-environment-section';
import { ClockNotice } from '../../components/clock-notice';
import { GateAlerts } from './gate-alerts';
import { useSessionStore } from '../../stores/session-store';
import { RichText, useText } from '../../i18n/use-text';

/** Signed out: one button that opens the system browser; while waiting, a way to cancel. */
export function SignInScreen(): React.JSX.Element {
  const view = useSessionStore((state) => state.view);
  const error = useSessionStore((state) => state.error);
  const signIn = useSessionStore((state) => state.signIn);
  const cancelSignIn = useSessionStore((state) => state.cancelSignIn);
  const waiting = view?.status === 'signing-in';
  const environment = useAppStore((state) => state.info?.environment ?? null);
  const [choosing, setChoosing] = useState(false);
  const t = useText();

  return (
    <main className="gate" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('common.appName')}</h1>
      {waiting ? (
        <>
          <p role="status">{t('session.signIn.waiting')}</p>
          <button type="button" className="secondary" onClick={() => void cancelSignIn()}>
            {t('session.signIn.cancel')}
          </button>
        </>
      ) : (
        <>
          <p>
            {environment ? (
              <RichText
                id="session.signIn.intoEnvironment"
                values={{
                  environment: t(environmentNames[environment]),
                  b: (chunks: React.ReactNode[]) => <strong>{chunks}</strong>,
                }}
              />
            ) : (
              t('session.signIn.intro')
            )}
          </p>
          <button type="button" className="primary" onClick={() => void signIn()} autoFocus>
            {t('session.signIn.submit')}
          </button>
          <button
            type="button"
            className="secondary"
            aria-expanded={choosing}
            onClick={() => setChoosing((open) => !open)}
          >
            {t('session.signIn.chooseEnvironment')}
          </button>
          {choosing && <SignInEnvironmentSection />}
        </>
      )}
      <GateAlerts problem={view?.problem} error={error} />
      <ClockNotice />
      {view?.keychain === 'unavailable' && (
        <p role="note" className="warning">
          {t('session.signIn.noKeychain')}
        </p>
      )}
    </main>
  );
}
