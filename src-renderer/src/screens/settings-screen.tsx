import { useId } from 'react';
import { useAppStore } from '../stores/app-store';
import { UpdatesSection } from './updates-section';
import { MerchantEnvironmentSection } from './settings/merchant-environment-section';
import { SignInEnvironmentSection } from './settings/sign-in-environment-section';

export function SettingsScreen(): React.JSX.Element {
  const info = useAppStore((state) => state.info);
  const preferences = useAppStore((state) => state.preferences);
  const updatePreferences = useAppStore((state) => state.updatePreferences);
  const idleId = useId();

  return (
    <section aria-labelledby="settings-title" className="screen">
      <h2 id="settings-title">Settings</h2>
      {preferences && (
        <form className="card" aria-label="Preferences" onSubmit={(event) => event.preventDefault()}>
          <label className="row">
            <input
              type="checkbox"
              checked={preferences.privacyMode}
              onChange={(event) => void updatePreferences({ privacyMode: event.target.checked })}
            />
            Privacy mode (hide every amount)
          </label>
          <label htmlFor={idleId} className="row">
            Lock after idle (minutes)
          </label>
          <input
            id={idleId}
            type="number"
            min={1}
            max={1440}
            defaultValue={preferences.idleLockMinutes}
            onBlur={(event) => {
              const minutes = Number(event.target.value);
              if (Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440)
                void updatePreferences({ idleLockMinutes: minutes });
            }}
          />
        </form>
      )}
      <SignInEnvironmentSection />
      <MerchantEnvironmentSection />
      {info && (
        <dl className="card facts" aria-label="About Wallet Desk">
          <dt>Version</dt>
          <dd>{info.version}</dd>
          <dt>Environment</dt>
          <dd>{info.environmentLabel}</dd>
          <dt>Keychain</dt>
          <dd>
            {info.keychain === 'available'
              ? 'OS keychain'
              : 'Unavailable: secrets are kept in memory for this run only'}
          </dd>
        </dl>
      )}
      <UpdatesSection />
    </section>
  );
}
