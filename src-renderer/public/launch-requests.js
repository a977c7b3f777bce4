// The launch's first questions to main, asked by a classic script that runs as soon as the preload has put
// `window.wallet` in place: the app's bundle takes tens of milliseconds to arrive and be evaluated, and the
// answers are on their way meanwhile. src/startup-requests.ts hands them to the stores, each taken once; a
// page without this script (or without the bridge) simply asks from the stores. Plain script, no imports:
// it must be tiny and run before the bundle; it adds no bridge operation, only calls the contract's own. It
// stands after #root (index.html): the last known balances main serves there are parsed before it runs, and
// before this run's, which main may end the page with (src-main/shell/launch-document.ts), so it already
// follows the session and preferences when those are parsed.
(function () {
  'use strict';
  // Main writes the chosen theme on <html> in the page's head (src-main/shell/launch-document.ts), before the
  // first paint and before this runs, "system" included. Only a page served without it (no launch document)
  // takes the renderer's copy of the setting (src/theme.ts), which may come after the rows' first paint but
  // before the app's own; settings.json stays the source of truth, so main's word wins over a stale copy.
  try {
    var theme = window.localStorage.getItem('wallet-desk-theme');
    var pinned = document.documentElement.hasAttribute('data-theme');
    if (!pinned && (theme === 'light' || theme === 'dark')) document.documentElement.setAttribute('data-theme', theme);
  } catch (error) {
    // No storage: the system theme applies until the preferences arrive.
  }
  var wallet = window.wallet;
  if (!wallet) return; // Opened outside Wallet Desk; bridge.ts says so in words.
  // What the launch paint waits for first: the page has six connections and the event stream holds one, so
  // the last questions wait for a connection to come free.
  var session = wallet.session.get();
  var cachedBalances = wallet.portfolio.cached();
  var preferences = wallet.preferences.get();
  var info = wallet.app.info();
  // Asked beside the session, not after its answer: main answers it once the silent restore has settled, as
  // it does the session, and refuses it without asking the service when no one is signed in. Used only when
  // the session answers signed in with an account (freshBalances below).
  var wallets = wallet.portfolio.wallets();
  // While the answers travel: the page's first Intl formatter otherwise pays for ICU's list of locales (some
  // 15 ms, once per page) while the launch paint builds its view, between the answers and the frame. It makes
  // no formatter, so none is made for a locale the paint does not show (src/launch-paint.ts). A real tag, not
  // an empty list, so an engine that answers an empty list without its locale list still loads it. Never
  // between the last known balances main served in #root and their frame: now only when that frame is known
  // painted (its first contentful paint is recorded, as it is when the script came after it), else in a task
  // after the next frame, the one that shows them (this script stands after #root). A hidden page draws no
  // frame: the paint's first formatter may then pay for them instead. Nor between this run's balances, when
  // main ends the page with them (#launch-fresh), and their frame: the task then waits for that frame once.
  var warmWaited = false;
  function warmIcu() {
    if (!warmWaited && servedFresh() && typeof requestAnimationFrame === 'function') {
      warmWaited = true;
      requestAnimationFrame(function () {
        setTimeout(warmIcu, 0);
      });
      return;
    }
    Intl.NumberFormat.supportedLocalesOf(['en']);
    Intl.DateTimeFormat.supportedLocalesOf(['en']);
  }
  var rowsPainted =
    typeof performance !== 'undefined' &&
    typeof performance.getEntriesByName === 'function' &&
    performance.getEntriesByName('first-contentful-paint').length > 0;
  if (rowsPainted) warmIcu();
  else if (typeof requestAnimationFrame === 'function')
    requestAnimationFrame(function () {
      setTimeout(warmIcu, 0);
    });
  var launch = {
    session: session,
    sessionNow: followChanges(session, 'session.changed'),
    cachedBalances: cachedBalances,
    info: info,
    preferences: preferences,
    preferencesNow: followChanges(preferences, 'preferences.changed'),
    // A restored session opens on Home with these fresh balances. null when they are not for the page (not
    // signed in, no account): main refused them.
    freshBalances: Promise.all([session, wallets]).then(function (answers) {
      var view = answers[0] && answers[0].ok ? answers[0].value : null;
      return view && view.status === 'signed-in' && view.activeAccountGuid ? answers[1] : null;
    }),
  };
  // The stores listen for changes only once the bundle has run, and an event nobody listens for is lost: a
  // lock, or privacy mode switched on, while the bundle loads must not leave the earlier answer on screen.
  // Returns what is true now (the answer, or a change that came after it) and stops listening: from then on
  // the store's own listener follows. Its peek says the same without stopping.
  function followChanges(answer, changeEvent) {
    var latest = null;
    var stop = wallet.on(changeEvent, function (value) {
      latest = { ok: true, value: value };
      noteForFresh(changeEvent, latest);
      if (!mayShowServed(changeEvent, value)) takeOffCached();
    });
    // A change that came before the answer is older than it. The answer itself may be an "off" case too: a
    // lock, sign-out or privacy switch between main's decision and the listener above reaches only the answer.
    answer.then(
      function (result) {
        latest = result;
        noteForFresh(changeEvent, result);
        judgeAnswer(changeEvent, result);
      },
      function () {
        takeOffServed();
      },
    );
    var take = function () {
      stop();
      return latest;
    };
    // The launch paint (src/launch-paint.ts) looks without stopping: the stores still take it later.
    take.peek = function () {
      return latest;
    };
    return take;
  }
  // The rows main served in #root (marked data-launch="cached") follow no change until the bundle's launch paint takes
  // them over and removes the mark: a lock, a sign-out or privacy mode switched on meanwhile takes them off here
  // at once, by the rule of src/launch-paint-rule.ts (when in doubt, off). A change before this script runs
  // (the rows are parsed, and may be painted, before it) reaches no listener, but the questions above are asked
  // after it, so their answers carry it: an answer that is an "off" case takes them off here too (judgeAnswer),
  // and the launch paint keeps them only when the answers give what main drew them from (src/launch-paint.ts,
  // servedViewToKeep).
  var servedAccount;
  cachedBalances.then(
    function (result) {
      servedAccount = result && result.ok && result.value ? result.value.accountGuid : null;
    },
    function () {
      servedAccount = null;
    },
  );
  function mayShowServed(changeEvent, value) {
    if (!value) return false;
    if (changeEvent === 'preferences.changed') return value.privacyMode === false;
    if (value.status === 'signing-in') return true;
    if (value.status === 'signed-in') return !!servedAccount && value.activeAccountGuid === servedAccount;
    return value.status === 'signed-out' && value.restoreFailed !== undefined;
  }
  // An answer by the same rule as a change, and when in doubt (a refused or failed read), off. A session is judged
  // once the last known balances have answered too: their account is what a signed-in session must match.
  function judgeAnswer(changeEvent, result) {
    var judged = changeEvent === 'session.changed' ? cachedBalances.then(noop, noop) : Promise.resolve();
    judged.then(function () {
      if (!result || !result.ok || !mayShowServed(changeEvent, result.value)) takeOffCached();
    });
  }
  function noop() {}
  function takeOffCached() {
    var root = typeof document === 'undefined' ? null : document.querySelector('#root[data-launch="cached"]');
    if (root) root.replaceChildren();
  }
  function takeOffServed() {
    freshOff = true;
    takeOffCached();
    judgeFresh();
  }
  // This run's balances main may serve (data-launch="fresh", src-main/shell/launch-view.ts): in #root when it
  // had them in time, else in an element of their own after this script (#launch-fresh), parsed after it has
  // run, perhaps after a change that may not show them, so judged when they come (the observer below reports
  // before the frame that would show them) as well as at every answer and change. They may stay while the
  // session is signed in to their account and privacy mode is not said on; once off, off for good.
  var freshOff = false;
  var freshSession = null;
  function noteForFresh(changeEvent, result) {
    if (!result || !result.ok) freshOff = true;
    else if (changeEvent === 'preferences.changed') freshOff = freshOff || result.value.privacyMode !== false;
    else freshSession = result.value;
    judgeFresh();
  }
  function freshMayStay(part) {
    if (freshOff) return false;
    if (!freshSession) return true;
    var account = part.getAttribute('data-launch-account');
    return freshSession.status === 'signed-in' && !!account && freshSession.activeAccountGuid === account;
  }
  function servedFresh() {
    return typeof document === 'undefined' ? null : document.querySelector('#launch-fresh[data-launch="fresh"]');
  }
  function judgeFresh() {
    if (typeof document === 'undefined') return;
    var root = document.querySelector('#root[data-launch="fresh"]');
    if (root && !freshMayStay(root)) root.replaceChildren();
    var part = servedFresh();
    if (part && !freshMayStay(part)) part.remove();
  }
  // Only the parser adds the part, and only until the page is parsed: from then on the launch paint has it.
  if (typeof MutationObserver === 'function' && typeof document !== 'undefined' && document.body) {
    var arrivals = new MutationObserver(judgeFresh);
    arrivals.observe(document.body, { childList: true });
    document.addEventListener('DOMContentLoaded', function () {
      arrivals.disconnect();
    });
  }
  // Configurable, so startup-requests.ts can remove it once taken; not writable, so nothing swaps it meanwhile.
  Object.defineProperty(window, 'walletLaunch', { value: Object.freeze(launch), configurable: true });
})();
