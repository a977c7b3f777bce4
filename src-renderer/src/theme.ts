import type { Theme } from '../../src-preload/contract/app';

/** Read by public/launch-requests.js when main wrote no theme in the page's head; not secret, only its name. */
export const THEME_STORAGE_KEY = 'wallet-desk-theme';

/**
 * Applies the chosen theme: light or dark pin the palette (styles.css, :root[data-theme]); system leaves it
 * to prefers-color-scheme. Main writes the attribute in the head of index.html from settings.json
 * (src-main/shell/launch-document.ts), data-theme="system" for system, which no rule of styles.css matches
 * either: removing it here means the same. The copy in localStorage serves a page main wrote no theme on.
 */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
  try {
    if (theme === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Without storage the next start paints in the system theme until the preferences arrive.
  }
}
