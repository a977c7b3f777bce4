import { z } from 'zod';
import { measured, type FigureModule } from './support/figure';
import { signInOnce } from './support/browser-app';
import { summarize } from './support/stats';

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
  const marks = { bridge: [] };
  Object.defineProperty(window, '__benchBalances', { value: marks });
  // Where the time goes: when each bridge answer (harness transport) is parsed in the page.
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
  const paintedAfter = (key) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { marks[key] = performance.now(); };
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
    marks.documentAt = navigation ? navigation.responseEnd : -1;
    marks.scripts = performance.getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ name: entry.name.slice(entry.name.lastIndexOf('/') + 1), requested: Math.round(entry.startTime), at: Math.round(entry.responseEnd) }));
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
  documentAt: z.number(),
  scripts: z.array(z.object({ name: z.string(), requested: z.number(), at: z.number() })),
  bridge: z.array(z.object({ operation: z.string(), at: z.number() })),
});
type Marks = z.infer<typeof Marks>;

/**
 * What a script is for, by its file name (bundle names carry a hash): the harness's preload (parser-blocking,
 * the renderer's scripts are requested once it has run), the launch-requests script that asks main's start-up
 * questions, the first script (launch paint, no React) and the app's script (React and the app). Null for the
 * rest (the theme boot, lazily loaded screens and pictures).
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
    note('index.html received', run.documentAt);
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

/** From the preload script received to the renderer script requested: the parser waiting on the harness's preload. */
function preloadHoldMs(runs: readonly Marks[]): number {
  const holds = runs.flatMap((run) => {
    const preload = run.scripts.find((script) => script.name.startsWith('preload'));
    const renderer = run.scripts.find((script) => scriptRole(script.name) === 'first script');
    return preload && renderer ? [renderer.requested - preload.at] : [];
  });
  return holds.length > 0 ? summarize(holds).median : Number.NaN;
}

export const balancesPaint: FigureModule = {
  id: 'balances-paint',
  async measure({ sandbox, quick, progress }) {
    progress('balances: signing in once through the sandbox provider');
    const user = await signInOnce(sandbox);
    const runs = quick ? 3 : 10;
    const painted: number[] = [];
    const inserted: number[] = [];
    const freshPainted: number[] = [];
    let cachedFirst = 0;
    const allMarks: Marks[] = [];
    try {
      // Run 0 warms Node's and Chromium's compilers and is not counted.
      for (let run = 0; run <= runs; run += 1) {
        progress(`balances: relaunch ${run === 0 ? 'warm-up' : `${run} of ${runs}`}`);
        const launched = await user.launch(OBSERVER);
        try {
          await launched.page.goto(launched.app.url);
          await launched.page
            .waitForFunction(
              () =>
                (window as unknown as { __benchBalances?: { freshPaintedAt?: number } }).__benchBalances
                  ?.freshPaintedAt !== undefined,
              undefined,
              { timeout: 30_000 },
            )
            .catch(async (error: unknown) => {
              const text = await launched.page.evaluate(() =>
                document.body.innerText.replace(/\s+/g, ' ').slice(0, 300),
              );
              throw new Error(`no balances painted within 30 s; the page says: ${text}`, { cause: error });
            });
          if (launched.app.externalUrls.length > 0)
            throw new Error('the relaunched app asked the user to sign in again');
          const marks = Marks.parse(
            await launched.page.evaluate(() => (window as unknown as { __benchBalances: unknown }).__benchBalances),
          );
          if (run > 0) {
            painted.push(marks.paintedAt);
            inserted.push(marks.rowAt);
            freshPainted.push(marks.freshPaintedAt);
            if (marks.firstRowWasCached) cachedFirst += 1;
            allMarks.push(marks);
          }
        } finally {
          await launched.close();
        }
      }
    } finally {
      await user.close();
    }
    const method = `Signed in once; then ${runs} relaunches (after one warm-up): a new main-process core restoring the session from the stored refresh token, a fresh Chromium context (empty cache) navigating to the app. In the page, a MutationObserver installed before any app script notes performance.now() (zero = navigation start) when a wallet row of "Wallets" is in the DOM; the figure is the end of the next animation frame after it.`;
    return [
      measured(
        {
          id: 'balances-first-paint',
          title: 'Session restored → last known balances painted',
          unit: 'ms',
          target: { value: 150 },
          method: `${method} First row of any kind: the last known balances kept (encrypted) on disk, painted while the session is restored.`,
          note: `${cachedFirst} of ${runs} runs painted the last known balances before the fresh ones; first row in the DOM: median ${summarize(inserted).median.toFixed(0)} ms. The session restore starts with the core, while the harness bundles the preload, as it does while Electron creates the window. The harness's preload (parser-blocking) holds the page for a median ${preloadHoldMs(allMarks).toFixed(0)} ms; details.medianTimelineMs shows where the rest goes`,
          details: { rowInDomMs: summarize(inserted), samplesMs: painted, medianTimelineMs: timeline(allMarks) },
        },
        summarize(painted),
      ),
      measured(
        {
          id: 'balances-fresh-paint',
          title: 'Session restored → fresh balances painted',
          unit: 'ms',
          target: { value: 300 },
          method: `${method} First row of this run's GET /wallets answer (the table's data-balances="fresh").`,
          details: { samplesMs: freshPainted },
        },
        summarize(freshPainted),
      ),
    ];
  },
};
