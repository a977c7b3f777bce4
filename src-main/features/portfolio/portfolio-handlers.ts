import type { EnvironmentId } from '../../../src-preload/contract/app';
import { t } from '../../i18n/main-text';
import type { PortfolioView } from '../../../src-preload/contract/portfolio';
import type { SessionView } from '../../../src-preload/contract/session';
import { AppError } from '../../app-error';
import type { Handlers } from '../../dispatch';
import type { Logger } from '../../logging/logger';
import type { SessionService } from '../session';
import { loadedOnce } from '../../loaded-once';
import type { BalanceCache, BalanceOwner, CachedBalances } from './balance-cache';

type PortfolioHandlers = Pick<Handlers, 'portfolio.wallets' | 'portfolio.cached'>;

/**
 * The wallets' view and its exact decimals (decimal.js) load with the first request for balances, beside its
 * round trip to the service: the core's import does not carry them, and the launch's cached balances,
 * drawn from the record on disk as it stands, never need them.
 */
const portfolioViewModule = loadedOnce(() => import('./portfolio-view'));

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
  /** Where a cache operation nobody waits for reports its failure. */
  readonly logger?: Logger;
}

export interface PortfolioFeature {
  readonly handlers: PortfolioHandlers;
  /**
   * This run's balances for the served index.html (src-main/shell/launch-view.ts): once the restore has
   * settled, the answer to the request the restored session started (the one portfolio.wallets hands the page
   * while it is fresh), once, or null. Never a request of its own: the page's first answer and the served one
   * are the same GET /wallets.
   */
  launchBalances(): Promise<PortfolioView | null>;
  /** Stops watching the session and waits for the cache's writes and deletions. */
  dispose(): Promise<void>;
}

/** What the feature remembers between calls; one per feature, changed only by the functions below. */
interface PortfolioState {
  readonly now: () => Date;
  readonly inFlight: Map<string, Promise<PortfolioView>>;
  // Bumped when a session ends or a new one starts: an answer to a request of an earlier session is not
  // kept, so a slow answer landing after sign-out cannot write that user's balances back to disk (where
  // the next user's launch would paint them) nor be shared with the next session's first request.
  sessionEpoch: number;
  lastSaved: { owner: string; balances: string; at: number } | null;
  // What portfolio.cached hands out, held in memory so the launch's first paint waits for neither the disk
  // and keychain nor the cache's queue (behind this run's first save): the newest record on disk, read as
  // the app starts, before the window asks; then each record this run writes. Dropped with the files.
  known: CachedBalances | null;
  dropped: number;
  prefetched: Prefetch | null;
  // The same request as `prefetched`, which the page's first portfolio.wallets takes: kept for the launch's
  // index.html, taken once, so whichever asks first, both get the one answer.
  launchPrefetch: Prefetch | null;
}

interface Prefetch {
  readonly accountGuid: string;
  readonly answer: Promise<PortfolioView>;
  readonly at: number;
}

function readAtLaunch(deps: PortfolioDeps, state: PortfolioState): Promise<void> {
  const { cache, environment } = deps;
  if (!cache || !environment || deps.privacyMode?.()) return Promise.resolve();
  const before = state.dropped;
  return cache.latest(environment()).then(
    (found) => {
      if (state.dropped === before && state.known === null) state.known = found;
    },
    () => undefined,
  );
}

function drop(state: PortfolioState): void {
  state.known = null;
  state.dropped += 1;
}

function keep(deps: PortfolioDeps, state: PortfolioState, owner: BalanceOwner, view: PortfolioView): void {
  const { fetchedAt: _fetchedAt, ...balances } = view;
  const next = { owner: JSON.stringify(owner), balances: JSON.stringify(balances), at: state.now().getTime() };
  const last = state.lastSaved;
  const same = last && last.owner === next.owner && last.balances === next.balances;
  if (same && next.at - last.at < UNCHANGED_SAVE_EVERY_MS) return;
  state.lastSaved = next;
  if (!deps.cache) return;
  state.known = { owner, view };
  // save logs its own failures and resolves; a rejection would still be a bug, and not an unhandled one in main.
  deps.cache.save(owner, view).catch((error: unknown) => {
    deps.logger?.warn('could not keep the last known balances', {
      reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
    });
  });
}

function ownerOf(deps: PortfolioDeps, accountGuid: string): BalanceOwner | null {
  if (!deps.cache || !deps.environment) return null;
  try {
    return { environment: deps.environment(), userGuid: deps.session.activeUser().userGuid, accountGuid };
  } catch {
    return null;
  }
}

function request(deps: PortfolioDeps, state: PortfolioState): Promise<PortfolioView> {
  const client = deps.session.interfaceA();
  const accountGuid = client.accountGuid;
  if (!accountGuid) throw new AppError('not_signed_in', t('mainSession.noAccountSelected'));
  const running = state.inFlight.get(accountGuid);
  if (running) return running;
  const owner = ownerOf(deps, accountGuid);
  const epoch = state.sessionEpoch;
  const viewModule = portfolioViewModule();
  // Waited for only once the wallets are in: a failed request's refusal is the answer, not a failed load.
  viewModule.catch(() => undefined);
  const answer: Promise<PortfolioView> = client
    .getWallets()
    .then(async (wallets) => {
      const { toPortfolioView } = await viewModule;
      const view = toPortfolioView(wallets, accountGuid, state.now());
      if (owner && epoch === state.sessionEpoch) keep(deps, state, owner, view);
      return view;
    })
    .finally(() => {
      if (state.inFlight.get(accountGuid) === answer) state.inFlight.delete(accountGuid);
    });
  state.inFlight.set(accountGuid, answer);
  return answer;
}

async function fetchWallets(deps: PortfolioDeps, state: PortfolioState): Promise<PortfolioView> {
  // The launch asks for the balances beside session.get rather than after its answer (a round trip less
  // before the fresh balances): like session.get, a call made while the silent restore runs waits for it to
  // settle. Only then: any other call starts its request in this task, as before.
  if (deps.session.restoreState() === 'restoring') await deps.session.ready();
  // Checked first, so a locked or signed-out session refuses even when an answer is kept.
  const accountGuid = deps.session.interfaceA().accountGuid;
  const kept = state.prefetched;
  state.prefetched = null;
  if (kept && usable(state, kept, accountGuid)) {
    try {
      return await kept.answer;
    } catch {
      // A failed prefetch is not the page's answer: ask again.
    }
  }
  return request(deps, state);
}

function usable(state: PortfolioState, kept: Prefetch, accountGuid: string | null | undefined): boolean {
  return kept.accountGuid === accountGuid && state.now().getTime() - kept.at < PREFETCH_FRESH_MS;
}

async function launchBalances(deps: PortfolioDeps, state: PortfolioState): Promise<PortfolioView | null> {
  if (deps.session.restoreState() === 'restoring') await deps.session.ready();
  const view = deps.session.view();
  const kept = state.launchPrefetch;
  // For the launch's page alone: a reload's page asks the service itself, so what it is served is never older
  // than what it says ("Updated 0 s ago").
  state.launchPrefetch = null;
  if (view.status !== 'signed-in' || !kept || !usable(state, kept, view.activeAccountGuid)) return null;
  // A failed request is nobody's answer: the page asks again itself.
  return kept.answer.catch(() => null);
}

async function cached(
  deps: PortfolioDeps,
  state: PortfolioState,
  launchRead: Promise<void>,
): Promise<PortfolioView | null> {
  const { cache, environment } = deps;
  if (!cache || !environment || deps.privacyMode?.()) return null;
  await launchRead;
  const view = deps.session.view();
  const { known } = state;
  if (view.status === 'signed-in') {
    const owner = view.activeAccountGuid ? ownerOf(deps, view.activeAccountGuid) : null;
    const found = !owner ? null : known && sameOwner(known.owner, owner) ? known.view : await cache.load(owner);
    return deps.privacyMode?.() ? null : found;
  }
  // Before the session is back (or while the service cannot be reached to bring it back) the newest
  // record stands for whoever holds the stored session: sign-out and an ended session delete them all.
  if (deps.session.restoreState() === null) return null;
  const latest = known?.owner.environment === environment() ? known : await cache.latest(environment());
  if (deps.session.restoreState() === null) {
    return deps.session.view().status === 'signed-in' ? cached(deps, state, launchRead) : null;
  }
  return deps.privacyMode?.() ? null : (latest?.view ?? null);
}

/**
 * A session that has just started: another user's records go, and its balances are asked for at once so
 * Home's first request finds them on the way.
 */
function sessionStarted(deps: PortfolioDeps, state: PortfolioState): void {
  // This user's session is now the stored one: another user's records (kept because a restore could
  // not reach the service) must not be painted for it at the next launch.
  try {
    const environment = deps.environment?.();
    const userGuid = deps.session.activeUser().userGuid;
    if (state.known && state.known.owner.userGuid !== userGuid) drop(state);
    if (environment)
      void deps.cache?.keepOnly(environment, userGuid).catch((error: unknown) => {
        // Never an unhandled rejection in main; the cache logs what it could not read or delete itself.
        deps.logger?.warn('could not drop the cached balances of other users', {
          reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
        });
      });
  } catch {
    // Not signed in after all: nothing to keep.
  }
  try {
    const accountGuid = deps.session.interfaceA().accountGuid;
    if (accountGuid) {
      const answer = request(deps, state);
      answer.catch(() => undefined);
      state.prefetched = { accountGuid, answer, at: state.now().getTime() };
      state.launchPrefetch = state.prefetched;
    }
  } catch {
    // Not signed in after all: nothing to ask for.
  }
}

/** Follows the session: a new epoch when one ends or starts, and the files deleted at a real sign-out. */
function watchSession(deps: PortfolioDeps, state: PortfolioState): () => void {
  let previous: SessionView = deps.session.view();
  let environmentOfPrevious = deps.environment?.();
  return deps.session.onChange((view) => {
    const before = previous;
    const environmentBefore = environmentOfPrevious;
    previous = view;
    environmentOfPrevious = deps.environment?.();
    if (view.status === 'signed-out' || (view.status === 'signed-in' && before.status === 'signing-in')) {
      state.sessionEpoch += 1;
      state.inFlight.clear();
    }
    if (view.status === 'signed-in' && before.status === 'signing-in') sessionStarted(deps, state);
    if (view.status !== 'signed-in') {
      state.prefetched = null;
      state.launchPrefetch = null;
      state.lastSaved = null;
    }
    // Signed out for good (not merely unable to reach the service): nothing of that session stays on disk.
    const wasHoldingASession = before.status !== 'signed-out' || before.restoreFailed !== undefined;
    if (view.status === 'signed-out' && view.restoreFailed === undefined && wasHoldingASession && environmentBefore) {
      drop(state);
      void deps.cache?.clear(environmentBefore);
    }
  });
}

/**
 * Balances of the active account. Calls for the same account that overlap (a manual refresh during the
 * periodic one) share one request, so the Home screen never doubles the load on a rate-limited service.
 * Every answer also replaces the account's last known balances on disk, which the next launch paints at
 * once (portfolio.cached) while it restores the session and asks again. When a session starts, the
 * balances are asked for at once, so Home's first request finds them on the way (or just arrived).
 */
export function createPortfolioFeature(deps: PortfolioDeps): PortfolioFeature {
  const state: PortfolioState = {
    now: deps.now ?? (() => new Date()),
    inFlight: new Map(),
    sessionEpoch: 0,
    lastSaved: null,
    known: null,
    dropped: 0,
    prefetched: null,
    launchPrefetch: null,
  };
  const launchRead = readAtLaunch(deps, state);
  const stopWatching = watchSession(deps, state);

  return {
    handlers: {
      'portfolio.wallets': () => fetchWallets(deps, state),
      'portfolio.cached': () => cached(deps, state, launchRead),
    },
    launchBalances: () => launchBalances(deps, state),
    async dispose() {
      stopWatching();
      // A balances answer still on its way (the sign-in prefetch, a refresh) is not saved after the app has
      // closed: its files may be gone by then, or belong to whoever uses the folder next.
      state.sessionEpoch += 1;
      await deps.cache?.settled();
    },
  };
}
