// The launch's first questions to main, asked by a classic script that runs as soon as the preload has put
// `window.wallet` in place: the app's bundle takes tens of milliseconds to arrive and be evaluated, and the
// answers are on their way meanwhile. src/startup-requests.ts hands them to the stores, each taken once; a
// page without this script (or without the bridge) simply asks from the stores. Plain script, no imports:
// it must be tiny and run before the bundle; it adds no bridge operation, only calls the contract's own.
(function () {
  'use strict';
  var wallet = window.wallet;
  if (!wallet) return; // Opened outside Wallet Desk; bridge.ts says so in words.
  var session = wallet.session.get();
  var launch = {
    session: session,
    cachedBalances: wallet.portfolio.cached(),
    info: wallet.app.info(),
    preferences: wallet.preferences.get(),
    // A restored session opens on Home: its fresh balances are asked for the moment the session answers.
    // null when there is nothing to ask for (not signed in, no account).
    freshBalances: session.then(function (result) {
      var view = result && result.ok ? result.value : null;
      return view && view.status === 'signed-in' && view.activeAccountGuid ? wallet.portfolio.wallets() : null;
    }),
  };
  // Configurable, so startup-requests.ts can remove it once taken; not writable, so nothing swaps it meanwhile.
  Object.defineProperty(window, 'walletLaunch', { value: Object.freeze(launch), configurable: true });
})();
