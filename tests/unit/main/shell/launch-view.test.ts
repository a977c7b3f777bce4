import { describe, expect, it } from 'vitest';
import type { Preferences } from '../../../../src-preload/contract/app';
import type { PortfolioView } from '../../../../src-preload/contract/portfolio';
import type { SessionView } from '../../../../src-preload/contract/session';
import {
  launchFreshViewOf,
  launchViewOf,
  type FreshViewSource,
  type LaunchViewSource,
} from '../../../../src-main/shell/launch-view';
import { escapeMarkup } from '../../../../src-main/shell/launch-markup';
import { launchBalancesView, launchFreshView, type ViewElement } from '../../../../src-renderer/src/launch-paint-view';
import { applyLaunchLanguage } from '../../../../src-renderer/src/i18n/launch-text';
import {
  LAUNCH_BASIS_ATTRIBUTE,
  launchFreshBasis,
  launchViewBasis,
} from '../../../../src-renderer/src/launch-paint-basis';
import {
  LAUNCH_FRESH_ACCOUNT_ATTRIBUTE,
  LAUNCH_FRESH_ID,
  LAUNCH_MARK_ATTRIBUTE,
  LAUNCH_MARKS,
} from '../../../../src-renderer/src/launch-marks';
import { HOSTILE_TEXTS } from '../../../support/hostile-texts';
import { markupStructure, textBetweenTags } from '../../../support/markup-structure';
import { SERVED_INDEX, servedFreshPage, type FreshPlace } from '../../../support/served-fresh-view';

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
      address: 'bc1q',
    },
  ],
  fetchedAt: '2026-11-23T09:00:00.000Z',
};

function sessionOf(status: SessionView['status'], extra: Partial<SessionView> = {}): SessionView {
  return {
    status,
    user: null,
    accounts: [],
    activeAccountGuid: status === 'signed-in' ? 'account-1' : null,
    keychain: 'available',
    ...extra,
  };
}

interface Main {
  session: SessionView;
  restoreState: 'restoring' | 'unreachable' | null;
  cached: PortfolioView | null;
  preferences: Preferences;
}

/** Main's state as the launch view reads it, with the session's change events the test sends. */
function mainWith(state: Partial<Main> = {}) {
  const now: Main = {
    session: sessionOf('signed-in'),
    restoreState: null,
    cached: portfolio,
    preferences: { theme: 'system', language: 'en', privacyMode: false, idleLockMinutes: 15 },
    ...state,
  };
  const listeners = new Set<(view: SessionView) => void>();
  let settle: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const source: LaunchViewSource = {
    session: {
      view: () => now.session,
      ready: () => (now.restoreState === 'restoring' ? ready : Promise.resolve()),
      restoreState: () => now.restoreState,
      onChange: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    cached: async () => now.cached,
    preferences: () => now.preferences,
    systemLocales: ['en-US'],
  };
  const change = (session: SessionView) => {
    now.session = session;
    listeners.forEach((listener) => listener(session));
  };
  return { source, now, change, settle, listening: () => listeners.size };
}

/** A DOM stand-in for the renderer's own build of the view: attributes and children, no escaping of its own. */
class Tree implements ViewElement<Tree> {
  readonly attributes: Array<[string, string]> = [];
  readonly children: Array<Tree | string> = [];
  constructor(readonly tag: string) {}
  setAttribute(name: string, value: string): void {
    this.attributes.push([name, value]);
  }
  append(...children: Array<Tree | string>): void {
    this.children.push(...children);
  }
}

/** The renderer's tree written as main writes markup, escaping as the HTML serialiser does. */
function written(node: Tree | string): string {
  const escape = (text: string) =>
    text.replace(
      /[&<>"'\r]/g,
      (c) => `&${{ '&': 'amp;', '<': 'lt;', '>': 'gt;', '"': 'quot;', "'": '#39;', '\r': '#13;' }[c]}`,
    );
  if (typeof node === 'string') return escape(node);
  const attributes = node.attributes.map(([name, value]) => ` ${name}="${escape(value)}"`).join('');
  return `<${node.tag}${attributes}>${node.children.map(written).join('')}</${node.tag}>`;
}

describe('the launch view main serves (launchViewOf): the launch paint’s rule, from main’s state', () => {
  it.each<[string, Partial<Main>, boolean]>([
    ['signed in to the balances’ account', {}, true],
    ['restoring the session', { session: sessionOf('signing-in') }, true],
    ['out of the service’s reach', { session: sessionOf('signed-out', { restoreFailed: 'unreachable' }) }, true],
    [
      'privacy mode on',
      { preferences: { theme: 'system', language: 'en', privacyMode: true, idleLockMinutes: 15 } },
      false,
    ],
    ['locked', { session: sessionOf('locked') }, false],
    ['signed out', { session: sessionOf('signed-out') }, false],
    ['signed in to another account', { session: sessionOf('signed-in', { activeAccountGuid: 'account-2' }) }, false],
    ['with no last known balances', { cached: null }, false],
  ])('%s: %s', async (_case, state, shown) => {
    const view = await launchViewOf(mainWith(state).source);
    expect(view !== null).toBe(shown);
    if (view) expect(view.markup).toContain('data-balances="cached"');
  });

  it('builds nothing once index.html went without it (the view is no longer wanted)', async () => {
    const unwanted = new AbortController();
    unwanted.abort();
    expect(await launchViewOf({ ...mainWith().source, unwanted: unwanted.signal })).toBeNull();
  });

  it('waits, while the keychain is read for a stored session, until the restore says what it found', async () => {
    const main = mainWith({ session: sessionOf('signed-out'), restoreState: 'restoring' });
    const decided = launchViewOf(main.source);
    await Promise.resolve();
    main.change(sessionOf('signing-in'));
    expect(await decided).not.toBeNull();
    expect(main.listening()).toBe(0);
  });

  it('shows nothing when the restore ends with no stored session', async () => {
    const main = mainWith({ session: sessionOf('signed-out'), restoreState: 'restoring' });
    const decided = launchViewOf(main.source);
    main.now.restoreState = null;
    main.settle();
    expect(await decided).toBeNull();
    expect(main.listening()).toBe(0);
  });

  it('looks at the session and privacy mode again once the balances have answered', async () => {
    const main = mainWith();
    let answer: (value: PortfolioView) => void = () => undefined;
    const held = new Promise<PortfolioView>((resolve) => {
      answer = resolve;
    });
    const decided = launchViewOf({ ...main.source, cached: () => held });
    main.change(sessionOf('locked'));
    answer(portfolio);
    expect(await decided).toBeNull();

    const private_ = mainWith();
    const decidedToo = launchViewOf({ ...private_.source, cached: () => held });
    private_.now.preferences = { theme: 'system', language: 'en', privacyMode: true, idleLockMinutes: 15 };
    expect(await decidedToo).toBeNull();
  });

  it.each<[Preferences['language'], string, RegExp]>([
    ['en', 'en-US', /Last known balances as of <time datetime="[^"]+">Nov 23, 2026/],
    ['de', 'de-DE', /Zuletzt bekannte Guthaben vom <time datetime="[^"]+">23\.11\.2026/],
    ['tr', 'tr-TR', /<time datetime="[^"]+">23 Kas 2026[^<]*<\/time> itibarıyla bilinen son bakiyeler/],
  ])('writes the view in the chosen language (%s), as the window does', async (language, lang, words) => {
    const main = mainWith({ preferences: { theme: 'system', language, privacyMode: false, idleLockMinutes: 15 } });
    const view = await launchViewOf(main.source);
    expect(view?.lang).toBe(lang);
    expect(view?.markup).toMatch(words);
  });

  it.each<[string, SessionView]>([
    ['signed in', sessionOf('signed-in')],
    ['restoring', sessionOf('signing-in')],
    ['unreachable', sessionOf('signed-out', { restoreFailed: 'unreachable' })],
  ])('writes the markup the renderer’s own build of the view makes (%s)', async (_case, session) => {
    const view = await launchViewOf(mainWith({ session }).source);
    const lang = applyLaunchLanguage('en', ['en-US']);
    const tree = launchBalancesView({ createElement: (tag) => new Tree(tag) }, portfolio, session);
    // Marked with what the page, from the same answers, finds it was drawn from: the page then keeps it.
    tree.setAttribute(LAUNCH_BASIS_ATTRIBUTE, launchViewBasis(session, portfolio, lang));
    expect(view?.markup).toBe(written(tree));
  });
});

describe('this run’s balances main serves (launchFreshViewOf): the launch paint’s rule, from main’s state', () => {
  /** Main's state, and the portfolio's launch answer, held until the test gives it. */
  function freshSource(state: Partial<Main> = {}) {
    const main = mainWith(state);
    let give: (view: PortfolioView | null) => void = () => undefined;
    const answer = new Promise<PortfolioView | null>((resolve) => {
      give = resolve;
    });
    const source: FreshViewSource = {
      session: main.source.session,
      preferences: main.source.preferences,
      systemLocales: main.source.systemLocales,
      fresh: () => answer,
    };
    return { main, source, give };
  }

  it.each<[string, Partial<Main>, boolean]>([
    ['signed in to the answer’s account', {}, true],
    [
      'privacy mode on',
      { preferences: { theme: 'system', language: 'en', privacyMode: true, idleLockMinutes: 15 } },
      false,
    ],
    ['locked', { session: sessionOf('locked') }, false],
    ['signed out', { session: sessionOf('signed-out') }, false],
    ['still restoring', { session: sessionOf('signing-in') }, false],
    ['signed in to another account', { session: sessionOf('signed-in', { activeAccountGuid: 'account-2' }) }, false],
  ])('%s: %s', async (_case, state, shown) => {
    const { source, give } = freshSource(state);
    give(portfolio);
    const view = await launchFreshViewOf(source);
    expect(view !== null).toBe(shown);
    if (view) expect(view.markup).toContain('data-balances="fresh"');
  });

  it('serves none when the portfolio has no launch answer', async () => {
    const { source, give } = freshSource();
    give(null);
    expect(await launchFreshViewOf(source)).toBeNull();
  });

  it.each<[string, (main: ReturnType<typeof mainWith>) => void]>([
    ['a lock', (main) => main.change(sessionOf('locked'))],
    ['a sign-out', (main) => main.change(sessionOf('signed-out'))],
    ['another account', (main) => main.change(sessionOf('signed-in', { activeAccountGuid: 'account-2' }))],
    [
      'privacy mode switched on',
      (main) => {
        main.now.preferences = { theme: 'system', language: 'en', privacyMode: true, idleLockMinutes: 15 };
      },
    ],
  ])('looks at the session and preferences again once the answer is in: %s meanwhile serves none', async (_c, act) => {
    const { main, source, give } = freshSource();
    const decided = launchFreshViewOf(source);
    act(main);
    give(portfolio);
    expect(await decided).toBeNull();
  });

  it('builds nothing once index.html went without it', async () => {
    const { source, give } = freshSource();
    const unwanted = new AbortController();
    const decided = launchFreshViewOf({ ...source, unwanted: unwanted.signal });
    unwanted.abort();
    give(portfolio);
    expect(await decided).toBeNull();
  });

  it('writes the markup the renderer’s own build makes, marked fresh, with its basis and account', async () => {
    const { source, give } = freshSource();
    give(portfolio);
    const view = await launchFreshViewOf(source);
    const lang = applyLaunchLanguage('en', ['en-US']);
    const tree = launchFreshView({ createElement: (tag) => new Tree(tag) }, portfolio);
    tree.setAttribute(LAUNCH_BASIS_ATTRIBUTE, launchFreshBasis(portfolio, lang));
    expect(view?.markup).toBe(written(tree));
    expect(view?.lang).toBe(lang);
    expect(view?.marks).toBe(' data-launch="fresh" data-launch-account="account-1"');
  });

  it('escapes what the service says: hostile asset names and an account id stay text', async () => {
    const hostile: PortfolioView = {
      ...portfolio,
      accountGuid: 'a"><script src="/x.js"></script>',
      wallets: [{ ...portfolio.wallets[0]!, code: '<img src=x>', displayName: '</main><script>alert(1)</script>' }],
    };
    const { source, give } = freshSource({
      session: sessionOf('signed-in', { activeAccountGuid: hostile.accountGuid }),
    });
    give(hostile);
    const view = await launchFreshViewOf(source);
    expect(view).not.toBeNull();
    expect(`<div${view!.marks}>${view!.markup}</div>`).not.toMatch(/<script|<img|<\/main><script/);
    expect(view!.markup).toContain('&lt;/main&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(view!.marks).toBe(
      ' data-launch="fresh" data-launch-account="a&quot;&gt;&lt;script src=&quot;/x.js&quot;&gt;&lt;/script&gt;"',
    );
  });
});

describe("this run's balances as main serves them (servedIndex), given texts meant to end a text, a value or a tag", () => {
  /**
   * One wallet whose every free text is `text`, of an account named `text` too. Amounts are decimal text by the
   * contract (DecimalString) and the time is main's own, so neither can carry markup.
   */
  const freshOf = (text: string): PortfolioView => ({
    accountGuid: text,
    totalBalanceUsd: '2',
    dailyProfitUsd: '0',
    wallets: [
      { code: text, displayName: text, network: text, amount: '1', priceUsd: '2', valueUsd: '2', address: text },
    ],
    fetchedAt: '2026-11-23T09:00:00.000Z',
  });
  const body = (page: string): string => page.slice(page.indexOf('<body>'), page.indexOf('</body>') + '</body>'.length);
  const frameOf = (place: FreshPlace, account: string): string =>
    `<div id="${place === 'root' ? 'root' : LAUNCH_FRESH_ID}" ${LAUNCH_MARK_ATTRIBUTE}="${LAUNCH_MARKS.fresh}"` +
    ` ${LAUNCH_FRESH_ACCOUNT_ATTRIBUTE}="${escapeMarkup(account)}">`;

  it.each(
    (['root', 'end'] as const).flatMap((place) =>
      HOSTILE_TEXTS.map((text): [FreshPlace, string, string] => [place, text.slice(0, 40), text]),
    ),
  )('in %s, keeps every text as text: %s', async (place, _shown, text) => {
    const page = body(await servedFreshPage(freshOf(text), place));
    const harmless = body(await servedFreshPage(freshOf('BTC'), place));
    // The same elements and attributes as for a harmless name, in the same place: nothing of the text became markup.
    expect(markupStructure(page)).toEqual(markupStructure(harmless));
    // Booleans, not the texts: a failure would print the longest of them, 100 000 characters, whole.
    expect(page.includes(frameOf(place, text)), 'the frame names the account as an escaped value').toBe(true);
    expect(harmless.includes(frameOf(place, 'BTC'))).toBe(true);
    // Between the tags there is text only, and every character that could start markup is a reference.
    const between = textBetweenTags(page);
    expect(/[<>"'\r]/.test(between), 'a character that could start markup stands between the tags').toBe(false);
    expect(between.includes(escapeMarkup(text)), 'the text stands between the tags, escaped').toBe(true);
  });

  it('serves the page as built when a name holds what HTML cannot carry, rather than showing it changed', async () => {
    const page = await servedFreshPage(
      { ...freshOf('BTC'), wallets: [{ ...freshOf('BTC').wallets[0]!, displayName: 'a\u0000b' }] },
      'end',
    );
    expect(page).toBe(SERVED_INDEX);
  });
});
