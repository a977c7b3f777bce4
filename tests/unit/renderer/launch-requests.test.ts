import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const script = readFileSync(resolve(import.meta.dirname, '../../../src-renderer/public/launch-requests.js'), 'utf8');

type Answer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

/** A bridge whose session answer the test releases; every call is recorded in order. */
function bridge(session: Answer) {
  const calls: string[] = [];
  let release: () => void = () => undefined;
  const sessionAnswered = new Promise<Answer>((resolveSession) => (release = () => resolveSession(session)));
  const answer = (name: string, value: unknown) => () => {
    calls.push(name);
    return Promise.resolve({ ok: true, value });
  };
  const wallet = {
    on: () => () => undefined,
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
    preferences: { get: answer('preferences.get', { theme: 'system', language: 'system', privacyMode: true }) },
  };
  return { wallet, calls, releaseSession: () => release() };
}

/** Runs the page's launch script as the page does: a classic script with `window` as its global. */
function runScript(wallet: unknown): { walletLaunch?: Record<string, Promise<unknown>> } {
  const window: { wallet?: unknown; walletLaunch?: Record<string, Promise<unknown>> } = {};
  if (wallet) window.wallet = wallet;
  runInNewContext(script, { window, Object });
  return window;
}

const signedIn = { ok: true as const, value: { status: 'signed-in', activeAccountGuid: 'a-1' } };

describe('the launch script (public/launch-requests.js)', () => {
  /** Runs the script on a page whose Intl notes each look at its locale lists and each formatter made. */
  function watchedIcu(painted: string[]) {
    const { wallet, calls } = bridge(signedIn);
    const looked: string[] = [];
    const made: string[] = [];
    const watched = (kind: 'NumberFormat' | 'DateTimeFormat') =>
      new Proxy(Intl[kind], {
        construct(target, args: unknown[], newTarget) {
          made.push(kind);
          return Reflect.construct(target, args, newTarget) as object;
        },
        get(target, key, receiver) {
          if (key === 'supportedLocalesOf') looked.push(`${kind} after ${calls.length} asks`);
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const intl = { NumberFormat: watched('NumberFormat'), DateTimeFormat: watched('DateTimeFormat') };
    const frames: Array<() => void> = [];
    const tasks: Array<() => void> = [];
    const page = {
      window: { wallet },
      Object,
      Intl: intl,
      performance: { getEntriesByName: (name: string) => painted.filter((entry) => entry === name) },
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void) => tasks.push(callback),
    };
    runInNewContext(script, page);
    return { looked, made, frames, tasks };
  }

  it("loads ICU's locale lists in a task after the next frame while nothing is painted yet, making no formatter", () => {
    const { looked, made, frames, tasks } = watchedIcu([]);
    // The rows main served in #root (parsed before this script) may still wait for their frame: not before it.
    expect(looked).toEqual([]);
    frames.shift()!();
    expect(looked).toEqual([]);
    tasks.shift()!();
    expect(looked).toEqual(['NumberFormat after 5 asks', 'DateTimeFormat after 5 asks']);
    expect(made).toEqual([]);
    expect(frames).toHaveLength(0);
  });

  it("loads ICU's locale lists at once, after its questions, when the page's first content is already painted", () => {
    const { looked, made, frames, tasks } = watchedIcu(['first-contentful-paint']);
    expect(looked).toEqual(['NumberFormat after 5 asks', 'DateTimeFormat after 5 asks']);
    expect(made).toEqual([]);
    expect(frames).toHaveLength(0);
    expect(tasks).toHaveLength(0);
  });

  it("asks for the session, the fresh and last known balances, the app's info and the preferences at once, before any answer", () => {
    const { wallet, calls } = bridge(signedIn);
    const window = runScript(wallet);
    // The launch paint's three first: the last ones may wait for a free connection.
    expect(calls).toEqual(['session.get', 'portfolio.cached', 'preferences.get', 'app.info', 'portfolio.wallets']);
    expect(Object.keys(window.walletLaunch ?? {}).sort()).toEqual([
      'cachedBalances',
      'freshBalances',
      'info',
      'preferences',
      'preferencesNow',
      'session',
      'sessionNow',
    ]);
  });

  it('asks for the fresh balances beside the session, and parks them once it answers signed in with an account', async () => {
    const { wallet, calls, releaseSession } = bridge(signedIn);
    const window = runScript(wallet);
    // Not after the session's answer: a round trip less before the fresh balances (main waits for the restore).
    expect(calls).toContain('portfolio.wallets');
    releaseSession();
    await expect(window.walletLaunch?.freshBalances).resolves.toEqual({ ok: true, value: { accountGuid: 'a-1' } });
    expect(calls.filter((call) => call === 'portfolio.wallets')).toHaveLength(1);
  });

  it.each([
    ['signed out', { ok: true as const, value: { status: 'signed-out', activeAccountGuid: null } }],
    ['locked', { ok: true as const, value: { status: 'locked', activeAccountGuid: 'a-1' } }],
    ['signed in without an account', { ok: true as const, value: { status: 'signed-in', activeAccountGuid: null } }],
    ['a failed session read', { ok: false as const, error: { code: 'internal', message: 'x' } }],
  ])('hands the page no fresh balances after %s', async (_case, session) => {
    const { wallet, calls, releaseSession } = bridge(session);
    const window = runScript(wallet);
    releaseSession();
    await expect(window.walletLaunch?.freshBalances).resolves.toBeNull();
    // Asked once, at launch; main refuses it without asking the service when no one is signed in.
    expect(calls.filter((call) => call === 'portfolio.wallets')).toHaveLength(1);
  });

  it('does nothing, and does not throw, on a page without the bridge (bridge.ts then says why in words)', () => {
    const window = runScript(undefined);
    expect(window.walletLaunch).toBeUndefined();
  });

  it('leaves its answers where the page cannot swap them, but where the bundle can take them away', () => {
    const { wallet } = bridge(signedIn);
    const window = runScript(wallet);
    const parked = window.walletLaunch;
    expect(Object.isFrozen(parked)).toBe(true);
    // Test files are modules, so strict: writing a read-only property throws.
    expect(() => {
      window.walletLaunch = {};
    }).toThrow(TypeError);
    expect(delete window.walletLaunch).toBe(true);
  });
});

describe("the launch script and the theme: main's word on <html> wins over the renderer's copy", () => {
  /** Runs the script on a page whose `<html>` carries `served` (main's data-theme, if any), storage holding `copy`. */
  function themeAfterScript(served: string | null, copy: string | null): string | null {
    const attributes = new Map<string, string>(served === null ? [] : [['data-theme', served]]);
    const documentElement = {
      hasAttribute: (name: string) => attributes.has(name),
      setAttribute: (name: string, value: string) => void attributes.set(name, value),
    };
    const localStorage = { getItem: (key: string) => (key === 'wallet-desk-theme' ? copy : null) };
    runInNewContext(script, { window: { localStorage }, document: { documentElement }, Object });
    return attributes.get('data-theme') ?? null;
  }

  it.each([
    ['system', 'dark'],
    ['system', 'light'],
    ['light', 'dark'],
    ['dark', 'light'],
  ])('keeps data-theme="%s" that main wrote over a stale %s copy', (served, copy) => {
    expect(themeAfterScript(served, copy)).toBe(served);
  });

  it.each(['light', 'dark'])('applies a %s copy to a page main wrote no theme on', (copy) => {
    expect(themeAfterScript(null, copy)).toBe(copy);
  });

  it('leaves a page without a theme and without a copy to the system', () => {
    expect(themeAfterScript(null, null)).toBeNull();
  });
});

describe('the launch script and the rows main served in #root (data-launch), before the bundle runs', () => {
  /**
   * A page with the served rows in #root and a bridge whose events the test sends; its answers are those given,
   * else a session being restored, the rows' account and privacy mode off.
   */
  function servedPage(answers: { session?: () => Promise<Answer>; preferences?: () => Promise<Answer> } = {}) {
    const listeners = new Map<string, Array<(payload: unknown) => void>>();
    const answer = (value: unknown) => () => Promise.resolve({ ok: true, value });
    const wallet = {
      on: (event: string, listener: (payload: unknown) => void) => {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
        return () => undefined;
      },
      session: { get: answers.session ?? answer({ status: 'signing-in', activeAccountGuid: null }) },
      portfolio: { cached: answer({ accountGuid: 'a-1' }), wallets: answer(null) },
      app: { info: answer({}) },
      preferences: { get: answers.preferences ?? answer({ theme: 'system', language: 'en', privacyMode: false }) },
    };
    const root = { marked: true, rows: ['served rows'] as string[] };
    const document = {
      querySelector: (selector: string) =>
        selector === '#root[data-launch="cached"]' && root.marked
          ? { replaceChildren: () => void (root.rows = []) }
          : null,
    };
    runInNewContext(script, { window: { wallet }, Object, document });
    const send = (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload));
    return { root, send };
  }
  const session = (status: string, extra: Record<string, unknown> = {}) => ({
    status,
    activeAccountGuid: status === 'signed-in' ? 'a-1' : null,
    ...extra,
  });

  it.each([
    ['privacy mode switched on', 'preferences.changed', { theme: 'system', language: 'en', privacyMode: true }],
    ['a lock', 'session.changed', session('locked')],
    ['a sign-out', 'session.changed', session('signed-out')],
    ['a restore to another account', 'session.changed', { ...session('signed-in'), activeAccountGuid: 'a-2' }],
  ])('takes them off at once on %s', async (_case, event, payload) => {
    const { root, send } = servedPage();
    await Promise.resolve();
    send(event, payload);
    expect(root.rows).toEqual([]);
  });

  it.each([
    ['a restore to their account', 'session.changed', session('signed-in')],
    [
      'a restore that failed for want of the service',
      'session.changed',
      session('signed-out', { restoreFailed: 'unreachable' }),
    ],
    ['privacy mode left off', 'preferences.changed', { theme: 'dark', language: 'en', privacyMode: false }],
  ])('leaves them on %s', async (_case, event, payload) => {
    const { root, send } = servedPage();
    await Promise.resolve();
    send(event, payload);
    expect(root.rows).toEqual(['served rows']);
  });

  /** Lets every answer, and what the script does with it, settle. */
  const answersSettled = () => new Promise<void>((settled) => setTimeout(settled, 0));
  const ok = (value: unknown) => () => Promise.resolve<Answer>({ ok: true, value });
  const failed = () => Promise.resolve<Answer>({ ok: false, error: { code: 'internal', message: 'x' } });

  // A lock, sign-out or privacy switch between main's decision and the script's listeners reaches only the answers.
  it.each([
    ['a session answered locked', { session: ok(session('locked')) }],
    ['a session answered signed out', { session: ok(session('signed-out')) }],
    [
      'a session answered signed in to another account',
      { session: ok({ ...session('signed-in'), activeAccountGuid: 'a-2' }) },
    ],
    ['a session read that failed', { session: failed }],
    [
      'preferences answered with privacy mode on',
      { preferences: ok({ theme: 'system', language: 'en', privacyMode: true }) },
    ],
    ['preferences that did not say privacy mode is off', { preferences: ok({ theme: 'system', language: 'en' }) }],
    ['a preferences read that failed', { preferences: failed }],
    ['a preferences read that threw', { preferences: () => Promise.reject(new Error('bridge gone')) }],
  ])('takes them off on %s, with no change event', async (_case, answers) => {
    const { root } = servedPage(answers);
    await answersSettled();
    expect(root.rows).toEqual([]);
  });

  it.each([
    ['a session answered signed in to their account', { session: ok(session('signed-in')) }],
    [
      'a session answered signed out for want of the service',
      { session: ok(session('signed-out', { restoreFailed: 'unreachable' })) },
    ],
    ['a session still being restored, privacy mode off', {}],
  ])('leaves them on %s', async (_case, answers) => {
    const { root } = servedPage(answers);
    await answersSettled();
    expect(root.rows).toEqual(['served rows']);
  });

  it('leaves #root alone once the launch paint has taken the rows over (the mark is gone)', async () => {
    const { root, send } = servedPage();
    await Promise.resolve();
    root.marked = false;
    send('session.changed', session('locked'));
    expect(root.rows).toEqual(['served rows']);
  });
});

describe('the launch script and this run\'s balances main served (data-launch="fresh"), before the bundle runs', () => {
  type Where = 'root' | 'end';
  /**
   * A page with main's fresh view of account a-1 in #root, or in the part after the script (#launch-fresh), which
   * the parser adds when the test says (the observer the script installs hears it); the answers are those given,
   * else signed in to a-1 with privacy mode off and no last known balances.
   */
  function freshPage(
    where: Where,
    answers: { session?: () => Promise<Answer>; preferences?: () => Promise<Answer> } = {},
  ) {
    const listeners = new Map<string, Array<(payload: unknown) => void>>();
    const answer = (value: unknown) => () => Promise.resolve({ ok: true, value });
    const wallet = {
      on: (event: string, listener: (payload: unknown) => void) => {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
        return () => undefined;
      },
      session: { get: answers.session ?? answer({ status: 'signed-in', activeAccountGuid: 'a-1' }) },
      portfolio: { cached: answer(null), wallets: answer({ accountGuid: 'a-1' }) },
      app: { info: answer({}) },
      preferences: { get: answers.preferences ?? answer({ theme: 'system', language: 'en', privacyMode: false }) },
    };
    const fresh = { rows: ['fresh rows'] as string[], parsed: where === 'root', removed: false };
    const element = {
      getAttribute: (name: string) => (name === 'data-launch-account' ? 'a-1' : null),
      replaceChildren: () => void (fresh.rows = []),
      remove: () => {
        fresh.removed = true;
        fresh.rows = [];
      },
    };
    const selector = where === 'root' ? '#root[data-launch="fresh"]' : '#launch-fresh[data-launch="fresh"]';
    let heard: () => void = () => undefined;
    class MutationObserver {
      constructor(callback: () => void) {
        heard = callback;
      }
      observe(): void {}
      disconnect(): void {}
    }
    const document = {
      body: {},
      addEventListener: () => undefined,
      querySelector: (asked: string) => (asked === selector && fresh.parsed && !fresh.removed ? element : null),
    };
    runInNewContext(script, { window: { wallet }, Object, document, MutationObserver });
    const send = (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload));
    const parse = () => {
      fresh.parsed = true;
      heard();
    };
    return { fresh, send, parse };
  }
  const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  const ok = (value: unknown) => () => Promise.resolve<Answer>({ ok: true, value });
  const locked = { status: 'locked', activeAccountGuid: null };
  const otherAccount = { status: 'signed-in', activeAccountGuid: 'a-2' };
  const privacyOn = { theme: 'system', language: 'en', privacyMode: true };

  it.each<[string, string, unknown, Where]>([
    ['a lock', 'session.changed', locked, 'root'],
    ['a sign-out', 'session.changed', { status: 'signed-out', activeAccountGuid: null }, 'root'],
    ['another account', 'session.changed', otherAccount, 'root'],
    ['privacy mode switched on', 'preferences.changed', privacyOn, 'root'],
    ['a lock', 'session.changed', locked, 'end'],
    ['another account', 'session.changed', otherAccount, 'end'],
    ['privacy mode switched on', 'preferences.changed', privacyOn, 'end'],
  ])('takes them off at once on %s (in %s)', async (_case, event, payload, where) => {
    const page = freshPage(where);
    page.parse();
    await settled();
    expect(page.fresh.rows).toEqual(['fresh rows']);
    page.send(event, payload);
    expect(page.fresh.rows).toEqual([]);
  });

  it.each<[string, { session?: () => Promise<Answer>; preferences?: () => Promise<Answer> }]>([
    ['a session answered locked', { session: ok(locked) }],
    ['a session answered signed in to another account', { session: ok(otherAccount) }],
    ['preferences answered with privacy mode on', { preferences: ok(privacyOn) }],
    ['a preferences read that threw', { preferences: () => Promise.reject(new Error('bridge gone')) }],
  ])('takes them off on %s, with no change event', async (_case, answers) => {
    const page = freshPage('root', answers);
    await settled();
    expect(page.fresh.rows).toEqual([]);
  });

  it('leaves them on a session signed in to their account, though there are no last known balances', async () => {
    const page = freshPage('root');
    page.send('session.changed', { status: 'signed-in', activeAccountGuid: 'a-1' });
    await settled();
    expect(page.fresh.rows).toEqual(['fresh rows']);
  });

  it('takes off the part the parser adds after a lock that came before it, as it comes', async () => {
    const page = freshPage('end');
    await settled();
    page.send('session.changed', locked);
    page.parse();
    expect(page.fresh.removed).toBe(true);
  });

  it('takes off the part the parser adds after the answers named another account', async () => {
    const page = freshPage('end', { session: ok(otherAccount) });
    await settled();
    page.parse();
    expect(page.fresh.removed).toBe(true);
  });

  it('leaves the part the parser adds when nothing said otherwise', async () => {
    const page = freshPage('end');
    await settled();
    page.parse();
    expect(page.fresh.removed).toBe(false);
  });
});
