/** Where the renderer keeps its copy of the chosen theme (src-renderer/src/theme.ts); not secret. */
export const THEME_STORAGE_KEY = 'wallet-desk-theme';

/** The theme the page last chose, light or dark; null for the system's, or when there is no storage. */
function savedTheme(): 'light' | 'dark' | null {
  try {
    const theme = globalThis.localStorage.getItem(THEME_STORAGE_KEY);
    return theme === 'light' || theme === 'dark' ? theme : null;
  } catch {
    // No storage: the system theme applies until the preferences arrive.
    return null;
  }
}

/**
 * Puts the chosen theme on the page's root element before its first paint, so a dark choice never flashes
 * light at start: the preferences answer only later. settings.json stays the source of truth. An Electron
 * preload may run before the parser has made the root element; then it is set as the parser inserts it: a
 * mutation observer's callback runs at the end of the parser's task, before any rendering.
 */
export function applySavedTheme(document: Document): void {
  const theme = savedTheme();
  if (theme === null) return;
  if (document.documentElement) {
    document.documentElement.setAttribute('data-theme', theme);
    return;
  }
  const observer = new MutationObserver(() => {
    if (!document.documentElement) return;
    document.documentElement.setAttribute('data-theme', theme);
    observer.disconnect();
  });
  observer.observe(document, { childList: true });
}
