import type { PortfolioView } from '../../src-preload/contract/portfolio';
import type { SessionView } from '../../src-preload/contract/session';
import { displayLocale } from './format/display-locale';

/** The attribute main writes on the launch view it serves in index.html, and the page reads back. */
export const LAUNCH_BASIS_ATTRIBUTE = 'data-launch-basis';

/**
 * Everything launchBalancesView (launch-paint-view.ts) draws the last known balances from, as one text: the
 * session line's case, the record (its account and when it was fetched: a record is written whole, once per
 * fetch), and the words and locale (applyLaunchLanguage's `lang` and the display locale it set). Main writes it
 * on the view it serves; the page keeps that view instead of building its own when its answers give the same
 * text, since the same builder would draw the same markup from them (src-main/shell/launch-view.ts).
 */
export function launchViewBasis(session: SessionView, cached: PortfolioView, lang: string): string {
  return JSON.stringify([
    session.status,
    session.restoreFailed ?? null,
    session.activeAccountGuid,
    cached.accountGuid,
    cached.fetchedAt,
    lang,
    displayLocale,
  ]);
}

/**
 * Everything launchFreshView (launch-paint-view.ts) draws this run's balances from: the answer (its account and
 * when it was fetched: one GET /wallets each) and the words and locale. Main writes it on the fresh part it
 * serves; the page adopts that part instead of building its own when its answer gives the same text.
 */
export function launchFreshBasis(fresh: PortfolioView, lang: string): string {
  return JSON.stringify(['fresh', fresh.accountGuid, fresh.fetchedAt, lang, displayLocale]);
}
