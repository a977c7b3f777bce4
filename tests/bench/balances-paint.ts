import { z } from 'zod';
import { measured, type FigureModule } from './support/figure';
import { signInOnce } from './support/browser-app';
import { summarize } from './support/stats';

/** A wallet row of Home's "Wallets" table; the loading skeleton rows are aria-hidden. */
const BALANCE_ROW = 'table[aria-label="Wallets"] tbody tr:not([aria-hidden="true"])';

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
  const observer = new MutationObserver(() => {
    if (marks.rowAt !== undefined || !document.querySelector(${JSON.stringify(BALANCE_ROW)})) return;
    marks.rowAt = performance.now();
    observer.disconnect();
    const navigation = performance.getEntriesByType('navigation')[0];
    marks.documentAt = navigation ? navigation.responseEnd : -1;
    marks.scripts = performance.getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ name: entry.name.slice(entry.name.lastIndexOf('/') + 1), requested: Math.round(entry.startTime), at: Math.round(entry.responseEnd) }));
    requestAnimationFrame(() => {
      marks.frameAt = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { marks.paintedAt = performance.now(); };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

const Marks = z.object({
  rowAt: z.number(),
  frameAt: z.number(),
  paintedAt: z.number(),
  domContentLoadedAt: z.number(),
  documentAt: z.number(),
  scripts: z.array(z.object({ name: z.string(), requested: z.number(), at: z.number() })),
  bridge: z.array(z.object({ operation: z.string(), at: z.number() })),
});
type Marks = z.infer<typeof Marks>;

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
      // The harness's preload is a parser-blocking script: the renderer script is requested once it has run.
      const role = script.name.startsWith('preload') ? 'preload' : 'renderer';
      note(`${role} script requested`, script.requested);
      note(`${role} script received`, script.at);
    }
    note('DOMContentLoaded (renderer script evaluated)', run.domContentLoadedAt);
    const firsts = new Map<string, number>();
    for (const answer of run.bridge) if (!firsts.has(answer.operation)) firsts.set(answer.operation, answer.at);
    for (const [operation, at] of firsts) note(`answer ${operation}`, at);
    note('first wallet row in DOM', run.rowAt);
    note('painted', run.paintedAt);
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
    const renderer = run.scripts.find((script) => !script.name.startsWith('preload'));
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
                (window as unknown as { __benchBalances?: { paintedAt?: number } }).__benchBalances?.paintedAt !==
                undefined,
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
            allMarks.push(marks);
          }
        } finally {
          await launched.close();
        }
      }
    } finally {
      await user.close();
    }
    return [
      measured(
        {
          id: 'balances-first-paint',
          title: 'Session restored → first balances painted',
          unit: 'ms',
          target: { value: 400 },
          method: `Signed in once; then ${runs} relaunches (after one warm-up): a new main-process core restoring the session from the stored refresh token, a fresh Chromium context (empty cache) navigating to the app. In the page, a MutationObserver installed before any app script notes performance.now() (zero = navigation start) when the first wallet row of "Wallets" is in the DOM; the figure is the end of the next animation frame after it.`,
          note: `first row in the DOM: median ${summarize(inserted).median.toFixed(0)} ms. The session restore starts with the core, while the harness bundles the preload, as it does while Electron creates the window. Of the total, the harness's preload (the real one, bundled with its loopback shim; parser-blocking) holds the page for a median ${preloadHoldMs(allMarks).toFixed(0)} ms; details.medianTimelineMs shows where the rest goes`,
          details: { rowInDomMs: summarize(inserted), samplesMs: painted, medianTimelineMs: timeline(allMarks) },
        },
        summarize(painted),
      ),
    ];
  },
};
