// Runs before the first paint, ahead of the app's bundle: the chosen theme is known only after the bridge
// answers, so without this a dark choice would flash light at every start. The renderer keeps this copy of
// the setting (src/theme.ts); settings.json stays the source of truth.
try {
  var theme = window.localStorage.getItem('wallet-desk-theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
} catch (error) {
  // No storage: the system theme applies until the preferences arrive.
}
