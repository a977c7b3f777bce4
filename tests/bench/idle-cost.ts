import { setTimeout as sleep } from 'node:timers/promises';
import type { CDPSession, Page } from 'playwright-core';
import type { SandboxUser } from '../e2e/support/signed-in-app';
import { z } from 'zod';
import { completeBrowserSignIn } from '../e2e/support/signed-in-app';
import { signInOnce, type SignedInUser } from './support/browser-app';
import { measured, type FigureModule } from './support/figure';
import { watchServers, type ServerTimeline } from './support/server-timeline';
import { summarize } from './support/stats';

/**
 * Installed before any app script: the page's visibility can be set from the bench (as the e2e tests do;
 * Chromium has no CDP switch for it that keeps timers running), and every timer callback that runs is
 * noted with its delay and whether the page was hidden then. A string, so no bundler helper leaks in.
 */
const PROBE = `(() => {
  const state = { hidden: false, fired: [] };
  Object.defineProperty(window, '__benchIdle', { value: state });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (state.hidden ? 'hidden' : 'visible') });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => state.hidden });
  const wrap = (original, kind) => function (callback, delay, ...rest) {
    if (typeof callback !== 'function') return original.call(this, callback, delay, ...rest);
    const wrapped = function (...args) {
      state.fired.push({ kind, delay: Number(delay) || 0, at: performance.now(), hidden: state.hidden });
      return callback.apply(this, args);
    };
    return original.call(this, wrapped, delay, ...rest);
  };
  window.setTimeout = wrap(window.setTimeout, 'timeout');
  window.setInterval = wrap(window.setInterval, 'interval');
})();`;

const Fired = z.array(z.object({ kind: z.string(), delay: z.number(), at: z.number(), hidden: z.boolean() }));

function cpuSeconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

/** CPU seconds spent in one idle window: the page's main-thread tasks and the whole bench process. */
interface IdleWindow {
  readonly renderer: number;
  readonly process: number;
  /** What the bench process's servers (harness and sandbox) answered meanwhile, by path: what woke them. */
  readonly served: Readonly<Record<string, number>>;
}

interface Watched {
  readonly cdp: CDPSession;
  /** The page's main-thread task time so far (CDP Performance.getMetrics TaskDuration), in seconds. */
  taskSeconds(): Promise<number>;
}

async function watchPage(page: Page): Promise<Watched> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return {
    cdp,
    async taskSeconds() {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;
    },
  };
}

function countPaths(timeline: ServerTimeline): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { path } of timeline.take('')) {
    const bare = path.split('?')[0]!;
    counts[bare] = (counts[bare] ?? 0) + 1;
  }
  return counts;
}

/**
 * Garbage the launch, the sign-in or the last window's page left is collected before a window opens, in the
 * bench process (run with --expose-gc, see support/module-process.ts) and in the page: otherwise one
 * collection of 70-140 ms lands in whichever window comes next, app's or floor's, and the figure measures
 * that, not the app's idle wakeups (timers and requests still count in full).
 */
async function collectLeftovers(cdp: CDPSession): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  await cdp.send('HeapProfiler.collectGarbage');
  await sleep(1000);
}

async function idleWindow(seconds: number, watched: Watched, timeline: ServerTimeline): Promise<IdleWindow> {
  await collectLeftovers(watched.cdp);
  timeline.take('');
  const taskBefore = await watched.taskSeconds();
  const cpuBefore = process.cpuUsage();
  await sleep(seconds * 1000);
  const processSeconds = cpuSeconds(process.cpuUsage(cpuBefore));
  return {
    renderer: (await watched.taskSeconds()) - taskBefore,
    process: processSeconds,
    served: countPaths(timeline),
  };
}

/** The floor's window: the same bench process and Chromium with a static page open, no app running. */
async function floorWindow(user: SignedInUser, seconds: number, timeline: ServerTimeline): Promise<IdleWindow> {
  const context = await user.browser.newContext();
  try {
    const page = await context.newPage();
    await page.setContent('<!doctype html><html lang="en"><title>Floor</title><p>Wallet Desk floor.</p></html>');
    const watched = await watchPage(page);
    const window = await idleWindow(seconds, watched, timeline);
    await watched.cdp.detach();
    return window;
  } finally {
    await context.close();
  }
}

interface AppRound {
  readonly visible: IdleWindow & { readonly fired: number };
  readonly hidden: IdleWindow & { readonly wakeups: z.infer<typeof Fired> };
}

async function signedInHome(
  page: Page,
  launched: Awaited<ReturnType<SignedInUser['launch']>>,
  user: SignedInUser,
  alice: SandboxUser,
): Promise<void> {
  await page.goto(launched.app.url);
  const mainNavigation = page.getByRole('navigation', { name: 'Main' });
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await mainNavigation.or(signIn).first().waitFor({ timeout: 30_000 });
  if (!(await mainNavigation.isVisible()))
    await completeBrowserSignIn({ app: launched.app, browser: user.browser }, alice, () => signIn.click());
  await page.getByText(/Updated \d+ s ago/).waitFor({ timeout: 30_000 });
}

/** One launch of the app: signed in on Home, idle with the window visible, then hidden. */
async function appWindows(
  user: SignedInUser,
  alice: SandboxUser,
  seconds: number,
  timeline: ServerTimeline,
): Promise<AppRound> {
  const launched = await user.launch(PROBE);
  try {
    const { page } = launched;
    await signedInHome(page, launched, user, alice);
    const watched = await watchPage(page);
    const firedCount = (): Promise<number> =>
      page.evaluate(() => (window as unknown as { __benchIdle: { fired: unknown[] } }).__benchIdle.fired.length);
    // Home's first reads are the launch's work, not idle: the window starts once they have ended.
    await timeline.quiet('', 1000, 10_000).catch(() => undefined);
    const firedBefore = await firedCount();
    const visible = await idleWindow(seconds, watched, timeline);
    const fired = (await firedCount()) - firedBefore;
    await page.evaluate(() => {
      (window as unknown as { __benchIdle: { hidden: boolean } }).__benchIdle.hidden = true;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const hiddenFrom = await page.evaluate(() => performance.now());
    const hidden = await idleWindow(seconds, watched, timeline);
    const all = Fired.parse(
      await page.evaluate(() => (window as unknown as { __benchIdle: { fired: unknown } }).__benchIdle.fired),
    );
    await watched.cdp.detach();
    return {
      visible: { ...visible, fired },
      hidden: { ...hidden, wakeups: all.filter((entry) => entry.hidden && entry.at >= hiddenFrom) },
    };
  } finally {
    await launched.close();
  }
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function mergeServed(windows: readonly IdleWindow[]): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const window of windows)
    for (const [path, count] of Object.entries(window.served)) merged[path] = (merged[path] ?? 0) + count;
  return merged;
}

/** Per minute of the windows, most frequent first. */
function perMinute(counts: Readonly<Record<string, number>>, seconds: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(counts)
      .sort(([, a], [, b]) => b - a)
      .map(([path, count]) => [path, Number(((count / seconds) * 60).toFixed(1))]),
  );
}

interface Shares {
  readonly renderer: number;
  readonly main: number;
  readonly rendererFloor: number;
  readonly processFloor: number;
}

/** The app's windows over the floor's, summed over the rounds, as a share of one core (per cent). */
function shares(app: readonly IdleWindow[], floor: readonly IdleWindow[], seconds: number): Shares {
  const percent = (cpu: number): number => (cpu / seconds) * 100;
  const rendererFloor = sum(floor.map((window) => window.renderer));
  const processFloor = sum(floor.map((window) => window.process));
  return {
    renderer: percent(sum(app.map((window) => window.renderer)) - rendererFloor),
    main: percent(sum(app.map((window) => window.process)) - processFloor),
    rendererFloor: percent(rendererFloor),
    processFloor: percent(processFloor),
  };
}

const METHOD_WINDOWS = (rounds: number, seconds: number): string =>
  `${rounds} rounds, each a floor window then an app window of ${seconds} s (floor, app, floor, app: load that comes and goes falls on both alike). Floor: the same bench process and Chromium with a static page open and no app running. App: a fresh launch through the harness, signed in on Home, once its first reads have ended, no input.`;

function visibleFigure(rounds: readonly AppRound[], floor: readonly IdleWindow[], seconds: number) {
  const total = rounds.length * seconds;
  const visible = shares(
    rounds.map((round) => round.visible),
    floor,
    total,
  );
  const figure = Math.max(0, visible.renderer) + Math.max(0, visible.main);
  return measured(
    {
      id: 'idle-cpu-visible',
      title: `Idle CPU over the floor, signed in, window visible (${total} s)`,
      unit: '% core',
      target: { value: 1 },
      method: `${METHOD_WINDOWS(rounds.length, seconds)} Renderer: CDP Performance.getMetrics TaskDuration (main-thread task time) before and after each window. Main: process.cpuUsage() of the bench process, which runs the app's main-process core and also the harness server, the sandbox answering the app's calls and the Playwright client. Figure: (app renderer − floor renderer) + (app bench process − floor bench process), summed over the rounds, as a share of one core; what the bench's servers answered in the app's windows is counted per path (what woke the main side).`,
      note: `renderer ${visible.renderer.toFixed(2)} % over its floor (${visible.rendererFloor.toFixed(2)} %), main ${visible.main.toFixed(2)} % over the bench process's floor (${visible.processFloor.toFixed(2)} %); ${sum(rounds.map((round) => round.visible.fired))} timer callbacks in the page; served per minute: ${JSON.stringify(perMinute(mergeServed(rounds.map((round) => round.visible)), total))}`,
      details: {
        rendererPercent: visible.renderer,
        mainPercent: visible.main,
        rendererFloorPercent: visible.rendererFloor,
        benchProcessFloorPercent: visible.processFloor,
        timerCallbacks: sum(rounds.map((round) => round.visible.fired)),
        servedPerMinute: perMinute(mergeServed(rounds.map((round) => round.visible)), total),
        floorServedPerMinute: perMinute(mergeServed(floor), total),
        rounds: rounds.map((round, index) => ({ floor: floor[index], visible: round.visible })),
      },
    },
    summarize([figure]),
  );
}

function hiddenFigure(rounds: readonly AppRound[], floor: readonly IdleWindow[], seconds: number) {
  const total = rounds.length * seconds;
  const hidden = shares(
    rounds.map((round) => round.hidden),
    floor,
    total,
  );
  const wakeups = rounds.flatMap((round) => round.hidden.wakeups);
  return measured(
    {
      id: 'idle-wakeups-hidden',
      title: `Timer wakeups per minute, window hidden (${total} s)`,
      unit: '/min',
      target: { value: 1 },
      method: `Each round's page, after its visible window, hidden (document.visibilityState 'hidden' and a visibilitychange event, as a minimised window reports it) for ${seconds} s: every setTimeout/setInterval callback the page ran meanwhile (a probe wraps both before any app script), per minute over the rounds. The polling rule (src-renderer/src/hooks/use-polling.ts) allows once a minute; the idle lock's single timeout fires only after its minutes.`,
      note: `renderer ${hidden.renderer.toFixed(2)} %, main ${hidden.main.toFixed(2)} % of a core over the floor while hidden; served per minute: ${JSON.stringify(perMinute(mergeServed(rounds.map((round) => round.hidden)), total))}`,
      details: {
        wakeups: wakeups.slice(0, 50),
        rendererPercent: hidden.renderer,
        mainPercent: hidden.main,
        servedPerMinute: perMinute(mergeServed(rounds.map((round) => round.hidden)), total),
      },
    },
    summarize([(wakeups.length / total) * 60]),
  );
}

export const idleCost: FigureModule = {
  id: 'idle-cost',
  async measure({ sandbox, quick, progress }) {
    const roundCount = quick ? 3 : 4;
    const seconds = quick ? 5 : 15;
    const alice = sandbox.info().users.find((candidate) => candidate.username === 'alice');
    if (!alice) throw new Error('the sandbox has no alice');
    progress('idle: signing in once through the sandbox provider');
    const user = await signInOnce(sandbox);
    const timeline = watchServers();
    const floor: IdleWindow[] = [];
    const rounds: AppRound[] = [];
    try {
      for (let round = 0; round < roundCount; round += 1) {
        progress(
          `idle: round ${round + 1} of ${roundCount}: ${seconds} s floor, then ${seconds} s visible and ${seconds} s hidden`,
        );
        floor.push(await floorWindow(user, seconds, timeline));
        rounds.push(await appWindows(user, alice, seconds, timeline));
      }
    } finally {
      timeline.close();
      await user.close();
    }
    return [visibleFigure(rounds, floor, seconds), hiddenFigure(rounds, floor, seconds)];
  },
};
