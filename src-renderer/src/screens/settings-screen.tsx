import type { Theme } from '../../../src-preload/contract/app';
import { useAppStore } from '../stores/app-store';
import { UpdatesSection } from './updates-section';
import { MerchantEnvironmentSection } from './settings/merchant-environment-section';
import { IdleLockField } from './settings/idle-lock-field';
import { NotificationsSection } from './settings/notifications-section';
import { SignInEnvironmentSection } from './settings/sign-in-environment-section';

const themeChoices: readonly { value: Theme; label: string }[] = [
  { value: 'system', label: 'Same as the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function SettingsScreen(): React.JSX.Element {
  const info = useAppStore((state) => state.info);
  const preferences = useAppStore((state) => state.preferences);
  const updatePreferences = useAppStore((state) => state.updatePreferences);

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
          <fieldset className="theme-choice">
            <legend>Theme</legend>
            {themeChoices.map(({ value, label }) => (
              <label key={value} className="row">
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={preferences.theme === value}
                  onChange={() => void updatePreferences({ theme: value })}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <IdleLockField
            minutes={preferences.idleLockMinutes}
            onSave={(minutes) => void updatePreferences({ idleLockMinutes: minutes })}
          />
        </form>
      )}
      <NotificationsSection />
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
