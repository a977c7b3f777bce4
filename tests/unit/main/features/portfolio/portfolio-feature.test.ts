import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PortfolioView } from '../../../../../src-preload/contract/portfolio';
import type { SessionView } from '../../../../../src-preload/contract/session';
import { AppError } from '../../../../../src-main/app-error';
import { createBalanceCache, type BalanceCache } from '../../../../../src-main/features/portfolio/balance-cache';
import { createKeychainSealer } from '../../../../../src-main/features/portfolio/keychain-sealer';
import {
  createPortfolioFeature,
  type PortfolioFeature,
} from '../../../../../src-main/features/portfolio/portfolio-handlers';
import type { SessionService } from '../../../../../src-main/features/session';
import { createMemoryStore } from '../../../../../src-main/keychain/memory-store';
import type { SecretStore } from '../../../../../src-main/keychain/secret-store';
import type { Wallets } from '../../../../../src-main/service/interface-a-schemas';
import { createRecordingLogger } from '../../../support/recording-logger';

const wallets: Wallets = {
  totalBalance: 1000.5,
  dailyProfit: 3.25,
  wallets: [
    {
      symbolId: 1,
      symbol: 'BTC',
      name: 'Bitcoin',
      displayName: 'Bitcoin',
      network: 'Bitcoin',
      price: 64000,
      amount: 0.015625,
      balanceFiatAmount: 1000,
      address: 'bc1qexample',
    },
  ],
};

/** Just enough of the session for the portfolio feature: who is signed in, and its changes. */
function fakeSession() {
  const listeners = new Set<(view: SessionView) => void>();
  const state = {
    status: 'signed-out' as SessionView['status'],
    userGuid: 'user-alice',
    accountGuid: 'account-1',
    restoreState: null as 'restoring' | 'unreachable' | null,
    walletCalls: 0,
    /** Set: the service answers the wallets only once it resolves (a request still on its way). */
    hold: null as Promise<void> | null,
    /** The silent restore at launch: settled unless a test holds it. */
    restoring: Promise.resolve(),
  };
  const view = (): SessionView => ({
    status: state.status,
    user: state.status === 'signed-in' ? { name: 'Alice', email: 'a@example.com' } : null,
    accounts: [],
    activeAccountGuid: state.status === 'signed-in' ? state.accountGuid : null,
    keychain: 'available',
    ...(state.restoreState === 'unreachable' && state.status === 'signed-out'
      ? { restoreFailed: 'unreachable' as const }
      : {}),
  });
  const requireSignedIn = () => {
    if (state.status === 'locked') throw new AppError('locked', 'Locked.');
    if (state.status !== 'signed-in') throw new AppError('not_signed_in', 'Sign in.');
  };
  const session = {
    view,
    ready: () => state.restoring,
    restoreState: () => state.restoreState,
    activeUser: () => {
      requireSignedIn();
      return { userGuid: state.userGuid, name: 'Alice' };
    },
    interfaceA: () => {
      requireSignedIn();
      return {
        accountGuid: state.accountGuid,
        getWallets: async () => {
          state.walletCalls += 1;
          if (state.hold) await state.hold;
          return wallets;
        },
      };
    },
    onChange: (listener: (view: SessionView) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as SessionService;
  const change = (next: Partial<typeof state>): void => {
    Object.assign(state, next);
    for (const listener of listeners) listener(view());
  };
  return { session, state, change };
}

describe('portfolio.cached: the last known balances, and to whom they are shown', () => {
  let directory: string;
  let secrets: SecretStore;
  let cache: BalanceCache;
  let privacyMode: boolean;
  let clock: Date;
  let fake: ReturnType<typeof fakeSession>;
  let feature: PortfolioFeature;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'wallet-desk-portfolio-'));
    secrets = createMemoryStore();
    cache = createBalanceCache({
      directory,
      sealerFor: (environment) => createKeychainSealer(secrets, `balance-cache-key:${environment}`),
      logger: createRecordingLogger(),
    });
    privacyMode = false;
    clock = new Date('2026-11-23T09:00:00.000Z');
    fake = fakeSession();
    feature = createPortfolioFeature({
      session: fake.session,
      cache,
      environment: () => 'local-sandbox',
      privacyMode: () => privacyMode,
      now: () => clock,
    });
  });
  afterEach(async () => {
    await feature.dispose();
    await rm(directory, { recursive: true, force: true });
  });

  async function signInAndFetch(): Promise<PortfolioView> {
    fake.change({ status: 'signing-in' });
    fake.change({ status: 'signed-in' });
    const view = await feature.handlers['portfolio.wallets']();
    await cache.settled();
    return view;
  }

  it('keeps each answer, and shows it to the same user and account', async () => {
    const fresh = await signInAndFetch();
    expect(await feature.handlers['portfolio.cached']()).toEqual(fresh);
  });

  it('shows the newest record while a stored session is restored or the service is out of reach, and nothing when simply signed out', async () => {
    const fresh = await signInAndFetch();
    fake.state.status = 'signing-in';
    fake.state.restoreState = 'restoring';
    expect(await feature.handlers['portfolio.cached']()).toEqual(fresh);
    fake.change({ status: 'signed-out', restoreState: 'unreachable' });
    expect(await feature.handlers['portfolio.cached']()).toEqual(fresh);
    fake.state.restoreState = null;
    expect(await feature.handlers['portfolio.cached']()).toBeNull();
  });

  it('never shows them to another user of the same account', async () => {
    await signInAndFetch();
    fake.state.userGuid = 'user-bob';
    expect(await feature.handlers['portfolio.cached']()).toBeNull();
  });

  it('another user signing in after a restore that could not reach the service takes the first user’s records away', async () => {
    // Alice's stored session could not be restored (service down), so her record stays; Bob signs in at
    // the same desk instead. His session replaces hers, so at the next launch the newest record must not
    // be Alice's (Bob has no account, so nothing of his is fetched to outdate it).
    await signInAndFetch();
    fake.change({ status: 'signing-in', restoreState: 'restoring' });
    fake.change({ status: 'signed-out', restoreState: 'unreachable' });
    fake.change({ status: 'signing-in', userGuid: 'user-bob', accountGuid: null as unknown as string });
    fake.change({ status: 'signed-in', restoreState: null });
    await cache.settled();
    fake.change({ status: 'signing-in', restoreState: 'restoring' });
    expect(await feature.handlers['portfolio.cached']()).toBeNull();
    fake.change({ status: 'signed-out', restoreState: 'unreachable' });
    expect(await feature.handlers['portfolio.cached']()).toBeNull();
  });

  it('never shows them in privacy mode, signed in or restoring', async () => {
    await signInAndFetch();
    privacyMode = true;
    expect(await feature.handlers['portfolio.cached']()).toBeNull();
    fake.state.status = 'signing-in';
    fake.state.restoreState = 'restoring';
    expect(await feature.handlers['portfolio.cached']()).toBeNull();
  });

  it('shows nothing while locked', async () => {
    await signInAndFetch();
    fake.change({ status: 'locked' });
    expect(await feature.handlers['portfolio.cached']()).toBeNull();
  });

  it('deletes the files and the key at sign-out, but not when the service merely could not be reached', async () => {
    await signInAndFetch();
    fake.change({ status: 'signing-in', restoreState: 'restoring' });
    fake.change({ status: 'signed-out', restoreState: 'unreachable' });
    await cache.settled();
    expect(await readdir(join(directory, 'local-sandbox'))).toHaveLength(1);
    expect(await secrets.get('balance-cache-key:local-sandbox')).not.toBeNull();

    fake.change({ status: 'signed-out', restoreState: null });
    await cache.settled();
    await expect(readdir(join(directory, 'local-sandbox'))).rejects.toThrow(/ENOENT/);
    expect(await secrets.get('balance-cache-key:local-sandbox')).toBeNull();
  });

  it('an answer that arrives after sign-out is neither written nor handed out, to the next user or at the next launch', async () => {
    // Alice asks for her balances, a slow service keeps them on the way, she signs out and Bob signs in.
    await signInAndFetch();
    let answer = (): void => undefined;
    fake.state.hold = new Promise<void>((resolve) => (answer = resolve));
    const late = Promise.resolve(feature.handlers['portfolio.wallets']());
    fake.change({ status: 'signed-out' });
    fake.change({ status: 'signing-in', userGuid: 'user-bob', accountGuid: 'account-bob' });
    fake.state.hold = null;
    wallets.totalBalance = 7;
    clock = new Date('2026-11-23T09:06:00.000Z');
    fake.change({ status: 'signed-in' });
    await feature.handlers['portfolio.wallets']();
    // Alice's answer comes last, and newest.
    wallets.totalBalance = 2000;
    clock = new Date('2026-11-23T09:07:00.000Z');
    answer();
    await late.catch(() => undefined);
    wallets.totalBalance = 1000.5;
    await cache.settled();
    expect(await readdir(join(directory, 'local-sandbox'))).toHaveLength(1);
    expect(await cache.latest('local-sandbox')).toMatchObject({ owner: { userGuid: 'user-bob' } });
    fake.change({ status: 'signing-in', restoreState: 'restoring' });
    expect(await feature.handlers['portfolio.cached']()).toMatchObject({ totalBalanceUsd: '7' });
  });

  it('a keepOnly that rejects at sign-in goes to the log, never an unhandled rejection', async () => {
    const logger = createRecordingLogger();
    const kept: { dropped?: Promise<void> } = {};
    const failing: BalanceCache = {
      ...cache,
      keepOnly: () => (kept.dropped = Promise.reject(new Error('could not list'))),
    };
    const other = createPortfolioFeature({
      session: fake.session,
      cache: failing,
      environment: () => 'local-sandbox',
      logger,
    });
    fake.change({ status: 'signing-in' });
    fake.change({ status: 'signed-in' });
    await kept.dropped?.catch(() => undefined);
    await other.dispose();
    expect(kept.dropped).toBeDefined();
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ message: 'could not drop the cached balances of other users' }),
    );
  });

  it('a save that rejects goes to the log, never an unhandled rejection; the answer is still given', async () => {
    const logger = createRecordingLogger();
    const saving: { saved?: Promise<void> } = {};
    const failing: BalanceCache = {
      ...cache,
      save: () => (saving.saved = Promise.reject(new Error('disk gone'))),
    };
    const other = createPortfolioFeature({
      session: fake.session,
      cache: failing,
      environment: () => 'local-sandbox',
      logger,
    });
    fake.change({ status: 'signing-in' });
    fake.change({ status: 'signed-in' });
    expect(await other.handlers['portfolio.wallets']()).toMatchObject({ totalBalanceUsd: '1000.5' });
    await saving.saved?.catch(() => undefined);
    await other.dispose();
    expect(saving.saved).toBeDefined();
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ message: 'could not keep the last known balances' }),
    );
  });

  it('an answer that arrives after sign-out leaves nothing on disk', async () => {
    await signInAndFetch();
    let answer = (): void => undefined;
    fake.state.hold = new Promise<void>((resolve) => (answer = resolve));
    wallets.totalBalance = 2000;
    const late = Promise.resolve(feature.handlers['portfolio.wallets']());
    fake.change({ status: 'signed-out' });
    answer();
    await late.catch(() => undefined);
    wallets.totalBalance = 1000.5;
    await cache.settled();
    await expect(readdir(join(directory, 'local-sandbox'))).rejects.toThrow(/ENOENT/);
  });

  it('an answer that arrives after the app has closed is not saved', async () => {
    await signInAndFetch();
    const environment = 'local-sandbox';
    expect((await cache.latest(environment))?.view.totalBalanceUsd).toBe('1000.5');
    let answer = (): void => undefined;
    fake.state.hold = new Promise<void>((resolve) => (answer = resolve));
    wallets.totalBalance = 2000;
    const late = Promise.resolve(feature.handlers['portfolio.wallets']());
    await feature.dispose();
    answer();
    await late.catch(() => undefined);
    wallets.totalBalance = 1000.5;
    await cache.settled();
    expect((await cache.latest(environment))?.view.totalBalanceUsd).toBe('1000.5');
  });

  it('writes unchanged balances again only every five minutes, changed ones at once', async () => {
    await signInAndFetch();
    const fetchedAt = async () => (await feature.handlers['portfolio.cached']())?.fetchedAt;
    expect(await fetchedAt()).toBe('2026-11-23T09:00:00.000Z');
    clock = new Date('2026-11-23T09:04:00.000Z');
    await feature.handlers['portfolio.wallets']();
    expect(await fetchedAt()).toBe('2026-11-23T09:00:00.000Z');
    clock = new Date('2026-11-23T09:05:30.000Z');
    await feature.handlers['portfolio.wallets']();
    expect(await fetchedAt()).toBe('2026-11-23T09:05:30.000Z');
    clock = new Date('2026-11-23T09:06:00.000Z');
    wallets.totalBalance = 1001;
    await feature.handlers['portfolio.wallets']();
    wallets.totalBalance = 1000.5;
    expect(await feature.handlers['portfolio.cached']()).toMatchObject({
      totalBalanceUsd: '1001',
      fetchedAt: '2026-11-23T09:06:00.000Z',
    });
  });

  /** The next launch: a new feature over the same directory and keychain, with the disk's calls counted and `save` held. */
  function relaunch() {
    const calls = { latest: 0, load: 0 };
    let releaseSaves = (): void => undefined;
    const savesHeld = new Promise<void>((resolve) => (releaseSaves = resolve));
    const held: BalanceCache = {
      ...cache,
      latest: (environment) => {
        calls.latest += 1;
        return cache.latest(environment);
      },
      load: (owner) => {
        calls.load += 1;
        return cache.load(owner);
      },
      save: async (owner, view) => {
        await savesHeld;
        await cache.save(owner, view);
      },
    };
    const next = fakeSession();
    const relaunched = createPortfolioFeature({
      session: next.session,
      cache: held,
      environment: () => 'local-sandbox',
      privacyMode: () => privacyMode,
      now: () => clock,
    });
    return { feature: relaunched, fake: next, calls, releaseSaves };
  }

  it('reads the newest record as the app starts, and the restored session is answered from it, not from behind this run’s first save', async () => {
    const kept = await signInAndFetch();
    const next = relaunch();
    expect(next.calls.latest).toBe(1);
    next.fake.change({ status: 'signing-in', restoreState: 'restoring' });
    expect(await next.feature.handlers['portfolio.cached']()).toEqual(kept);
    clock = new Date('2026-11-23T09:10:00.000Z');
    // The session is back; its first balances are being written (held), and the page asks for the last known:
    // the record read at launch, or the one now being written, never a wait for the disk.
    next.fake.change({ status: 'signed-in', restoreState: null });
    const answer = await next.feature.handlers['portfolio.cached']();
    expect([kept.fetchedAt, clock.toISOString()]).toContain(answer?.fetchedAt);
    expect(answer).toMatchObject({ accountGuid: kept.accountGuid, totalBalanceUsd: kept.totalBalanceUsd });
    expect(next.calls).toEqual({ latest: 1, load: 0 });
    next.releaseSaves();
    await next.feature.dispose();
  });

  it('drops the record read at launch with the session: after sign-out nothing of it is shown', async () => {
    await signInAndFetch();
    const next = relaunch();
    next.releaseSaves();
    next.fake.change({ status: 'signing-in', restoreState: 'restoring' });
    expect(await next.feature.handlers['portfolio.cached']()).not.toBeNull();
    next.fake.change({ status: 'signed-out', restoreState: null });
    next.fake.state.restoreState = 'restoring';
    expect(await next.feature.handlers['portfolio.cached']()).toBeNull();
    await next.feature.dispose();
  });

  it('asks for the balances as the session starts, and the page’s first request takes that answer', async () => {
    fake.change({ status: 'signing-in' });
    fake.change({ status: 'signed-in' });
    expect(fake.state.walletCalls).toBe(1);
    await feature.handlers['portfolio.wallets']();
    expect(fake.state.walletCalls).toBe(1);
    await feature.handlers['portfolio.wallets']();
    expect(fake.state.walletCalls).toBe(2);
  });

  it('answers the launch’s question, asked while the stored session is being restored, once it is back', async () => {
    let restored: () => void = () => undefined;
    fake.state.restoring = new Promise<void>((resolve) => (restored = resolve));
    fake.change({ status: 'signing-in', restoreState: 'restoring' });
    const answer = feature.handlers['portfolio.wallets']();
    fake.change({ status: 'signed-in', restoreState: null });
    restored();
    await expect(answer).resolves.toMatchObject({ accountGuid: 'account-1' });
    expect(fake.state.walletCalls).toBe(1);
  });

  it('still refuses, without asking the service, when the restore settles signed out', async () => {
    let restored: () => void = () => undefined;
    fake.state.restoring = new Promise<void>((resolve) => (restored = resolve));
    fake.change({ restoreState: 'restoring' });
    const answer = feature.handlers['portfolio.wallets']();
    fake.change({ restoreState: null });
    restored();
    await expect(answer).rejects.toMatchObject({ code: 'not_signed_in' });
    expect(fake.state.walletCalls).toBe(0);
  });

  describe('launchBalances: this run’s balances for the served index.html', () => {
    it('gives the answer the page’s first request takes, whichever asks first: one GET /wallets', async () => {
      fake.change({ status: 'signing-in' });
      fake.change({ status: 'signed-in' });
      const served = await feature.launchBalances();
      const page = await feature.handlers['portfolio.wallets']();
      expect(served).toBe(page);
      expect(fake.state.walletCalls).toBe(1);

      const again = await signInAndFetch();
      fake.change({ status: 'signing-in' });
      fake.change({ status: 'signed-in' });
      const pageFirst = await feature.handlers['portfolio.wallets']();
      expect(await feature.launchBalances()).toBe(pageFirst);
      expect(pageFirst).not.toBe(again);
    });

    it('gives it to one page only: a reload’s page is served none, and asks itself', async () => {
      fake.change({ status: 'signing-in' });
      fake.change({ status: 'signed-in' });
      expect(await feature.launchBalances()).not.toBeNull();
      expect(await feature.launchBalances()).toBeNull();
      expect(fake.state.walletCalls).toBe(1);
    });

    it('waits for the stored session’s restore, and gives the request it started', async () => {
      let restored: () => void = () => undefined;
      fake.state.restoring = new Promise<void>((resolve) => (restored = resolve));
      fake.change({ status: 'signing-in', restoreState: 'restoring' });
      const served = feature.launchBalances();
      fake.change({ status: 'signed-in', restoreState: null });
      restored();
      await expect(served).resolves.toMatchObject({ accountGuid: 'account-1' });
      await feature.handlers['portfolio.wallets']();
      expect(fake.state.walletCalls).toBe(1);
    });

    it('asks the service for nothing of its own: none when no session started a request', async () => {
      expect(await feature.launchBalances()).toBeNull();
      fake.change({ status: 'signed-in' });
      expect(await feature.launchBalances()).toBeNull();
      expect(fake.state.walletCalls).toBe(0);
    });

    it.each([
      ['a lock', { status: 'locked' as const }],
      ['a sign-out', { status: 'signed-out' as const }],
    ])('gives none after %s, though the request answered', async (_case, next) => {
      fake.change({ status: 'signing-in' });
      fake.change({ status: 'signed-in' });
      fake.change(next);
      expect(await feature.launchBalances()).toBeNull();
    });

    it('gives none for another account than the request’s, nor once it is no longer fresh', async () => {
      fake.change({ status: 'signing-in' });
      fake.change({ status: 'signed-in' });
      fake.state.accountGuid = 'account-2';
      expect(await feature.launchBalances()).toBeNull();
      fake.state.accountGuid = 'account-1';
      clock = new Date(clock.getTime() + 10_000);
      expect(await feature.launchBalances()).toBeNull();
      expect(fake.state.walletCalls).toBe(1);
    });

    it('gives none when the request failed, and the page then asks again itself', async () => {
      let fail: (error: Error) => void = () => undefined;
      fake.state.hold = new Promise<void>((_resolve, reject) => (fail = reject));
      fake.change({ status: 'signing-in' });
      fake.change({ status: 'signed-in' });
      const served = feature.launchBalances();
      fail(new Error('service down'));
      expect(await served).toBeNull();
      fake.state.hold = null;
      await feature.handlers['portfolio.wallets']();
      expect(fake.state.walletCalls).toBe(2);
    });
  });
});
