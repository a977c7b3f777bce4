import { useEffect } from 'react';
import { useAppStore } from '../stores/app-store';

/** App-wide keyboard shortcuts: Ctrl/Cmd+Shift+H toggles privacy mode. */
export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'h') {
        event.preventDefault();
        const { preferences, updatePreferences } = useAppStore.getState();
        if (preferences) void updatePreferences({ privacyMode: !preferences.privacyMode });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
