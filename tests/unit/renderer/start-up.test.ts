import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioView } from '../../../src-preload/contract/portfolio';
import type { SessionView } from '../../../src-preload/contract/session';

const cachedView: PortfolioView = {
  accountGuid: 'account-1',
  totalBalanceUsd: '1000.5',
  dailyProfitUsd: '3.25',
  wallets: [],
  fetchedAt: '2026-11-23T09:00:00.000Z',
};
const freshView: PortfolioView = { ...cachedView, totalBalanceUsd: '1001', fetchedAt: '2026-11-24T02:00:00.000Z' };

function sessionView(status: SessionView['status']): SessionView {
  return {
    status,
    user: status === 'signed-in' ? { name: 'Alice', email: 'a@example.com' } : null,
    accounts: [],
    activeAccountGuid: status === 'signed-in' ? 'account-1' : null,
    keychain: 'available',
  };
}

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });

const launchScript = readFileSync(
  resolve(import.meta.dirname, '../../../src-renderer/public/launch-requests.js'),
  'utf8',
);

/**
 * The bridge as main answers a launch: the session, the last known balances (or a keychain that never
 * answers), preferences, and the fresh balances (by default for the session's account); every call is counted.
 * With `launchScript`, public/launch-requests.js runs first against the page's window, as index.html has it.
 */
function installBridge(options: {
  session: SessionView['status'];
  cached: 'answers' | 'hangs';
  preferences?: Promise<{ ok: true; value: { theme: 'system'; language: 'system'; privacyMode: boolean } }>;
  /**
   * The fresh balances main answers with, call by call (the last one repeats), or one the test sends
   * (`answerFresh`), settling through many promise steps as a transport's chain may.
   */
  fresh?: readonly PortfolioView[] | 'sent';
  launchScript?: boolean;
}) {
  const calls = { session: 0, cached: 0, info: 0, preferences: 0, wallets: 0 };
  const fresh = options.fresh ?? [freshView];
  let answerFresh: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => (answerFresh = resolve));
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const wallet = {
    on: (event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set.add(listener));
      return () => set.delete(listener);
    },
    session: {
      get: () => {
        calls.session += 1;
        return ok(sessionView(options.session));
      },
    },
    portfolio: {
      cached: () => {
        calls.cached += 1;
        return options.cached === 'answers' ? ok(cachedView) : new Promise(() => undefined);
      },
      wallets: () => {
        calls.wallets += 1;
        // As main: refused, without asking the service, when no one is signed in.
        if (options.session !== 'signed-in')
          return Promise.resolve({ ok: false as const, error: { code: 'not_signed_in', message: 'Sign in.' } });
        if (fresh === 'sent') {
          let answer = sent.then(() => ({ ok: true as const, value: freshView }));
          for (let step = 0; step < 200; step += 1) answer = answer.then((result) => result);
          return answer;
        }
        return ok(fresh[Math.min(calls.wallets, fresh.length) - 1]!);
      },
    },
    app: {
      info: () => {
        calls.info += 1;
        return ok({});
      },
    },
    preferences: {
      get: () => {
        calls.preferences += 1;
        return options.preferences ?? ok({ theme: 'system', language: 'system', privacyMode: false });
      },
    },
  };
  const window: { wallet: typeof wallet; walletLaunch?: unknown } = { wallet };
  if (options.launchScript !== false) runInNewContext(launchScript, { window, Object });
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', { documentElement: { removeAttribute: () => undefined, setAttribute: () => undefined } });
  vi.stubGlobal('localStorage', { removeItem: () => undefined, setItem: () => undefined });
  /** Main sending a change event, to whoever listens at that moment (as Electron does: no one, no delivery). */
  const emit = (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload));
  return { calls, emit, answerFresh, listening: (event: string) => listeners.get(event)?.size ?? 0 };
}

/** A fresh renderer: its bundle evaluated after the launch script, as the page does. */
async function launch() {
  vi.resetModules();
  const { loadStartupState } = await import('../../../src-renderer/src/start-up');
  const { usePortfolioStore } = await import('../../../src-renderer/src/stores/portfolio-store');
  const { useSessionStore } = await import('../../../src-renderer/src/stores/session-store');
  const { selectPrivacyMode, useAppStore } = await import('../../../src-renderer/src/stores/app-store');
  const amountsHidden = () => selectPrivacyMode(useAppStore.getState());
  return { loadStartupState, usePortfolioStore, useSessionStore, useAppStore, amountsHidden };
}

describe('the launch before the first render (start-up.ts)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('has the session and the last known balances in the stores when the first screen is drawn, and asks for the fresh ones once', async () => {
    const { calls } = installBridge({ session: 'signed-in', cached: 'answers' });
    const { loadStartupState, usePortfolioStore, useSessionStore } = await launch();
    await loadStartupState();
    expect(useSessionStore.getState().view?.status).toBe('signed-in');
    expect(usePortfolioStore.getState().portfolio).not.toBeNull();
    await vi.waitFor(() => expect(usePortfolioStore.getState().source).toBe('fresh'));
    expect(usePortfolioStore.getState().portfolio).toEqual(freshView);
    // Each question was asked once, by the launch script: the stores took its answers instead of asking again.
    expect(calls).toEqual({ session: 1, cached: 1, info: 1, preferences: 1, wallets: 1 });
  });

  it("draws the first screen with this run's balances when main has answered them (the launch paint may show them)", async () => {
    const bridge = installBridge({ session: 'signed-in', cached: 'answers', fresh: 'sent' });
    const { loadStartupState, usePortfolioStore } = await launch();
    // Main's answer is in as the first screen is decided, still settling through its promise steps: in hand.
    bridge.answerFresh();
    await loadStartupState();
    // Not the last known balances after the fresh ones: the first frame is drawn now, from the stores as they are.
    expect(usePortfolioStore.getState().source).toBe('fresh');
    expect(usePortfolioStore.getState().portfolio).toEqual(freshView);
  });

  it("does not wait for this run's balances still on their way: the last known ones are drawn at the next task", async () => {
    // The fresh answer never comes here: only the wait for one task (not the 250 ms bound) lets the first
    // screen be drawn, with the last known balances.
    installBridge({ session: 'signed-in', cached: 'answers', fresh: 'sent' });
    const { loadStartupState, usePortfolioStore } = await launch();
    let drawn = false;
    void loadStartupState().then(() => (drawn = true));
    await vi.advanceTimersByTimeAsync(1);
    expect(drawn).toBe(true);
    expect(usePortfolioStore.getState().source).toBe('cached');
    expect(usePortfolioStore.getState().portfolio).toEqual(cachedView);
  });

  it('asks the questions itself when the page has no launch script, once each', async () => {
    const { calls } = installBridge({ session: 'signed-in', cached: 'answers', launchScript: false });
    const { loadStartupState, usePortfolioStore, useAppStore } = await launch();
    await loadStartupState();
    await vi.waitFor(() => expect(usePortfolioStore.getState().source).toBe('fresh'));
    expect(useAppStore.getState().preferences).not.toBeNull();
    expect(calls).toEqual({ session: 1, cached: 1, info: 1, preferences: 1, wallets: 1 });
  });

  it("does not show fresh balances the launch script got for another account than the session's: asks again", async () => {
    const otherAccount: PortfolioView = { ...freshView, accountGuid: 'account-0', totalBalanceUsd: '5' };
    const { calls } = installBridge({ session: 'signed-in', cached: 'answers', fresh: [otherAccount, freshView] });
    const { loadStartupState, usePortfolioStore } = await launch();
    await loadStartupState();
    await vi.waitFor(() => expect(usePortfolioStore.getState().source).toBe('fresh'));
    expect(usePortfolioStore.getState().portfolio).toEqual(freshView);
    expect(calls.wallets).toBe(2);
  });

  it('leaves nothing of the launch behind: a later load of each store asks main anew', async () => {
    const { calls } = installBridge({ session: 'signed-in', cached: 'answers' });
    const { loadStartupState, usePortfolioStore, useSessionStore, useAppStore } = await launch();
    await loadStartupState();
    await vi.waitFor(() => expect(usePortfolioStore.getState().source).toBe('fresh'));
    expect((window as { walletLaunch?: unknown }).walletLaunch).toBeUndefined();
    await Promise.all([
      useSessionStore.getState().load(),
      useAppStore.getState().load(),
      usePortfolioStore.getState().showCached(),
      usePortfolioStore.getState().load(),
    ]);
    expect(calls).toEqual({ session: 2, cached: 2, info: 2, preferences: 2, wallets: 2 });
  });

  it('asks for no balances again for a launch that is not signed in, and shows none', async () => {
    const { calls } = installBridge({ session: 'signed-out', cached: 'answers' });
    const { loadStartupState, useSessionStore, usePortfolioStore } = await launch();
    await loadStartupState();
    await vi.waitFor(() => expect(useSessionStore.getState().view?.status).toBe('signed-out'));
    // Only the launch script's question, asked beside the session and refused by main.
    expect(calls.wallets).toBe(1);
    expect(usePortfolioStore.getState().portfolio).not.toEqual(freshView);
  });

  it('draws the first screen after 250 ms when the last known balances do not come (a keychain that hangs)', async () => {
    installBridge({ session: 'signed-out', cached: 'hangs' });
    const { loadStartupState, usePortfolioStore } = await launch();
    let drawn = false;
    void loadStartupState().then(() => (drawn = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(drawn).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(drawn).toBe(true);
    expect(usePortfolioStore.getState().portfolio).toBeNull();
  });

  it('keeps amounts hidden while the preferences have not answered, though the fresh balances have', async () => {
    let answerPreferences: (privacyMode: boolean) => void = () => undefined;
    const preferences = new Promise<{ ok: true; value: { theme: 'system'; language: 'system'; privacyMode: boolean } }>(
      (resolve) => {
        answerPreferences = (privacyMode) =>
          resolve({ ok: true, value: { theme: 'system', language: 'system', privacyMode } });
      },
    );
    installBridge({ session: 'signed-in', cached: 'answers', preferences });
    const { loadStartupState, usePortfolioStore, amountsHidden } = await launch();
    let drawn = false;
    void loadStartupState().then(() => (drawn = true));
    await vi.waitFor(() => expect(usePortfolioStore.getState().source).toBe('fresh'));
    expect(amountsHidden()).toBe(true);
    // The first screen waits for the preferences as it waits for the cached balances (up to 250 ms).
    expect(drawn).toBe(false);
    answerPreferences(true);
    await vi.waitFor(() => expect(drawn).toBe(true));
    expect(amountsHidden()).toBe(true);
  });

  it('does not lose a lock or privacy mode switched on while the bundle loads, after the launch script had its answers', async () => {
    const bridge = installBridge({ session: 'signed-in', cached: 'answers' });
    // The script's answers have come (signed in, privacy off); then, before the stores exist, main locks
    // and privacy mode goes on.
    await Promise.resolve();
    bridge.emit('session.changed', sessionView('locked'));
    bridge.emit('preferences.changed', { theme: 'system', language: 'system', privacyMode: true });
    const { loadStartupState, useSessionStore, usePortfolioStore, amountsHidden } = await launch();
    await loadStartupState();
    expect(useSessionStore.getState().view?.status).toBe('locked');
    expect(amountsHidden()).toBe(true);
    expect(usePortfolioStore.getState().source).not.toBe('fresh');
    // Once the stores follow the changes themselves, the launch script no longer listens.
    expect(bridge.listening('session.changed')).toBe(1);
    expect(bridge.listening('preferences.changed')).toBe(1);
  });

  it('takes the answer over a change event that came before it (the answer is the newer)', async () => {
    const bridge = installBridge({ session: 'signed-in', cached: 'answers' });
    // Sent before main answered session.get, so already true when it answered: signed in stands.
    bridge.emit('session.changed', sessionView('locked'));
    const { loadStartupState, useSessionStore } = await launch();
    await loadStartupState();
    expect(useSessionStore.getState().view?.status).toBe('signed-in');
  });

  it('shows amounts once the preferences say privacy mode is off', async () => {
    installBridge({ session: 'signed-in', cached: 'answers' });
    const { loadStartupState, amountsHidden } = await launch();
    await loadStartupState();
    expect(amountsHidden()).toBe(false);
  });
});
