import type { PortfolioView } from '../../src-preload/contract/portfolio';
import { servedIndex } from '../../src-main/shell/launch-document';
import { launchFreshViewOf } from '../../src-main/shell/launch-view';

/** Bounds no answer here comes near: the answers' order, not the machine's pace, decides the page. */
const NO_BOUND_MS = 600_000;

/** Where main writes this run's balances: into #root, or as the page's end after the launch script. */
export type FreshPlace = 'root' | 'end';

/** index.html as built, in the parts servedIndex cuts it at: #root, then the launch script. */
export const SERVED_INDEX =
  '<!doctype html><html lang="en-US"><head></head><body><div id="root"></div>' +
  '<script>/* launch-requests.js */</script></body></html>';

/**
 * The page main serves with `fresh` as this run's balances (launchFreshViewOf over a session signed in to their
 * account, then servedIndex), in `place`: in #root when they are in before the last known ones are decided,
 * else after the launch script once the rest is written, as no last known ones come. Both bounds are far
 * beyond any machine's pace, so which place they take is decided by the order of the answers alone.
 */
export async function servedFreshPage(fresh: PortfolioView, place: FreshPlace): Promise<string> {
  let restWritten: () => void = () => undefined;
  const afterRest = new Promise<void>((resolve) => (restWritten = resolve));
  const freshView = (async () => {
    if (place === 'end') await afterRest;
    return launchFreshViewOf({
      session: {
        view: () => ({
          status: 'signed-in',
          user: null,
          accounts: [],
          activeAccountGuid: fresh.accountGuid,
          keychain: 'available',
        }),
      },
      preferences: () => ({ theme: 'system', language: 'en', privacyMode: false, idleLockMinutes: 15 }),
      systemLocales: ['en-US'],
      fresh: async () => fresh,
    });
  })();
  // No last known balances: at once for the end, else once this run's are in #root (which aborts the wait), or
  // are known not to come.
  const noCached = async (unwanted: AbortSignal): Promise<null> => {
    if (place === 'end' || (await freshView.catch(() => null)) === null || unwanted.aborted) return null;
    return new Promise<null>((resolve) => unwanted.addEventListener('abort', () => resolve(null), { once: true }));
  };
  const freshPart = { view: () => freshView, boundMs: NO_BOUND_MS };
  // The page's language is the view's (English in the United States), else main would not serve the view.
  const served = servedIndex(SERVED_INDEX, { lang: 'en-US' }, noCached, freshPart, NO_BOUND_MS);
  const rest = await served.rest;
  restWritten();
  return served.head + rest + (await served.end);
}
