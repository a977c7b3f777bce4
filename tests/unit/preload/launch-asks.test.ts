import { describe, expect, it } from 'vitest';
import { askLaunchQuestions, type LaunchAnswers } from '../../../src-preload/launch-asks';
import type { WalletApi } from '../../../src-preload/wallet-api';

type Answer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

/** A bridge whose session answer the test releases and whose events it sends; every call is recorded in order. */
function bridge(session: Answer) {
  const calls: string[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let release: () => void = () => undefined;
  const sessionAnswered = new Promise<Answer>((resolveSession) => (release = () => resolveSession(session)));
  const answer = (name: string, value: unknown) => () => {
    calls.push(name);
    return Promise.resolve({ ok: true, value });
  };
  const wallet = {
    on: (event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set.add(listener));
      return () => set.delete(listener);
    },
    session: {
      get: () => {
        calls.push('session.get');
        return sessionAnswered;
      },
    },
    portfolio: {
      cached: answer('portfolio.cached', null),
      wallets: answer('portfolio.wallets', { accountGuid: 'a-1' }),
    },
    app: { info: answer('app.info', {}) },
    preferences: { get: answer('preferences.get', { theme: 'system', language: 'system', privacyMode: false }) },
  } as unknown as WalletApi;
  const send = (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload));
  const listening = (event: string) => listeners.get(event)?.size ?? 0;
  return { wallet, calls, send, listening, releaseSession: () => release() };
}

const signedIn = { ok: true as const, value: { status: 'signed-in', activeAccountGuid: 'a-1' } };
const locked = { status: 'locked', activeAccountGuid: 'a-1' };

function take(wallet: WalletApi): LaunchAnswers {
  const answers = askLaunchQuestions(wallet).take();
  if (!answers) throw new Error('the first take had no answers');
  return answers;
}

describe('the launch questions the preload asks (src-preload/launch-asks.ts)', () => {
  it("asks for the session, the last known and fresh balances, the app's info and the preferences at once, before any answer", () => {
    const { wallet, calls } = bridge(signedIn);
    const answers = take(wallet);
    // The launch paint's three first: the last ones may wait for a free connection.
    expect(calls).toEqual(['session.get', 'portfolio.cached', 'preferences.get', 'app.info', 'portfolio.wallets']);
    expect(Object.keys(answers).sort()).toEqual([
      'cachedBalances',
      'freshBalances',
      'info',
      'preferences',
      'preferencesNow',
      'session',
      'sessionNow',
    ]);
  });

  it('hands its answers over once: a later take gets nothing and asks nothing', () => {
    const { wallet, calls } = bridge(signedIn);
    const asks = askLaunchQuestions(wallet);
    expect(Object.keys(asks)).toEqual(['take']);
    expect(Object.isFrozen(asks)).toBe(true);
    const first = asks.take();
    expect(first).not.toBeNull();
    expect(Object.isFrozen(first)).toBe(true);
    expect(asks.take()).toBeNull();
    expect(calls).toHaveLength(5);
  });

  it('parks the fresh balances once the session answers signed in with an account', async () => {
    const { wallet, calls, releaseSession } = bridge(signedIn);
    const answers = take(wallet);
    releaseSession();
    await expect(answers.freshBalances).resolves.toEqual({ ok: true, value: { accountGuid: 'a-1' } });
    expect(calls.filter((call) => call === 'portfolio.wallets')).toHaveLength(1);
  });

  it.each([
    ['signed out', { ok: true as const, value: { status: 'signed-out', activeAccountGuid: null } }],
    ['locked', { ok: true as const, value: locked }],
    ['signed in without an account', { ok: true as const, value: { status: 'signed-in', activeAccountGuid: null } }],
    ['a failed session read', { ok: false as const, error: { code: 'internal', message: 'x' } }],
  ])('hands the page no fresh balances after %s', async (_case, session) => {
    const { wallet, releaseSession } = bridge(session);
    const answers = take(wallet);
    releaseSession();
    await expect(answers.freshBalances).resolves.toBeNull();
  });

  it('keeps a change sent after the answer (a lock while the bundle loads), and stops listening once taken', async () => {
    const { wallet, send, listening, releaseSession } = bridge(signedIn);
    const answers = take(wallet);
    releaseSession();
    await answers.session;
    expect(answers.sessionNow.peek()).toEqual(signedIn);
    send('session.changed', locked);
    // The launch paint looks without stopping; the store takes it once its own listener is in place.
    expect(answers.sessionNow.peek()).toEqual({ ok: true, value: locked });
    expect(listening('session.changed')).toBe(1);
    expect(answers.sessionNow.take()).toEqual({ ok: true, value: locked });
    expect(listening('session.changed')).toBe(0);
  });

  it('lets the answer win over a change sent before it (the change is older), for the preferences too', async () => {
    const { wallet, send } = bridge(signedIn);
    const answers = take(wallet);
    send('preferences.changed', { theme: 'dark', language: 'en', privacyMode: true });
    expect(answers.preferencesNow.peek()).toEqual({
      ok: true,
      value: { theme: 'dark', language: 'en', privacyMode: true },
    });
    await answers.preferences;
    expect(answers.preferencesNow.take()).toEqual({
      ok: true,
      value: { theme: 'system', language: 'system', privacyMode: false },
    });
  });
});

describe('the launch questions, when main answers oddly', () => {
  it('hands no fresh balances, and rejects nothing, when the session answer holds no view', async () => {
    const { wallet, releaseSession } = bridge({ ok: true, value: null });
    const answers = take(wallet);
    releaseSession();
    await expect(answers.freshBalances).resolves.toBeNull();
  });
});
