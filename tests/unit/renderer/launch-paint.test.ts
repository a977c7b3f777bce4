import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Preferences } from '../../../src-preload/contract/app';
import type { PortfolioView } from '../../../src-preload/contract/portfolio';
import type { SessionView } from '../../../src-preload/contract/session';
import type { Result } from '../../../src-preload/result';

/** React's escaping of text and attribute values, so both serialisations read alike. */
function escape(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
}

/** Just enough of a DOM element for the launch paint: attributes, children, text appended as text. */
class FakeElement {
  readonly attributes: Array<[string, string]> = [];
  children: Array<FakeElement | string> = [];
  parentNode: FakeElement | null = null;
  constructor(readonly tag: string) {}
  setAttribute(name: string, value: string): void {
    this.attributes.push([name, value]);
  }
  getAttribute(name: string): string | null {
    return this.attributes.find(([found]) => found === name)?.[1] ?? null;
  }
  removeAttribute(name: string): void {
    const at = this.attributes.findIndex(([found]) => found === name);
    if (at >= 0) this.attributes.splice(at, 1);
  }
  append(...nodes: Array<FakeElement | string>): void {
    for (const node of nodes) if (typeof node !== 'string') node.parentNode = this;
    this.children.push(...nodes);
  }
  /** As Element.remove: out of its parent, if it has one. */
  remove(): void {
    const parent = this.parentNode;
    if (!parent) return;
    parent.children = parent.children.filter((child) => child !== this);
    this.parentNode = null;
  }
  get firstElementChild(): FakeElement | null {
    return this.children.find((child): child is FakeElement => typeof child !== 'string') ?? null;
  }
  replaceChildren(...nodes: Array<FakeElement | string>): void {
    for (const node of this.children) if (typeof node !== 'string') node.parentNode = null;
    this.children = [];
    this.append(...nodes);
  }
  get outerHTML(): string {
    const attributes = this.attributes.map(([name, value]) => ` ${name}="${escape(value)}"`).join('');
    const inner = this.children.map((child) => (typeof child === 'string' ? escape(child) : child.outerHTML)).join('');
    return `<${this.tag}${attributes}>${inner}</${this.tag}>`;
  }
}

const fakeDocument = { createElement: (tag: string) => new FakeElement(tag) } as unknown as Document;

const portfolio: PortfolioView = {
  accountGuid: 'account-1',
  totalBalanceUsd: '12345.67',
  dailyProfitUsd: '-3.25',
  wallets: [
    {
      code: 'BTC',
      displayName: 'Bitcoin <b>&"\'',
      network: 'bitcoin',
      amount: '0.12345678',
      priceUsd: '65000',
      valueUsd: '8024.69',
    },
    { code: 'USDT', displayName: 'Tether', network: 'tron', amount: '4320.98', priceUsd: '1', valueUsd: '4320.98' },
  ] as PortfolioView['wallets'],
  fetchedAt: '2026-11-23T09:00:00.000Z',
};

/** This run's answer: the same account, other amounts, fetched now. */
const freshPortfolio: PortfolioView = {
  ...portfolio,
  totalBalanceUsd: '12400.10',
  wallets: [{ ...portfolio.wallets[0]!, amount: '0.12445678', valueUsd: '8089.69' }, portfolio.wallets[1]!],
  fetchedAt: '2026-11-23T10:00:00.000Z',
};

function sessionView(status: SessionView['status'], restoreFailed?: 'unreachable'): Result<SessionView> {
  return {
    ok: true,
    value: {
      status,
      user: null,
      accounts: [],
      activeAccountGuid: status === 'signed-in' ? 'account-1' : null,
      keychain: 'available',
      ...(restoreFailed ? { restoreFailed } : {}),
    },
  };
}
const viewOf = (status: SessionView['status'], restoreFailed?: 'unreachable'): SessionView =>
  (sessionView(status, restoreFailed) as { value: SessionView }).value;
const preferences = (privacyMode: boolean): Result<Preferences> =>
  ({ ok: true, value: { theme: 'system', language: 'en', privacyMode } }) as Result<Preferences>;
const failed = { ok: false as const, error: { code: 'internal' as const, message: 'no' } };

/** A renderer with the bridge and the launch's answers (as public/launch-requests.js leaves them) in place. */
function installPage(launch: Record<string, Promise<unknown>> | null) {
  const wallet = { on: () => () => undefined };
  vi.stubGlobal('window', { wallet, ...(launch ? { walletLaunch: launch } : {}) });
  vi.stubGlobal('document', {
    documentElement: { removeAttribute: () => undefined, setAttribute: () => undefined },
    createElement: fakeDocument.createElement,
    // No fresh part after the launch script unless a test puts one there (servedFreshPart below).
    querySelector: () => null,
  });
  vi.stubGlobal('localStorage', { removeItem: () => undefined, setItem: () => undefined });
  vi.stubGlobal('navigator', { language: 'de-DE' });
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
}

const launchScript = readFileSync(
  resolve(import.meta.dirname, '../../../src-renderer/public/launch-requests.js'),
  'utf8',
);

/**
 * A page as index.html makes it: the bridge (main answers at once: signed in, privacy mode off, the last
 * known balances) with events the test sends, and the real launch script run before the bundle. This run's
 * balances (GET /wallets) are held until the test answers them, or answered at once with `fresh: 'answers'`.
 */
function installLaunchedPage(
  options: {
    fresh: 'answers' | 'held';
    cached?: 'held';
    session?: 'held';
    /** The page's document as the launch script sees it; none unless a test gives one. */
    document?: { querySelector(selector: string): unknown };
  } = { fresh: 'held' },
) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const answer = (value: unknown) => () => Promise.resolve({ ok: true, value });
  let answerFresh: (value: PortfolioView) => void = () => undefined;
  const held = new Promise<Result<PortfolioView>>((resolve) => {
    answerFresh = (value) => resolve({ ok: true, value });
  });
  let answerCached: () => void = () => undefined;
  const heldCached = new Promise<Result<PortfolioView>>((resolve) => {
    answerCached = () => resolve({ ok: true, value: portfolio });
  });
  let answerSession: (value: SessionView) => void = () => undefined;
  const heldSession = new Promise<Result<SessionView>>((resolve) => {
    answerSession = (value) => resolve({ ok: true, value });
  });
  const wallet = {
    on: (event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set.add(listener));
      return () => set.delete(listener);
    },
    session: {
      get: options.session === 'held' ? () => heldSession : answer(viewOf('signed-in')),
    },
    portfolio: {
      cached: options.cached === 'held' ? () => heldCached : answer(portfolio),
      wallets: options.fresh === 'answers' ? answer(freshPortfolio) : () => held,
    },
    app: { info: answer({}) },
    preferences: { get: answer({ theme: 'system', language: 'en', privacyMode: false }) },
  };
  const window: Record<string, unknown> = { wallet };
  runInNewContext(launchScript, { window, Object, ...(options.document ? { document: options.document } : {}) });
  installPage(null);
  vi.stubGlobal('window', window);
  const send = (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload));
  const listening = (event: string) => listeners.get(event)?.size ?? 0;
  return { send, listening, answerFresh, answerCached, answerSession };
}

async function loadPaint() {
  vi.resetModules();
  return import('../../../src-renderer/src/launch-paint');
}

async function loadView() {
  vi.resetModules();
  return import('../../../src-renderer/src/launch-paint-view');
}

describe('the launch paint (launch-paint.ts): the last known balances before React', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.doUnmock('../../../src-renderer/src/stores/app-store');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The app's CachedBalancesScreen as server rendering draws it with privacy mode off, and Home's status line. */
  async function appMarkup(view: PortfolioView, unreachable: boolean) {
    // Server rendering reads a store's initial state; the app's screen is drawn here as privacy mode off shows it.
    const shownPreferences = { preferences: { theme: 'system', language: 'en', privacyMode: false } };
    vi.doMock('../../../src-renderer/src/stores/app-store', () => ({
      selectPrivacyMode: (state: typeof shownPreferences) => state.preferences.privacyMode,
      useAppStore: (select: (state: typeof shownPreferences) => unknown) => select(shownPreferences),
    }));
    const { CachedBalancesScreen } = await import('../../../src-renderer/src/screens/home/cached-balances-screen');
    const { LastKnownStatus } = await import('../../../src-renderer/src/screens/home/balances-view');
    // HTML attribute names are case-insensitive; React writes dateTime as it is spelled in JSX.
    const normal = (markup: string) => markup.replaceAll('<!-- -->', '').replaceAll(' dateTime=', ' datetime=');
    return {
      screen: normal(renderToStaticMarkup(createElement(CachedBalancesScreen, { portfolio: view, unreachable }))),
      homeLine: normal(
        renderToStaticMarkup(createElement(LastKnownStatus, { fetchedAt: view.fetchedAt, refreshing: true })),
      ),
    };
  }

  const restoringLine = /<p role="status">Restoring your session….*?<\/p>/;

  it.each([
    ['wallets', portfolio],
    ['no wallets', { ...portfolio, wallets: [] }],
  ])(
    "while the session is restored, draws the same markup as the app's CachedBalancesScreen (%s), with text from the service as text",
    async (_case, view) => {
      installPage(null);
      const { launchBalancesView } = await loadView();
      const { screen } = await appMarkup(view, false);
      const painted = (launchBalancesView(fakeDocument, view, viewOf('signing-in')) as unknown as FakeElement)
        .outerHTML;
      expect(painted).toBe(screen);
      expect(painted).toMatch(restoringLine);
      expect(painted).not.toContain('Hidden amount');
      if (view.wallets.length > 0) expect(painted).toContain('Bitcoin &lt;b&gt;&amp;&quot;&#x27;');
    },
  );

  it('when the session is already restored, says so in Home\'s words, not "Restoring your session"', async () => {
    installPage(null);
    const { launchBalancesView } = await loadView();
    const { screen, homeLine } = await appMarkup(portfolio, false);
    const signedIn = viewOf('signed-in');
    const painted = (launchBalancesView(fakeDocument, portfolio, signedIn) as unknown as FakeElement).outerHTML;
    // Home's first frame shows this line while the fresh balances load: the wording does not change.
    expect(homeLine).toMatch(
      /^<span class="home-updated" role="status">Last known balances as of <time .*, refreshing…<\/span>$/,
    );
    expect(painted).toBe(screen.replace(restoringLine, homeLine));
    expect(painted).not.toContain('Restoring');
  });

  it("when the service was out of reach, says so as the app's notice does (without its button)", async () => {
    installPage(null);
    const { launchBalancesView } = await loadView();
    const { screen } = await appMarkup(portfolio, true);
    const unreachable = viewOf('signed-out', 'unreachable');
    const painted = (launchBalancesView(fakeDocument, portfolio, unreachable) as unknown as FakeElement).outerHTML;
    const button = /<button [^>]*>Try again<\/button>/;
    expect(screen).toMatch(button);
    expect(painted).toBe(screen.replace(button, ''));
    expect(painted).toContain('<div role="alert" class="notice"><p>The service could not be reached');
    expect(painted).not.toContain('Restoring');
  });

  it.each([
    ['privacy mode on', sessionView('signed-in'), preferences(true), false],
    ['privacy mode not known (the preferences failed)', sessionView('signed-in'), failed, false],
    ['signed out', sessionView('signed-out'), preferences(false), false],
    ['locked', sessionView('locked'), preferences(false), false],
    ['session read failed', failed, preferences(false), false],
    ['signed in', sessionView('signed-in'), preferences(false), true],
    [
      'signed in to another account than the balances are of',
      {
        ok: true,
        value: { ...viewOf('signed-in'), activeAccountGuid: 'account-2' },
      },
      preferences(false),
      false,
    ],
    ['being restored', sessionView('signing-in'), preferences(false), true],
    ['service out of reach', sessionView('signed-out', 'unreachable'), preferences(false), true],
  ] as const)('with %s: paints = %s', async (_case, session, prefs, allowed) => {
    installPage(null);
    const { launchPaintAllowed } = await loadPaint();
    expect(launchPaintAllowed(session, { ok: true, value: portfolio }, prefs)).toBe(allowed);
    expect(launchPaintAllowed(session, { ok: true, value: null }, prefs)).toBe(false);
  });

  it('paints from the launch answers and leaves them for the stores', async () => {
    installPage({
      session: Promise.resolve(sessionView('signed-in')),
      cachedBalances: Promise.resolve({ ok: true, value: portfolio }),
      preferences: Promise.resolve(preferences(false)),
    });
    const { paintLaunchBalances } = await loadPaint();
    const { takeStartupAnswer } = await import('../../../src-renderer/src/startup-requests');
    const container = new FakeElement('div');
    let done = false;
    void paintLaunchBalances(container as unknown as HTMLElement).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(container.outerHTML).toContain('data-balances="cached"');
    expect(container.outerHTML).toContain('BTC');
    expect(container.outerHTML).toContain('Last known balances as of');
    expect(container.outerHTML).not.toContain('Restoring');
    // It resolves once the frame is painted (the app is loaded only then), not before.
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(16);
    await vi.waitFor(() => expect(done).toBe(true));
    await expect(takeStartupAnswer('cachedBalances')).resolves.toEqual({ ok: true, value: portfolio });
  });

  it("paints in the user's language, making Intl's formatters only for the locale it shows", async () => {
    installPage({
      session: Promise.resolve(sessionView('signed-in')),
      cachedBalances: Promise.resolve({ ok: true, value: portfolio }),
      preferences: Promise.resolve({ ok: true, value: { theme: 'system', language: 'de', privacyMode: false } }),
    });
    // German chosen at an English desk: the numbers and the date are written the German way.
    vi.stubGlobal('navigator', { language: 'en-US', languages: ['en-US'] });
    const made: string[] = [];
    const counted = <T extends object>(kind: string, Original: T): T =>
      new Proxy(Original, {
        construct(target, args: unknown[], newTarget) {
          made.push(`${kind} ${String(args[0])}`);
          return Reflect.construct(target as new (...input: unknown[]) => object, args, newTarget);
        },
      });
    vi.stubGlobal(
      'Intl',
      Object.create(Intl, {
        NumberFormat: { value: counted('NumberFormat', Intl.NumberFormat) },
        DateTimeFormat: { value: counted('DateTimeFormat', Intl.DateTimeFormat) },
      }),
    );
    const { paintLaunchBalances } = await loadPaint();
    const container = new FakeElement('div');
    void paintLaunchBalances(container as unknown as HTMLElement);
    await vi.advanceTimersByTimeAsync(0);
    expect(container.outerHTML).toContain('Zuletzt bekannte Guthaben vom');
    expect(container.outerHTML).toContain('12.345,67');
    // One of each kind, each made once: none for a locale the paint does not show.
    expect(made.sort()).toEqual([
      'DateTimeFormat de-DE',
      'NumberFormat de-DE',
      'NumberFormat de-DE',
      'NumberFormat de-DE',
      'NumberFormat de-DE',
    ]);
  });

  it('paints nothing while privacy mode is on', async () => {
    installPage({
      session: Promise.resolve(sessionView('signed-in')),
      cachedBalances: Promise.resolve({ ok: true, value: portfolio }),
      preferences: Promise.resolve(preferences(true)),
    });
    const { paintLaunchBalances } = await loadPaint();
    const container = new FakeElement('div');
    await paintLaunchBalances(container as unknown as HTMLElement);
    expect(container.children).toEqual([]);
  });

  it('gives up after 100 ms when the preferences do not answer, painting nothing', async () => {
    installPage({
      session: Promise.resolve(sessionView('signed-in')),
      cachedBalances: Promise.resolve({ ok: true, value: portfolio }),
      preferences: new Promise(() => undefined),
    });
    const { paintLaunchBalances } = await loadPaint();
    const container = new FakeElement('div');
    let done = false;
    void paintLaunchBalances(container as unknown as HTMLElement).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(container.children).toEqual([]);
  });

  it('paints nothing when privacy mode was switched on after main answered, while the bundle loaded', async () => {
    const page = installLaunchedPage();
    await vi.advanceTimersByTimeAsync(0);
    page.send('preferences.changed', { theme: 'system', language: 'en', privacyMode: true });
    const { paintLaunchBalances } = await loadPaint();
    const container = new FakeElement('div');
    await paintLaunchBalances(container as unknown as HTMLElement);
    expect(container.children).toEqual([]);
  });

  it('paints nothing when the session locked after its answer, while the last known balances were awaited', async () => {
    const page = installLaunchedPage({ fresh: 'held', cached: 'held' });
    const { paintLaunchBalances } = await loadPaint();
    const container = new FakeElement('div');
    let done = false;
    const painting = paintLaunchBalances(container as unknown as HTMLElement).then((release) => {
      done = true;
      return release;
    });
    await vi.advanceTimersByTimeAsync(0);
    // The session has answered signed in; the lock comes before the balances do.
    page.send('session.changed', { ...(sessionView('locked') as { value: object }).value });
    page.answerCached();
    await vi.advanceTimersByTimeAsync(16);
    await painting;
    expect(done).toBe(true);
    expect(container.children).toEqual([]);
  });

  it.each([
    ['privacy mode switched on', 'preferences.changed', { theme: 'system', language: 'en', privacyMode: true }],
    ['a lock', 'session.changed', { ...(sessionView('locked') as { value: object }).value }],
    ['a sign-out', 'session.changed', { ...(sessionView('signed-out') as { value: object }).value }],
  ])(
    'takes the painted balances off the screen at once on %s before the app has drawn',
    async (_case, event, payload) => {
      const page = installLaunchedPage();
      const { paintLaunchBalances } = await loadPaint();
      const container = new FakeElement('div');
      const before = page.listening(event);
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(16);
      await painting;
      expect(container.outerHTML).toContain('data-balances="cached"');
      expect(page.listening(event)).toBe(before + 1);
      page.send(event, payload);
      expect(container.children).toEqual([]);
      expect(page.listening(event)).toBe(before);
    },
  );

  it('says the session is restored as soon as it is, while the paint is still up', async () => {
    const page = installLaunchedPage();
    const { paintLaunchBalances } = await loadPaint();
    const container = new FakeElement('div');
    page.send('session.changed', viewOf('signing-in'));
    await vi.advanceTimersByTimeAsync(0);
    const painting = paintLaunchBalances(container as unknown as HTMLElement);
    await vi.advanceTimersByTimeAsync(16);
    await painting;
    expect(container.outerHTML).toContain('Restoring your session…');
    page.send('session.changed', viewOf('signed-in'));
    expect(container.outerHTML).not.toContain('Restoring');
    expect(container.outerHTML).toContain('Last known balances as of');
    expect(container.outerHTML).toContain('data-balances="cached"');
  });

  it("leaves the window to the app once released: later changes are the stores' to show", async () => {
    const page = installLaunchedPage();
    const { paintLaunchBalances } = await loadPaint();
    const container = new FakeElement('div');
    const before = [page.listening('session.changed'), page.listening('preferences.changed')];
    const painting = paintLaunchBalances(container as unknown as HTMLElement);
    await vi.advanceTimersByTimeAsync(16);
    const release = await painting;
    release();
    expect([page.listening('session.changed'), page.listening('preferences.changed')]).toEqual(before);
    // What is on screen is now the app's: a change is for the stores, which show it.
    page.send('preferences.changed', { theme: 'system', language: 'en', privacyMode: true });
    expect(container.outerHTML).toContain('data-balances="cached"');
  });

  /**
   * Home as the app draws it the moment this run's balances arrive (signed in, privacy mode off), server
   * rendered: its section, without the Refresh button and the pictures the paint leaves to the app.
   */
  async function appHomeMarkup(view: PortfolioView) {
    const shownPreferences = { preferences: { theme: 'system', language: 'en', privacyMode: false } };
    vi.doMock('../../../src-renderer/src/stores/app-store', () => ({
      selectPrivacyMode: (state: typeof shownPreferences) => state.preferences.privacyMode,
      useAppStore: (select: (state: typeof shownPreferences) => unknown) => select(shownPreferences),
    }));
    const portfolioState = {
      portfolio: view,
      source: 'fresh',
      receivedAt: Date.now(),
      loading: false,
      error: null,
      retryAt: null,
      load: () => Promise.resolve(),
    };
    vi.doMock('../../../src-renderer/src/stores/portfolio-store', () => ({
      REFRESH_INTERVAL_MS: 30_000,
      usePortfolioStore: Object.assign((select: (state: typeof portfolioState) => unknown) => select(portfolioState), {
        getState: () => portfolioState,
      }),
    }));
    const sessionState = { view: viewOf('signed-in') };
    vi.doMock('../../../src-renderer/src/stores/session-store', () => ({
      useSessionStore: (select: (state: typeof sessionState) => unknown) => select(sessionState),
    }));
    const { HomeScreen } = await import('../../../src-renderer/src/screens/home/home-screen');
    const markup = renderToStaticMarkup(createElement(HomeScreen))
      .replaceAll('<!-- -->', '')
      .replaceAll(' dateTime=', ' datetime=');
    const refresh = /<button [^>]*>Refresh<\/button>/;
    const pictures = /<section aria-labelledby="pictures-title".*?<\/section>(?=<\/section>$)/;
    expect(markup).toMatch(refresh);
    expect(markup).toMatch(pictures);
    return markup.replace(refresh, '').replace(pictures, '');
  }

  describe("this run's balances (launch.freshBalances), when main has answered them before React takes over", () => {
    afterEach(() => {
      vi.doUnmock('../../../src-renderer/src/stores/portfolio-store');
      vi.doUnmock('../../../src-renderer/src/stores/session-store');
    });

    it.each([
      ['wallets', freshPortfolio],
      ['no wallets', { ...freshPortfolio, wallets: [] }],
    ])(
      "are drawn with Home's own markup (%s): its heading, its Updated line, the table marked fresh",
      async (_case, view) => {
        installPage(null);
        const { launchFreshView } = await loadView();
        const home = await appHomeMarkup(view);
        const painted = (launchFreshView(fakeDocument, view) as unknown as FakeElement).outerHTML;
        const frame =
          /^<main class="gate cached-balances" aria-labelledby="fresh-title"><h1 id="fresh-title">Wallet Desk<\/h1>(.*)<\/main>$/;
        expect(painted).toMatch(frame);
        expect(painted.replace(frame, '$1')).toBe(home);
        expect(painted).toContain('data-balances="fresh"');
        expect(painted).toContain(
          '<span class="home-updated">Updated <time datetime="2026-11-23T10:00:00.000Z">0 s ago</time></span>',
        );
        expect(painted).not.toContain('Last known');
        if (view.wallets.length > 0) expect(painted).toContain('Bitcoin &lt;b&gt;&amp;&quot;&#x27;');
      },
    );

    it('name their frame by a heading of their own, not the cached rows’ heading they share the page with', async () => {
      installPage(null);
      const { launchBalancesView, launchFreshView } = await loadView();
      const fresh = (launchFreshView(fakeDocument, freshPortfolio) as unknown as FakeElement).outerHTML;
      const cached = (launchBalancesView(fakeDocument, portfolio, viewOf('signed-in')) as unknown as FakeElement)
        .outerHTML;
      const named = /^<main [^>]*aria-labelledby="([^"]+)"><h1 id="([^"]+)">/;
      const [, freshLabel, freshTitle] = named.exec(fresh) ?? [];
      const [, cachedLabel, cachedTitle] = named.exec(cached) ?? [];
      expect(freshLabel).toBe(freshTitle);
      expect(cachedLabel).toBe(cachedTitle);
      expect(freshTitle).toBeDefined();
      expect(freshTitle).not.toBe(cachedTitle);
    });

    const answered: Result<PortfolioView> = { ok: true, value: freshPortfolio };
    const otherAccount: Result<PortfolioView> = { ok: true, value: { ...freshPortfolio, accountGuid: 'account-2' } };
    it.each([
      ['signed in to the account they are of', true, sessionView('signed-in'), answered, preferences(false)],
      ['privacy mode on', false, sessionView('signed-in'), answered, preferences(true)],
      ['privacy mode not known', false, sessionView('signed-in'), answered, failed],
      ['signed out', false, sessionView('signed-out'), answered, preferences(false)],
      ['locked', false, sessionView('locked'), answered, preferences(false)],
      ['being restored', false, sessionView('signing-in'), answered, preferences(false)],
      ['session read failed', false, failed, answered, preferences(false)],
      ['signed in to another account', false, sessionView('signed-in'), otherAccount, preferences(false)],
      ['the balances failed', false, sessionView('signed-in'), failed, preferences(false)],
      ['not for the page (main refused them)', false, sessionView('signed-in'), null, preferences(false)],
    ] as const)('with %s: paints them = %s', async (_case, allowed, session, fresh, prefs) => {
      installPage(null);
      const { freshPaintAllowed } = await loadPaint();
      expect(freshPaintAllowed(session, fresh, prefs)).toBe(allowed);
    });

    it('paints them instead of the last known ones when they are in, and leaves them for the stores', async () => {
      installLaunchedPage({ fresh: 'answers' });
      const { paintLaunchBalances } = await loadPaint();
      const { takeStartupAnswer } = await import('../../../src-renderer/src/startup-requests');
      const container = new FakeElement('div');
      const inserted = vi.spyOn(container, 'replaceChildren');
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(16);
      await painting;
      const { launchFreshView } = await import('../../../src-renderer/src/launch-paint-view');
      const freshMarkup = (launchFreshView(fakeDocument, freshPortfolio) as unknown as FakeElement).outerHTML;
      expect(container.outerHTML).toBe(`<div>${freshMarkup}</div>`);
      // Put in once: their answer, already painted, does not put the same rows in again.
      expect(inserted).toHaveBeenCalledTimes(1);
      expect(container.outerHTML).not.toContain('Last known');
      await expect(takeStartupAnswer('freshBalances')).resolves.toEqual({ ok: true, value: freshPortfolio });
    });

    it('replace the last known ones when they come while the paint is up, not once the app has taken over', async () => {
      const page = installLaunchedPage();
      const { paintLaunchBalances } = await loadPaint();
      const container = new FakeElement('div');
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(16);
      const release = await painting;
      expect(container.outerHTML).toContain('data-balances="cached"');
      page.answerFresh(freshPortfolio);
      await vi.advanceTimersByTimeAsync(0);
      const { launchFreshView } = await import('../../../src-renderer/src/launch-paint-view');
      const freshMarkup = (launchFreshView(fakeDocument, freshPortfolio) as unknown as FakeElement).outerHTML;
      expect(container.outerHTML).toBe(`<div>${freshMarkup}</div>`);

      const later = installLaunchedPage();
      const { paintLaunchBalances: paintAgain } = await loadPaint();
      const other = new FakeElement('div');
      const again = paintAgain(other as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(16);
      (await again)();
      later.answerFresh(freshPortfolio);
      await vi.advanceTimersByTimeAsync(0);
      expect(other.outerHTML).toContain('data-balances="cached"');
      release();
    });

    it.each([
      ['privacy mode switched on', 'preferences.changed', { theme: 'system', language: 'en', privacyMode: true }],
      ['a lock', 'session.changed', viewOf('locked')],
      ['a sign-out', 'session.changed', viewOf('signed-out')],
      ['a switch to another account', 'session.changed', { ...viewOf('signed-in'), activeAccountGuid: 'account-2' }],
    ])('are taken off the screen at once on %s before the app has drawn', async (_case, event, payload) => {
      const page = installLaunchedPage({ fresh: 'answers' });
      const { paintLaunchBalances } = await loadPaint();
      const container = new FakeElement('div');
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(16);
      await painting;
      expect(container.outerHTML).toContain('data-balances="fresh"');
      page.send(event, payload);
      expect(container.children).toEqual([]);
    });
  });

  describe('the last known balances main served in index.html (data-launch="cached")', () => {
    /** #root as main serves it (src-main/shell/launch-document.ts): its view already in, marked. */
    function servedRoot(): FakeElement {
      const root = new FakeElement('div');
      root.setAttribute('data-launch', 'cached');
      root.append(new FakeElement('main'));
      return root;
    }

    it('takes them over: the paint draws them from the answers, unmarked, and follows the changes', async () => {
      const page = installLaunchedPage();
      const { paintLaunchBalances } = await loadPaint();
      const container = servedRoot();
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(16);
      await painting;
      expect(container.getAttribute('data-launch')).toBeNull();
      expect(container.outerHTML).toContain('data-balances="cached"');
      page.send('session.changed', { ...(sessionView('locked') as { value: object }).value });
      expect(container.children).toEqual([]);
    });

    it.each([
      ['privacy mode is on', preferences(true), sessionView('signed-in')],
      ['the app is locked', preferences(false), sessionView('locked')],
      ['no one is signed in', preferences(false), sessionView('signed-out')],
    ])('takes them off at once when the answers say %s', async (_case, prefs, session) => {
      installPage({
        session: Promise.resolve(session),
        cachedBalances: Promise.resolve({ ok: true, value: portfolio }),
        preferences: Promise.resolve(prefs),
      });
      const { paintLaunchBalances } = await loadPaint();
      const container = servedRoot();
      await paintLaunchBalances(container as unknown as HTMLElement);
      expect(container.children).toEqual([]);
    });

    /**
     * #root as main serves it when it drew the view from `session` and `record` in English at a de-DE desk (the
     * page's navigator here), marked with that basis by the page's own rule.
     */
    async function servedRootDrawnFrom(session: SessionView, record: PortfolioView): Promise<FakeElement> {
      const { applyLaunchLanguage } = await import('../../../src-renderer/src/i18n/launch-text');
      const { LAUNCH_BASIS_ATTRIBUTE, launchViewBasis } = await import('../../../src-renderer/src/launch-paint-basis');
      const root = new FakeElement('div');
      root.setAttribute('data-launch', 'cached');
      const view = new FakeElement('main');
      view.setAttribute(LAUNCH_BASIS_ATTRIBUTE, launchViewBasis(session, record, applyLaunchLanguage('en')));
      root.append(view);
      return root;
    }

    it('keeps the served view as it is when the answers give what main drew it from', async () => {
      const page = installLaunchedPage();
      const { paintLaunchBalances } = await loadPaint();
      const container = await servedRootDrawnFrom(viewOf('signed-in'), portfolio);
      const served = container.firstElementChild;
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(16);
      const release = await painting;
      // The very element the page parsed, not one drawn again (a drawn one would hold the rows).
      expect(container.children).toEqual([served]);
      expect(container.outerHTML).toBe('<div><main></main></div>');
      // Followed as a drawn one is: this run's balances replace it.
      page.answerFresh(freshPortfolio);
      await vi.advanceTimersByTimeAsync(0);
      expect(container.outerHTML).toContain('data-balances="fresh"');
      release();
    });

    it.each<[string, SessionView, PortfolioView]>([
      ['another session line (restoring)', viewOf('signing-in'), portfolio],
      ['the service out of reach', viewOf('signed-out', 'unreachable'), portfolio],
      ['another record of the account', viewOf('signed-in'), { ...portfolio, fetchedAt: '2026-11-22T09:00:00.000Z' }],
      ["another account's record", viewOf('signed-in'), { ...portfolio, accountGuid: 'account-2' }],
    ])('draws them again when main drew them from %s', async (_case, session, record) => {
      installLaunchedPage();
      const { paintLaunchBalances } = await loadPaint();
      const container = await servedRootDrawnFrom(session, record);
      const served = container.firstElementChild;
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(16);
      await painting;
      expect(container.firstElementChild).not.toBe(served);
      expect(container.outerHTML).toContain('data-balances="cached"');
      expect(container.outerHTML).toContain('Last known balances as of');
    });

    it('draws them again when main wrote them in another language or locale', async () => {
      installLaunchedPage();
      const { paintLaunchBalances } = await loadPaint();
      const container = await servedRootDrawnFrom(viewOf('signed-in'), portfolio);
      const { LAUNCH_BASIS_ATTRIBUTE } = await import('../../../src-renderer/src/launch-paint-basis');
      const served = container.firstElementChild!;
      const basis = served.getAttribute(LAUNCH_BASIS_ATTRIBUTE)!;
      expect(basis).toContain('"de-DE"');
      served.removeAttribute(LAUNCH_BASIS_ATTRIBUTE);
      served.setAttribute(LAUNCH_BASIS_ATTRIBUTE, basis.replace('"de-DE"', '"en-US"'));
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(16);
      await painting;
      expect(container.firstElementChild).not.toBe(served);
      expect(container.outerHTML).toContain('data-balances="cached"');
    });

    it.each([
      ['privacy mode switched on', 'preferences.changed', { theme: 'system', language: 'en', privacyMode: true }],
      ['a lock', 'session.changed', viewOf('locked')],
      ['a sign-out', 'session.changed', viewOf('signed-out')],
      ['a switch to another account', 'session.changed', { ...viewOf('signed-in'), activeAccountGuid: 'account-2' }],
    ])('takes the kept view off at once on %s', async (_case, event, payload) => {
      const page = installLaunchedPage();
      const { paintLaunchBalances } = await loadPaint();
      const container = await servedRootDrawnFrom(viewOf('signed-in'), portfolio);
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(16);
      await painting;
      expect(container.children).toHaveLength(1);
      page.send(event, payload);
      expect(container.children).toEqual([]);
    });

    it('takes the view off, basis or not, when the answers say the app is locked', async () => {
      installPage({
        session: Promise.resolve(sessionView('locked')),
        cachedBalances: Promise.resolve({ ok: true, value: portfolio }),
        preferences: Promise.resolve(preferences(false)),
      });
      const { paintLaunchBalances } = await loadPaint();
      const container = await servedRootDrawnFrom(viewOf('locked'), portfolio);
      await paintLaunchBalances(container as unknown as HTMLElement);
      expect(container.children).toEqual([]);
    });

    it('takes them off when the session locked while the bundle loaded', async () => {
      const page = installLaunchedPage();
      await vi.advanceTimersByTimeAsync(0);
      page.send('session.changed', { ...(sessionView('locked') as { value: object }).value });
      const { paintLaunchBalances } = await loadPaint();
      const container = servedRoot();
      await paintLaunchBalances(container as unknown as HTMLElement);
      expect(container.children).toEqual([]);
    });

    it('keeps them when the answers do not come within 100 ms: main decided them by the same rule', async () => {
      installPage({
        session: Promise.resolve(sessionView('signed-in')),
        cachedBalances: Promise.resolve({ ok: true, value: portfolio }),
        preferences: new Promise(() => undefined),
      });
      const { paintLaunchBalances } = await loadPaint();
      const container = servedRoot();
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(100);
      await painting;
      expect(container.getAttribute('data-launch')).toBeNull();
      expect(container.children).toHaveLength(1);
    });

    /** The served view with the session restore held past the wait, as against a slow service. */
    async function servedWithSlowRestore() {
      const page = installLaunchedPage({ fresh: 'held', session: 'held' });
      const { paintLaunchBalances } = await loadPaint();
      const container = servedRoot();
      const served = container.children[0];
      const before = [page.listening('session.changed'), page.listening('preferences.changed')];
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(100);
      const release = await painting;
      expect(container.children).toEqual([served]);
      return { page, container, served, before, release };
    }

    it('keeps them through a slow restore to their account, until the app takes over', async () => {
      const { page, container, served, before, release } = await servedWithSlowRestore();
      page.send('session.changed', viewOf('signing-in'));
      page.send('session.changed', viewOf('signed-in'));
      page.answerSession(viewOf('signed-in'));
      await vi.advanceTimersByTimeAsync(0);
      expect(container.children).toEqual([served]);
      release();
      expect([page.listening('session.changed'), page.listening('preferences.changed')]).toEqual(before);
      // What is on screen is now the app's: a change is for the stores, which show it.
      page.send('session.changed', viewOf('locked'));
      expect(container.children).toEqual([served]);
    });

    it('keeps them when the slow restore fails for want of the service (the app shows them too)', async () => {
      const { page, container, served } = await servedWithSlowRestore();
      page.send('session.changed', viewOf('signed-out', 'unreachable'));
      page.answerSession(viewOf('signed-out', 'unreachable'));
      await vi.advanceTimersByTimeAsync(0);
      expect(container.children).toEqual([served]);
    });

    it.each([
      ['privacy mode switched on', 'preferences.changed', { theme: 'system', language: 'en', privacyMode: true }],
      ['a lock', 'session.changed', viewOf('locked')],
      ['a sign-out', 'session.changed', viewOf('signed-out')],
      ['a restore to another account', 'session.changed', { ...viewOf('signed-in'), activeAccountGuid: 'account-2' }],
    ])('takes them off at once on %s while the restore is slow', async (_case, event, payload) => {
      const { page, container, before } = await servedWithSlowRestore();
      page.send(event, payload);
      expect(container.children).toEqual([]);
      expect([page.listening('session.changed'), page.listening('preferences.changed')]).toEqual(before);
    });

    it('takes them off when the late answer says the app is locked', async () => {
      const { page, container } = await servedWithSlowRestore();
      page.answerSession(viewOf('locked'));
      await vi.advanceTimersByTimeAsync(0);
      expect(container.children).toEqual([]);
    });

    it('takes them off on a page without the launch script', async () => {
      installPage(null);
      const { paintLaunchBalances } = await loadPaint();
      const container = servedRoot();
      await paintLaunchBalances(container as unknown as HTMLElement);
      expect(container.children).toEqual([]);
    });
  });

  describe('this run\'s balances main served (data-launch="fresh"), in #root or after the launch script', () => {
    /** The fresh view as main writes it: drawn from `record` in English at a de-DE desk, marked with its basis. */
    async function freshViewDrawnFrom(record: PortfolioView): Promise<FakeElement> {
      const { applyLaunchLanguage } = await import('../../../src-renderer/src/i18n/launch-text');
      const { LAUNCH_BASIS_ATTRIBUTE, launchFreshBasis } = await import('../../../src-renderer/src/launch-paint-basis');
      const view = new FakeElement('main');
      view.setAttribute(LAUNCH_BASIS_ATTRIBUTE, launchFreshBasis(record, applyLaunchLanguage('en')));
      return view;
    }

    /** #root holding main's fresh view (known as the rest was written). */
    async function freshRoot(record: PortfolioView = freshPortfolio): Promise<FakeElement> {
      const root = new FakeElement('div');
      root.setAttribute('data-launch', 'fresh');
      root.setAttribute('data-launch-account', record.accountGuid);
      root.append(await freshViewDrawnFrom(record));
      return root;
    }

    /**
     * #root with the last known balances and, after the launch script, main's fresh part (#launch-fresh), which
     * the page's document finds while it is in the body.
     */
    async function cachedRootAndEndPart(record: PortfolioView = freshPortfolio) {
      const root = new FakeElement('div');
      root.setAttribute('data-launch', 'cached');
      root.append(new FakeElement('main'));
      const body = new FakeElement('body');
      const part = new FakeElement('div');
      part.setAttribute('id', 'launch-fresh');
      part.setAttribute('data-launch', 'fresh');
      part.append(await freshViewDrawnFrom(record));
      body.append(root, part);
      const page = document as unknown as Record<string, unknown>;
      vi.stubGlobal('document', {
        ...page,
        querySelector: (selector: string) =>
          selector === '#launch-fresh[data-launch="fresh"]' && part.parentNode === body ? part : null,
      });
      return { root, body, part, view: part.firstElementChild! };
    }

    async function paint(container: FakeElement) {
      const { paintLaunchBalances } = await loadPaint();
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(16);
      return painting;
    }

    it("keeps the view in #root as it is when this run's answer is what main drew it from", async () => {
      const page = installLaunchedPage({ fresh: 'answers' });
      const container = await freshRoot();
      const served = container.firstElementChild;
      const release = await paint(container);
      expect(container.children).toEqual([served]);
      expect(container.outerHTML).toBe('<div><main></main></div>');
      // Followed as a drawn one is: a lock takes it off.
      page.send('session.changed', viewOf('locked'));
      expect(container.children).toEqual([]);
      release();
    });

    it('waits for the answer main served when it is still on its way, then keeps the view', async () => {
      const page = installLaunchedPage({ fresh: 'held' });
      const container = await freshRoot();
      const served = container.firstElementChild;
      const { paintLaunchBalances } = await loadPaint();
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(0);
      page.answerFresh(freshPortfolio);
      await vi.advanceTimersByTimeAsync(16);
      await painting;
      expect(container.children).toEqual([served]);
    });

    it('leaves #root marked while it waits for the answer main served: a lock meanwhile takes the rows off', async () => {
      let root: FakeElement | null = null;
      const page = installLaunchedPage({
        fresh: 'held',
        // The launch script finds #root by its marks, as in the page.
        document: {
          querySelector: (selector: string) =>
            selector === '#root[data-launch="fresh"]' && root?.getAttribute('data-launch') === 'fresh' ? root : null,
        },
      });
      const container = await freshRoot();
      root = container;
      const { paintLaunchBalances } = await loadPaint();
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(0);
      expect(container.children).not.toEqual([]);
      page.send('session.changed', viewOf('locked'));
      expect(container.children).toEqual([]);
      await vi.advanceTimersByTimeAsync(1000);
      await painting;
      expect(container.children).toEqual([]);
    });

    it('draws its own when its answer is another than main drew from', async () => {
      installLaunchedPage({ fresh: 'answers' });
      const container = await freshRoot({ ...freshPortfolio, fetchedAt: '2026-11-23T08:59:00.000Z' });
      const served = container.firstElementChild;
      await paint(container);
      expect(container.firstElementChild).not.toBe(served);
      expect(container.outerHTML).toContain('data-balances="fresh"');
    });

    it('takes the view in #root off when the answers say the app is locked', async () => {
      installPage({
        session: Promise.resolve(sessionView('locked')),
        cachedBalances: Promise.resolve({ ok: true, value: portfolio }),
        preferences: Promise.resolve(preferences(false)),
        freshBalances: Promise.resolve({ ok: true, value: freshPortfolio }),
      });
      const container = await freshRoot();
      await paint(container);
      expect(container.children).toEqual([]);
    });

    it('moves the fresh part after the launch script into #root as it is, and the cached rows go', async () => {
      installLaunchedPage({ fresh: 'answers' });
      const { root, body, view } = await cachedRootAndEndPart();
      await paint(root);
      expect(root.children).toEqual([view]);
      expect(body.children).toEqual([root]);
      expect(root.getAttribute('data-launch')).toBeNull();
    });

    it('removes the fresh part and draws its own when its answer is another than main drew from', async () => {
      installLaunchedPage({ fresh: 'answers' });
      const { root, body, view } = await cachedRootAndEndPart({ ...freshPortfolio, fetchedAt: '2026-11-23T08:00:00Z' });
      await paint(root);
      expect(body.children).toEqual([root]);
      expect(root.firstElementChild).not.toBe(view);
      expect(root.outerHTML).toContain('data-balances="fresh"');
    });

    it.each([
      ['the app is locked', preferences(false), sessionView('locked')],
      ['privacy mode is on', preferences(true), sessionView('signed-in')],
    ])('removes the fresh part and the cached rows when the answers say %s', async (_case, prefs, session) => {
      installPage({
        session: Promise.resolve(session),
        cachedBalances: Promise.resolve({ ok: true, value: portfolio }),
        preferences: Promise.resolve(prefs),
        freshBalances: Promise.resolve({ ok: true, value: freshPortfolio }),
      });
      const { root, body } = await cachedRootAndEndPart();
      await paint(root);
      expect(body.children).toEqual([root]);
      expect(root.children).toEqual([]);
    });

    it('removes the fresh part on a page without the launch script', async () => {
      installPage(null);
      const { root, body } = await cachedRootAndEndPart();
      await paint(root);
      expect(body.children).toEqual([root]);
      expect(root.children).toEqual([]);
    });

    /** A page whose session restore is held past the paint's wait, as against a slow service. */
    const slowRestorePage = () => installLaunchedPage({ fresh: 'held', session: 'held' });

    async function paintThroughSlowRestore(container: FakeElement) {
      const { paintLaunchBalances } = await loadPaint();
      const painting = paintLaunchBalances(container as unknown as HTMLElement);
      await vi.advanceTimersByTimeAsync(100);
      return painting;
    }

    it('keeps the view in #root when the answers are late, while the session is signed in to its account', async () => {
      const page = slowRestorePage();
      const container = await freshRoot();
      const served = container.firstElementChild;
      const release = await paintThroughSlowRestore(container);
      expect(container.children).toEqual([served]);
      expect(container.getAttribute('data-launch')).toBeNull();
      page.answerSession(viewOf('signed-in'));
      await vi.advanceTimersByTimeAsync(0);
      expect(container.children).toEqual([served]);
      release();
    });

    it('moves the fresh part into #root when the answers are late, and the cached rows stay gone', async () => {
      slowRestorePage();
      const { root, body, part, view } = await cachedRootAndEndPart();
      part.setAttribute('data-launch-account', freshPortfolio.accountGuid);
      await paintThroughSlowRestore(root);
      expect(root.children).toEqual([view]);
      expect(body.children).toEqual([root]);
    });

    it.each([
      ['privacy mode switched on', 'preferences.changed', { theme: 'system', language: 'en', privacyMode: true }],
      ['a lock', 'session.changed', viewOf('locked')],
      ['a restore still under way', 'session.changed', viewOf('signing-in')],
      ['a restore to another account', 'session.changed', { ...viewOf('signed-in'), activeAccountGuid: 'account-2' }],
    ])('takes the view kept through late answers off at once on %s', async (_case, event, payload) => {
      const page = slowRestorePage();
      const container = await freshRoot();
      await paintThroughSlowRestore(container);
      expect(container.children).not.toEqual([]);
      page.send(event, payload);
      expect(container.children).toEqual([]);
    });
  });

  it('paints nothing on a page without the launch script', async () => {
    installPage(null);
    const { paintLaunchBalances } = await loadPaint();
    const container = new FakeElement('div');
    await paintLaunchBalances(container as unknown as HTMLElement);
    expect(container.children).toEqual([]);
  });
});
