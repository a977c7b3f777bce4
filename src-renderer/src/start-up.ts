import { wallet } from './bridge';
import { takeStartupAnswer } from './startup-requests';
import { languageApplied, useAppStore } from './stores/app-store';
import { usePortfolioStore } from './stores/portfolio-store';
import { useSessionStore } from './stores/session-store';

/**
 * How long the first render waits for main's answer about the last known balances. Main reads them from
 * disk and never waits for the network for them, but a keychain that hangs (security.md 31) must not keep
 * the window blank: past this the "Starting…" gate is drawn and the balances follow when they come.
 */
const FIRST_SCREEN_WAIT_MS = 250;

/**
 * Hands the launch's answers (startup-requests.ts) to the stores before React draws anything, and resolves
 * once the first screen is known: when the last known balances and the preferences have been answered (the
 * session, asked first, has normally answered by then), with this run's balances if main has answered them
 * too, or after FIRST_SCREEN_WAIT_MS. The first frame is then Home or the last known balances with their
 * rows, not a "Starting…" gate followed by a render per answer.
 */
export function loadStartupState(): Promise<void> {
  // Amounts stay hidden until the preferences say whether privacy mode is on (selectPrivacyMode); waiting for
  // them too (main answers from memory) keeps the first frame from showing masks that then turn into figures.
  // The first frame is in the chosen language: its catalogue (if not English) loads before it is drawn.
  const preferences = useAppStore.getState().load().then(languageApplied);
  // Taken now whatever the session says, so an answer meant for this launch is never used by a later one.
  const earlyFresh = takeStartupAnswer('freshBalances');
  const freshLoaded = useSessionStore
    .getState()
    .load()
    .then(() => {
      // A signed-in launch opens on Home: its fresh balances are asked for now (or were, by the launch
      // script), not after the first render's effects (Home's own first load then finds this one under way).
      const view = useSessionStore.getState().view;
      const account = view?.status === 'signed-in' ? view.activeAccountGuid : null;
      if (!account) return;
      // The launch script asked for the account the session first answered with; an event may have moved it.
      const answer = earlyFresh?.then((result) =>
        result && (!result.ok || result.value.accountGuid === account) ? result : wallet.portfolio.wallets(),
      );
      return usePortfolioStore.getState().load(answer);
    });
  // This run's balances, when main has already answered (the launch paint may be showing them), are in the
  // first frame: never the last known ones after them. One still on its way is not waited for: answers in
  // hand settle within this task's microtasks, before the next task starts.
  const freshIfAnswered = Promise.race([
    freshLoaded.catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, 0)),
  ]);
  const firstScreen = Promise.all([usePortfolioStore.getState().showCached(), preferences, freshIfAnswered]).then(
    () => undefined,
  );
  return Promise.race([firstScreen, new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
}
