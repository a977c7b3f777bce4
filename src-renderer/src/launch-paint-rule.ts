import type { Preferences } from '../../src-preload/contract/app';
import type { PortfolioView } from '../../src-preload/contract/portfolio';
import type { SessionView } from '../../src-preload/contract/session';
import type { Result } from '../../src-preload/result';

// The one rule of when balances may be painted before the app is evaluated, for the page (launch-paint.ts) and
// for main, which writes the last known ones into the index.html it serves (src-main/shell/launch-view.ts).

/**
 * How long the launch paint waits for main's answers before leaving the first screen to the app, and main for
 * the last known balances before it serves index.html without them. Main answers them from memory; a keychain
 * that hangs (security.md 31) must not hold the app back.
 */
export const LAUNCH_PAINT_WAIT_MS = 100;

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
  return privacyKnownOff(preferences) && sessionShowsCached(session, cached);
}

/** Whether privacy mode is known to be off: the last known balances are never shown otherwise. */
export function privacyKnownOff(preferences: Result<Preferences>): boolean {
  return preferences.ok && preferences.value.privacyMode === false;
}

/**
 * Whether the app's first screen for this session shows the last known balances: a session being restored,
 * out of the service's reach, or restored to the account they belong to (Home drops another account's).
 */
export function sessionShowsCached(
  session: Result<SessionView>,
  cached: Result<PortfolioView | null>,
): cached is { ok: true; value: PortfolioView } {
  if (!cached.ok || cached.value === null || !session.ok) return false;
  const view = session.value;
  if (view.status === 'signed-in') return view.activeAccountGuid === cached.value.accountGuid;
  return view.status === 'signing-in' || view.restoreFailed !== undefined;
}

/**
 * Whether this run's balances may be painted: privacy mode known to be off, as for the last known ones, and
 * the session restored to the account they are of, the one case where the app's first screen is Home with
 * them. Never over a sign-in or lock screen, nor while the session is still being restored.
 */
export function freshPaintAllowed(
  session: Result<SessionView>,
  fresh: Result<PortfolioView> | null,
  preferences: Result<Preferences>,
): fresh is { ok: true; value: PortfolioView } {
  if (!privacyKnownOff(preferences) || fresh === null || !fresh.ok || !session.ok) return false;
  return session.value.status === 'signed-in' && session.value.activeAccountGuid === fresh.value.accountGuid;
}
