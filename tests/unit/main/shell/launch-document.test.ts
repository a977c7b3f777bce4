import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LAUNCH_BODY_BOUND_MS,
  LAUNCH_FRESH_BOUND_MS,
  servedIndex,
  servedIndexFor,
  streamedIndex,
  type ServedIndex,
} from '../../../../src-main/shell/launch-document';
import type { Preferences } from '../../../../src-preload/contract/app';
import type { PortfolioView } from '../../../../src-preload/contract/portfolio';
import type { SessionView } from '../../../../src-preload/contract/session';
import { launchFreshViewOf, launchViewOf, type LaunchView } from '../../../../src-main/shell/launch-view';

const INDEX = `<!doctype html>
<html lang="en">
  <head><script type="module" src="./assets/index.js"></script></head>
  <body>
    <div id="root"></div>
    <script src="/launch-requests.js"></script>
  </body>
</html>`;
const HEAD = INDEX.slice(0, INDEX.indexOf('<div id="root"') + '<div id="root"'.length);
/** What the page ends with after the rest: `</body>` and what follows it. */
const PAGE_END = INDEX.slice(INDEX.lastIndexOf('</body>'));
/** The rest as built: from #root's opening up to `</body>`. */
const REST_AS_BUILT = INDEX.slice(HEAD.length, INDEX.lastIndexOf('</body>'));

async function whole(served: ServedIndex): Promise<string> {
  return served.head + (await served.rest) + (await served.end);
}

/** A launch view that answers when the test says so. */
function controlled(): { view: () => Promise<LaunchView | null>; answer: (view: LaunchView | null) => void } {
  let answer: (view: LaunchView | null) => void = () => undefined;
  const promise = new Promise<LaunchView | null>((resolve) => {
    answer = resolve;
  });
  return { view: () => promise, answer };
}

/** A core answer (portfolio.cached, or the launch answer) given when the test says so. */
function controlledAnswer(): { promise: () => Promise<PortfolioView | null>; give: (view: PortfolioView) => void } {
  let give: (view: PortfolioView) => void = () => undefined;
  const answer = new Promise<PortfolioView | null>((resolve) => {
    give = resolve;
  });
  return { promise: () => answer, give };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('index.html as served (servedIndex)', () => {
  it("sends the head up to #root's opening at once, in the language main knows, before the view is decided", () => {
    const core = controlled();
    const served = servedIndex(INDEX, { lang: 'de-CH' }, core.view);
    expect(served.head).toBe(HEAD.replace('<html lang="en">', '<html lang="de-CH">'));
    expect(served.head).toContain('<script type="module" src="./assets/index.js"></script>');
    expect(served.head.endsWith('<div id="root"')).toBe(true);
  });

  it('sends the classic script with the rest, after the view, so the rows are parsed before it runs', async () => {
    const served = servedIndex(INDEX, { lang: 'en' }, async () => ({ markup: '<main>rows</main>', lang: 'en' }));
    expect(served.head).not.toContain('launch-requests.js');
    const rest = await served.rest;
    expect(rest.indexOf('<main>rows</main>')).toBeGreaterThanOrEqual(0);
    expect(rest.indexOf('<script src="/launch-requests.js">')).toBeGreaterThan(rest.indexOf('<main>rows</main>'));
  });

  it.each(['light', 'dark', 'system'] as const)('writes the %s theme main knows on <html>, in the head', (theme) => {
    const served = servedIndex(INDEX, { lang: 'de', theme }, controlled().view);
    expect(served.head).toContain(`<html lang="de" data-theme="${theme}">`);
    expect(served.head.match(/data-theme/g)).toHaveLength(1);
  });

  it('writes no theme for anything that is not system, light or dark', () => {
    // Settings are parsed with zod before they get here; checked again, since they are written into the page.
    const hostile = 'dark" onload="x' as 'dark';
    const served = servedIndex(INDEX, { lang: 'en" onload="x', theme: hostile }, controlled().view);
    expect(served.head).toBe(HEAD);
  });

  it('puts the launch view inside #root, marked for the page to adopt', async () => {
    const html = await whole(
      servedIndex(INDEX, { lang: 'de-CH' }, async () => ({ markup: '<main>rows</main>', lang: 'de-CH' })),
    );
    expect(html).toContain('<div id="root" data-launch="cached"><main>rows</main></div>');
    expect(html).toContain('<html lang="de-CH">');
    // Everything else as built: the same scripts in the same places.
    expect(html.replace('<main>rows</main>', '').replace(' data-launch="cached"', '').replace('de-CH', 'en')).toBe(
      INDEX,
    );
  });

  it('serves the rest as built when there is no view, or it fails', async () => {
    expect(await whole(servedIndex(INDEX, { lang: 'en' }, async () => null))).toBe(INDEX);
    expect(await whole(servedIndex(INDEX, { lang: 'en' }, () => Promise.reject(new Error('keychain refused'))))).toBe(
      INDEX,
    );
  });

  it('serves no view written in another language than the head says', async () => {
    const html = await whole(
      servedIndex(INDEX, { lang: 'en' }, async () => ({ markup: '<main>Zeilen</main>', lang: 'de' })),
    );
    expect(html).toBe(INDEX);
  });

  it('serves the rest as built at the bound, counted from the request, whatever the view does later', async () => {
    vi.useFakeTimers();
    const core = controlled();
    const served = servedIndex(INDEX, { lang: 'en' }, core.view);
    let rest: string | undefined;
    void served.rest.then((text) => (rest = text));
    await vi.advanceTimersByTimeAsync(LAUNCH_BODY_BOUND_MS - 1);
    expect(rest).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(rest).toBe(REST_AS_BUILT);
    core.answer({ markup: '<main>rows</main>', lang: 'en' });
    expect(await served.rest).toBe(REST_AS_BUILT);
    expect(await served.end).toBe(PAGE_END);
  });

  it('tells the view it is no longer wanted once the bound has passed, and not before', async () => {
    vi.useFakeTimers();
    let unwanted: AbortSignal | undefined;
    const core = controlled();
    servedIndex(INDEX, { lang: 'en' }, (signal) => {
      unwanted = signal;
      return core.view();
    });
    await vi.advanceTimersByTimeAsync(LAUNCH_BODY_BOUND_MS - 1);
    expect(unwanted?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(unwanted?.aborted).toBe(true);
  });

  it("reads no replacement pattern in the view's text ($' $& $`)", async () => {
    const markup = "<main>$' $& $` $1</main>";
    const html = await whole(servedIndex(INDEX, { lang: 'en' }, async () => ({ markup, lang: 'en' })));
    expect(html).toContain(`<div id="root" data-launch="cached">${markup}</div>`);
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('keeps the built lang, and serves no view, when the language is not a language tag', async () => {
    const html = await whole(
      servedIndex(INDEX, { lang: 'en" onload="x' }, async () => ({ markup: '<main></main>', lang: 'en" onload="x' })),
    );
    expect(html).toBe(INDEX);
  });

  it('serves a page without #root as it is, asking for no view', async () => {
    const launchView = vi.fn(async () => ({ markup: '<main></main>', lang: 'en' }));
    const page = '<!doctype html><html lang="en"><body><p>other</p></body></html>';
    expect(await whole(servedIndex(page, { lang: 'en' }, launchView))).toBe(page);
    expect(launchView).not.toHaveBeenCalled();
  });
});

describe('index.html as a stream (streamedIndex)', () => {
  it('gives the head as its first chunk while the view is undecided, then the rest, then ends', async () => {
    const core = controlled();
    const reader = streamedIndex(servedIndex(INDEX, { lang: 'en' }, core.view)).getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe(HEAD);
    core.answer({ markup: '<main>rows</main>', lang: 'en' });
    const second = await reader.read();
    expect(decoder.decode(second.value)).toBe(
      ` data-launch="cached"><main>rows</main></div>${REST_AS_BUILT.slice('></div>'.length)}`,
    );
    expect(decoder.decode((await reader.read()).value)).toBe(PAGE_END);
    expect((await reader.read()).done).toBe(true);
  });

  it('writes nothing into a body the window cancelled while the view was awaited, and nothing rejects', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', note);
    try {
      const core = controlled();
      const reader = streamedIndex(servedIndex(INDEX, { lang: 'en' }, core.view)).getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe(HEAD);
      await reader.cancel();
      core.answer({ markup: '<main>rows</main>', lang: 'en' });
      // An unhandled rejection is reported once the microtasks have run and a macrotask has passed.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });
});

describe("index.html's third part: this run's balances (servedIndex with `fresh`)", () => {
  const cachedView = { markup: '<main>cached</main>', lang: 'en' };
  const freshView = {
    markup: '<main>fresh</main>',
    lang: 'en',
    marks: ' data-launch="fresh" data-launch-account="a-1"',
  };
  const FRESH_PART = '<div id="launch-fresh" data-launch="fresh" data-launch-account="a-1"><main>fresh</main></div>';
  const fresh = (view: (unwanted: AbortSignal) => Promise<LaunchView | null>, boundMs = LAUNCH_FRESH_BOUND_MS) => ({
    view,
    boundMs,
  });

  it('ends the page with them after the classic script, before </body>, when they come after the rest', async () => {
    const core = controlled();
    const later = controlled();
    const served = servedIndex(INDEX, { lang: 'en' }, core.view, fresh(later.view));
    core.answer(cachedView);
    const rest = await served.rest;
    expect(rest).toContain('data-launch="cached"><main>cached</main></div>');
    expect(rest).not.toContain('</body>');
    let end: string | undefined;
    void served.end.then((text) => (end = text));
    await Promise.resolve();
    expect(end).toBeUndefined();
    later.answer(freshView);
    expect(await served.end).toBe(FRESH_PART + PAGE_END);
    const html = await whole(served);
    expect(html.indexOf(FRESH_PART)).toBeGreaterThan(html.indexOf('<script src="/launch-requests.js">'));
    expect(html.indexOf(FRESH_PART)).toBeLessThan(html.indexOf('</body>'));
  });

  it('serves them in #root in place of the last known ones when main has them as the rest is written', async () => {
    const served = servedIndex(
      INDEX,
      { lang: 'en' },
      async () => cachedView,
      fresh(async () => freshView),
    );
    const html = await whole(served);
    expect(html).toContain('<div id="root" data-launch="fresh" data-launch-account="a-1"><main>fresh</main></div>');
    expect(html).not.toContain('cached');
    expect(html).not.toContain('launch-fresh');
    expect(await served.end).toBe(PAGE_END);
  });

  it('writes them into #root in the task they were decided in: a lock before the last known ones answer comes after', async () => {
    // Main's own views (launch-view.ts), over a session the test locks between the two answers.
    const portfolio: PortfolioView = {
      accountGuid: 'account-1',
      totalBalanceUsd: '10',
      dailyProfitUsd: '0',
      wallets: [],
      fetchedAt: '2026-11-23T09:00:00.000Z',
    };
    let status: SessionView['status'] = 'signed-in';
    const session = {
      view: (): SessionView => ({
        status,
        user: null,
        accounts: [],
        activeAccountGuid: 'account-1',
        keychain: 'available',
      }),
      ready: async () => undefined,
      restoreState: () => null,
      onChange: () => () => undefined,
    };
    const preferences = (): Preferences => ({
      theme: 'system',
      language: 'en',
      privacyMode: false,
      idleLockMinutes: 15,
    });
    const cachedAnswer = controlledAnswer();
    const freshAnswer = controlledAnswer();
    const served = servedIndex(
      INDEX,
      { lang: 'en-US' },
      (unwanted) =>
        launchViewOf({ session, cached: cachedAnswer.promise, preferences, systemLocales: ['en-US'], unwanted }),
      fresh((unwanted) =>
        launchFreshViewOf({ session, fresh: freshAnswer.promise, preferences, systemLocales: ['en-US'], unwanted }),
      ),
    );
    const written: Array<{ status: SessionView['status']; rest: string }> = [];
    void served.rest.then((rest) => written.push({ status, rest }));
    freshAnswer.give(portfolio);
    await new Promise((resolve) => setImmediate(resolve));
    status = 'locked';
    cachedAnswer.give(portfolio);
    await served.end;
    expect(written).toEqual([{ status: 'signed-in', rest: expect.stringContaining('data-balances="fresh"') }]);
  });

  it('ends the page without them at their bound, counted from the request, and tells the view so', async () => {
    vi.useFakeTimers();
    const later = controlled();
    let unwanted: AbortSignal | undefined;
    const served = servedIndex(
      INDEX,
      { lang: 'en' },
      async () => cachedView,
      fresh((signal) => {
        unwanted = signal;
        return later.view();
      }),
    );
    let end: string | undefined;
    void served.end.then((text) => (end = text));
    await vi.advanceTimersByTimeAsync(LAUNCH_FRESH_BOUND_MS - 1);
    expect(end).toBeUndefined();
    expect(unwanted?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(end).toBe(PAGE_END);
    expect(unwanted?.aborted).toBe(true);
    later.answer(freshView);
    expect(await served.end).toBe(PAGE_END);
  });

  it('serves them in no other language than the head says, in #root or after it', async () => {
    const german = { ...freshView, lang: 'de' };
    expect(
      await whole(
        servedIndex(
          INDEX,
          { lang: 'en' },
          async () => null,
          fresh(async () => german),
        ),
      ),
    ).toBe(INDEX);
    const core = controlled();
    const late = servedIndex(
      INDEX,
      { lang: 'en' },
      core.view,
      fresh(async () => german),
    );
    core.answer(null);
    expect(await late.end).toBe(PAGE_END);
  });

  it('ends the page as built when the fresh view fails', async () => {
    const served = servedIndex(
      INDEX,
      { lang: 'en' },
      async () => null,
      fresh(() => Promise.reject(new Error('x'))),
    );
    expect(await whole(served)).toBe(INDEX);
  });

  it('writes nothing into a body cancelled while they were awaited, and stops their build', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', note);
    try {
      const later = controlled();
      let unwanted: AbortSignal | undefined;
      const served = servedIndex(
        INDEX,
        { lang: 'en' },
        async () => cachedView,
        fresh((signal) => {
          unwanted = signal;
          return later.view();
        }),
      );
      const reader = streamedIndex(served).getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe(HEAD);
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('cached');
      await reader.cancel();
      expect(unwanted?.aborted).toBe(true);
      later.answer(freshView);
      await served.end;
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });
});

describe('index.html from what main knows (servedIndexFor)', () => {
  const view = { markup: '<main>rows</main>', lang: 'en' };

  it('serves the view when privacy mode is known off', async () => {
    const launchView = vi.fn(async () => view);
    const served = servedIndexFor(INDEX, {
      launchView,
      lang: () => 'en',
      privacyMode: () => false,
      theme: () => 'dark',
    });
    const html = await whole(served);
    expect(html).toContain('<div id="root" data-launch="cached"><main>rows</main></div>');
    expect(html).toContain('<html lang="en" data-theme="dark">');
    expect(launchView).toHaveBeenCalledOnce();
  });

  it.each([true, undefined])(
    'with privacy mode %s gives the page as built without asking the core for a view',
    async (privacyMode) => {
      // A core that never answers: the rest must not wait for it (nor for the bound).
      const launchView = vi.fn(() => new Promise<LaunchView | null>(() => undefined));
      const freshView = vi.fn(() => new Promise<LaunchView | null>(() => undefined));
      const served = servedIndexFor(INDEX, {
        launchView,
        freshView,
        lang: () => 'en',
        privacyMode: () => privacyMode,
        theme: () => 'system',
      });
      expect(await whole(served)).toBe(INDEX.replace('<html lang="en">', '<html lang="en" data-theme="system">'));
      expect(launchView).not.toHaveBeenCalled();
      expect(freshView).not.toHaveBeenCalled();
    },
  );

  it("asks for this run's balances beside the last known ones when privacy mode is known off", async () => {
    const freshView = vi.fn(async () => ({ markup: '<main>fresh</main>', lang: 'en', marks: ' data-launch="fresh"' }));
    const served = servedIndexFor(INDEX, {
      launchView: async () => view,
      freshView,
      lang: () => 'en',
      privacyMode: () => false,
      theme: () => 'system',
    });
    expect(await whole(served)).toContain('<div id="root" data-launch="fresh"><main>fresh</main></div>');
    expect(freshView).toHaveBeenCalledOnce();
  });
});
