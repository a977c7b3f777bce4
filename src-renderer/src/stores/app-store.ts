import { create } from 'zustand';
import type { AppInfo, Preferences } from '../../../src-preload/contract/app';
import { wallet } from '../bridge';
import { takeStartupAnswer } from '../startup-requests';
import { applyLanguage } from '../i18n/text';
import { applyTheme } from '../theme';

interface AppState {
  readonly info: AppInfo | null;
  readonly preferences: Preferences | null;
  readonly problem: string | null;
  load(): Promise<void>;
  updatePreferences(change: Partial<Preferences>): Promise<void>;
}

/**
 * Whether amounts are hidden. Until main has answered with the preferences it is not known, and amounts stay
 * hidden: a launch whose balances arrive before its preferences must not show a second person at the desk
 * what privacy mode was switched on to hide. A failed read keeps them hidden; the toggle still works.
 */
export function selectPrivacyMode(state: Pick<AppState, 'preferences'>): boolean {
  return state.preferences?.privacyMode ?? true;
}

export const useAppStore = create<AppState>()((set, get) => ({
  info: null,
  preferences: null,
  problem: null,
  async load() {
    const [info, preferences] = await Promise.all([
      takeStartupAnswer('info') ?? wallet.app.info(),
      takeStartupAnswer('preferences') ?? wallet.preferences.get(),
    ]);
    set({
      info: info.ok ? info.value : null,
      preferences: preferences.ok ? preferences.value : null,
      problem: !info.ok ? info.error.message : !preferences.ok ? preferences.error.message : null,
    });
  },
  async updatePreferences(change) {
    // Shown at once (a radio or checkbox reflects the click); main's answer then confirms or undoes it.
    const before = get().preferences;
    if (before) set({ preferences: { ...before, ...change } });
    const result = await wallet.preferences.update(change);
    if (result.ok) set({ preferences: result.value, problem: null });
    else set({ preferences: before, problem: result.error.message });
  },
}));

// Preferences can change from elsewhere (another window, a keyboard shortcut handled in main).
wallet.on('preferences.changed', (preferences) => useAppStore.setState({ preferences }));

// Whatever brought new preferences (the first load, a change, an event), the theme and the language follow them.
useAppStore.subscribe((state, previous) => {
  const theme = state.preferences?.theme;
  if (theme && theme !== previous.preferences?.theme) applyTheme(theme);
  const language = state.preferences?.language;
  // A catalogue that cannot load leaves the window in the language it was in; nothing else depends on it.
  if (language && language !== previous.preferences?.language) applyLanguage(language).catch(() => undefined);
});

/** Resolves once the window speaks the language the preferences chose (at once when they have not answered). */
export async function languageApplied(): Promise<void> {
  const language = useAppStore.getState().preferences?.language;
  if (language) await applyLanguage(language).catch(() => undefined);
}
