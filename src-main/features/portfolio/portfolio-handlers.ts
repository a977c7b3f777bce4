import type { EnvironmentId } from '../../../src-preload/contract/app';
import { t } from '../../i18n/main-text';
import type { PortfolioView } from '../../../src-preload/contract/portfolio';
import type { SessionView } from '../../../src-preload/contract/session';
import { AppError } from '../../app-error';
import type { Handlers } from '../../dispatch';
import type { SessionService } from '../session';
import type { BalanceCache, BalanceOwner, CachedBalances } from './balance-cache';
import { toPortfolioView } from './portfolio-view';

type PortfolioHandlers = Pick<Handlers, 'portfolio.wallets' | 'portfolio.cached'>;

function sameOwner(a: BalanceOwner, b: BalanceOwner): boolean {
  return a.environment === b.environment && a.userGuid === b.userGuid && a.accountGuid === b.accountGuid;
}

/**
 * Unchanged balances are written again only this often, so a visible idle window (a refresh every 30 s)
 * does not write a file every time; "as of" may then lag by up to this much. Changed ones are written at once.
 */
const UNCHANGED_SAVE_EVERY_MS = 5 * 60_000;

/** How long balances fetched the moment a session starts stand in for the page's first request. */
const PREFETCH_FRESH_MS = 10_000;

export interface PortfolioDeps {
  readonly session: SessionService;
  readonly now?: () => Date;
  /** The last known balances on disk; without it nothing is kept and portfolio.cached answers null. */
  readonly cache?: BalanceCache;
  readonly environment?: () => EnvironmentId;
  /** Privacy mode: the cached balances are never handed out while it is on. */
  readonly privacyMode?: () => boolean;
}

export interface PortfolioFeature {
  readonly handlers: PortfolioHandlers;
  /** Stops watching the session and waits for the cache's writes and deletions. */
  dispose(): Promise<void>;
}

/**
 * Balances of the active account. Calls for the same account that overlap (a manual refresh during the
 * periodic one) share one request, so the Home screen never doubles the load on a rate-limited service.
 * Every answer also replaces the account's last known balances on disk, which the next launch paints at
 * once (portfolio.cached) while it restores the session and asks again. When a session starts, the
 * balances are asked for at once, so Home's first request finds them on the way (or just arrived).
 */
export function createPortfolioFeature(deps: PortfolioDeps): PortfolioFeature {
  const now = deps.now ?? (() => new Date());
  const inFlight = new Map<string, Promise<PortfolioView>>();
  // Bumped when a session ends or a new one starts: an answer to a request of an earlier session is not
  // kept, so a slow answer landing after sign-out cannot write that user's balances back to disk (where
  // the next user's launch would paint them) nor be shared with the next session's first request.
  let sessionEpoch = 0;
  let lastSaved: { owner: string; balances: string; at: number } | null = null;

  // What portfolio.cached hands out, held in memory so the launch's first paint waits for neither the disk
  // and keychain nor the cache's queue (behind this run's first save): the newest record on disk, read as
  // the app starts, before the window asks; then each record this run writes. Dropped with the files.
  let known: CachedBalances | null = null;
  let dropped = 0;
  const launchRead = readAtLaunch();

  function readAtLaunch(): Promise<void> {
    const { cache, environment } = deps;
    if (!cache || !environment || deps.privacyMode?.()) return Promise.resolve();
    const before = dropped;
    return cache.latest(environment()).then(
      (found) => {
        if (dropped === before && known === null) known = found;
      },
      () => undefined,
    );
  }

  function drop(): void {
    known = null;
    dropped += 1;
  }

  function keep(owner: BalanceOwner, view: PortfolioView): void {
    const { fetchedAt: _fetchedAt, ...balances } = view;
    const next = { owner: JSON.stringify(owner), balances: JSON.stringify(balances), at: now().getTime() };
    const same = lastSaved && lastSaved.owner === next.owner && lastSaved.balances === next.balances;
    if (same && next.at - lastSaved!.at < UNCHANGED_SAVE_EVERY_MS) return;
    lastSaved = next;
    if (!deps.cache) return;
    known = { owner, view };
    void deps.cache.save(owner, view);
  }
  let prefetched: { accountGuid: string; answer: Promise<PortfolioView>; at: number } | null = null;

  function ownerOf(accountGuid: string): BalanceOwner | null {
    if (!deps.cache || !deps.environment) return null;
    try {
      return { environment: deps.environment(), userGuid: deps.session.activeUser().userGuid, accountGuid };
    } catch {
      return null;
    }
  }

  function request(): Promise<PortfolioView> {
    const client = deps.session.interfaceA();
    const accountGuid = client.accountGuid;
    if (!accountGuid) throw new AppError('not_signed_in', t('mainSession.noAccountSelected'));
    const running = inFlight.get(accountGuid);
    if (running) return running;
    const owner = ownerOf(accountGuid);
    const epoch = sessionEpoch;
    const answer: Promise<PortfolioView> = client
      .getWallets()
      .then((wallets) => {
        const view = toPortfolioView(wallets, accountGuid, now());
        if (owner && epoch === sessionEpoch) keep(owner, view);
        return view;
      })
      .finally(() => {
        if (inFlight.get(accountGuid) === answer) inFlight.delete(accountGuid);
      });
    inFlight.set(accountGuid, answer);
    return answer;
  }

  async function fetchWallets(): Promise<PortfolioView> {
    // Checked first, so a locked or signed-out session refuses even when an answer is kept.
    const accountGuid = deps.session.interfaceA().accountGuid;
    const kept = prefetched;
    prefetched = null;
    if (kept && kept.accountGuid === accountGuid && now().getTime() - kept.at < PREFETCH_FRESH_MS) {
      try {
        return await kept.answer;
      } catch {
        // A failed prefetch is not the page's answer: ask again.
      }
    }
    return request();
  }

  async function cached(): Promise<PortfolioView | null> {
    const { cache, environment } = deps;
    if (!cache || !environment || deps.privacyMode?.()) return null;
    await launchRead;
    const view = deps.session.view();
    if (view.status === 'signed-in') {
      const owner = view.activeAccountGuid ? ownerOf(view.activeAccountGuid) : null;
      const found = !owner ? null : known && sameOwner(known.owner, owner) ? known.view : await cache.load(owner);
      return deps.privacyMode?.() ? null : found;
    }
    // Before the session is back (or while the service cannot be reached to bring it back) the newest
    // record stands for whoever holds the stored session: sign-out and an ended session delete them all.
    if (deps.session.restoreState() === null) return null;
    const latest = known?.owner.environment === environment() ? known : await cache.latest(environment());
    if (deps.session.restoreState() === null) return deps.session.view().status === 'signed-in' ? cached() : null;
    return deps.privacyMode?.() ? null : (latest?.view ?? null);
  }

  let previous: SessionView = deps.session.view();
  let environmentOfPrevious = deps.environment?.();
  const stopWatching = deps.session.onChange((view) => {
    const before = previous;
    const environmentBefore = environmentOfPrevious;
    previous = view;
    environmentOfPrevious = deps.environment?.();
    if (view.status === 'signed-out' || (view.status === 'signed-in' && before.status === 'signing-in')) {
      sessionEpoch += 1;
      inFlight.clear();
    }
    if (view.status === 'signed-in' && before.status === 'signing-in') {
      // This user's session is now the stored one: another user's records (kept because a restore could
      // not reach the service) must not be painted for it at the next launch.
      try {
        const environment = deps.environment?.();
        const userGuid = deps.session.activeUser().userGuid;
        if (known && known.owner.userGuid !== userGuid) drop();
        if (environment) void deps.cache?.keepOnly(environment, userGuid);
      } catch {
        // Not signed in after all: nothing to keep.
      }
      try {
        const accountGuid = deps.session.interfaceA().accountGuid;
        if (accountGuid) {
          const answer = request();
          answer.catch(() => undefined);
          prefetched = { accountGuid, answer, at: now().getTime() };
        }
      } catch {
        // Not signed in after all: nothing to ask for.
      }
    }
    if (view.status !== 'signed-in') {
      prefetched = null;
      lastSaved = null;
    }
    // Signed out for good (not merely unable to reach the service): nothing of that session stays on disk.
    const wasHoldingASession = before.status !== 'signed-out' || before.restoreFailed !== undefined;
    if (view.status === 'signed-out' && view.restoreFailed === undefined && wasHoldingASession && environmentBefore) {
      drop();
      void deps.cache?.clear(environmentBefore);
    }
  });

  return {
    handlers: { 'portfolio.wallets': fetchWallets, 'portfolio.cached': cached },
    async dispose() {
      stopWatching();
      // A balances answer still on its way (the sign-in prefetch, a refresh) is not saved after the app has
      // closed: its files may be gone by then, or belong to whoever uses the folder next.
      sessionEpoch += 1;
      await deps.cache?.settled();
    },
  };
}
