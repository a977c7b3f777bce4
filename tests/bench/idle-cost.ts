import { setTimeout as sleep } from 'node:timers/promises';
import type { CDPSession, Page } from 'playwright-core';
import type { SandboxUser } from '../e2e/support/signed-in-app';
import { z } from 'zod';
import { openSignedIn, signInOnce, type SignedInUser } from './support/browser-app';
import { measured, type FigureModule } from './support/figure';
import { watchServers, type ServerTimeline } from './support/server-timeline';
import {
  hiddenWakeups,
  mergeServed,
  missingPeriodicWork,
  perMinute,
  servedTotal,
  shares,
  sum,
  windowPlan,
  type IdleWindow,
  type LaunchWindows,
  type WindowPlan,
} from './support/idle-windows';
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
 * Garbage the launch and the sign-in left (or the last launch's close) is collected once, before a
 * launch's windows (or a floor window), in the bench process (run with --expose-gc, see
 * support/module-process.ts) and in the page: otherwise one collection of 70-140 ms from work that is not
 * idle lands in the next window. Not between the app's windows: the garbage its own idle work makes, and
 * the collections that follow, are part of what idle costs.
 */
async function collectLeftovers(cdp: CDPSession): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  await cdp.send('HeapProfiler.collectGarbage');
  await sleep(1000);
}

async function idleWindow(seconds: number, watched: Watched, timeline: ServerTimeline): Promise<IdleWindow> {
  timeline.take('');
  const taskBefore = await watched.taskSeconds();
  const cpuBefore = process.cpuUsage();
  await sleep(seconds * 1000);
  const processSeconds = cpuSeconds(process.cpuUsage(cpuBefore));
  return {
    seconds,
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
    await collectLeftovers(watched.cdp);
    const window = await idleWindow(seconds, watched, timeline);
    await watched.cdp.detach();
    return window;
  } finally {
    await context.close();
  }
}

interface AppRound extends LaunchWindows {
  /** Timer callbacks the page ran in its visible window. */
  readonly fired: number;
}

async function signedInHome(
  launched: Awaited<ReturnType<SignedInUser['launch']>>,
  user: SignedInUser,
  alice: SandboxUser,
): Promise<void> {
  await openSignedIn(launched, user, alice);
  await launched.page.getByText(/Updated \d+ s ago/).waitFor({ timeout: 30_000 });
}

const NotificationsAnswer = z.union([
  z.object({
    ok: z.literal(true),
    value: z.object({ accounts: z.array(z.object({ guid: z.string(), depositNotifications: z.boolean() })) }),
  }),
  z.object({ ok: z.literal(false), error: z.unknown() }),
]);

/**
 * Deposit notifications on for the first account, as a user who wants deposits to reach them while the
 * window is away has them: the deposit watch is then the poll that runs hidden (use-polling.ts rule 2), so
 * the hidden window measures it. Set through the page's bridge once; the settings last in the user's
 * folder, and the page is reloaded so the renderer's store reads them.
 */
async function depositNotificationsOn(
  page: Page,
  launched: Awaited<ReturnType<SignedInUser['launch']>>,
  user: SignedInUser,
  alice: SandboxUser,
): Promise<void> {
  type Bridge = {
    wallet: { notifications: { get(): Promise<unknown>; setDeposits(input: unknown): Promise<unknown> } };
  };
  const answer = NotificationsAnswer.parse(
    await page.evaluate(() => (window as unknown as Bridge).wallet.notifications.get()),
  );
  if (!answer.ok) throw new Error('idle: the notification settings could not be read');
  if (answer.value.accounts.some((account) => account.depositNotifications)) return;
  const first = answer.value.accounts[0];
  if (!first) throw new Error('idle: alice has no account to watch for deposits');
  const set = NotificationsAnswer.parse(
    await page.evaluate(
      (accountGuid) => (window as unknown as Bridge).wallet.notifications.setDeposits({ accountGuid, enabled: true }),
      first.guid,
    ),
  );
  if (!set.ok) throw new Error('idle: deposit notifications could not be turned on');
  await signedInHome(launched, user, alice);
}

/**
 * One launch of the app: signed in on Home, its leftovers collected once, then idle with the window visible
 * and at once hidden, the two windows back to back, so the app's polls run in them at their own periods.
 */
async function appWindows(
  user: SignedInUser,
  alice: SandboxUser,
  plan: WindowPlan,
  timeline: ServerTimeline,
): Promise<AppRound> {
  const launched = await user.launch(PROBE);
  try {
    const { page } = launched;
    await signedInHome(launched, user, alice);
    await depositNotificationsOn(page, launched, user, alice);
    const watched = await watchPage(page);
    const firedCount = (): Promise<number> =>
      page.evaluate(() => (window as unknown as { __benchIdle: { fired: unknown[] } }).__benchIdle.fired.length);
    // Home's first reads are the launch's work, not idle: the windows start once they have ended.
    await timeline.quiet('', 1000, 10_000).catch(() => undefined);
    await collectLeftovers(watched.cdp);
    const firedBefore = await firedCount();
    const visible = await idleWindow(plan.visibleSeconds, watched, timeline);
    const fired = (await firedCount()) - firedBefore;
    await page.evaluate(() => {
      (window as unknown as { __benchIdle: { hidden: boolean } }).__benchIdle.hidden = true;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const hiddenFrom = await page.evaluate(() => performance.now());
    const hidden = await idleWindow(plan.hiddenSeconds, watched, timeline);
    const all = Fired.parse(
      await page.evaluate(() => (window as unknown as { __benchIdle: { fired: unknown } }).__benchIdle.fired),
    );
    await watched.cdp.detach();
    return { visible, hidden, fired, hiddenWakeups: hiddenWakeups(all, hiddenFrom) };
  } finally {
    await launched.close();
  }
}

const METHOD_WINDOWS = (plan: WindowPlan): string =>
  `${plan.rounds} launches, each between two floor windows of ${plan.floorSeconds} s (floor, launch, floor, launch, floor: load that comes and goes falls on both alike). Floor: the same bench process and Chromium with a static page open and no app running. App: a fresh launch through the harness, signed in on Home with deposit notifications on for one account (so the deposit watch polls, visible and hidden), once its first reads have ended, garbage collected once, then ${plan.visibleSeconds} s visible and ${plan.hiddenSeconds} s hidden back to back, no input.${plan.holdsPeriods ? ' Each app window holds a whole period of every poll (30 s visible, 60 s hidden), and the run fails if one saw none of that periodic work.' : " Quick: the windows are shorter than the polls' periods, so this checks the bench only; the verdict on the app's periodic work comes from a full run."}`;

function totalSeconds(windows: readonly IdleWindow[]): number {
  return sum(windows.map((window) => window.seconds));
}

function visibleFigure(rounds: readonly AppRound[], floor: readonly IdleWindow[], plan: WindowPlan) {
  const windows = rounds.map((round) => round.visible);
  const total = totalSeconds(windows);
  const visible = shares(windows, floor);
  const figure = Math.max(0, visible.renderer) + Math.max(0, visible.main);
  const served = perMinute(mergeServed(windows), total);
  return measured(
    {
      id: 'idle-cpu-visible',
      title: `Idle CPU over the floor, signed in, window visible (${total} s)`,
      unit: '% core',
      target: { value: 1 },
      method: `${METHOD_WINDOWS(plan)} Renderer: CDP Performance.getMetrics TaskDuration (main-thread task time) before and after each window. Main: process.cpuUsage() of the bench process, which runs the app's main-process core and also the harness server, the sandbox answering the app's calls and the Playwright client. Figure: (app renderer − floor renderer) + (app bench process − floor bench process), each a rate over its own windows' seconds, as a share of one core; what the bench's servers answered in the app's windows is counted per path (what woke the main side).`,
      note: `renderer ${visible.renderer.toFixed(2)} % over its floor (${visible.rendererFloor.toFixed(2)} %), main ${visible.main.toFixed(2)} % over the bench process's floor (${visible.processFloor.toFixed(2)} %); ${sum(rounds.map((round) => round.fired))} timer callbacks in the page; ${sum(windows.map(servedTotal))} requests served, per minute: ${JSON.stringify(served)}`,
      details: {
        rendererPercent: visible.renderer,
        mainPercent: visible.main,
        rendererFloorPercent: visible.rendererFloor,
        benchProcessFloorPercent: visible.processFloor,
        timerCallbacks: sum(rounds.map((round) => round.fired)),
        requestsServed: sum(windows.map(servedTotal)),
        servedPerMinute: served,
        floorServedPerMinute: perMinute(mergeServed(floor), totalSeconds(floor)),
        floor,
        launches: rounds.map((round) => round.visible),
      },
    },
    summarize([figure]),
  );
}

function hiddenFigure(rounds: readonly AppRound[], floor: readonly IdleWindow[], plan: WindowPlan) {
  const windows = rounds.map((round) => round.hidden);
  const total = totalSeconds(windows);
  const hidden = shares(windows, floor);
  const wakeups = rounds.flatMap((round) => round.hiddenWakeups);
  const served = perMinute(mergeServed(windows), total);
  return measured(
    {
      id: 'idle-wakeups-hidden',
      title: `Timer wakeups per minute, window hidden (${total} s)`,
      unit: '/min',
      target: { value: 1 },
      method: `Each launch's page, right after its visible window, hidden (document.visibilityState 'hidden' and a visibilitychange event, as a minimised window reports it) for ${plan.hiddenSeconds} s: every setTimeout/setInterval callback the page ran meanwhile (a probe wraps both before any app script), per minute over the launches. The polling rule (src-renderer/src/hooks/use-polling.ts) allows each poll once a minute; the idle lock's single timeout fires only after its minutes.`,
      note: `${wakeups.length} wakeups; renderer ${hidden.renderer.toFixed(2)} %, main ${hidden.main.toFixed(2)} % of a core over the floor while hidden; ${sum(windows.map(servedTotal))} requests served, per minute: ${JSON.stringify(served)}`,
      details: {
        wakeups: wakeups.slice(0, 50),
        rendererPercent: hidden.renderer,
        mainPercent: hidden.main,
        requestsServed: sum(windows.map(servedTotal)),
        servedPerMinute: served,
        launches: windows,
      },
    },
    summarize([(wakeups.length / total) * 60]),
  );
}

export const idleCost: FigureModule = {
  id: 'idle-cost',
  // V8's memory reducer runs full collections on its own timers once a process's allocation slows, which is
  // what an idle window is: in this process they weigh the whole bench's heap (the sandbox, the harness,
  // Playwright's client, the app's core), 0.2-0.6 s of CPU each, and fell at random in a floor or an app
  // window (2.2 % "over the floor" beside two burners, -1.2 % quiet; a CPU profile of the windows showed
  // the garbage collector alone). Without it a collection comes only from allocation, the app's included.
  nodeFlags: ['--no-memory-reducer'],
  async measure({ sandbox, quick, progress }) {
    const plan = windowPlan(quick);
    const alice = sandbox.info().users.find((candidate) => candidate.username === 'alice');
    if (!alice) throw new Error('the sandbox has no alice');
    progress('idle: signing in once through the sandbox provider');
    const user = await signInOnce(sandbox);
    const timeline = watchServers();
    const floor: IdleWindow[] = [];
    const rounds: AppRound[] = [];
    try {
      for (let round = 0; round < plan.rounds; round += 1) {
        progress(
          `idle: launch ${round + 1} of ${plan.rounds}: ${plan.floorSeconds} s floor, then ${plan.visibleSeconds} s visible and ${plan.hiddenSeconds} s hidden`,
        );
        floor.push(await floorWindow(user, plan.floorSeconds, timeline));
        const launch = await appWindows(user, alice, plan, timeline);
        const missing = missingPeriodicWork(launch, plan);
        if (missing.length > 0)
          throw new Error(`idle: launch ${round + 1} saw none of the app's periodic work: ${missing.join('; ')}`);
        rounds.push(launch);
      }
      progress(`idle: closing ${plan.floorSeconds} s floor`);
      floor.push(await floorWindow(user, plan.floorSeconds, timeline));
    } finally {
      timeline.close();
      await user.close();
    }
    return [visibleFigure(rounds, floor, plan), hiddenFigure(rounds, floor, plan)];
  },
};
