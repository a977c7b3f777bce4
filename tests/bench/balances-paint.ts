import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ratioFigure, type FigureModule } from './support/figure';
import { signInOnce, type SignedInUser } from './support/browser-app';
import { summarize } from './support/stats';
import { writeTrace } from './support/traces';
import { traceNavigation, type TraceSummary } from './support/chromium-trace';

/** A wallet row of Home's "Wallets" table; the loading skeleton rows are aria-hidden. */
const BALANCE_ROW = 'table[aria-label="Wallets"] tbody tr:not([aria-hidden="true"])';
/** The same, once the table shows this run's answer rather than the last known balances (data-balances). */
const FRESH_ROW = 'table[aria-label="Wallets"][data-balances="fresh"] tbody tr:not([aria-hidden="true"])';

/**
 * Installed before the app's scripts: records, on the page's own clock (performance.now() counts from
 * navigation start), when the first balance row enters the DOM and when the frame showing it has been
 * painted (the task after the next animation frame). A string, so no bundler helper leaks into the page.
 */
const OBSERVER = `(() => {
  const marks = { bridge: [], asked: [] };
  Object.defineProperty(window, '__benchBalances', { value: marks });
  let freshPainted;
  Object.defineProperty(window, '__benchBalancesPainted', { value: new Promise((resolve) => { freshPainted = resolve; }) });
  // Where the time goes: when each bridge question leaves the page, and when its answer (harness transport)
  // is parsed in the page.
  const fetchNow = window.fetch;
  window.fetch = function (input, ...rest) {
    const url = String(input instanceof Request ? input.url : input);
    const at = url.indexOf('/__bridge/invoke/');
    if (at >= 0) marks.asked.push({ operation: decodeURIComponent(url.slice(at + 17)), at: Math.round(performance.now()) });
    return fetchNow.call(this, input, ...rest);
  };
  const json = Response.prototype.json;
  Response.prototype.json = function (...args) {
    const parsed = json.apply(this, args);
    const at = this.url.indexOf('/__bridge/invoke/');
    if (at >= 0) {
      const operation = decodeURIComponent(this.url.slice(at + 17));
      parsed.then(() => marks.bridge.push({ operation, at: Math.round(performance.now()) }), () => undefined);
    }
    return parsed;
  };
  document.addEventListener('DOMContentLoaded', () => { marks.domContentLoadedAt = performance.now(); });
  // When each answer reached the browser, however busy the page's thread was then: noted once the fresh rows
  // are painted, after the mark, since an answer's entry joins the timeline only once the page's thread has
  // read it (at the first row, the app's had mostly not, and the timeline showed none).
  const noteDelivered = () => {
    marks.delivered = performance.getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/__bridge/invoke/'))
      .map((entry) => ({ operation: decodeURIComponent(entry.name.slice(entry.name.indexOf('/__bridge/invoke/') + 17)), at: Math.round(entry.responseEnd) }));
  };
  // Noted at the first row, and again once the fresh rows are painted: the launch script stands after #root
  // (src-renderer/index.html) and is asked for only once the served rows are in, so at the first row it has not
  // been requested yet.
  const noteScripts = () => {
    marks.scripts = performance.getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ name: entry.name.slice(entry.name.lastIndexOf('/') + 1), requested: Math.round(entry.startTime), at: Math.round(entry.responseEnd) }));
  };
  const paintedAfter = (key) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      marks[key] = performance.now();
      if (key !== 'freshPaintedAt') return;
      noteDelivered();
      noteScripts();
      freshPainted();
    };
    channel.port2.postMessage(null);
  });
  const observer = new MutationObserver(() => {
    if (marks.freshRowAt === undefined && document.querySelector(${JSON.stringify(FRESH_ROW)})) {
      marks.freshRowAt = performance.now();
      marks.firstRowWasCached = marks.rowAt !== undefined;
      paintedAfter('freshPaintedAt');
      observer.disconnect();
    }
    if (marks.rowAt !== undefined || !document.querySelector(${JSON.stringify(BALANCE_ROW)})) return;
    marks.rowAt = performance.now();
    marks.firstRowWasCached = !document.querySelector(${JSON.stringify(FRESH_ROW)});
    const navigation = performance.getEntriesByType('navigation')[0];
    // index.html streams its head at once and its body (the served rows) once main has decided: its first bytes
    // and its last, so the timeline tells main's wait for the view from the page's own wait to parse it.
    marks.documentFirstBytesAt = navigation ? navigation.responseStart : -1;
    marks.documentAt = navigation ? navigation.responseEnd : -1;
    noteScripts();
    paintedAfter('paintedAt');
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-balances'] });
})();`;

const Marks = z.object({
  rowAt: z.number(),
  paintedAt: z.number(),
  freshRowAt: z.number(),
  freshPaintedAt: z.number(),
  firstRowWasCached: z.boolean(),
  domContentLoadedAt: z.number(),
  documentFirstBytesAt: z.number(),
  documentAt: z.number(),
  scripts: z.array(z.object({ name: z.string(), requested: z.number(), at: z.number() })),
  bridge: z.array(z.object({ operation: z.string(), at: z.number() })),
  asked: z.array(z.object({ operation: z.string(), at: z.number() })),
  delivered: z.array(z.object({ operation: z.string(), at: z.number() })),
});

/** The floors' pages, written into out/renderer so the harness serves them as it serves the app. */
const LAUNCH_FLOOR = 'bench-floor-launch.html';
const FRESH_FLOOR = 'bench-floor-fresh.html';

/** The stylesheets index.html links, so the floors lay out and paint the rows as the app does. */
async function stylesheets(rendererDir: string): Promise<string> {
  const html = await readFile(join(rendererDir, 'index.html'), 'utf8');
  return [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((match) => match[0]).join('\n    ');
}

/**
 * The floors, from what the app itself painted (its #root once the fresh balances were on screen, so the same
 * wallet rows with the same classes): the launch floor is that markup as a static page, no script of its own;
 * the fresh floor is an empty page whose one inline script asks the bridge, as the app's page does, for the
 * session and then the wallets (one GET /wallets through the same harness, core and sandbox), then puts the
 * same markup in. The harness serves both as it serves the app, its preload put at the end of the head of
 * each, the app's page included (harness-server.ts, withHarnessPreload): the app's window runs its preload
 * without a request, so that parser-blocking request is the harness's cost, not the app's, and each floor
 * carries it too. Nothing a perfect renderer could skip.
 */
async function writeFloors(rendererDir: string, painted: { root: string; htmlAttributes: string }): Promise<void> {
  const head = `<!doctype html>
<html ${painted.htmlAttributes}>
  <head>
    <meta charset="UTF-8" />
    <title>Wallet Desk floor</title>
    ${await stylesheets(rendererDir)}
  </head>`;
  await writeFile(
    join(rendererDir, LAUNCH_FLOOR),
    `${head}\n  <body><div id="root">${painted.root}</div></body>\n</html>\n`,
  );
  const script = `(async () => {
  const answer = (operation, result) => {
    if (!result.ok) throw new Error(operation + ' answered ' + JSON.stringify(result.error));
    return result.value;
  };
  answer('session.get', await window.wallet.session.get());
  answer('portfolio.wallets', await window.wallet.portfolio.wallets());
  document.getElementById('root').innerHTML = ${JSON.stringify(painted.root).replace(/</g, '\\u003c')};
})();`;
  await writeFile(
    join(rendererDir, FRESH_FLOOR),
    `${head}\n  <body><div id="root"></div><script>${script}</script></body>\n</html>\n`,
  );
}

type Launched = Awaited<ReturnType<SignedInUser['launch']>>;

/** Opens `url` in a freshly launched app and returns the observer's marks once the fresh rows are painted. */
async function paintOnce(launched: Launched, url: string): Promise<Marks> {
  await launched.page.goto(url);
  // Awaited in the page rather than polled with waitForFunction: that injects Playwright's own script (some
  // 330 kB, 15-20 ms of the page's main thread) whenever its message arrives, which on the app's page fell
  // between the first row and the frame showing it (bench/traces/balances-paint.trace.json).
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out after 30 s')), 30_000);
  });
  await Promise.race([
    launched.page.evaluate(
      () => (window as unknown as { __benchBalancesPainted: Promise<void> }).__benchBalancesPainted,
    ),
    timedOut,
  ])
    .catch(async (error: unknown) => {
      const text = await launched.page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 300));
      throw new Error(`no balances painted within 30 s at ${url}; the page says: ${text}`, { cause: error });
    })
    .finally(() => clearTimeout(timer));
  if (launched.app.externalUrls.length > 0) throw new Error('the relaunched app asked the user to sign in again');
  const raw = (await launched.page.evaluate(
    () => (window as unknown as { __benchBalances: unknown }).__benchBalances,
  )) as Record<string, unknown>;
  // The floors load no script of the app: no script timeline to note.
  return Marks.parse({
    domContentLoadedAt: -1,
    documentFirstBytesAt: -1,
    documentAt: -1,
    scripts: [],
    delivered: [],
    firstRowWasCached: false,
    ...raw,
  });
}
type Marks = z.infer<typeof Marks>;

/**
 * What a script is for, by its file name (bundle names carry a hash): the harness's preload (parser-blocking,
 * at the end of the head), the launch-requests script after #root that asks main's start-up questions, the
 * first script (launch paint, no React) and the app's script (React and the app). Null for the rest (lazily
 * loaded screens and pictures).
 */
function scriptRole(name: string): string | null {
  if (name.startsWith('preload')) return 'preload script';
  if (name.startsWith('launch-requests')) return 'launch-requests script';
  if (name.startsWith('index-')) return 'first script';
  if (name.startsWith('render-app-')) return 'app script';
  return null;
}

/** The median moment of each milestone over the runs, to show where the time goes. */
function timeline(runs: readonly Marks[]): Record<string, number> {
  const milestones = new Map<string, number[]>();
  const note = (name: string, at: number): void => {
    milestones.set(name, [...(milestones.get(name) ?? []), at]);
  };
  for (const run of runs) {
    note("index.html's first bytes (its head) received", run.documentFirstBytesAt);
    note('index.html received whole (its body with the served rows)', run.documentAt);
    // Hashed bundle names differ between builds; the role of each script is what matters.
    for (const script of run.scripts) {
      const role = scriptRole(script.name);
      if (role === null) continue;
      note(`${role} requested`, script.requested);
      note(`${role} received`, script.at);
    }
    note('DOMContentLoaded (first script evaluated)', run.domContentLoadedAt);
    const firsts = new Map<string, number>();
    for (const answer of run.bridge) if (!firsts.has(answer.operation)) firsts.set(answer.operation, answer.at);
    for (const [operation, at] of firsts) note(`answer ${operation}`, at);
    const asked = new Map<string, number>();
    for (const question of run.asked) if (!asked.has(question.operation)) asked.set(question.operation, question.at);
    for (const [operation, at] of asked) note(`ask ${operation}`, at);
    const delivered = new Map<string, number>();
    for (const answer of run.delivered)
      if (!delivered.has(answer.operation)) delivered.set(answer.operation, answer.at);
    for (const [operation, at] of delivered) note(`answer ${operation} reached the browser`, at);
    note('first wallet row in DOM', run.rowAt);
    note('painted', run.paintedAt);
    note('first fresh wallet row in DOM', run.freshRowAt);
    note('fresh painted', run.freshPaintedAt);
  }
  return Object.fromEntries(
    [...milestones]
      .map(([name, values]) => [name, Math.round(summarize(values).median)] as const)
      .sort((a, b) => a[1] - b[1]),
  );
}

/** The harness's preload, requested to received: a round trip the app's window does not make (the floors carry it). */
function preloadTripMs(runs: readonly Marks[]): number {
  const trips = runs.flatMap((run) => {
    const preload = run.scripts.find((script) => script.name.startsWith('preload'));
    return preload ? [preload.at - preload.requested] : [];
  });
  return trips.length > 0 ? summarize(trips).median : Number.NaN;
}

/**
 * One more relaunch of the app, not counted, under the renderer's CPU profiler (CDP), from navigation to the
 * fresh rows painted: what the page's main thread did meanwhile (bench/traces/balances-paint.cpuprofile).
 */
async function profileOnce(user: SignedInUser, root: string): Promise<void> {
  const launched = await user.launch(OBSERVER);
  try {
    const cdp = await launched.page.context().newCDPSession(launched.page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
    await paintOnce(launched, launched.app.url);
    const { profile } = await cdp.send('Profiler.stop');
    await writeTrace(root, 'balances-paint.cpuprofile', profile);
  } finally {
    await launched.close();
  }
}

/**
 * One more relaunch, not counted, under a Chromium performance trace, from navigation to the fresh rows painted:
 * what the page's main thread did, style, layout, paint and parsing included (a CPU profile shows those as
 * "(program)").
 */
async function traceOnce(user: SignedInUser, page: string): Promise<TraceSummary & { marks: Partial<Marks> }> {
  const launched = await user.launch(OBSERVER);
  try {
    const url = `${launched.app.url}${page}`;
    const { result, trace } = await traceNavigation(user.browser, launched.page, url, () => paintOnce(launched, url));
    // The observer's own marks of this run, to place them among the trace's events.
    const { rowAt, paintedAt, freshRowAt, freshPaintedAt, bridge } = result;
    return { ...trace, marks: { rowAt, paintedAt, freshRowAt, freshPaintedAt, bridge } };
  } finally {
    await launched.close();
  }
}

/**
 * The trace, or why there is none: it only shows where the time goes, so a trace Chromium writes in a shape
 * chromium-trace.ts does not read must not cost the figures measured before it.
 */
async function traceOrWhyNot(user: SignedInUser, page: string): Promise<object> {
  try {
    return await traceOnce(user, page);
  } catch (error) {
    return { traceFailed: error instanceof Error ? error.message : String(error) };
  }
}

type Kind = 'app' | 'launch floor' | 'fresh floor';

export const balancesPaint: FigureModule = {
  id: 'balances-paint',
  async measure({ root, sandbox, quick, progress }) {
    progress('balances: signing in once through the sandbox provider');
    const user = await signInOnce(sandbox);
    const rendererDir = join(root, 'out/renderer');
    // Pairs of one relaunch each spread over 0.9-1.4x of the floor, so a median of 10 sat within its own spread of
    // the 1.3x target (1.06-1.31x in four whole runs, the highest beside two burners); 25 narrow that spread by
    // about a third, at some 3 s a round.
    const runs = quick ? 3 : 25;
    const samples = new Map<Kind, Marks[]>([
      ['app', []],
      ['launch floor', []],
      ['fresh floor', []],
    ]);
    try {
      // Run 0 warms Node's and Chromium's compilers, is not counted, and gives the floors the app's own rows.
      progress('balances: warm-up relaunch');
      const warm = await user.launch(OBSERVER);
      try {
        await paintOnce(warm, warm.app.url);
        await writeFloors(
          rendererDir,
          await warm.page.evaluate(() => ({
            root: document.getElementById('root')?.innerHTML ?? '',
            htmlAttributes: [...document.documentElement.attributes]
              .map((attribute) => `${attribute.name}="${attribute.value.replace(/"/g, '&quot;')}"`)
              .join(' '),
          })),
        );
      } finally {
        await warm.close();
      }
      const kinds: Kind[] = ['app', 'launch floor', 'fresh floor'];
      for (let run = 1; run <= runs; run += 1) {
        progress(`balances: relaunch ${run} of ${runs}, app and both floors`);
        // Interleaved, the order turning each run, so the machine's load falls on all three alike.
        const order = kinds.map((_, index) => kinds[(index + run) % kinds.length]!);
        for (const kind of order) {
          const launched = await user.launch(OBSERVER);
          try {
            const page = kind === 'app' ? '' : kind === 'launch floor' ? LAUNCH_FLOOR : FRESH_FLOOR;
            samples.get(kind)!.push(await paintOnce(launched, `${launched.app.url}${page}`));
          } finally {
            await launched.close();
          }
        }
      }
      progress('balances: one more relaunch of the app under the CPU profiler, not counted');
      // Like the trace, the profile only shows where the time goes: its failure must not cost the figures.
      await profileOnce(user, root).catch((error: unknown) =>
        writeTrace(root, 'balances-paint.cpuprofile.failed.json', {
          profileFailed: error instanceof Error ? error.message : String(error),
        }),
      );
      progress('balances: one more relaunch of the app and of each floor under a Chromium trace, not counted');
      await writeTrace(root, 'balances-paint.trace.json', {
        about:
          "One relaunch each of the app and of both floors under a Chromium performance trace (tracing slows the page: read it for where the time goes, not for how much): the page's main-thread events over 1 ms (depth 0 = a task of its own, deeper = inside it), the trace's milestones and the observer's marks (first row in the DOM, painted, answers parsed), in ms from navigation start (the page's performance.now()).",
        app: await traceOrWhyNot(user, ''),
        launchFloor: await traceOrWhyNot(user, LAUNCH_FLOOR),
        freshFloor: await traceOrWhyNot(user, FRESH_FLOOR),
      });
    } finally {
      await rm(join(rendererDir, LAUNCH_FLOOR), { force: true });
      await rm(join(rendererDir, FRESH_FLOOR), { force: true });
      await user.close();
    }
    const app = samples.get('app')!;
    const launchFloor = samples.get('launch floor')!;
    const freshFloor = samples.get('fresh floor')!;
    await writeTrace(root, 'balances-paint.json', {
      about:
        'Per run, on the page clock (ms from navigation start): when each script was requested and received, each bridge question asked and answered, the first row in the DOM and painted; for the app and both floors.',
      app,
      launchFloor,
      freshFloor,
    });
    const cachedFirst = app.filter((marks) => marks.firstRowWasCached).length;
    const inserted = app.map((marks) => marks.rowAt);
    const method = `Signed in once; then ${runs} rounds (after one warm-up) of three relaunches each, order turning: a new main-process core restoring the session from the stored refresh token and a fresh Chromium context (empty cache) navigating to a page of the harness. In the page, a MutationObserver installed before any script notes performance.now() (zero = navigation start) when a wallet row of "Wallets" is in the DOM; the time is the end of the next animation frame after it.`;
    return [
      ratioFigure({
        id: 'balances-first-paint',
        title: 'Session restored → last known balances painted',
        target: { value: 1.3 },
        method: `${method} App: first row of any kind (the last known balances kept encrypted on disk, painted while the session is restored). Floor: a static page of the same harness holding the rows the app painted (its markup and stylesheets), no script of its own, with the harness's preload as the app's page has it (a request the app's window does not make).`,
        app: app.map((marks) => marks.paintedAt),
        floor: launchFloor.map((marks) => marks.paintedAt),
        note: `${cachedFirst} of ${runs} runs painted the last known balances before the fresh ones; first row in the DOM: median ${summarize(inserted).median.toFixed(0)} ms. The harness's preload, a request the app's window does not make (the floors carry it too), took a median ${preloadTripMs(app).toFixed(0)} ms from request to received; details.medianTimelineMs shows where the rest goes (every run in bench/traces/balances-paint.json)`,
        details: { rowInDomMs: summarize(inserted), medianTimelineMs: timeline(app) },
      }),
      ratioFigure({
        id: 'balances-fresh-paint',
        title: 'Session restored → fresh balances painted',
        target: { value: 1.3 },
        method: `${method} App: first row of this run's GET /wallets answer (the table's data-balances="fresh"). Floor: a page of the same harness, with its preload, whose one inline script asks the bridge for session.get and then portfolio.wallets (one GET /wallets through the same harness, core and sandbox) and then puts in the same rows.`,
        app: app.map((marks) => marks.freshPaintedAt),
        floor: freshFloor.map((marks) => marks.freshPaintedAt),
        details: {
          floorBridgeMs: freshFloor.map((marks) => marks.bridge),
          appBridgeMs: app.map((marks) => marks.bridge),
        },
      }),
    ];
  },
};
