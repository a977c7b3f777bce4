import type { Preferences } from '../../src-preload/contract/app';
import type { PortfolioView } from '../../src-preload/contract/portfolio';
import type { SessionView } from '../../src-preload/contract/session';
import type { Result } from '../../src-preload/result';
import { wallet } from './bridge';
import { applyLanguage } from './i18n/text';
import { launchBalancesView } from './launch-paint-view';
import { peekStartupAnswer } from './startup-requests';

/**
 * How long the launch paint waits for main's answers before leaving the first screen to the app. Main
 * answers them from memory; a keychain that hangs (security.md 31) must not hold the app back.
 */
const LAUNCH_PAINT_WAIT_MS = 100;

/**
 * Whether the last known balances may be painted before the app is evaluated: only when privacy mode is
 * known to be off (never shown while it is on, nor before it is known), and only where the app's first
 * screen shows them too (a session being restored, out of the service's reach, or restored to the account
 * they belong to: Home drops another account's), never over a sign-in or lock screen.
 */
export function launchPaintAllowed(
  session: Result<SessionView>,
  cached: Result<PortfolioView | null>,
  preferences: Result<Preferences>,
): cached is { ok: true; value: PortfolioView } {
  if (!preferences.ok || preferences.value.privacyMode !== false) return false;
  if (!cached.ok || cached.value === null || !session.ok) return false;
  const view = session.value;
  if (view.status === 'signed-in') return view.activeAccountGuid === cached.value.accountGuid;
  return view.status === 'signing-in' || view.restoreFailed !== undefined;
}

/** Resolves once the frame showing what was just put in the DOM has been painted. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    }),
  );
}

const nothingToRelease = (): void => undefined;

/**
 * Paints the last known balances into `container` from the launch's answers (public/launch-requests.js),
 * without React, and resolves once they are on screen; resolves at once when there is nothing it may paint.
 * It only looks at the answers: the stores still take them when the app starts. Until the app calls the
 * function it resolves with (as it draws its first frame), a lock, a sign-out or privacy mode switched on
 * takes the balances off the screen at once.
 */
export async function paintLaunchBalances(container: HTMLElement): Promise<() => void> {
  const session = peekStartupAnswer('session');
  const cached = peekStartupAnswer('cachedBalances');
  const preferences = peekStartupAnswer('preferences');
  if (!session || !cached || !preferences) return nothingToRelease;
  const answers = await Promise.race([
    Promise.all([session, cached, preferences]),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), LAUNCH_PAINT_WAIT_MS)),
  ]);
  if (!answers) return nothingToRelease;
  const cachedAnswer = answers[1];
  let [sessionNow, , preferencesNow] = answers;
  if (!sessionNow.ok || !launchPaintAllowed(sessionNow, cachedAnswer, preferencesNow)) return nothingToRelease;
  // In the user's language from the first frame. English is at hand at once; another language loads its
  // catalogue first, and what the session and preferences say is then looked at again, as it may have moved.
  if (preferencesNow.ok && (await applyLanguage(preferencesNow.value.language)) === 'loaded') {
    [sessionNow, preferencesNow] = await Promise.all([
      peekStartupAnswer('session') ?? session,
      peekStartupAnswer('preferences') ?? preferences,
    ]);
    if (!sessionNow.ok || !launchPaintAllowed(sessionNow, cachedAnswer, preferencesNow)) return nothingToRelease;
  }
  let painted = launchBalancesView(document, cachedAnswer.value, sessionNow.value);
  container.replaceChildren(painted);
  const stopFollowing = [
    wallet.on('session.changed', (view) => {
      sessionNow = { ok: true, value: view };
      follow();
    }),
    wallet.on('preferences.changed', (value) => {
      preferencesNow = { ok: true, value };
      follow();
    }),
  ];
  const release = (): void => stopFollowing.forEach((stop) => stop());
  // A session restored meanwhile is said so at once: the paint never says "Restoring" of a restored one.
  function follow(): void {
    const stillPainted = painted.parentNode === container;
    if (sessionNow.ok && launchPaintAllowed(sessionNow, cachedAnswer, preferencesNow)) {
      if (!stillPainted) return;
      painted = launchBalancesView(document, cachedAnswer.value, sessionNow.value);
      container.replaceChildren(painted);
      return;
    }
    release();
    if (stillPainted) container.replaceChildren();
  }
  await afterNextPaint();
  return release;
}
