import { z } from 'zod';
import { LANGUAGE_PREFERENCES } from '../../resources/locales/languages';
import { PlainText } from './text';
import { operation } from './define';

export const EnvironmentId = z.enum(['local-sandbox', 'service-sandbox', 'production', 'custom']);
export type EnvironmentId = z.infer<typeof EnvironmentId>;

export const KeychainStatus = z.enum(['available', 'unavailable']);

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  environment: EnvironmentId,
  keychain: KeychainStatus,
  /** Set when the settings file could not be read; the app runs on defaults and leaves the file as it is. */
  settingsProblem: z.string().nullable(),
});
export type AppInfo = z.infer<typeof AppInfo>;

/** system follows the operating system's light or dark setting. */
export const Theme = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof Theme>;

/** Settings › Language: `system` follows the operating system; `pseudo` is the layout check's (languages.ts). */
export const LanguagePreference = z.enum(LANGUAGE_PREFERENCES);
export type LanguagePreference = z.infer<typeof LanguagePreference>;

/** The part of the settings the renderer may read and change. Nothing secret lives in settings. */
export const Preferences = z.object({
  privacyMode: z.boolean(),
  idleLockMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  theme: Theme,
  language: LanguagePreference,
});
export type Preferences = z.infer<typeof Preferences>;

/**
 * A change names only what it changes: a preference sent as undefined is refused here rather than merged
 * over the one in force.
 */
export const PreferencesChange = z
  .object({
    privacyMode: Preferences.shape.privacyMode.exactOptional(),
    idleLockMinutes: Preferences.shape.idleLockMinutes.exactOptional(),
    theme: Preferences.shape.theme.exactOptional(),
    language: Preferences.shape.language.exactOptional(),
  })
  .strict();

export const appOperations = {
  'app.info': operation(z.void(), AppInfo),
  'preferences.get': operation(z.void(), Preferences),
  'preferences.update': operation(PreferencesChange, Preferences),
  /** Opens an https link (block explorer, help) in the system browser, if its host is allowlisted. */
  'links.open': operation(z.object({ url: PlainText().max(2048) }).strict(), z.object({ opened: z.boolean() })),
} as const;

export const appEvents = {
  'preferences.changed': Preferences,
} as const;
