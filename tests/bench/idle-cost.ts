import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { completeBrowserSignIn } from '../e2e/support/signed-in-app';
import { signInOnce } from './support/browser-app';
import { measured, type FigureModule } from './support/figure';
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

export const idleCost: FigureModule = {
  id: 'idle-cost',
  async measure({ sandbox, quick, progress }) {
    const seconds = quick ? 15 : 60;
    const alice = sandbox.info().users.find((candidate) => candidate.username === 'alice');
    if (!alice) throw new Error('the sandbox has no alice');
    progress('idle: signing in once through the sandbox provider');
    const user = await signInOnce(sandbox);
    // The floor: the same bench process (Node, the Playwright client, the idle sandbox) and the same Chromium
    // with a static page open, no app running, for as long as the app is measured. Subtracted from the app's.
    progress(`idle: ${seconds} s floor, a static page and no app running`);
    const floorContext = await user.browser.newContext();
    let floorSeconds: { renderer: number; process: number };
    try {
      const floorPage = await floorContext.newPage();
      await floorPage.setContent('<!doctype html><html lang="en"><title>Floor</title><p>Wallet Desk floor.</p></html>');
      const cdp = await floorContext.newCDPSession(floorPage);
      await cdp.send('Performance.enable');
      const task = async (): Promise<number> =>
        (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ??
        Number.NaN;
      const taskBefore = await task();
      const cpuBefore = process.cpuUsage();
      await sleep(seconds * 1000);
      floorSeconds = { renderer: (await task()) - taskBefore, process: cpuSeconds(process.cpuUsage(cpuBefore)) };
      await cdp.detach();
    } finally {
      await floorContext.close();
    }
    const floorPerSecond = floorSeconds.process / seconds;
    let visible: { renderer: number; main: number; fired: number };
    let hidden: { renderer: number; main: number; wakeups: z.infer<typeof Fired> };
    try {
      const launched = await user.launch(PROBE);
      try {
        const { page } = launched;
        await page.goto(launched.app.url);
        const mainNavigation = page.getByRole('navigation', { name: 'Main' });
        const signIn = page.getByRole('button', { name: 'Sign in' });
        await mainNavigation.or(signIn).first().waitFor({ timeout: 30_000 });
        if (!(await mainNavigation.isVisible()))
          await completeBrowserSignIn({ app: launched.app, browser: user.browser }, alice, () => signIn.click());
        await page.getByText(/Updated \d+ s ago/).waitFor({ timeout: 30_000 });
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Performance.enable');
        const taskSeconds = async (): Promise<number> => {
          const { metrics } = await cdp.send('Performance.getMetrics');
          return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;
        };
        const firedCount = (): Promise<number> =>
          page.evaluate(() => (window as unknown as { __benchIdle: { fired: unknown[] } }).__benchIdle.fired.length);

        const idle = async (): Promise<{ renderer: number; main: number }> => {
          const taskBefore = await taskSeconds();
          const cpuBefore = process.cpuUsage();
          await sleep(seconds * 1000);
          const main = Math.max(0, cpuSeconds(process.cpuUsage(cpuBefore)) - floorPerSecond * seconds);
          return { renderer: (await taskSeconds()) - taskBefore, main };
        };

        progress(`idle: ${seconds} s signed in on Home, window visible`);
        const firedBefore = await firedCount();
        const visibleIdle = await idle();
        visible = { ...visibleIdle, fired: (await firedCount()) - firedBefore };

        progress(`idle: ${seconds} s with the window hidden`);
        await page.evaluate(() => {
          (window as unknown as { __benchIdle: { hidden: boolean } }).__benchIdle.hidden = true;
          document.dispatchEvent(new Event('visibilitychange'));
        });
        const hiddenFrom = await page.evaluate(() => performance.now());
        const hiddenIdle = await idle();
        const fired = Fired.parse(
          await page.evaluate(() => (window as unknown as { __benchIdle: { fired: unknown } }).__benchIdle.fired),
        );
        hidden = { ...hiddenIdle, wakeups: fired.filter((entry) => entry.hidden && entry.at >= hiddenFrom) };
        await cdp.detach();
      } finally {
        await launched.close();
      }
    } finally {
      await user.close();
    }
    const percent = (cpu: number): number => (cpu / seconds) * 100;
    // The renderer's share over the static page's; main already has the process floor taken off.
    const visibleTotal = percent(Math.max(0, visible.renderer - floorSeconds.renderer) + visible.main);
    const hiddenPerMinute = (hidden.wakeups.length / seconds) * 60;
    return [
      measured(
        {
          id: 'idle-cpu-visible',
          title: `Idle CPU over the floor, signed in, window visible (${seconds} s)`,
          unit: '% core',
          target: { value: 1 },
          method: `In Chromium through the harness, signed in on Home, no input for ${seconds} s with the window visible. Renderer: CDP Performance.getMetrics TaskDuration (main-thread task time) before and after. Main: process.cpuUsage() of the bench process, which runs the app's main-process core and also the harness server, the sandbox answering the app's calls and the Playwright client, minus that process's CPU in the floor run (so "main" still includes the harness server and the sandbox's work for the app's calls: an upper bound). Floor: a run of the same length just before, the same process and Chromium with a static page open and no app. Figure: (app renderer − floor renderer) + (bench process − its floor), as a share of one core.`,
          note: `renderer ${percent(visible.renderer).toFixed(2)} % (floor ${percent(floorSeconds.renderer).toFixed(2)} %), main (upper bound) ${percent(visible.main).toFixed(2)} %; ${visible.fired} timer callbacks in the page`,
          details: {
            benchProcessFloorPercent: floorPerSecond * 100,
            rendererFloorPercent: percent(floorSeconds.renderer),
            rendererPercent: percent(visible.renderer),
            mainPercent: percent(visible.main),
            timerCallbacks: visible.fired,
          },
        },
        summarize([visibleTotal]),
      ),
      measured(
        {
          id: 'idle-wakeups-hidden',
          title: `Timer wakeups per minute, window hidden (${seconds} s)`,
          unit: '/min',
          target: { value: 1 },
          method: `The same page, then hidden (document.visibilityState 'hidden' and a visibilitychange event, as a minimised window reports it) for ${seconds} s: every setTimeout/setInterval callback the page ran meanwhile (a probe wraps both before any app script), per minute. The polling rule (src-renderer/src/hooks/use-polling.ts) allows once a minute; the idle lock's single timeout fires only after its minutes.`,
          note: `renderer ${percent(hidden.renderer).toFixed(2)} %, main (upper bound) ${percent(hidden.main).toFixed(2)} % of a core while hidden`,
          details: {
            wakeups: hidden.wakeups.slice(0, 50),
            rendererPercent: percent(hidden.renderer),
            mainPercent: percent(hidden.main),
          },
        },
        summarize([hiddenPerMinute]),
      ),
    ];
  },
};
