import type { EmitEvent, Handlers } from '../../dispatch';
import type { SecretStore } from '../../keychain/secret-store';
import { toAllowedExternalUrl } from '../../links';
import type { Logger } from '../../logging/logger';
import type { SettingsStore } from '../../settings/settings-store';
import { savingSettings } from '../../settings/storage-failure';

export interface AppHandlersDeps {
  readonly appName: string;
  readonly version: string;
  readonly settings: SettingsStore;
  readonly secrets: Pick<SecretStore, 'kind'>;
  readonly emit: EmitEvent;
  /** Opens a URL in the system browser. Only called with URLs that passed the allowlist. */
  readonly openExternal: (url: string) => Promise<void>;
  /** Host names of the environment's own service, which the link allowlist admits beside the fixed ones. */
  readonly serviceHosts: () => readonly string[];
  readonly logger: Logger;
}

type AppOperation = 'app.info' | 'preferences.get' | 'preferences.update' | 'links.open';

/** The app's own operations: what it is, the user's preferences, and opening a link outside the app. */
export function createAppHandlers(deps: AppHandlersDeps): Pick<Handlers, AppOperation> {
  const { settings } = deps;
  return {
    'app.info': () => {
      const current = settings.get();
      return {
        name: deps.appName,
        version: deps.version,
        environment: current.environment,
        keychain: deps.secrets.kind === 'keychain' ? 'available' : 'unavailable',
        settingsProblem: settings.problem,
      };
    },
    'preferences.get': () => settings.get().preferences,
    'preferences.update': async (change) => {
      const next = await savingSettings('preferences', () =>
        settings.update((current) => ({
          ...current,
          preferences: { ...current.preferences, ...change },
        })),
      );
      deps.emit('preferences.changed', next.preferences);
      return next.preferences;
    },
    'links.open': async ({ url }) => {
      const allowed = toAllowedExternalUrl(url, [...deps.serviceHosts()]);
      if (allowed === null) {
        deps.logger.warn('refused to open a link outside the allowlist', { url: url.slice(0, 200) });
        return { opened: false };
      }
      // The re-serialised URL the allowlist judged, never the renderer's string (security 34).
      await deps.openExternal(allowed);
      return { opened: true };
    },
  };
}
