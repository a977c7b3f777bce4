import { useId } from 'react';
import { environmentNames } from '../../../src-preload/contract/environment-names';
import type { Theme } from '../../../src-preload/contract/app';
import type { Language, LanguagePreference } from '../../../resources/locales/languages';
import type { MessageId } from '../i18n/text';
import { useText } from '../i18n/use-text';
import { useAppStore } from '../stores/app-store';
import { UpdatesSection } from './updates-section';
import { MerchantEnvironmentSection } from './settings/merchant-environment-section';
import { IdleLockField } from './settings/idle-lock-field';
import { NotificationsSection } from './settings/notifications-section';
import { SignInEnvironmentSection } from './settings/sign-in-environment-section';

const themeChoices: readonly { value: Theme; label: MessageId }[] = [
  { value: 'system', label: 'settings.theme.system' },
  { value: 'light', label: 'settings.theme.light' },
  { value: 'dark', label: 'settings.theme.dark' },
];

/**
 * Each language by its own name, whatever language the window is in: someone who cannot read the current one
 * still finds theirs. The pseudo-locale is for layout checks and is not offered.
 */
const languageNames: Readonly<Record<Language, string>> = { en: 'English', de: 'Deutsch', tr: 'Türkçe' };
const chosenLanguages: readonly Language[] = ['en', 'de', 'tr'];

/** Settings › Language: applied at once (app-store.ts), without a restart and without redrawing forms anew. */
function LanguageField({
  language,
  onChange,
}: {
  language: LanguagePreference;
  onChange: (language: LanguagePreference) => void;
}): React.JSX.Element {
  const t = useText();
  const id = useId();
  return (
    <div className="row">
      <label htmlFor={id}>{t('settings.language')}</label>
      <select id={id} value={language} onChange={(event) => onChange(event.target.value as LanguagePreference)}>
        <option value="system">{t('settings.language.system')}</option>
        {chosenLanguages.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SettingsScreen(): React.JSX.Element {
  const t = useText();
  const info = useAppStore((state) => state.info);
  const preferences = useAppStore((state) => state.preferences);
  const updatePreferences = useAppStore((state) => state.updatePreferences);

  return (
    <section aria-labelledby="settings-title" className="screen">
      <h2 id="settings-title">{t('settings.title')}</h2>
      {preferences && (
        <form className="card" aria-label={t('settings.preferences')} onSubmit={(event) => event.preventDefault()}>
          <LanguageField
            language={preferences.language}
            onChange={(language) => void updatePreferences({ language })}
          />
          <label className="row">
            <input
              type="checkbox"
              checked={preferences.privacyMode}
              onChange={(event) => void updatePreferences({ privacyMode: event.target.checked })}
            />
            {t('settings.privacyMode')}
          </label>
          <fieldset className="theme-choice">
            <legend>{t('settings.theme')}</legend>
            {themeChoices.map(({ value, label }) => (
              <label key={value} className="row">
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={preferences.theme === value}
                  onChange={() => void updatePreferences({ theme: value })}
                />
                {t(label)}
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
        <dl className="card facts" aria-label={t('settings.about')}>
          <dt>{t('settings.about.version')}</dt>
          <dd>{info.version}</dd>
          <dt>{t('settings.about.environment')}</dt>
          <dd>{t(environmentNames[info.environment])}</dd>
          <dt>{t('settings.about.keychain')}</dt>
          <dd>
            {info.keychain === 'available'
              ? t('settings.about.keychainAvailable')
              : t('settings.about.keychainUnavailable')}
          </dd>
        </dl>
      )}
      <UpdatesSection />
    </section>
  );
}
